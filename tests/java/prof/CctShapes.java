package prof;

// Calling-context shapes with counts derivable by hand (test_profile_cct.cpp):
// recursion, two call sites of one method in one caller, an exception
// unwinding through profiled frames, a class initializer, a reflective call,
// a lambda, and a thread.
public class CctShapes {
  static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

  static int twice(int x) { return x + 1; }

  static void thrower(int depth) {
    if (depth == 0) throw new IllegalStateException("deep");
    thrower(depth - 1);
  }

  static class Lazy {
    static int value = compute();
    static int compute() { return 42; }
  }

  public static int target() { return 7; }

  static void leaf() {}

  public static void main(String[] args) throws Exception {
    System.out.println(fib(10));                   // 177 calls of fib
    System.out.println(twice(1) + twice(2));       // two sites of twice
    for (int i = 0; i < 3; i++) {
      try {
        thrower(2);
      } catch (IllegalStateException e) {
        leaf();                                    // after unwinding: still under main
      }
    }
    System.out.println(Lazy.value);                // <clinit> under main at the getstatic
    System.out.println(CctShapes.class.getMethod("target").invoke(null));
    Runnable r = () -> leaf();
    r.run();                                       // the lambda body under main
    Thread t = new Thread(CctShapes::leaf, "worker");
    t.start();
    t.join();
  }
}
