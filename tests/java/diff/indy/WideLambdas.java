package diff.indy;

import java.lang.invoke.*;
import java.util.function.*;

/** Lambdas capturing many values of every type (two-slot longs/doubles) and method handles with many arguments. */
public class WideLambdas {
  interface Wide {
    String apply(int a, long b, double c, float d, char e, boolean f, byte g, short h, Object i, String j, long k, double l);
  }

  static String wide(int a, long b, double c, float d, char e, boolean f, byte g, short h, Object i, String j, long k, double l) {
    return a + "|" + b + "|" + c + "|" + d + "|" + e + "|" + f + "|" + g + "|" + h + "|" + i + "|" + j + "|" + k + "|" + l;
  }

  static long sum20(long a0, int a1, long a2, double a3, int a4, long a5, double a6, int a7, long a8, double a9,
      int a10, long a11, double a12, int a13, long a14, double a15, int a16, long a17, double a18, int a19) {
    return a0 + a1 + a2 + (long) a3 + a4 + a5 + (long) a6 + a7 + a8 + (long) a9 + a10 + a11 + (long) a12 + a13 + a14 + (long) a15 + a16 + a17
        + (long) a18 + a19;
  }

  public static void main(String[] args) throws Throwable {
    int i1 = 1;
    long l1 = 1L << 33;
    double d1 = 2.5;
    float f1 = 3.25f;
    char c1 = 'w';
    boolean z1 = true;
    byte b1 = -8;
    short s1 = 1234;
    Object o1 = "obj";
    String str1 = "str";
    long l2 = -77L;
    double d2 = -0.125;
    int i2 = 99;
    long l3 = Long.MAX_VALUE;
    double d3 = Double.MIN_VALUE;
    Supplier<String> cap = () -> i1 + "," + l1 + "," + d1 + "," + f1 + "," + c1 + "," + z1 + "," + b1 + "," + s1 + "," + o1 + "," + str1
        + "," + l2 + "," + d2 + "," + i2 + "," + l3 + "," + d3;
    System.out.println("15 captured: " + cap.get());
    Wide w = WideLambdas::wide;
    System.out.println("wide method ref: " + w.apply(1, 2L, 3.0, 4f, '5', false, (byte) 7, (short) 8, null, "ten", 11L, 12.5));
    Wide wl = (a, b, c, d, e, f, g, h, i, j, k, l) -> wide(a + i1, b + l1, c + d1, d + f1, (char) (e + 1), !f, (byte) (g + b1), (short) (h + s1), o1, j + str1, k + l2, l + d2);
    System.out.println("wide capturing lambda: " + wl.apply(1, 2L, 3.0, 4f, '5', false, (byte) 7, (short) 8, null, "ten", 11L, 12.5));
    MethodHandles.Lookup lk = MethodHandles.lookup();
    MethodHandle mh = lk.findStatic(WideLambdas.class, "wide", MethodType.methodType(String.class, int.class, long.class, double.class, float.class,
        char.class, boolean.class, byte.class, short.class, Object.class, String.class, long.class, double.class));
    System.out.println("invokeExact 12 args: " + (String) mh.invokeExact(-1, -2L, -3.0, -4f, 'x', true, (byte) 1, (short) 2, (Object) "o", "s", 5L, 6.0));
    System.out.println("invoke 12 boxed args: " + mh.invoke(Integer.valueOf(9), 8, 7.0f, 6, 'c', Boolean.FALSE, (byte) 3, (short) 2, 1, "z", (short) 0, 1));
    MethodHandle sum = lk.findStatic(WideLambdas.class, "sum20", MethodType.methodType(long.class, long.class, int.class, long.class, double.class, int.class,
        long.class, double.class, int.class, long.class, double.class, int.class, long.class, double.class, int.class, long.class, double.class,
        int.class, long.class, double.class, int.class));
    long r = (long) sum.invokeExact(1L, 2, 3L, 4.0, 5, 6L, 7.0, 8, 9L, 10.0, 11, 12L, 13.0, 14, 15L, 16.0, 17, 18L, 19.0, 20);
    System.out.println("20 mixed args: " + r);
    MethodHandle sumBound = MethodHandles.insertArguments(sum, 3, 1000.0);
    System.out.println("insertArguments into 20: " + sumBound.invokeWithArguments(1L, 2, 3L, 5, 6L, 7.0, 8, 9L, 10.0, 11, 12L, 13.0, 14, 15L, 16.0, 17, 18L, 19.0, 20));
    MethodHandle spread = sum.asSpreader(Object[].class, 10);
    System.out.println("asSpreader 10: " + spread.invoke(1L, 2, 3L, 4.0, 5, 6L, 7.0, 8, 9L, 10.0, new Object[] {11, 12L, 13.0, 14, 15L, 16.0, 17, 18L, 19.0, 20}));
    MethodHandle permuted = MethodHandles.permuteArguments(mh, MethodType.methodType(String.class, double.class, long.class, int.class, float.class, char.class,
        boolean.class, byte.class, short.class, Object.class, String.class, long.class, double.class), 2, 1, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    System.out.println("permuted: " + (String) permuted.invokeExact(0.5, 600L, 7, 8f, 'p', true, (byte) 0, (short) 0, (Object) null, "", 0L, 0.0));
    for (int k = 0; k < 5; k++) {
      final int kk = k;
      final long lk2 = k * 1_000_000_000_000L;
      final double dk = k / 8.0;
      LongSupplier ls = () -> lk2 + kk;
      DoubleSupplier ds = () -> dk * kk;
      System.out.println("  loop " + k + " long " + ls.getAsLong() + " double " + ds.getAsDouble());
    }
    BiFunction<Long, Double, Function<Character, Supplier<String>>> curried = (a, b) -> c -> () -> a + "/" + b + "/" + c + "/" + l1 + "/" + d1;
    System.out.println("curried wide " + curried.apply(5L, 6.5).apply('q').get());
  }
}
