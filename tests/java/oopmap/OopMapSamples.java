package oopmap;

// Small methods whose reference maps tests/unit/test_oop_map.cpp checks by
// hand (bcis are found by scanning for opcodes, so the exact javac layout
// does not matter). Compiled with javac -g; never run.
public class OopMapSamples {
  Object field;

  // Local 1 is an int on one path and a String on the other: a conflict at
  // the join (the return), so not a reference there.
  static int conflict(boolean b) {
    int r;
    if (b) {
      int x = 42;
      r = x;
    } else {
      String s = "str";
      r = s.length();
    }
    return r + 1;
  }

  // The same slot reused: the merge at the println call sees String then int.
  static void reuse(boolean b) {
    {
      String s = b ? "a" : "b";
      System.out.println(s);
    }
    {
      int i = b ? 1 : 2;
      System.out.println(i);
    }
  }

  // The handler is entered with the exception on the stack and the locals of
  // the try range.
  static String tryCatch(Object o) {
    String s = "before";
    try {
      s = o.toString();
    } catch (RuntimeException e) {
      return s + e;
    }
    return s;
  }

  // A loop: the back edge merges the body's state with the entry's.
  static int loop(int[] a) {
    int sum = 0;
    Object last = null;
    for (int i = 0; i < a.length; i++) {
      sum += a[i];
      last = a;
    }
    return last == null ? sum : -sum;
  }

  static String sw(int k, String s) {
    switch (k) {
      case 1:
        return s;
      case 2:
        return s + s;
      case 3:
        return "three";
      default:
        return null;
    }
  }

  static String lookup(int k, Object o) {
    switch (k) {
      case -100:
        return "m";
      case 7:
        return String.valueOf(o);
      case 100000:
        return "big";
      default:
        return "";
    }
  }

  // long/double take two slots: locals 0-1 (l), 2 (o), 3-4 (d), 5 (s).
  static Object wide(long l, Object o, double d) {
    String s = "x";
    long m = l * 2;
    double e = d + 1.0;
    return m > 0 && e > 0 ? o : s;
  }

  static int bar() {
    return 1;
  }

  static void foo(Object a, int b) {}

  // At the call to bar() the new Object is on the operand stack.
  static void callWithStack() {
    foo(new Object(), bar());
  }

  // An uninitialized `new` result on the stack across argument evaluation.
  static StringBuilder uninit() {
    return new StringBuilder(String.valueOf(bar()));
  }

  // `this` is UninitializedThis before super(): still a reference.
  OopMapSamples(Object o) {
    super();
    field = o;
  }

  long longs(long a, long b) {
    long c = a + b;
    return c + field.hashCode();
  }

  static Object multi(int n) {
    return new int[n][n][2];
  }

  static Object ldcs() {
    Object c = String.class;
    Object s = "s";
    long l = 123456789012L;
    double d = 2.5;
    float f = 1.5f;
    return l + d + f > 0 ? c : s;
  }

  static Runnable lambda(String s) {
    return () -> System.out.println(s);
  }

  static synchronized int sync(Object o) {
    synchronized (o) {
      return o.hashCode();
    }
  }

  static int finallyBlock(Object o) {
    int r = 0;
    try {
      r = o.hashCode();
    } finally {
      r++;
    }
    return r;
  }

  static int dups(long[] a, int[] b) {
    a[0]++;
    b[0] += 2;
    long x = a[1]++;
    return (int) x + b[1]++;
  }
}
