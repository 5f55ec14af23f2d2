package interp;

// Arithmetic, conversions, comparisons, loops and recursion for the
// interpreter's unit tests (tests/unit/test_interp_execution.cpp). No
// java.base initialization is needed: plain computation only.
public class InterpArith {
  static int fib(int n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
  }

  static long sumTo(int n) {  // a loop with a backward branch
    long s = 0;
    for (int i = 1; i <= n; i++) s += i;
    return s;
  }

  static int idiv(int a, int b) { return a / b; }
  static int irem(int a, int b) { return a % b; }
  static long ldiv(long a, long b) { return a / b; }
  static long lrem(long a, long b) { return a % b; }
  static int imul(int a, int b) { return a * b; }
  static long lmul(long a, long b) { return a * b; }
  static int ishl(int a, int n) { return a << n; }
  static int ishr(int a, int n) { return a >> n; }
  static int iushr(int a, int n) { return a >>> n; }
  static long lshl(long a, int n) { return a << n; }
  static long lushr(long a, int n) { return a >>> n; }
  static int f2i(float f) { return (int) f; }
  static long f2l(float f) { return (long) f; }
  static int d2i(double d) { return (int) d; }
  static long d2l(double d) { return (long) d; }
  static int i2b(int i) { return (byte) i; }
  static int i2c(int i) { return (char) i; }
  static int i2s(int i) { return (short) i; }
  static float l2f(long l) { return (float) l; }
  static double frem(double a, double b) { return a % b; }
  static float fdiv(float a, float b) { return a / b; }

  // fcmpl / fcmpg: javac picks the variant so that NaN makes the test false.
  static boolean flt(float a, float b) { return a < b; }
  static boolean fgt(float a, float b) { return a > b; }
  static boolean dlt(double a, double b) { return a < b; }
  static boolean dge(double a, double b) { return a >= b; }
  static int lcmp(long a, long b) { return a < b ? -1 : (a == b ? 0 : 1); }

  static byte narrowByte(int i) { return (byte) i; }
  static char narrowChar(int i) { return (char) i; }
  static boolean isOdd(int i) { return (i & 1) != 0; }

  static int tableSwitch(int k) {
    switch (k) {
      case 1: return 10;
      case 2: return 20;
      case 3: return 30;
      case 4: return 40;
      default: return -1;
    }
  }

  static int lookupSwitch(int k) {
    switch (k) {
      case -1000: return 1;
      case 7: return 2;
      case 123456: return 3;
      default: return 0;
    }
  }

  static int nestedLoops(int n) {
    int c = 0;
    outer:
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (j > i) continue outer;
        c += j;
      }
    }
    return c;
  }

  static long mixed(int a, long b, float c, double d) {  // two-slot arguments
    return a + b + (long) c + (long) d;
  }

  static double wideLocals() {  // many locals: forces wide-free but >4 indices
    double a = 1.5, b = 2.5, c = 3.0;
    long x = 10, y = 20;
    int i = 3;
    return a * b + c + x * y + i;
  }

  static int down(int n) {
    return down(n + 1) + 1;
  }

  static int catchOverflow() {
    try {
      return down(0);
    } catch (StackOverflowError e) {
      return 42;
    }
  }
}
