package diff.reflect;

import java.io.File;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import jni.JniNatives;

// JNI's ToReflectedMethod and ToReflectedField against HotSpot: the test
// native library (tests/jni/jni_test_lib.c, built beside the test classes)
// turns jmethodIDs and jfieldIDs of jni.JniNatives into reflection objects
// and reads them back with FromReflected*; the objects it returns are used
// as any from getDeclaredMethod would be.
public class JniReflected {
  public static void main(String[] args) throws Exception {
    File classes = new File(System.getProperty("java.class.path").split(File.pathSeparator)[0]);
    System.load(new File(classes.getAbsoluteFile().getParentFile(), "libminijvm_jni_test_lib.so").getPath());
    System.out.println("library loaded, JNI_OnLoad ran: " + JniNatives.onLoadCalled());

    System.out.println("round trips: " + Integer.toHexString(JniNatives.reflectRoundTrips()));
    Method plus = (Method) JniNatives.reflectPlus();
    System.out.println(plus);
    System.out.println(plus.equals(JniNatives.class.getDeclaredMethod("plus", int.class)));
    System.out.println("plus(4) on 38: " + plus.invoke(new JniNatives(38), 4));
    for (Object o : JniNatives.reflectAll()) {
      System.out.println(o.getClass().getName() + " " + o);
      if (o instanceof Method m && m.getName().equals("twice")) {
        try {
          m.invoke(null, 21);
        } catch (IllegalAccessException e) {
          System.out.println("  " + e.getMessage());  // package-private, as from getDeclaredMethod
        }
        m.setAccessible(true);
        System.out.println("  twice(21) = " + m.invoke(null, 21));
      }
      if (o instanceof Constructor<?> c) {
        JniNatives made = (JniNatives) c.newInstance(5);
        System.out.println("  made one, plus(1) = " + plus.invoke(made, 1));
      }
      if (o instanceof Field f) {
        f.setAccessible(true);
        Object of = f.getName().equals("value") ? new JniNatives(9) : null;  // counter is static
        System.out.println("  " + f.getName() + " = " + f.get(of));
      }
    }
  }
}
