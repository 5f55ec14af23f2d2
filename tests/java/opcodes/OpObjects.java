package opcodes;

import java.util.function.IntBinaryOperator;

// Makes javac emit the object, array, invoke, exception and monitor opcodes
// (JVMS §6.5): new*, every array load/store, arraylength, get/put field and
// static, all five invokes, checkcast, instanceof, athrow, monitorenter/exit.
public class OpObjects {
  interface Shape {
    int area();
  }

  static class Rect implements Shape {
    final int w;
    final int h;

    Rect(int w, int h) {  // invokespecial Object.<init>, putfield
      this.w = w;
      this.h = h;
    }

    @Override
    public int area() {
      return w * h;       // getfield
    }

    @Override
    public String toString() {
      return "Rect" + w + "x" + h;  // invokedynamic (string concatenation)
    }
  }

  static class Square extends Rect {
    Square(int s) {
      super(s, s);
    }

    @Override
    public int area() {
      return super.area() + 0;  // invokespecial Rect.area
    }
  }

  static int counter;           // getstatic, putstatic
  private int secret = 5;

  private int peek() {
    return secret;
  }

  static String arrays(int n) {
    boolean[] z = new boolean[n];  // newarray boolean
    byte[] b = new byte[n];        // newarray byte
    char[] c = new char[n];        // newarray char
    short[] s = new short[n];      // newarray short
    int[] i = new int[n];          // newarray int
    long[] l = new long[n];        // newarray long
    float[] f = new float[n];      // newarray float
    double[] d = new double[n];    // newarray double
    String[] a = new String[n];    // anewarray
    int[][] m = new int[n][n + 1]; // multianewarray
    long[][][] m3 = new long[2][n][];  // multianewarray, 2 of 3 dimensions
    for (int k = 0; k < n; k++) {
      z[k] = k % 2 == 0;           // bastore (boolean)
      b[k] = (byte) (k * 50);      // bastore
      c[k] = (char) ('a' + k);     // castore
      s[k] = (short) (k * 1000);   // sastore
      i[k] = k * k;                // iastore
      l[k] = k * 100000000000L;    // lastore
      f[k] = k / 4f;               // fastore
      d[k] = k / 8.0;              // dastore
      a[k] = "s" + k;              // aastore
      m[k][k + 1] = k;             // aaload, iastore
    }
    m3[1][n - 1] = new long[] {7L};
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < n; k++) {
      sb.append(z[k]).append(b[k]).append(c[k]).append(s[k]).append(i[k]).append(l[k])
          .append(f[k]).append(d[k]).append(a[k]).append(m[k][k + 1]).append(';');
    }                              // baload, caload, saload, iaload, laload, faload, daload, aaload
    return sb + " " + z.length + m.length + m[0].length + m3[1][n - 1][0] + m3[0].length;
  }

  static String casts(Object o) {
    String r = "";
    if (o instanceof Shape) {      // instanceof
      Shape sh = (Shape) o;        // checkcast
      r += sh.area();              // invokeinterface
    }
    if (o instanceof Rect) r += ((Rect) o).w;
    try {
      String s = (String) o;       // checkcast that may throw
      r += s.length();             // invokevirtual
    } catch (ClassCastException e) {
      r += "!cce";
    }
    return r;
  }

  static int thrower(int x) {
    if (x < 0) throw new IllegalArgumentException("negative " + x);  // new, athrow
    return x;
  }

  static String exceptions() {
    StringBuilder sb = new StringBuilder();
    for (int x = -1; x <= 1; x++) {
      try {
        sb.append(thrower(x)).append(100 / x);
      } catch (IllegalArgumentException e) {
        sb.append(e.getMessage());
      } catch (ArithmeticException e) {
        sb.append("div0");
      } finally {
        sb.append('|');
      }
    }
    try {
      int[] arr = new int[2];
      arr[x()] = 1;
    } catch (ArrayIndexOutOfBoundsException e) {
      sb.append("aioobe");
    }
    try {
      Object s = null;
      s.hashCode();
    } catch (NullPointerException e) {
      sb.append(" npe");
    }
    return sb.toString();
  }

  static int x() {
    return 5;
  }

  static final Object LOCK = new Object();

  static int locked(int n) {
    synchronized (LOCK) {          // monitorenter, monitorexit (and the exceptional exit)
      counter += n;
      return counter;
    }
  }

  static synchronized int lockedMethod() {
    return ++counter;
  }

  public static void main(String[] args) {
    int n = args.length;
    System.out.println(arrays(4 + n));
    System.out.println(casts(new Rect(3, 4)) + " " + casts(new Square(5)) + " " + casts("hello"));
    System.out.println(exceptions());
    System.out.println(locked(3) + " " + locked(4) + " " + lockedMethod());
    IntBinaryOperator op = (p, q) -> p * 10 + q;   // invokedynamic (LambdaMetafactory)
    IntBinaryOperator ref = Math::max;
    System.out.println(op.applyAsInt(4, 2) + " " + ref.applyAsInt(-3, 8));
    OpObjects self = new OpObjects();
    System.out.println(self.peek() + " " + new Square(6) + " " + counter);
  }
}
