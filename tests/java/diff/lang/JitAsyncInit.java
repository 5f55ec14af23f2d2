package diff.lang;

// Class initializers that run in the middle of straight-line compiled code:
// each case's getstatic initializes its class (class loading and <clinit>
// run Java code, which counts bytecodes), and the arithmetic after it runs
// on in the same straight-line run. Under -profile=async on the bytecode
// clock a tick may fall in that arithmetic once the initializer has
// counted: tests/cli/jit.sh compares the async profiles of -Xint and
// -Xcomp runs. The loop brings a frame that left compiled code back into
// it at its next iteration. The output is checked against HotSpot.
public class JitAsyncInit {
  static int spin(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s = s * 31 + i;
    return s;
  }

  static class I0 { static int v = spin(3); }
  static class I1 { static int v = spin(10); }
  static class I2 { static int v = spin(17); }
  static class I3 { static int v = spin(24); }
  static class I4 { static int v = spin(31); }
  static class I5 { static int v = spin(38); }
  static class I6 { static int v = spin(45); }
  static class I7 { static int v = spin(52); }
  static class I8 { static int v = spin(59); }
  static class I9 { static int v = spin(66); }
  static class I10 { static int v = spin(73); }
  static class I11 { static int v = spin(80); }

  static int sites(int x) {
    for (int k = 0; k < 12; k++) {
      switch (k) {
        case 0:
          x = x * 31 + I0.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 11;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 11;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 11;
          break;
        case 1:
          x = x * 31 + I1.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 12;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 12;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 12;
          break;
        case 2:
          x = x * 31 + I2.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 13;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 13;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 13;
          break;
        case 3:
          x = x * 31 + I3.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 14;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 14;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 14;
          break;
        case 4:
          x = x * 31 + I4.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 15;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 15;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 15;
          break;
        case 5:
          x = x * 31 + I5.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 16;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 16;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 16;
          break;
        case 6:
          x = x * 31 + I6.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 17;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 17;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 17;
          break;
        case 7:
          x = x * 31 + I7.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 18;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 18;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 18;
          break;
        case 8:
          x = x * 31 + I8.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 19;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 19;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 19;
          break;
        case 9:
          x = x * 31 + I9.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 20;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 20;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 20;
          break;
        case 10:
          x = x * 31 + I10.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 21;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 21;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 21;
          break;
        case 11:
          x = x * 31 + I11.v;
          x = (x ^ (x >>> 7)) * 0x9E3779B1 + (x << 3) - (x >> 5) + 22;
          x = (x ^ (x >>> 8)) * 0x9E3779B1 + (x << 4) - (x >> 5) + 22;
          x = (x ^ (x >>> 9)) * 0x9E3779B1 + (x << 5) - (x >> 5) + 22;
          break;
        default:
          break;
      }
    }
    return x;
  }

  // A loop without calls: compiled code that never leaves for the
  // interpreter, where only async code's own check sees the clock
  // thread's ticks (tests/cli/jit.sh runs it with "churn" on the wall clock).
  static long churn(int n) {
    long h = 1;
    for (int i = 0; i < n; i++) h = h * 6364136223846793005L + i;
    return h;
  }

  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("churn")) {
      System.out.println(churn(Integer.parseInt(args[1])));
      return;
    }
    System.out.println(sites(args.length + 1));
    System.out.println(sites(2));
  }
}
