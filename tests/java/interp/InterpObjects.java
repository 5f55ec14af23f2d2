package interp;

// Objects, fields, dispatch, arrays and string constants for the
// interpreter's unit tests.
public class InterpObjects {
  interface Shape {
    int area();

    default int twice() {
      return 2 * area();
    }
  }

  static class Rect implements Shape {
    int w;
    int h;

    Rect(int w, int h) {
      this.w = w;
      this.h = h;
    }

    public int area() {
      return w * h;
    }
  }

  static class Square extends Rect {
    Square(int s) {
      super(s, s);
    }

    @Override
    public int area() {
      return super.area() + 1;
    }
  }

  static long counter;
  static double dfield = 0.25;
  static boolean flag;
  static byte bfield = -3;

  static int virtualCalls() {
    Rect r = new Rect(3, 4);
    Rect s = new Square(5);
    return r.area() * 1000 + s.area();  // 12 * 1000 + 26
  }

  static int interfaceCalls() {
    Shape a = new Rect(2, 3);
    Shape b = new Square(2);
    return a.area() + b.area() * 10 + a.twice() * 100 + b.twice() * 1000;
  }

  static long statics() {
    counter = 5;
    counter += 7;
    flag = true;
    return counter + (flag ? 100 : 0) + (long) (dfield * 4) + bfield;
  }

  static int arrays() {
    int[] a = new int[5];
    for (int i = 0; i < a.length; i++) a[i] = i * i;
    long[] l = {1L << 40, 2};
    char[] c = {'a', 'b'};
    byte[] b = {(byte) 200};
    boolean[] z = new boolean[1];
    z[0] = true;
    short[] s = {(short) 40000};
    double[] d = {0.5};
    Object[] o = {"x", null};
    int sum = 0;
    for (int v : a) sum += v;
    return sum + (int) (l[0] >> 40) + c[1] + b[0] + (z[0] ? 1000 : 0) + s[0] + (int) (d[0] * 2)
        + (o[1] == null ? 1 : 0);
  }

  static int multiArray() {
    int[][][] m = new int[2][3][4];
    m[1][2][3] = 7;
    long[][] partial = new long[3][];
    int total = m.length * 100 + m[0].length * 10 + m[0][0].length;
    return total * 10 + m[1][2][3] + (partial[2] == null ? 1 : 0);
  }

  static boolean sameLiteral() {
    String a = "hello";
    String b = "hello";
    return a == b;
  }

  static String literal() {
    return "hello";
  }

  static Class<?> classLiteral() {
    return InterpObjects.class;
  }

  static int typeChecks() {
    Object o = new Square(1);
    int r = 0;
    if (o instanceof Rect) r += 1;
    if (o instanceof Shape) r += 2;
    if (!(o instanceof String)) r += 4;
    Object arr = new String[1];
    if (arr instanceof Object[]) r += 8;
    Rect x = (Rect) o;
    return r + x.w * 100;
  }

  static Object badCast() {
    Object o = new Rect(1, 1);
    return (Square) o;
  }

  static String concat(int i) {
    return "v" + i;  // invokedynamic (StringConcatFactory)
  }

  // Natives bound by the unit test.
  static native long nativeMix(long a, int b);

  static native int probe();

  static long callNative() {
    return nativeMix(40L, 2) + 1;
  }

  static int callProbe() {
    int x = 1;
    return probe() + x;
  }
}
