package diff.lang;

import java.util.stream.Collectors;

// Callees that compiled code without counting inlines: their bodies run in
// the caller's code, and their frames are written only when something but
// the code could see them (interp/jit/compiler.cpp, "inlining"). Against
// HotSpot: branches, arithmetic and every narrowing of a return; nested
// inlined calls; a static callee without arguments or locals, whose frame
// lies where its result goes; the exceptions an inlined body throws (null
// fields, array bounds, division, casts), with their messages and stack
// traces, from one and from three inlined calls deep, and caught by a
// handler in the callee itself or in its caller; real calls, natives,
// string concatenation, allocation and monitors inside inlined bodies;
// loops; stack traces, StackWalker and a caller-sensitive method asked from
// inside an inlined body; a virtual call whose receiver's class selects an
// override (the guard fails) or a class loaded after the caller compiled;
// and a recursion through inlined calls that ends in StackOverflowError.
public class JitInlineBodies {
  int value;
  int[] data = {3, 1, 4, 1, 5, 9, 2, 6};
  JitInlineBodies next;
  Object thing = "thing";
  static int counter;

  int clamp(int x) {
    if (x < 0) return 0;
    if (x > 100) return 100;
    return x;
  }

  static long mix(long a, int b) { return b > 0 ? a * 31 + b : a - b; }

  int at(int i) { return data[i]; }

  int div(int a, int b) { return a / b; }

  int nextValue() { return next.value; }

  String thingAsString() { return (String) thing; }

  int twice(int x) { return clamp(x) + clamp(x + 1); }

  int deep(int x) { return twice(x) + at(x & 7); }

  int deepAt(int i) { return twice(i) + at(i); }

  int deeperAt(int i) { return deepAt(i) - 1; }

  static JitInlineBodies create() { return new JitInlineBodies(); }

  static int zero() { return counter; }

  // More than an inlined body may have: always a real call.
  int big(int x) {
    int s = 0;
    for (int i = 0; i < 3; i++) {
      s += x * i + data[i] - data[(i + 1) & 7] + value;
      s ^= s >>> 3;
      s += i * i * i;
    }
    return s;
  }

  int withCall(int x) {
    int y = big(x);
    return y + 1;
  }

  static String intern(String a, String b) { return a.concat(b).intern(); }

  static String concat(String a, int b) { return a + b; }

  static int sum(int[] a) {
    int s = 0;
    for (int v : a) s += v;
    return s;
  }

  int safeAt(int i) {
    try {
      return data[i];
    } catch (ArrayIndexOutOfBoundsException e) {
      return -1;
    }
  }

  int locked(Object o) {
    synchronized (o) {
      return value++;
    }
  }

  synchronized int syncGet() { return value; }

  static synchronized int syncStatic(int x) { return x + 1; }

  synchronized int syncThrow(int i) { return data[i]; }

  synchronized int syncNested() { return syncGet() + (Thread.holdsLock(this) ? 1 : 0); }

  static boolean isOdd(int x) { return (x & 1) != 0; }
  static byte toByte(int x) { return (byte) x; }
  static char toChar(int x) { return (char) x; }
  static short toShort(int x) { return (short) x; }
  static double half(double d) { return d / 2; }
  static float third(float f) { return f / 3; }
  static long wide(int x) { return (long) x << 33; }

  static String where() {
    StackTraceElement[] t = new Throwable().getStackTrace();
    return t[0].getMethodName() + "<-" + t[1].getMethodName() + "<-" + t[2].getMethodName();
  }

  static String walked() {
    return StackWalker.getInstance()
        .walk(s -> s.limit(3).map(StackWalker.StackFrame::getMethodName).collect(Collectors.joining("<-")));
  }

  static String trace() { return where() + " / " + walked(); }

  static Class<?> load(String name) throws ClassNotFoundException { return Class.forName(name); }

  static class Base {
    int f(int x) { return x + 1; }
  }

  static class Derived extends Base {
    @Override
    int f(int x) { return x * 2; }
  }

  static int callF(Base b, int x) { return b.f(x); }

  // Call sites whose receivers are of one class while the caller warms up:
  // an interface call and a call of an abstract method. Other classes
  // come after the callers compiled.
  interface Shape {
    int area();
  }

  static final class Square implements Shape {
    final int side;
    Square(int side) { this.side = side; }
    public int area() { return side * side; }
  }

  static final class Triangle implements Shape {
    final int base, height;
    Triangle(int base, int height) { this.base = base; this.height = height; }
    public int area() { return base * height / 2; }
  }

  static int areaOf(Shape s) { return s.area(); }

  abstract static class Animal {
    abstract int legs();
    int twiceLegs() { return legs() * 2; }
  }

  static class Dog extends Animal {
    int legs() { return 4; }
  }

  static class Bird extends Animal {
    int legs() { return 2; }
  }

  static int down(int n) { return n == 0 ? 0 : 1 + down2(n - 1); }

  static int down2(int n) { return n == 0 ? 0 : 1 + down(n - 1); }

  static int[] alloc(int n) { return new int[n]; }

  static int syncRound(JitInlineBodies o, int r) { return o.syncGet() + syncStatic(r) + o.syncNested(); }

  static long round(JitInlineBodies o, Base b, int r) {
    long h = 0;
    h += o.clamp(r - 150) + o.clamp(r) + o.clamp(r * 7);
    h = mix(h, r & 3) + mix(h, -(r & 5));
    h += o.deep(r) + o.twice(-r) + o.at(r & 7);
    h += create().value + zero();
    h += o.withCall(r);
    h += intern("a", Integer.toString(r & 3)).length() + concat("r", r).length();
    h += sum(o.data) + o.safeAt(r & 15) + o.locked(o.thing);
    h += (isOdd(r) ? 1 : 0) + toByte(r * 37) + toChar(-r) + toShort(r * 999);
    h += (long) half(r) + (long) third(r) + wide(r);
    h += callF(b, r) + alloc(r & 7).length;
    h += syncRound(o, r);
    h += areaOf(new Square(r & 15)) + new Dog().twiceLegs();
    counter++;
    return h;
  }

  // Runs `r`, printing what it throws (its trace from the first frames:
  // the callers below differ with the round).
  static void report(String label, Runnable r) {
    try {
      r.run();
      System.out.println(label + ": no exception");
    } catch (RuntimeException e) {
      System.out.println(label + ": " + e);
      StackTraceElement[] trace = e.getStackTrace();
      for (int i = 0; i < Math.min(4, trace.length); i++) System.out.println("    at " + trace[i]);
    }
  }

  public static void main(String[] args) throws Exception {
    JitInlineBodies o = new JitInlineBodies();
    o.next = new JitInlineBodies();
    o.next.value = 7;
    Base base = new Base();
    Base derived = new Derived();
    long total = 0;
    for (int r = 0; r < 400; r++) {
      total += round(o, r % 3 == 0 ? derived : base, r);
      if (r % 100 == 99) System.out.println("round " + r + ": " + total);
      if (r % 97 == 0) {
        // Each exception a few times only: HotSpot's C2 code would drop the
        // traces of a site that throws often (OmitStackTraceInFastThrow).
        final int i = 8 + (r & 3);
        report("at", () -> o.at(i));
        report("deeperAt", () -> o.deeperAt(i));
        report("div", () -> o.div(r0(i), 0));
        JitInlineBodies lonely = new JitInlineBodies();
        report("nextValue", lonely::nextValue);
        lonely.thing = Integer.valueOf(r0(i));
        report("thingAsString", lonely::thingAsString);
        report("syncThrow", () -> o.syncThrow(i));
        System.out.println("holds after: " + Thread.holdsLock(o));
        System.out.println(trace() + " / " + load("diff.lang.JitInlineBodies$Base").getName());
      }
    }
    System.out.println("total " + total + ", counter " + counter + ", value " + o.value);
    // A synchronized callee whose lock another thread holds: the inlined
    // call waits for it (the helper's path).
    java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
    Thread holder = new Thread(() -> {
      synchronized (o) {
        held.countDown();
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        o.value += 1000;
      }
    });
    holder.start();
    held.await();
    System.out.println("waited: " + o.syncGet() + " " + o.syncNested());
    holder.join();
    // An override loaded only now: the guard of the calls compiled before
    // sends it to the real call.
    Base late = (Base) Class.forName("diff.lang.JitInlineBodies$Late").getDeclaredConstructor().newInstance();
    long late_total = 0;
    for (int r = 0; r < 50; r++) late_total += callF(late, r) + callF(base, r);
    System.out.println("late " + late_total);
    long shapes = 0;
    for (int r = 0; r < 50; r++)
      shapes += areaOf(r % 2 == 0 ? new Triangle(r, 3) : new Square(r)) + (r % 3 == 0 ? new Bird() : new Dog()).twiceLegs();
    System.out.println("shapes " + shapes);
    try {
      down(1 << 30);
      System.out.println("no StackOverflowError");
    } catch (StackOverflowError e) {
      System.out.println("StackOverflowError");
    }
    System.out.println("after: " + down(1000));
  }

  static int r0(int i) { return i * 3; }

  static class Late extends Base {
    @Override
    int f(int x) { return x - 5; }
  }
}
