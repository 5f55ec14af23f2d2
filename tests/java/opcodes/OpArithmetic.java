package opcodes;

// Makes javac emit every constant, arithmetic, logic, shift, conversion and
// stack-manipulation opcode (JVMS §6.5) for int, long, float and double.
// Operands come from parameters, so nothing is constant-folded.
public class OpArithmetic {
  int intField;
  long longField;
  static int[] intArray = new int[4];
  static long[] longArray = new long[4];

  static int ints(int a, int b) {
    int r = a + b;               // iadd
    r ^= a - b;                  // isub, ixor
    r += a * b;                  // imul
    r |= a / b;                  // idiv, ior
    r &= ~(a % b);               // irem, iconst_m1, ixor, iand
    r += -a;                     // ineg
    r += a << 3;                 // ishl
    r += a >> 2;                 // ishr
    r += a >>> 1;                // iushr
    r += (byte) r + (char) r + (short) r;  // i2b, i2c, i2s
    return r;                    // ireturn
  }

  static long longs(long a, long b, int s) {
    long r = a + b;              // ladd
    r ^= a - b;                  // lsub, lxor
    r += a * b;                  // lmul
    r |= a / b;                  // ldiv, lor
    r &= ~(a % b);               // lrem, ldc2_w -1, lxor, land
    r += -a;                     // lneg
    r += a << s;                 // lshl
    r += a >> s;                 // lshr
    r += a >>> s;                // lushr
    return r;                    // lreturn
  }

  static float floats(float a, float b) {
    float r = a + b;             // fadd
    r += a - b;                  // fsub
    r += a * b;                  // fmul
    r += a / b;                  // fdiv
    r += a % b;                  // frem
    r += -a;                     // fneg
    return r;                    // freturn
  }

  static double doubles(double a, double b) {
    double r = a + b;            // dadd
    r += a - b;                  // dsub
    r += a * b;                  // dmul
    r += a / b;                  // ddiv
    r += a % b;                  // drem
    r += -a;                     // dneg
    return r;                    // dreturn
  }

  static String conversions(int i, long l, float f, double d) {
    long il = i;                 // i2l
    float ifl = i;               // i2f
    double id = i;               // i2d
    int li = (int) l;            // l2i
    float lf = l;                // l2f
    double ld = l;               // l2d
    int fi = (int) f;            // f2i
    long fl = (long) f;          // f2l
    double fd = f;               // f2d
    int di = (int) d;            // d2i
    long dl = (long) d;          // d2l
    float df = (float) d;        // d2f
    return il + " " + ifl + " " + id + " " + li + " " + lf + " " + ld + " " + fi + " " + fl
        + " " + fd + " " + di + " " + dl + " " + df;
  }

  static String constants() {
    int im1 = -1, i0 = 0, i1 = 1, i2 = 2, i3 = 3, i4 = 4, i5 = 5;  // iconst_m1 .. iconst_5
    int b = 100, s = 30000, big = 1234567;                            // bipush, sipush, ldc
    long l0 = 0L, l1 = 1L, lbig = 123456789012L;                      // lconst_0/1, ldc2_w
    float f0 = 0f, f1 = 1f, f2 = 2f, fbig = 2.5f;                     // fconst_0/1/2, ldc
    double d0 = 0.0, d1 = 1.0, dbig = 3.25;                           // dconst_0/1, ldc2_w
    Object nil = null;                                                // aconst_null
    String str = "str";                                               // ldc String
    Class<?> cls = OpArithmetic.class;                                // ldc Class
    return "" + im1 + i0 + i1 + i2 + i3 + i4 + i5 + " " + b + " " + s + " " + big + " " + l0 + l1
        + " " + lbig + " " + f0 + f1 + f2 + fbig + " " + d0 + d1 + dbig + " " + nil + " " + str
        + " " + cls.getSimpleName();
  }

  static int sideEffect;

  static int bumpInt() {
    return ++sideEffect;
  }

  static long bumpLong() {
    return sideEffect += 10;
  }

  long stackShapes(int x, long y, int i) {
    int a = (intField = x);      // aload_0, iload, dup_x1, putfield
    int b = (intArray[i] = x);   // dup_x2, iastore
    intArray[i]++;               // dup2, iaload, iastore
    long c = (longField = y);    // dup2_x1, putfield
    long d = (longArray[i] = y); // dup2_x2, lastore
    bumpInt();                   // pop
    bumpLong();                  // pop2
    return a + b + c + d + intArray[i] + sideEffect;
  }

  // The one-byte load/store forms, slots 0..3, for every type.
  static int slotsInt() {
    int a = sideEffect + 1, b = a * 2, c = b * 3, d = c * 4;  // istore_0..3
    return a + b + c + d;                                     // iload_0..3
  }

  static long slotsLongEven() {
    long a = sideEffect + 5L, b = a * 3;  // lstore_0, lstore_2
    return a - b;                         // lload_0, lload_2
  }

  static long slotsLongOdd() {
    int pad = sideEffect;
    long a = pad + 7L, b = a * 5;         // lstore_1, lstore_3
    return a - b + pad;                   // lload_1, lload_3
  }

  static float slotsFloat() {
    float a = sideEffect + 0.5f, b = a * 2, c = b * 3, d = c * 4;  // fstore_0..3
    return a + b + c + d;                                          // fload_0..3
  }

  static double slotsDoubleEven() {
    double a = sideEffect + 0.25, b = a * 3;  // dstore_0, dstore_2
    return a - b;                             // dload_0, dload_2
  }

  static double slotsDoubleOdd() {
    int pad = sideEffect;
    double a = pad + 0.75, b = a * 5;         // dstore_1, dstore_3
    return a - b + pad;                       // dload_1, dload_3
  }

  static String slotsRef() {
    String a = "a" + sideEffect, b = a + "b", c = b + "c", d = c + "d";  // astore_0..3
    return a + b + c + d;                                                // aload_0..3
  }

  public static void main(String[] args) {
    int n = args.length;  // 0 under the test harness
    System.out.println(ints(1000 + n, 7));
    System.out.println(ints(-123456 + n, -13));
    System.out.println(longs(1234567890123L + n, 977L, 5));
    System.out.println(longs(-98765432123L, -3L, 63 + n));
    System.out.println(floats(3.5f + n, 1.25f));
    System.out.println(floats(-7.75f, 0.5f + n));
    System.out.println(doubles(10.125 + n, 3.0));
    System.out.println(doubles(1e300, -1e-300 + n));
    System.out.println(conversions(-77 + n, 9876543210L, 3.75e10f, -2.5e20));
    System.out.println(conversions(Integer.MIN_VALUE + n, Long.MAX_VALUE, Float.NaN, 1e-5));
    System.out.println(constants());
    System.out.println(new OpArithmetic().stackShapes(42 + n, 1L << 40, 2));
    System.out.println(slotsInt() + " " + slotsLongEven() + " " + slotsLongOdd() + " " + slotsFloat()
        + " " + slotsDoubleEven() + " " + slotsDoubleOdd() + " " + slotsRef());
  }
}
