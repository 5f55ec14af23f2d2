package diff.lang;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

// Calls that compiled code without counting runs in place (interp/jit/
// inlining.h): getters and setters of every field type, constant and
// `this` returns, constructors that store their arguments, against HotSpot.
// Around them, what must still be a real call or the interpreter's: an
// override the receiver's class selects (also one loaded after the caller
// was compiled), a null receiver's NullPointerException, a class with a
// finalizer to register, a constructor whose super() is not Object's, and
// methods that do more than move values. Then static methods run in place:
// empty ones, returns of an argument or constant of each width, getters and
// setters of static fields (plain, volatile, of another class, written
// between the calls), a static final initialized in <clinit>, and a static
// getter of a class whose initializer is still running on another thread
// when the caller first calls it (that call waits, as HotSpot's does).
public class JitInline {
  static class Fields {
    boolean z;
    byte b;
    char c;
    short s;
    int i;
    long j;
    float f;
    double d;
    Object o;
    volatile int v;
    final long fixed;

    Fields(long fixed) {
      this.fixed = fixed;
    }

    boolean getZ() { return z; }
    byte getB() { return b; }
    char getC() { return c; }
    short getS() { return s; }
    int getI() { return i; }
    long getJ() { return j; }
    float getF() { return f; }
    double getD() { return d; }
    Object getO() { return o; }
    int getV() { return v; }
    long getFixed() { return fixed; }

    void setZ(boolean z) { this.z = z; }
    void setB(byte b) { this.b = b; }
    void setC(char c) { this.c = c; }
    void setS(short s) { this.s = s; }
    void setI(int i) { this.i = i; }
    void setJ(long j) { this.j = j; }
    void setF(float f) { this.f = f; }
    void setD(double d) { this.d = d; }
    void setO(Object o) { this.o = o; }
    void setV(int v) { this.v = v; }

    // An int field returned as narrower types: ireturn narrows (§6.5).
    byte asByte() { return (byte) i; }
    char asChar() { return (char) i; }
    // Two fields swapped through the stack, and constants.
    void swapIJ() { long t = j; j = i; i = (int) t; }
    int seven() { return 7; }
    long minusOne() { return -1L; }
    double half() { return 0.5; }
    Object nothing() { return null; }
    Fields self() { return this; }
    private int privateI() { return i; }
    int viaPrivate() { return privateI(); }
  }

  // Overrides a getter with a method that is not trivial, and one with a
  // trivial one of its own.
  static class Negated extends Fields {
    Negated() { super(-1); }
    @Override int getI() { return -i; }
    @Override long getJ() { return j + 1; }
  }

  static final class Point {
    final int x, y;
    final double w;
    Point(int x, int y, double w) {
      this.x = x;
      this.y = y;
      this.w = w;
    }
    int x() { return x; }
    int y() { return y; }
    double w() { return w; }
  }

  // super() is not Object's: its constructor is called.
  static class Point3 extends Fields {
    final int z3;
    Point3(int z3) {
      super(z3 * 2L);
      this.z3 = z3;
    }
  }

  static final int FINALIZED = 3000;
  static final CountDownLatch finalized = new CountDownLatch(FINALIZED);

  // Object.<init> registers these for finalization (the interpreter's
  // return does it): a call from compiled code must not be run in place.
  static class Finalized {
    int n;
    Finalized(int n) { this.n = n; }
    @Override
    @SuppressWarnings("deprecation")
    protected void finalize() { finalized.countDown(); }
  }

  // In a method of its own, so that no local of main keeps the objects.
  static void makeFinalizable(int n) {
    for (int k = 0; k < n; k++) new Finalized(k);
  }

  static long round(Fields f, int k) {
    f.setZ((k & 1) == 0);
    f.setB((byte) (k * 3));
    f.setC((char) (k * 7));
    f.setS((short) (k * 11));
    f.setI(k);
    f.setJ(k * 1_000_003L);
    f.setF(k * 0.25f);
    f.setD(k * 0.125);
    f.setO(f);
    f.setV(k ^ 0x55);
    long sum = (f.getZ() ? 1 : 0) + f.getB() + f.getC() + f.getS() + f.getI() + f.getJ() + (long) (f.getF() * 4)
        + (long) (f.getD() * 8) + (f.getO() == f ? 1 : 0) + f.getV() + f.getFixed();
    f.setI(k * 1000 + 200);
    sum += f.asByte() + f.asChar() + f.seven() + f.minusOne() + (long) (f.half() * 2) + (f.nothing() == null ? 1 : 0)
        + (f.self() == f ? 1 : 0) + f.viaPrivate();
    f.swapIJ();
    return sum + f.getI() + f.getJ();
  }

  // Loaded only when first used, after round() has run compiled.
  static class Late extends Fields {
    Late() { super(5); }
    @Override int getI() { return 1_000_000; }
  }

  public static void main(String[] args) throws InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
    Fields plain = new Fields(42);
    Fields negated = new Negated();
    long sum = 0;
    for (int k = 0; k < n; k++) sum += round(plain, k) + round(negated, k);
    System.out.println("fields " + sum);
    sum = 0;
    for (int k = 0; k < n; k++) {
      Point p = new Point(k, -k, k * 0.5);
      sum += p.x() + p.y() * 3L + (long) p.w();
      Point3 q = new Point3(k);
      sum += q.z3 + q.getFixed();
    }
    System.out.println("constructors " + sum);
    sum = 0;
    for (int k = 0; k < n; k++) sum += round(k % 1000 == 999 ? new Late() : plain, k);
    System.out.println("late override " + sum);
    makeFinalizable(FINALIZED);
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (finalized.getCount() > 0 && System.nanoTime() < deadline) {
      System.gc();
      System.runFinalization();
      finalized.await(10, TimeUnit.MILLISECONDS);
    }
    System.out.println("all finalized: " + (finalized.getCount() == 0));
    Fields none = args.length > 1 ? plain : null;
    for (int k = 0; k < 3; k++) {
      try {
        System.out.println(k == 0 ? none.getI() : k == 1 ? none.getJ() : none.self().getI());
      } catch (NullPointerException e) {
        System.out.println("NPE: " + e.getMessage());
      }
    }
    try {
      none.setI(1);
    } catch (NullPointerException e) {
      System.out.println("NPE: " + e.getMessage());
    }
    statics(n);
  }

  static int counter;
  static volatile long stamp;
  static double scale = 1.5;
  static Object last;
  static final int SEED = Integer.getInteger("jit.inline.seed", 17);

  static void nothing() {}
  static void nothing(Object o, long l) {}
  static int same(int x) { return x; }
  static long sameLong(int pad, long x) { return x; }
  static double sameDouble(double x) { return x; }
  static Object sameObject(Object o) { return o; }
  static float half() { return 0.5f; }
  static long big() { return 1L << 40; }
  static int counter() { return counter; }
  static void setCounter(int v) { counter = v; }
  static long stamp() { return stamp; }
  static void setStamp(long v) { stamp = v; }
  static double scale() { return scale; }
  static void setScale(double v) { scale = v; }
  static Object last() { return last; }
  static void setLast(Object o) { last = o; }
  static int seed() { return SEED; }
  static int otherCount() { return Other.count; }

  static class Other {
    static int count = 5;
  }

  // A class whose initializer runs long on the thread that starts it.
  static class Slow {
    static final CountDownLatch started = new CountDownLatch(1);
    static int value;

    static {
      started.countDown();
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        throw new RuntimeException(e);
      }
      value = 99;
    }

    static int value() { return value; }
  }

  static long staticRound(int k) {
    nothing();
    nothing(null, k);
    setCounter(counter() + same(k));
    setStamp(stamp() + sameLong(0, big()));
    setScale(scale() + sameDouble(half()));
    setLast(sameObject(k % 2 == 0 ? "even" : null));
    Other.count += 1;
    return counter() + stamp() + (long) scale() + (last() == null ? 1 : 2) + seed() + otherCount();
  }

  static void statics(int n) throws InterruptedException {
    long sum = 0;
    for (int k = 0; k < n; k++) sum += staticRound(k);
    System.out.println("statics " + sum + " " + counter + " " + stamp + " " + scale + " " + last + " "
        + Other.count);
    Thread starter = new Thread(Slow::value);
    starter.start();
    Slow.started.await();
    System.out.println("slow " + slowValue());
    starter.join();
  }

  static int slowValue() { return Slow.value(); }
}
