package diff.lang;

// Java recursion 100 000 calls deep (six times the native calls one entry
// into compiled code may make), under a Java stack (-Xss, see
// tests/java/jvmflags) large enough to hold it: compiled calls are native
// calls, and the native stack one entry into compiled code may use is
// bounded, so a call past the bound goes through the interpreter and the
// run ends as on HotSpot instead of overflowing the native stack.
public class DeepCalls {
  interface Step {
    int down(int n);
  }

  static final class Countdown implements Step {
    public int down(int n) {
      return n == 0 ? 0 : 1 + down(n - 1);
    }
  }

  static int depth(int n) {
    return n == 0 ? 0 : 1 + depth(n - 1);
  }

  static long sum(int n, long acc) {
    if (n == 0) return acc;
    long r = sum(n - 1, acc + n);
    return r;
  }

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    for (int i = 0; i < 3; i++) System.out.println("depth " + depth(n));
    System.out.println("sum " + sum(n, 0));
    Step step = new Countdown();
    System.out.println("interface " + step.down(n));
  }
}
