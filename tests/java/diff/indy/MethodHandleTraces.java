package diff.indy;

import java.lang.invoke.*;
import java.util.function.*;

/** Exceptions thrown through method handles and combinators: LambdaForm frames are hidden in traces. */
public class MethodHandleTraces {
  static int fail(int x) {
    if (x > 2) throw new IllegalArgumentException("too big: " + x);
    return x;
  }

  static String boom(String s) { throw new UnsupportedOperationException("boom " + s); }

  int instanceFail(long a, double b) { throw new IllegalStateException("instance " + a + " " + b); }

  static void print(Throwable t) {
    System.out.println("caught " + t);
    for (StackTraceElement e : t.getStackTrace()) {
      if (e.getClassName().startsWith("diff.") || e.getClassName().startsWith("java.lang.invoke.MethodHandle")) {
        System.out.println("    at " + e);
      }
    }
    System.out.println("  depth to main " + depthToMain(t));
  }

  static int depthToMain(Throwable t) {
    StackTraceElement[] st = t.getStackTrace();
    for (int i = 0; i < st.length; i++) if (st[i].getMethodName().equals("main")) return i;
    return -1;
  }

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup lk = MethodHandles.lookup();
    MethodHandle fail = lk.findStatic(MethodHandleTraces.class, "fail", MethodType.methodType(int.class, int.class));
    try {
      int r = (int) fail.invokeExact(5);
      System.out.println("unexpected " + r);
    } catch (IllegalArgumentException e) {
      print(e);
    }
    try {
      Object r = fail.invoke((Object) Integer.valueOf(7));
      System.out.println("unexpected " + r);
    } catch (IllegalArgumentException e) {
      print(e);
    }
    MethodHandle bound = MethodHandles.insertArguments(fail, 0, 9);
    try {
      int r = (int) bound.invokeExact();
      System.out.println("unexpected " + r);
    } catch (IllegalArgumentException e) {
      print(e);
    }
    MethodHandle boom = lk.findStatic(MethodHandleTraces.class, "boom", MethodType.methodType(String.class, String.class));
    MethodHandle filtered = MethodHandles.filterReturnValue(MethodHandles.identity(String.class), boom);
    try {
      String r = (String) filtered.invokeExact("via filter");
      System.out.println("unexpected " + r);
    } catch (UnsupportedOperationException e) {
      print(e);
    }
    MethodHandle inst = lk.findVirtual(MethodHandleTraces.class, "instanceFail", MethodType.methodType(int.class, long.class, double.class));
    try {
      int r = (int) inst.invokeExact(new MethodHandleTraces(), 1L << 35, 0.5);
      System.out.println("unexpected " + r);
    } catch (IllegalStateException e) {
      print(e);
    }
    try {
      inst.invokeWithArguments(new MethodHandleTraces(), 3L, 4.0);
    } catch (IllegalStateException e) {
      System.out.println("invokeWithArguments: " + e.getMessage() + " frames to main " + (depthToMain(e) >= 0));
    }
    Supplier<Integer> viaLambda = () -> {
      try {
        return (int) fail.invokeExact(3);
      } catch (Throwable t) {
        throw new RuntimeException("wrapped in lambda", t);
      }
    };
    try {
      viaLambda.get();
    } catch (RuntimeException e) {
      e.printStackTrace(System.out);
    }
    MethodHandle guarded = MethodHandles.guardWithTest(MethodHandles.dropArguments(MethodHandles.constant(boolean.class, true), 0, int.class),
        fail, MethodHandles.identity(int.class));
    try {
      int r = (int) guarded.invokeExact(4);
      System.out.println("unexpected " + r);
    } catch (IllegalArgumentException e) {
      e.printStackTrace(System.out);
    }
    // An uncaught exception through a method handle: the default handler prints the trace on stderr.
    int r = (int) fail.invokeExact(100);
    System.out.println("unreachable " + r);
  }
}
