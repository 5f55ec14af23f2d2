package launcher;

import java.lang.reflect.Method;

// Needs java.lang opened to the unnamed module (--add-opens): without it,
// setAccessible throws InaccessibleObjectException, as on HotSpot.
public class OpensJavaLang {
  public static void main(String[] args) throws Exception {
    Method m = ClassLoader.class.getDeclaredMethod(
        "defineClass", String.class, byte[].class, int.class, int.class);
    try {
      m.setAccessible(true);
      System.out.println("opened: " + m.getName());
    } catch (java.lang.reflect.InaccessibleObjectException e) {
      // (The message names the unnamed module with its identity hash.)
      System.out.println("not opened: " + e.getClass().getName());
      System.exit(3);
    }
  }
}
