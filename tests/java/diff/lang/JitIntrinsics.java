package diff.lang;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

// What compiled code without counting runs without a call, against
// HotSpot: StrictMath.sqrt (through Math.sqrt) and the conversions between
// a double or float and its bits, on the values whose bits are easiest to
// get wrong (signed zeros, infinities, NaNs with payloads, subnormals);
// Thread.currentThread, Object.getClass (and its null receiver's helpful
// NullPointerException), Reference.refersTo, and the Unsafe accesses under
// ConcurrentHashMap and the atomics (volatile loads and stores, the
// compare-and-sets that fail as well as those that succeed, from four
// threads at once); and ldc of strings and classes resolved before their
// method compiled, which must be the very objects the interpreter pushes
// (interned strings, the class's one mirror). Also Math.abs(double), whose
// bytecode every tier runs but whose result HotSpot computes by clearing
// the sign bit (its intrinsic, in the interpreter too): a NaN with the sign
// set comes back without it. Then Class.isInstance and System.arraycopy,
// with every way arraycopy fails, from compiled code; and Unsafe's plain
// gets and puts under the byte buffers (direct and heap, both orders).
// Each loop runs often enough to be compiled at the default threshold.
public class JitIntrinsics {
  static final long[] DOUBLE_BITS = {
    0L, 0x8000000000000000L, 0x3ff0000000000000L, 0xbff0000000000000L,
    0x7ff0000000000000L, 0xfff0000000000000L, 0x7ff8000000000000L, 0xfff8000000000000L,
    0x7ff0000000000001L, 0x7ff4000000000abcL, 0xfff00000deadbeefL, 0x0000000000000001L,
    0x000fffffffffffffL, 0x7fefffffffffffffL, 0x4000000000000000L, 0x3fe0000000000001L,
  };
  static final int[] FLOAT_BITS = {
    0, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000,
    0xffc00000, 0x7f800001, 0x7fa00abc, 0xff80beef, 0x00000001, 0x007fffff, 0x7f7fffff,
  };

  static long sqrtBits(long bits) {
    return Double.doubleToRawLongBits(Math.sqrt(Double.longBitsToDouble(bits)));
  }

  static long roundTrip(long bits) {
    return Double.doubleToRawLongBits(Double.longBitsToDouble(bits));
  }

  static long absBits(long bits) {
    return Double.doubleToRawLongBits(Math.abs(Double.longBitsToDouble(bits)))
        ^ Double.doubleToRawLongBits(StrictMath.abs(Double.longBitsToDouble(bits))) * 3;
  }

  static int floatRoundTrip(int bits) {
    return Float.floatToRawIntBits(Float.intBitsToFloat(bits));
  }

  static double hypot(double a, double b) {
    return StrictMath.sqrt(a * a + b * b);
  }

  static String greeting() {
    return "hello, intrinsics";
  }

  static Class<?> stringClass() {
    return String.class;
  }

  static Class<?> arrayClass() {
    return int[][].class;
  }

  public static void main(String[] args) throws Exception {
    long sum = 0;
    for (int round = 0; round < 3000; round++) {
      for (long bits : DOUBLE_BITS) sum = sum * 31 + sqrtBits(bits) + roundTrip(bits) + absBits(bits);
      for (int bits : FLOAT_BITS) sum = sum * 31 + floatRoundTrip(bits);
    }
    System.out.println("checksum " + Long.toHexString(sum));
    for (long bits : DOUBLE_BITS) {
      System.out.println(Long.toHexString(bits) + " sqrt " + Long.toHexString(sqrtBits(bits)) + " round trip "
          + Long.toHexString(roundTrip(bits)) + " abs "
          + Long.toHexString(Double.doubleToRawLongBits(Math.abs(Double.longBitsToDouble(bits)))));
    }
    for (int bits : FLOAT_BITS) {
      System.out.println(Integer.toHexString(bits) + " round trip " + Integer.toHexString(floatRoundTrip(bits)));
    }
    double h = 0;
    for (int i = 0; i < 20000; i++) h += hypot(i, i + 1);
    System.out.println("hypot sum " + h + " " + Long.toHexString(Double.doubleToRawLongBits(h)));
    // The long and double results take two slots: the value beside them
    // must survive.
    long kept = 0x1234_5678_9abc_def0L;
    double d = 2.0;
    for (int i = 0; i < 5000; i++) {
      long bits = Double.doubleToRawLongBits(d) ^ kept;
      d = Math.sqrt(Double.longBitsToDouble(bits ^ kept)) + 1;
    }
    System.out.println("kept " + Long.toHexString(kept) + " d " + d);

    boolean same = true;
    for (int i = 0; i < 5000; i++) {
      same &= greeting() == "hello, intrinsics";
      same &= stringClass() == String.class;
      same &= arrayClass() == int[][].class;
    }
    System.out.println("constants are the interpreter's objects: " + same);
    System.out.println(greeting() == new String("hello, intrinsics").intern());
    System.out.println(stringClass().getName() + " " + arrayClass().getName() + " "
        + (arrayClass() == Class.forName("[[I")));

    fields();
    atomics();
    instancesAndCopies();
    buffers();
  }

  // Unsafe's plain gets and puts of every type but boolean, under the
  // buffers': a direct buffer's (a null base and an address) and a heap
  // buffer's (an array and an offset), both byte orders, aligned and not
  // (the unaligned accessors compose bytes), a long or double beside a
  // value that must survive, and the buffers' own bounds checks failing.
  static long bufferRound(java.nio.ByteBuffer b, int round) {
    long sum = 0;
    b.put(0, (byte) round).putShort(1, (short) (round * 7)).putChar(3, (char) (round * 13 + 40000));
    b.putInt(5, round * 100_003).putLong(9, round * 0x1_0000_0001L).putFloat(17, round / 3f);
    b.putDouble(21, round / 7.0).putShort(30, (short) (round * 11)).putChar(34, (char) (round * 17 + 30000));
    b.putInt(36, -round).putLong(40, ~round).putDouble(48, -round * 1.5).putFloat(56, round * 0.7f);
    sum = sum * 31 + b.get(0);
    sum = sum * 31 + b.getShort(1);
    sum = sum * 31 + b.getChar(3);
    sum = sum * 31 + b.getInt(5);
    sum = sum * 31 + b.getLong(9);
    sum = sum * 31 + Float.floatToRawIntBits(b.getFloat(17));
    sum = sum * 31 + Double.doubleToRawLongBits(b.getDouble(21));
    sum = sum * 31 + b.getShort(30) + b.getChar(34) + b.getInt(36) + b.getLong(40);
    sum = sum * 31 + Double.doubleToRawLongBits(b.getDouble(48)) + Float.floatToRawIntBits(b.getFloat(56));
    return sum;
  }

  static void buffers() {
    java.nio.ByteBuffer[] all = {
      java.nio.ByteBuffer.allocateDirect(64), java.nio.ByteBuffer.allocate(64),
      java.nio.ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.LITTLE_ENDIAN),
      java.nio.ByteBuffer.allocate(64).order(java.nio.ByteOrder.LITTLE_ENDIAN),
    };
    for (java.nio.ByteBuffer b : all) {
      long sum = 0;
      long kept = 0x0fed_cba9_8765_4321L;
      for (int round = 0; round < 4000; round++) sum = sum * 17 + bufferRound(b, round) + kept;
      byte[] bytes = new byte[64];
      b.get(0, bytes);
      System.out.println((b.isDirect() ? "direct " : "heap ") + b.order() + " " + Long.toHexString(sum)
          + " kept " + Long.toHexString(kept) + " " + java.util.Arrays.toString(bytes));
      try {
        b.getLong(60);
      } catch (IndexOutOfBoundsException e) {
        System.out.println("getLong(60): " + e.getClass().getName());
      }
      try {
        b.put(64, (byte) 1);
      } catch (IndexOutOfBoundsException e) {
        System.out.println("put(64): " + e.getClass().getName());
      }
    }
  }

  static boolean isInstance(Class<?> c, Object o) {
    return c.isInstance(o);
  }

  static void copy(Object src, int srcPos, Object dst, int dstPos, int length) {
    System.arraycopy(src, srcPos, dst, dstPos, length);
  }

  // The same, called only a few times: HotSpot runs it interpreted, and
  // its exceptions' stack traces show the native's frame (HotSpot's own
  // compiled code may throw them without it, depending on when C2
  // compiled the caller, so only this one's traces are compared).
  static void copyTraced(Object src, int srcPos, Object dst, int dstPos, int length) {
    System.arraycopy(src, srcPos, dst, dstPos, length);
  }

  // Class.isInstance and System.arraycopy: a leaf call in compiled code,
  // which copies only what cannot fail and leaves the rest to the native:
  // its exceptions, thrown from compiled callers, keep the native's frame.
  static void instancesAndCopies() {
    Class<?>[] classes = {Object.class, String.class, CharSequence.class, Number.class, int.class,
        int[].class, Object[].class, Comparable[].class, void.class};
    Object[] objects = {"s", 1, new int[2], new String[1], new Object(), null, new Integer[0]};
    StringBuilder answers = new StringBuilder();
    int yes = 0;
    for (int i = 0; i < 20000; i++) {
      Class<?> c = classes[i % classes.length];
      Object o = objects[(i / classes.length) % objects.length];
      boolean is = isInstance(c, o);
      if (is) yes++;
      if (i < classes.length * objects.length) answers.append(is ? '1' : '0');
    }
    System.out.println("isInstance " + answers + " " + yes);
    try {
      isInstance(null, "x");
    } catch (NullPointerException e) {
      System.out.println("isInstance on null: NullPointerException");
    }

    int[] ints = new int[64];
    long[] longs = new long[64];
    String[] strings = new String[8];
    Object[] objs = new Object[8];
    long sum = 0;
    for (int i = 0; i < 20000; i++) {
      ints[i % 64] = i;
      copy(ints, i % 32, ints, (i + 1) % 32, 31);  // overlapping, both ways
      longs[i % 64] = i;
      copy(longs, 0, longs, 1, 63);
      strings[i % 8] = Integer.toString(i % 100);
      copy(strings, 0, objs, i % 2, 7);
      copy(objs, 1, objs, 0, 7);
      copy(ints, 0, ints, 64, 0);  // empty, at the end
      sum = sum * 31 + ints[i % 64] + longs[63] + (objs[3] == null ? 0 : objs[3].hashCode());
    }
    System.out.println("copies " + sum + " " + java.util.Arrays.toString(objs));
    Object[][] failing = {
      {null, 0, ints, 0, 1}, {ints, 0, null, 0, 1}, {ints, 0, longs, 0, 1}, {"s", 0, ints, 0, 1},
      {ints, -1, ints, 0, 1}, {ints, 0, ints, 60, 5}, {ints, 0, ints, 0, -1},
      {ints, Integer.MAX_VALUE, ints, 0, 2}, {objs, 0, ints, 0, 1},
      {new Object[] {"a", 1}, 0, strings, 0, 2}, {new Object[] {"a", "b"}, 0, strings, 6, 2},
    };
    for (Object[] f : failing) {
      try {
        copyTraced(f[0], (Integer) f[1], f[2], (Integer) f[3], (Integer) f[4]);
        System.out.println("copied");
      } catch (RuntimeException e) {
        StackTraceElement[] trace = e.getStackTrace();
        System.out.println(e + " at " + trace[0] + " < " + trace[1]);
      }
    }
    for (int round = 0; round < 2000; round++) {
      for (Object[] f : failing) {
        try {
          copy(f[0], (Integer) f[1], f[2], (Integer) f[3], (Integer) f[4]);
          if (round == 1999) System.out.println("copied");
        } catch (RuntimeException e) {
          if (round == 1999) System.out.println(e);
        }
      }
    }
    System.out.println(java.util.Arrays.toString(strings));
  }

  static Class<?> classOf(Object o) {
    return o.getClass();
  }

  static void fields() {
    Thread main = Thread.currentThread();
    Object[] objects = {"s", new int[1], new Object[0][0], 1, 2L, new StringBuilder(), main};
    StringBuilder names = new StringBuilder();
    int sameThread = 0;
    for (int i = 0; i < 20000; i++) {
      Class<?> c = classOf(objects[i % objects.length]);
      if (i < objects.length) names.append(c.getName()).append(' ');
      if (Thread.currentThread() == main) sameThread++;
    }
    System.out.println(names.toString().trim());
    System.out.println("currentThread is main " + sameThread + " times");
    try {
      classOf(null);
    } catch (NullPointerException e) {
      System.out.println(e.getMessage());
    }
    Object referent = new Object();
    Object other = new Object();
    WeakReference<Object> weak = new WeakReference<>(referent);
    WeakReference<Object> empty = new WeakReference<>(null);
    PhantomReference<Object> phantom = new PhantomReference<>(referent, new ReferenceQueue<>());
    int[] counts = new int[6];
    for (int i = 0; i < 20000; i++) {
      if (weak.refersTo(referent)) counts[0]++;
      if (weak.refersTo(other)) counts[1]++;
      if (weak.refersTo(null)) counts[2]++;
      if (empty.refersTo(null)) counts[3]++;
      if (phantom.refersTo(referent)) counts[4]++;
      if (phantom.refersTo(null)) counts[5]++;
    }
    System.out.println("refersTo " + java.util.Arrays.toString(counts));
    weak.clear();
    System.out.println("cleared " + weak.refersTo(referent) + " " + weak.refersTo(null) + " " + referent.hashCode()
        * 0);
  }

  static void atomics() throws InterruptedException {
    ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
    AtomicInteger ints = new AtomicInteger();
    AtomicLong longs = new AtomicLong(Long.MAX_VALUE - 100_000);
    AtomicReference<String> ref = new AtomicReference<>("");
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      final int id = t;
      threads[t] = new Thread(() -> {
        for (int i = 0; i < 25_000; i++) {
          map.merge(i % 1000, 1, Integer::sum);
          ints.incrementAndGet();
          longs.addAndGet(id + 1);
          if (i % 5000 == 0) ref.accumulateAndGet(Integer.toString(id), (a, b) -> a.length() < 40 ? a + b : a);
        }
      });
      threads[t].start();
    }
    for (Thread t : threads) t.join();
    long total = 0;
    for (int v : map.values()) total += v;
    System.out.println("map " + map.size() + " " + total + " ints " + ints.get() + " longs "
        + (longs.get() - (Long.MAX_VALUE - 100_000)) + " ref length " + ref.get().length());
    // Failing compare-and-sets leave the value.
    AtomicInteger a = new AtomicInteger(5);
    AtomicLong b = new AtomicLong(-1);
    AtomicReference<Object> c = new AtomicReference<>(map);
    int fails = 0;
    for (int i = 0; i < 20000; i++) {
      if (!a.compareAndSet(6, 7)) fails++;
      if (!b.compareAndSet(0, 1)) fails++;
      if (!c.compareAndSet(ints, null)) fails++;
      if (a.compareAndSet(5, 5) && b.compareAndSet(-1, -1) && c.compareAndSet(map, map)) fails++;
    }
    System.out.println("compare-and-sets " + fails + " " + a.get() + " " + b.get() + " " + (c.get() == map));
  }
}
