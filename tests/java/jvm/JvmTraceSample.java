package jvm;

// Stack-trace and reflection fixture for tests/unit/test_jvm_*.cpp (no main:
// not a differential test). The unit tests read line numbers from the
// LineNumberTable, so keep the statements on their own lines.
public class JvmTraceSample implements Cloneable {
  public int counter;
  private static String label = "sample";

  public static void thrower() {
    throw new RuntimeException("boom");
  }

  public static void caller() {
    thrower();
  }

  protected Object copy() throws CloneNotSupportedException {
    return clone();
  }

  public class Inner {}

  static Object local() {
    class Local {}
    return new Local();
  }
}
