package diff.lang;

// The template JIT's edge cases (interp/jit/compiler.cpp), one group of
// templates per method. Each method runs ROUNDS times, so it is compiled
// at the suite's low threshold and under -Xcomp runs compiled from the
// start, and also crosses from the interpreter into a compiled loop
// (on-stack replacement) in `loops`. Every result is printed: HotSpot is
// the oracle.
public class JitEdges {
  static final int ROUNDS = 12;
  static volatile int sink;
  static int counter;
  static long lcounter;

  static String division(int a, int b, long c, long d) {
    StringBuilder sb = new StringBuilder();
    sb.append(a / b).append(' ').append(a % b).append(' ').append(c / d).append(' ').append(c % d);
    return sb.toString();
  }

  static String divisions() {
    StringBuilder sb = new StringBuilder();
    sb.append(division(Integer.MIN_VALUE, -1, Long.MIN_VALUE, -1)).append(" | ");
    sb.append(division(-7, 2, -7L, 2L)).append(" | ");
    sb.append(division(7, -2, 7L, -2L)).append(" | ");
    try {
      sb.append(division(1, 0, 1, 1));
    } catch (ArithmeticException e) {
      sb.append("int: ").append(e.getMessage());
    }
    try {
      sb.append(division(1, 1, 1, 0));
    } catch (ArithmeticException e) {
      sb.append(", long: ").append(e.getMessage());
    }
    return sb.toString();
  }

  static String floats() {
    float nan = Float.NaN;
    double dnan = Double.NaN;
    float[] fs = {0f, -0f, 1.5f, -1.5f, nan, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 3e9f, -3e9f, 1e20f};
    StringBuilder sb = new StringBuilder();
    for (float f : fs) {
      sb.append((int) f).append(',').append((long) f).append(',').append((double) f).append(',');
      sb.append(f < 1f).append(f > 1f).append(f == f).append(f <= nan).append(f >= nan).append(' ');
      sb.append(f % 2.5f).append(' ').append(-f).append(' ');
    }
    double[] ds = {0.0, -0.0, 2.75, -2.75, dnan, Double.POSITIVE_INFINITY, -1e300, 9.3e18, -9.3e18, 4e9};
    for (double d : ds) {
      sb.append((int) d).append(',').append((long) d).append(',').append((float) d).append(',');
      sb.append(d < 1.0).append(d > 1.0).append(d != d).append(' ');
      sb.append(d % -3.0).append(' ').append(-d).append(' ').append(d * 1e308).append(' ');
    }
    long big = Long.MAX_VALUE;
    sb.append((float) big).append(' ').append((double) big).append(' ').append((double) Long.MIN_VALUE);
    sb.append(' ').append((float) 16777217).append(' ').append((double) -123456789);
    return sb.toString();
  }

  static String shifts(int n) {
    int x = 0x80000001;
    long y = 0x8000000000000001L;
    return (x << n) + " " + (x >> n) + " " + (x >>> n) + " " + (y << n) + " " + (y >> n) + " " + (y >>> n);
  }

  static String conversions(int v) {
    return (byte) v + " " + (char) v + " " + (int) (char) v + " " + (short) v + " " + (long) v + " " + (-v) + " " + (~v);
  }

  static String arrays(int index) {
    StringBuilder sb = new StringBuilder();
    int[] a = {1, 2, 3};
    long[] l = {1L << 40, -1L};
    byte[] b = {(byte) 200, 7};
    char[] c = {'\uffff', 'a'};
    short[] s = {(short) 40000, 3};
    boolean[] z = {true, false};
    double[] d = {0.5, -0.25};
    Object[] o = new String[2];
    try {
      sb.append(a[index]).append(' ').append(l[index]).append(' ').append(b[index]).append(' ');
      sb.append((int) c[index]).append(' ').append(s[index]).append(' ').append(z[index]).append(' ');
      sb.append(d[index]).append(' ');
      a[index] += 5;
      l[index] *= 3;
      b[index] += 100;
      c[index]++;
      s[index] -= 1;
      z[index] = !z[index];
      d[index] /= 3;
      sb.append(a[index]).append(' ').append(l[index]).append(' ').append(b[index]).append(' ');
      sb.append((int) c[index]).append(' ').append(s[index]).append(' ').append(z[index]).append(' ');
      sb.append(d[index]).append(' ');
      // aastore: a class that is an interface's implementor (the helper's
      // subtype test), null, anything into an Object[] (stored inline).
      Object[] seqs = new CharSequence[2];
      seqs[index] = new StringBuilder("sb");
      sb.append(seqs[index]).append(' ');
      seqs[index] = null;
      Object[] any = new Object[2];
      any[index] = seqs;
      sb.append(seqs[index]).append(' ').append(any[index] == seqs).append(' ');
      o[index] = "s";
      o[index] = Integer.valueOf(1);
    } catch (ArrayIndexOutOfBoundsException | ArrayStoreException e) {
      sb.append(e);
    }
    try {
      int[] negative = new int[index - 5];
      sb.append(negative.length);
    } catch (NegativeArraySizeException e) {
      sb.append(' ').append(e);
    }
    return sb.toString();
  }

  // aastore's subtype test by primary supers: a subclass's value into its
  // superclass's array (inline), a superclass's value into a subclass's
  // array and a sibling's into a class's (fail), and a class deeper than
  // the primary supers reach (the helper), each passing and failing.
  static class H1 {}
  static class H2 extends H1 {}
  static class H3 extends H2 {}
  static class H4 extends H3 {}
  static class H5 extends H4 {}
  static class H6 extends H5 {}
  static class H7 extends H6 {}
  static class H8 extends H7 {}
  static class H9 extends H8 {}
  static class H10 extends H9 {}
  static class Side extends H2 {}

  static String store(Object[] array, int index, Object value) {
    try {
      array[index] = value;
      return array[index] == null ? "null" : array[index].getClass().getSimpleName();
    } catch (ArrayStoreException | ArrayIndexOutOfBoundsException e) {
      return e.toString();
    }
  }

  static String stores(int round) {
    int i = round % 2;
    Object[] values = {new H1(), new H2(), new H3(), new H9(), new H10(), new Side(), Integer.valueOf(round), null};
    Object[][] arrays = {new H1[2], new H2[2], new H3[2], new H8[2], new H9[2], new H10[2], new Number[2], new Integer[2]};
    StringBuilder sb = new StringBuilder();
    for (Object[] array : arrays) {
      sb.append(array.getClass().getSimpleName()).append(':');
      for (Object value : values) sb.append(' ').append(store(array, i, value));
      sb.append(' ').append(store(array, 2 + round, values[0])).append(';');
    }
    return sb.toString();
  }

  static class Point {
    int x;
    long y;
    String name;
    static int made;

    Point(int x) {
      this.x = x;
      this.y = x * 1000000000L;
      made++;
    }
  }

  static String nulls(Point p, int[] a, Object o) {
    StringBuilder sb = new StringBuilder();
    try {
      sb.append(p.x);
    } catch (NullPointerException e) {
      sb.append(e.getMessage());
    }
    try {
      p.y = 4;
    } catch (NullPointerException e) {
      sb.append(" / ").append(e.getMessage());
    }
    try {
      sb.append(a.length);
    } catch (NullPointerException e) {
      sb.append(" / ").append(e.getMessage());
    }
    try {
      sb.append(a[0]);
    } catch (NullPointerException e) {
      sb.append(" / ").append(e.getMessage());
    }
    try {
      sb.append(o.hashCode());
    } catch (NullPointerException e) {
      sb.append(" / ").append(e.getMessage());
    }
    try {
      sb.append(((String) o).length());
    } catch (NullPointerException e) {
      sb.append(" / ").append(e.getMessage());
    }
    return sb.toString();
  }

  static String casts(Object o) {
    StringBuilder sb = new StringBuilder();
    sb.append(o instanceof String).append(o instanceof CharSequence).append(o instanceof Number);
    try {
      sb.append(' ').append(((Number) o).intValue());
    } catch (ClassCastException | NullPointerException e) {
      sb.append(' ').append(e.getMessage());
    }
    return sb.toString();
  }

  static String switches(int k) {
    String a;
    switch (k) {
      case -1: a = "minus one"; break;
      case 0: a = "zero"; break;
      case 1: a = "one"; break;
      case 2: a = "two"; break;
      case 3: a = "three"; break;
      default: a = "other";
    }
    String b;
    switch (k) {
      case Integer.MIN_VALUE: b = "min"; break;
      case -1000: b = "-1000"; break;
      case 77: b = "77"; break;
      case Integer.MAX_VALUE: b = "max"; break;
      default: b = "none";
    }
    return a + "/" + b;
  }

  static int depth;

  static int recurse(int n) {
    depth = n;
    return recurse(n + 1) + 1;
  }

  static String overflow() {
    try {
      recurse(0);
      return "no overflow";
    } catch (StackOverflowError e) {
      return "StackOverflowError caught, deep: " + (depth > 1000);
    }
  }

  static String exceptions(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      try {
        try {
          if (i % 3 == 0) throw new IllegalStateException("state " + i);
          if (i % 3 == 1) sb.append(10 / (i - 1));
          sb.append('[').append(i).append(']');
        } finally {
          sb.append('f');
        }
      } catch (IllegalStateException e) {
        sb.append(e.getMessage());
      } catch (ArithmeticException e) {
        sb.append("arith");
      }
    }
    return sb.toString();
  }

  static synchronized int locked(int n) {
    int s = 0;
    synchronized (JitEdges.class) {
      for (int i = 0; i < n; i++) s += i;
    }
    return s;
  }

  // Monitors in compiled code: synchronized blocks (on null too, and left
  // by an exception), synchronized methods called statically, directly,
  // virtually, through an interface and recursively, each holding its lock
  // while it runs and releasing it at its return or throw.
  interface Locker { boolean holds(int depth); }
  static class Guarded implements Locker {
    int count;
    public synchronized boolean holds(int depth) {
      return depth == 0 ? Thread.holdsLock(this) : holds(depth - 1) && Thread.holdsLock(this);
    }
    synchronized int bump() { return ++count; }
    private synchronized boolean own() { return Thread.holdsLock(this); }
    boolean callOwn() { return own(); }
    synchronized void fail(int n) {
      if (n > 0) throw new IllegalStateException("in lock " + n + " " + Thread.holdsLock(this));
    }
    final synchronized void nothing() {}
  }
  static final class SubGuarded extends Guarded {
    @Override synchronized int bump() { return super.bump() + 100; }
  }
  static synchronized boolean classLocked() { return Thread.holdsLock(JitEdges.class); }

  static String monitors(int round, Guarded g, Object o) {
    StringBuilder sb = new StringBuilder();
    Locker l = g;
    sb.append(l.holds(round % 3)).append(g.bump()).append(g.callOwn()).append(classLocked())
        .append(Thread.holdsLock(g)).append(Thread.holdsLock(JitEdges.class)).append(' ');
    try {
      g.fail(round);
      sb.append("no throw");
    } catch (IllegalStateException e) {
      sb.append(e.getMessage()).append(' ').append(Thread.holdsLock(g));
    }
    synchronized (g) {
      synchronized (g) {
        g.notify();  // the owner may notify
        sb.append(' ').append(Thread.holdsLock(g));
      }
      sb.append(Thread.holdsLock(g));
    }
    sb.append(Thread.holdsLock(g));
    try {
      synchronized (o) {
        sb.append(" held ").append(Thread.holdsLock(o));
        if (round % 2 == 1) throw new ArithmeticException("odd " + round);
      }
    } catch (NullPointerException | ArithmeticException e) {
      sb.append(' ').append(e.getMessage()).append(o != null && Thread.holdsLock(o));
    }
    try {
      o.notify();  // not the owner
    } catch (IllegalMonitorStateException | NullPointerException e) {
      sb.append(' ').append(e.getClass().getSimpleName()).append(':').append(e.getMessage() != null);
    }
    return sb.toString();
  }

  // A synchronized method with an empty body still takes its lock: a
  // thread calls it from compiled code (callNothing, compiled by then)
  // while this one holds the lock, and blocks.
  static volatile boolean warmed, locked;
  static void callNothing(Guarded g) { g.nothing(); }
  static String blocksOnEmpty() throws InterruptedException {
    Guarded g = new Guarded();
    Thread caller = new Thread(() -> {
      for (int i = 0; i < 50; i++) callNothing(g);
      warmed = true;
      while (!locked) Thread.yield();
      callNothing(g);
    });
    caller.start();
    while (!warmed) Thread.yield();
    String state;
    synchronized (g) {
      locked = true;
      long deadline = System.nanoTime() + 20_000_000_000L;
      Thread.State s;
      while ((s = caller.getState()) != Thread.State.BLOCKED && s != Thread.State.TERMINATED
          && System.nanoTime() < deadline) {
        Thread.yield();
      }
      state = String.valueOf(s);
    }
    caller.join();
    return "empty synchronized method: " + state;
  }

  static String stackOps(long a, double b) {
    long[] arr = {a};
    arr[0] += a;  // dup2 forms
    double[] darr = {b};
    darr[0] *= 2;
    lcounter += a;  // getstatic/putstatic long
    counter++;
    Point p = new Point(3);
    p.y += a;  // dup, getfield/putfield long
    p.x = p.x++ + ++p.x;
    return arr[0] + " " + darr[0] + " " + p.x + " " + p.y;
  }

  // Pushes of locals and constants the compiled code leaves where they are
  // until the next instruction reads them (the JIT's lazy top of stack):
  // the local changes after the push, the reader throws with the pushes as
  // its operands, a long local, a comparison of constants.
  static String lazyPushes(int i, long l, int[] a, Point p) {
    StringBuilder s = new StringBuilder();
    int j = i;
    j = j++ + j;  // iload; iinc; iload; iadd
    int k = i;
    k += k++ * 3;
    s.append(j).append(' ').append(k);
    long m = l;
    m = m * l - (m ^ 5L);  // lload; lload; lmul; lload; ldc2; lxor; lsub
    s.append(' ').append(m).append(' ').append((int) l).append(' ').append((long) i);
    s.append(' ').append(l < m ? "lt" : "ge").append(' ').append(3 < 4 ? "c" : "d");
    try {
      s.append(' ').append(a[i]);  // aload; iload; iaload: may throw
    } catch (ArrayIndexOutOfBoundsException | NullPointerException e) {
      s.append(' ').append(e.getMessage());
    }
    try {
      a[i] = i;  // aload; iload; iload; iastore
      s.append(" stored");
    } catch (RuntimeException e) {
      s.append(' ').append(e.getMessage());
    }
    try {
      s.append(' ').append(p.x);  // aload; getfield: NPE names the local
    } catch (NullPointerException e) {
      s.append(' ').append(e.getMessage());
    }
    try {
      p.y = l;  // aload; lload; putfield
      s.append(" put");
    } catch (NullPointerException e) {
      s.append(' ').append(e.getMessage());
    }
    Object o = p;
    s.append(o == null ? " null" : " obj").append(o != p ? " ne" : " eq");
    return s.toString();
  }

  // dup of a push the compiled code remembers (a result register, a local,
  // a constant) is a copy of it: chained assignments, assignments inside
  // expressions and conditions, a static field's postfix increment (the
  // copy under the increment keeps the old value while the top one is
  // incremented), compound assignments of fields.
  static int sfield;
  static float ffield;

  static String dups(int i, Point p) {
    StringBuilder s = new StringBuilder();
    int a, b, c;
    a = b = c = i * 3 + 1;
    int d = (a = b + c) + 1;
    int e = sfield++;
    int f = ++sfield;
    int g = i;
    int h = (g = 7) * g;
    int k = (c = i) + c;
    float x = (ffield = i * 0.5f) * 2f;
    s.append(a).append(' ').append(b).append(' ').append(c).append(' ').append(d).append(' ').append(e);
    s.append(' ').append(f).append(' ').append(g).append(' ').append(h).append(' ').append(k).append(' ').append(x);
    if (p != null && i % 4 == 1) p.name = "n" + i;
    String name;
    if (p != null && (name = p.name) != null) s.append(' ').append(name.length());
    else s.append(" no name");
    Point q;
    if ((q = p) == null) {
      s.append(" none");
    } else {
      q.x += i;
      q.x++;
      q.y -= q.x;
      s.append(' ').append(q.x).append(' ').append(q.y);
    }
    int[] arr = new int[i & 3];
    int len;
    if ((len = arr.length) > 1) s.append(" long ").append(len);
    else s.append(" short ").append(len);
    return s.toString();
  }

  // Results the compiled code keeps in registers for the instruction after
  // (and below the operands of one that neither branches nor calls out):
  // array loads under another array load that throws, a reference result
  // under a throwing aaload, lcmp's flags under every if, shifts by
  // constants past the width, division and narrowing of computed values.
  static String registerResults(int i, long l, int[] a, Object[] objs, Point p) {
    StringBuilder s = new StringBuilder();
    try {
      s.append(a[i] + a[i + 1] * a[i + 2]);  // the third load may throw
    } catch (ArrayIndexOutOfBoundsException | NullPointerException e) {
      s.append(e.getMessage());
    }
    try {
      s.append(' ').append(objs[i].equals(objs[i + 1]));  // a reference kept under a throwing aaload
    } catch (ArrayIndexOutOfBoundsException | NullPointerException e) {
      s.append(' ').append(e.getMessage());
    }
    long[] longs = {Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE, l};
    for (long x : longs) {
      s.append(' ');
      for (long y : longs) {
        s.append(x < y ? 'l' : '-').append(x <= y ? 'e' : '-').append(x == y ? 'q' : '-');
        s.append(x != y ? 'n' : '-').append(x > y ? 'g' : '-').append(x >= y ? 'a' : '-');
        s.append(Long.compare(x * 3, y - 1) + 1);
      }
    }
    int v = i * 0x01010101 - 5;
    s.append(' ').append(v << 33).append(' ').append(v >> 31).append(' ').append(v >>> 0).append(' ').append(v >>> 36);
    s.append(' ').append(l << 65).append(' ').append(l >>> 64).append(' ').append(l >> 63).append(' ').append((l * 3) >>> 70);
    s.append(' ').append(v / 7).append(' ').append(v % -3).append(' ').append((v + Integer.MIN_VALUE) / -1);
    s.append(' ').append((l + 1) / 7).append(' ').append((l - 2) % -5).append(' ').append((l + Long.MIN_VALUE) / -1);
    s.append(' ').append((byte) (v + 100)).append(' ').append((int) (char) (v * 3)).append(' ').append((short) (v - 70000));
    s.append(' ').append(-(v * 2)).append(' ').append((int) (l * 5)).append(' ').append((long) (v + 1) * (v - 1));
    try {
      s.append(' ').append(a.length + i).append(' ').append(p.name.length());
    } catch (NullPointerException e) {
      s.append(' ').append(e.getMessage());
    }
    return s.toString();
  }

  // Inline caches (two ways per site): an interface call, a checkcast and
  // an instanceof site that see one, two, then more classes, so a cached
  // way must not answer for a class it does not hold.
  interface Shape { int area(); }
  static final class Sq implements Shape { public int area() { return 4; } }
  static final class Tri implements Shape { public int area() { return 3; } }
  static final class Hex implements Shape { public int area() { return 6; } }
  static class Blob implements Shape { public int area() { return 100; } }
  static final class BigBlob extends Blob { public int area() { return 1000; } }

  static int callArea(Shape s) { return s.area(); }

  // invokevirtual of a private method (javac's call since nestmates) and
  // of a default method through a class type: the JIT calls the first
  // directly and selects the second as invokeinterface does.
  interface Named { default String name() { return "named:" + getClass().getSimpleName(); } }
  static final class Counter implements Named {
    private int count;
    private int bump(int by) { return count += by; }
    static int bumpOf(Counter c) { return c.bump(1); }
    int run(int n) {
      int last = 0;
      for (int i = 0; i < n; i++) last = bump(i & 3);
      return last;
    }
  }
  static String privateAndDefault(int round) {
    Counter c = new Counter();
    Counter none = round < 0 ? c : null;
    String npe;
    try {
      npe = String.valueOf(Counter.bumpOf(none));
    } catch (NullPointerException e) {
      npe = e.getMessage();
    }
    return c.run(100 + round) + " " + c.name() + " " + npe;
  }

  static String castShape(Object o) {
    try {
      return String.valueOf(((Shape) o).area());
    } catch (ClassCastException e) {
      return e.getMessage();
    }
  }

  static String inlineCaches(int round) {
    Shape[] kinds = {new Sq(), new Tri(), new Hex(), new Blob(), new BigBlob()};
    StringBuilder sb = new StringBuilder();
    int sum = 0;
    // The classes reach each site in a growing mix: one class first, then
    // two (both ways fill), then all five (misses past the two ways).
    for (int i = 0; i < 30; i++) {
      Shape s = kinds[i < 10 ? 0 : i < 20 ? i % 2 : i % kinds.length];
      sum = sum * 31 + callArea(s);
      sb.append(s instanceof Blob ? 'b' : '.');
    }
    sb.append(' ').append(sum);
    Object[] objects = {new Sq(), new Tri(), "not a shape", new BigBlob(), Integer.valueOf(round), null};
    for (Object o : objects) sb.append(' ').append(o == null ? "null" : castShape(o));
    return sb.toString();
  }

  // A call made only after the loop around it was compiled: the site was
  // not resolved then, so the compiled code leaves it to the interpreter
  // and the method is compiled again with it (PrintCompilation: "made not
  // entrant"). The class it calls is initialized there, late.
  static class Late {
    static final String GREETING;
    static {
      GREETING = "late class initialized";
      System.out.println(GREETING);
    }
    static int twice(int x) { return 2 * x; }
  }

  static long lateCalls(int n) {
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += i & 7;
      if (i >= n - 4) sum += Late.twice(i) + String.valueOf(i).length();
    }
    return sum;
  }

  // Inlined into lateInlined's loop before its call is made: once that call
  // resolves, the loop is compiled again with it rather than leaving the
  // inlined body to the interpreter on every pass from then on.
  static final class LateInner {
    static int thrice(int x) { return 3 * x; }
  }

  static int lateCallee(int i, int n) { return i >= n - 1000 ? LateInner.thrice(i) & 15 : 1; }

  static long lateInlined(int n) {
    long sum = 0;
    for (int i = 0; i < n; i++) sum += lateCallee(i, n);
    return sum;
  }

  static long loops(int n) {
    // A long-running loop in a method called once: compiled while it runs.
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += i ^ (sum >>> 3);
      if ((i & 0xffff) == 0) sink = i;
    }
    return sum;
  }

  public static void main(String[] args) throws InterruptedException {
    for (int round = 0; round < ROUNDS; round++) {
      boolean show = round == 0 || round == ROUNDS - 1;
      String[] results = {
        divisions(),
        floats(),
        shifts(round) + " | " + shifts(32 + round) + " | " + shifts(-round) + " | " + shifts(63),
        conversions(0x12345678 + round * 0x01010101) + " | " + conversions(-129 - round),
        arrays(round % 2) + " | " + arrays(round),
        nulls(null, null, null) + " | " + nulls(new Point(round), new int[] {round}, "x" + round),
        casts("str") + " " + casts(Integer.valueOf(round)) + " " + casts(new Object()) + " " + casts(null),
        switches(round - 1) + " " + switches(Integer.MIN_VALUE) + " " + switches(77) + " " + switches(Integer.MAX_VALUE),
        exceptions(round + 4),
        String.valueOf(locked(round * 10)),
        stackOps(round * 3L, round / 4.0),
        lazyPushes(round, round * 7L - 20, new int[round % 3], round % 2 == 0 ? null : new Point(round))
            + " | " + lazyPushes(-1, Long.MIN_VALUE, null, new Point(1)),
        inlineCaches(round),
        registerResults(round % 4, round * 0x123456789L - 7, new int[] {3, 5, 7, round}, new Object[] {"a", "a" + round % 2},
            round % 3 == 0 ? null : new Point(round))
            + " | " + registerResults(-1, Long.MIN_VALUE, null, new Object[1], new Point(1)),
        privateAndDefault(round),
        monitors(round, round % 2 == 0 ? new Guarded() : new SubGuarded(), round % 3 == 0 ? null : new Object()),
        dups(round, round % 2 == 0 ? null : new Point(round)) + " | " + dups(-round, new Point(-1)),
        stores(round),
      };
      if (show) for (String r : results) System.out.println(r);
    }
    System.out.println(blocksOnEmpty());
    System.out.println(overflow());
    System.out.println(loops(3_000_000));
    System.out.println(lateCalls(200_000));
    System.out.println(lateInlined(200_000));
    System.out.println(Point.made + " " + counter + " " + lcounter);
  }
}
