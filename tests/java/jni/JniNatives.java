package jni;

// Native methods of many signatures for tests/unit/test_jni_*.cpp; their C
// side is tests/jni/jni_test_lib.c. No static initializer: the unit tests
// call these natives without running any Java code.
public class JniNatives {
  int value;
  static long counter;

  public JniNatives(int value) {
    this.value = value;
  }

  static int twice(int x) {
    return 2 * x;
  }

  public int plus(int y) {
    return value + y;
  }

  // Calls back into Java with JNI: new JniNatives(base), plus(y) on it
  // (virtual), twice(...) (static), and the nonvirtual plus.
  static native int callBack(int base, int y);

  // ToReflectedMethod/ToReflectedField on twice, plus, the constructor and
  // both fields, each read back with FromReflected*: a bit per check that
  // held (0x3ff when all did).
  public static native int reflectRoundTrips();
  // The reflection object ToReflectedMethod makes for plus(int).
  public static native Object reflectPlus();
  // ToReflected* of twice, the constructor, `value` and `counter`, in that order.
  public static native Object[] reflectAll();
  // A native thread of the library's own attaches to the VM, calls
  // callee.fromNative(String), detaches; what it saw (diff.lang.JniAttach).
  public static native String attachAndCall(Class<?> callee, String name, ThreadGroup group,
                                            boolean useArgs, boolean daemon, boolean keepException);
  // The same, named "locker", holding `lock` (MonitorEnter twice, never
  // exited) when it calls fromNative and when it detaches.
  public static native String attachLockAndCall(Class<?> callee, Object lock);
  // A daemon native thread that attaches as "spinner" and calls
  // callee.tick() for good (diff.lang.JniAttachDaemon).
  public static native boolean startSpinner(Class<?> callee);
  // DetachCurrentThread called from a native method: JNI_ERR, still attached.
  public static native int detachFromJava();

  static native int addInts(int a, int b);
  static native double mixed(int a, long b, double c, float d, boolean e, byte f, char g, short h);
  static native long addLongs(long a, long b);
  static native float half(float f);
  static native boolean negate(boolean b);
  static native byte byteOf(int i);
  static native char charOf(int i);
  static native short shortOf(int i);
  native int getValue();
  native void setValue(int v);
  static native long bumpCounter(long by);
  static native String greet(String name);
  static native int utfLength(String s);
  static native int sumArray(int[] a);
  static native int[] makeArray(int n);
  static native double sumDoubles(double[] a, int from, int len);
  static native Object identity(Object o);
  static native Object elementOf(Object[] a, int i);
  static native void throwIt(String msg);
  static native void keepGlobal(Object o);
  static native Object getGlobal();
  static native int globalRefType();
  static native int makeLocals(int n);
  public static native boolean onLoadCalled();
  static native int registered(int a);
  // Bound from VM tables by test_jni_natives.cpp: one as an intrinsic, one not.
  static native int vmIntrinsic(int a);
  static native int vmNative(int a);
  static native void missing(int a, String b);
  static native int overloaded(int a);
  static native int overloaded(long a);
  static native int with_underscore(int a);
  static native int unicod\u00e9(int a);
  native synchronized boolean holdsLock();
}
