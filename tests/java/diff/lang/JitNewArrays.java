package diff.lang;

import java.util.ArrayList;
import java.util.List;

// newarray and anewarray from compiled code, which allocates a small array
// itself (a cell of at most 256 bytes: up to 232 bytes, 116 chars or
// shorts, 58 ints or floats, 29 longs, doubles or references): every
// element type at every length from -2 to past the largest inline one, the
// array's class, length and zeroed contents, in cells that held dirty
// arrays before (each length's arrays are filled, dropped and collected,
// and the next ones must come back zeroed), and NegativeArraySizeException
// with HotSpot's message. Each method runs often enough to be compiled at
// the default threshold; four threads allocate at once at the end.
public class JitNewArrays {
  static boolean[] booleans(int n) { return new boolean[n]; }
  static byte[] bytes(int n) { return new byte[n]; }
  static char[] chars(int n) { return new char[n]; }
  static short[] shorts(int n) { return new short[n]; }
  static int[] ints(int n) { return new int[n]; }
  static float[] floats(int n) { return new float[n]; }
  static long[] longs(int n) { return new long[n]; }
  static double[] doubles(int n) { return new double[n]; }
  static Object[] objects(int n) { return new Object[n]; }
  static String[] strings(int n) { return new String[n]; }
  static JitNewArrays[] selves(int n) { return new JitNewArrays[n]; }

  // Allocates an array of `type` and length n, sums its elements (each
  // zero counts 1) and its length, then dirties it.
  static long one(int type, int n) {
    long sum = n;
    switch (type) {
      case 0: { boolean[] a = booleans(n); for (boolean v : a) sum += v ? 7 : 1; java.util.Arrays.fill(a, true); break; }
      case 1: { byte[] a = bytes(n); for (byte v : a) sum += v + 1; java.util.Arrays.fill(a, (byte) -1); break; }
      case 2: { char[] a = chars(n); for (char v : a) sum += v + 1; java.util.Arrays.fill(a, '\uffff'); break; }
      case 3: { short[] a = shorts(n); for (short v : a) sum += v + 1; java.util.Arrays.fill(a, (short) -1); break; }
      case 4: { int[] a = ints(n); for (int v : a) sum += v + 1; java.util.Arrays.fill(a, -1); break; }
      case 5: { float[] a = floats(n); for (float v : a) sum += Float.floatToRawIntBits(v) + 1; java.util.Arrays.fill(a, Float.NaN); break; }
      case 6: { long[] a = longs(n); for (long v : a) sum += v + 1; java.util.Arrays.fill(a, -1L); break; }
      case 7: { double[] a = doubles(n); for (double v : a) sum += Double.doubleToRawLongBits(v) + 1; java.util.Arrays.fill(a, -0.0); break; }
      case 8: { Object[] a = objects(n); for (Object v : a) sum += v == null ? 1 : 1000; java.util.Arrays.fill(a, a); break; }
      case 9: { String[] a = strings(n); for (String v : a) sum += v == null ? 1 : 1000; java.util.Arrays.fill(a, "x"); break; }
      default: { JitNewArrays[] a = selves(n); for (JitNewArrays v : a) sum += v == null ? 1 : 1000; break; }
    }
    return sum;
  }

  static final String[] NAMES = {"boolean", "byte", "char", "short", "int", "float", "long", "double",
    "Object", "String", "JitNewArrays"};

  public static void main(String[] args) throws Exception {
    List<Object> keep = new ArrayList<>();
    for (int type = 0; type < NAMES.length; type++) {
      long sum = 0;
      StringBuilder failures = new StringBuilder();
      for (int round = 0; round < 40; round++) {
        for (int n = -2; n <= 240; n++) {
          try {
            sum = sum * 31 + one(type, n);
          } catch (NegativeArraySizeException e) {
            if (round == 0) failures.append(' ').append(e.getMessage());
          }
        }
        if (round % 10 == 9) System.gc();  // the dirty arrays' cells come back
      }
      System.out.println(NAMES[type] + "[]: " + Long.toHexString(sum) + failures);
    }
    // The classes and lengths of what compiled code made.
    Object[] made = {booleans(3), bytes(232), chars(116), shorts(117), ints(58), floats(59), longs(29),
      doubles(30), objects(29), strings(0), selves(1)};
    for (Object a : made) {
      System.out.println(a.getClass().getName() + " " + java.lang.reflect.Array.getLength(a)
          + " " + (a instanceof Object[]));
      keep.add(a);
    }
    // Four threads allocating small arrays at once (each thread's cells
    // are its own until a collection).
    long[] sums = new long[4];
    Thread[] threads = new Thread[4];
    for (int t = 0; t < 4; t++) {
      final int id = t;
      threads[t] = new Thread(() -> {
        long s = 0;
        for (int i = 0; i < 200_000; i++) s += one((i + id) % NAMES.length, i % 60);
        sums[id] = s;
      });
      threads[t].start();
    }
    for (Thread t : threads) t.join();
    System.out.println("threads " + sums[0] + " " + sums[1] + " " + sums[2] + " " + sums[3] + " kept " + keep.size());
  }
}
