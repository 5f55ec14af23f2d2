// Class-file features for the javap comparison test (tests/unit/test_javap.cpp),
// compiled at test time with `javac -g -parameters`: generics, records,
// sealed types, enums, annotations of every element kind, type annotations,
// nested/local/anonymous classes, lambdas, switches, try/finally, monitors,
// interface default/static/private methods, varargs, constants.
package features;

import java.io.IOException;
import java.io.Serializable;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

@Retention(RetentionPolicy.RUNTIME)
@interface Info {
  byte b() default 1;
  char c() default 'x';
  short s() default 2;
  int i() default 3;
  long l() default 4L;
  float f() default 5.5f;
  double d() default 6.25;
  boolean z() default true;
  String str() default "hi \"there\"\n";
  Class<?> type() default String.class;
  ElementType kind() default ElementType.FIELD;
  Retention nested() default @Retention(RetentionPolicy.CLASS);
  int[] values() default {1, 2, 3};
}

@Retention(RetentionPolicy.CLASS)
@interface Invisible {}

@Target({ElementType.TYPE_USE, ElementType.TYPE_PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
@interface Nullable {}

sealed interface Shape permits Circle, Square {}

record Circle(double radius) implements Shape {}

record Square(@Info(i = 9) double side, List<String> tags) implements Shape {
  Square {
    if (side < 0) throw new IllegalArgumentException("negative side");
  }
}

enum Color {
  RED,
  GREEN {
    @Override
    String label() {
      return "g";
    }
  },
  BLUE;

  String label() {
    return name().toLowerCase();
  }
}

interface Greeter<T extends CharSequence> {
  String greet(T who);

  default String twice(T who) {
    return helper(greet(who)) + greet(who);
  }

  static <U extends CharSequence & Comparable<U>> Greeter<U> of(String prefix) {
    return who -> prefix + who;
  }

  private String helper(String s) {
    return s;
  }
}

@Info(str = "class", values = {})
@Invisible
public class Features<K extends Comparable<K>, V> extends ArrayList<Map<K, ? super V>>
    implements Serializable, Greeter<String> {
  private static final long serialVersionUID = 42L;
  public static final int INT_CONST = 123456;
  public static final long LONG_CONST = -9L;
  public static final float FLOAT_CONST = 3.75e10f;
  public static final double DOUBLE_CONST = 1e-7;
  public static final char CHAR_CONST = '\u00e9';
  public static final boolean BOOL_CONST = true;
  public static final String STRING_CONST = "tab\there \u20ac";
  protected transient volatile int counter;
  @Deprecated public List<? extends Number> numbers;
  @Nullable String annotated;
  Map<String, List<K>>[] arrayOfMaps;

  public class Inner {
    int value = counter;
  }

  static class Nested<T> implements Supplier<T> {
    public T get() {
      return null;
    }
  }

  public Features() {}

  @SafeVarargs
  public Features(K... keys) {
    for (K k : keys) counter += k.hashCode();
  }

  @Override
  public String greet(String who) {
    return "hello " + who;
  }

  public <E extends Exception> void mayThrow(boolean really, Supplier<E> e) throws E, IOException {
    if (really) throw e.get();
  }

  public synchronized int sync(Object lock) {
    synchronized (lock) {
      return counter++;
    }
  }

  @Info
  public int switches(String s, Color c, int k) {
    int r = switch (s) {
      case "alpha" -> 1;
      case "beta" -> 2;
      default -> 3;
    };
    switch (c) {
      case RED: r += 10; break;
      case GREEN: r += 20; break;
      default: r += 30;
    }
    switch (k) {
      case -1000: return r;
      case 0: r++;
      case 1000000: r--;
    }
    return r;
  }

  public String tryFinally(int x) throws Exception {
    try {
      if (x > 0) throw new IllegalStateException();
      return "ok";
    } catch (IllegalStateException | IllegalArgumentException e) {
      return e.getMessage();
    } finally {
      counter++;
    }
  }

  public Runnable lambdas(int add) {
    Function<Integer, Integer> f = v -> v + add;
    Supplier<String> s = this::toString;
    Runnable local = new Runnable() {
      public void run() {
        f.apply(1);
      }
    };
    class Local {
      int x = add;
    }
    return () -> System.out.println(s.get() + new Local().x + local);
  }

  public Object arrays(int n) {
    int[][] grid = new int[n][n];
    long[] ls = new long[3];
    String[] strs = new String[] {"a", "b"};
    Object o = grid;
    if (o instanceof int[][] g && g.length > 0) {
      return ls.length + strs.length + g[0].length;
    }
    return (Object) (char) n;
  }

  public double math(long a, float b, double c, short d, byte e) {
    double x = a * b / c - d % e;
    x += 1e300 * 1e10;
    x += 0.1f + 100000.0 + 1.0E7 + 0.001 + 0.0001;
    return -x;
  }

  public void methodWithTypeAnnotations(@Nullable String s, List<@Nullable String> list) {
    @Nullable Object local = s;
    list.add((@Nullable String) local);
  }

  @Deprecated(since = "1", forRemoval = true)
  public static void varargs(String fmt, Object... args) {}

  static native void nativeMethod();
}
