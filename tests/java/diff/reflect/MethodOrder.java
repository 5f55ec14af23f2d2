package diff.reflect;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;

// The order of getDeclaredMethods, which HotSpot does not take from the
// class file: it sorts a class's methods by the address of their name
// symbol, roughly when each name was first seen. Programs show it: bean
// mappers order properties by it. (minijvm sorts by creation order, which
// agrees for names new to the program, as here; names that HotSpot
// allocates elsewhere, by their length, can come out in another order.)
public class MethodOrder {
  @Retention(RetentionPolicy.RUNTIME)
  @interface Column {
    String label() default "";
    String zone() default "";
    boolean nullable() default false;
    int width() default -1;
    String alias() default "";
  }

  static class Bean {
    public int getZephyr() { return 1; }
    public int getAardvark() { return 2; }
    public int getMarmot() { return 3; }
    public boolean isQuokka() { return true; }
    public void setMarmot(int v) {}
    public int getMarmot(int scale) { return 3 * scale; }
    @Override public String toString() { return "bean"; }
  }

  @Column(label = "id", width = 4)
  static int id;

  static String names(Class<?> c) {
    StringBuilder sb = new StringBuilder(c.getSimpleName()).append(':');
    for (Method m : c.getDeclaredMethods()) sb.append(' ').append(m.getName());
    return sb.toString();
  }

  public static void main(String[] args) throws Exception {
    System.out.println(names(Bean.class));
    System.out.println(MethodOrder.class.getDeclaredField("id").getAnnotation(Column.class));
  }
}
