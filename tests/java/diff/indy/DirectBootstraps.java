package diff.indy;

import java.lang.invoke.*;
import java.lang.runtime.ObjectMethods;
import java.util.*;
import java.util.function.*;

/** Calling the JDK bootstrap methods directly from Java: LambdaMetafactory, StringConcatFactory, ObjectMethods. */
public class DirectBootstraps {
  static String shout(String s) { return s.toUpperCase() + "!"; }

  static int plus(int a, int b) { return a + b; }

  static final class Pair {
    final String name;
    final int count;

    Pair(String name, int count) {
      this.name = name;
      this.count = count;
    }
  }

  interface Marker {}

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup lk = MethodHandles.lookup();
    MethodHandle shout = lk.findStatic(DirectBootstraps.class, "shout", MethodType.methodType(String.class, String.class));
    CallSite cs = LambdaMetafactory.metafactory(lk, "apply", MethodType.methodType(Function.class),
        MethodType.methodType(Object.class, Object.class), shout, MethodType.methodType(String.class, String.class));
    @SuppressWarnings("unchecked")
    Function<String, String> f = (Function<String, String>) cs.getTarget().invokeExact();
    System.out.println("metafactory Function " + f.apply("direct") + " factory type " + cs.type());
    MethodHandle plus = lk.findStatic(DirectBootstraps.class, "plus", MethodType.methodType(int.class, int.class, int.class));
    CallSite capt = LambdaMetafactory.metafactory(lk, "applyAsInt", MethodType.methodType(IntUnaryOperator.class, int.class),
        MethodType.methodType(int.class, int.class), plus, MethodType.methodType(int.class, int.class));
    IntUnaryOperator add10 = (IntUnaryOperator) capt.getTarget().invokeExact(10);
    IntUnaryOperator add20 = (IntUnaryOperator) capt.getTarget().invoke(20);
    System.out.println("capturing metafactory " + add10.applyAsInt(5) + " " + add20.applyAsInt(5) + " distinct " + (add10 != add20));
    MethodHandle length = lk.findVirtual(String.class, "length", MethodType.methodType(int.class));
    CallSite alt = LambdaMetafactory.altMetafactory(lk, "applyAsInt", MethodType.methodType(ToIntFunction.class),
        MethodType.methodType(int.class, Object.class), length, MethodType.methodType(int.class, String.class),
        LambdaMetafactory.FLAG_MARKERS | LambdaMetafactory.FLAG_SERIALIZABLE, 1, Marker.class);
    @SuppressWarnings("unchecked")
    ToIntFunction<String> len = (ToIntFunction<String>) alt.getTarget().invoke();
    System.out.println("altMetafactory " + len.applyAsInt("four") + " marker " + (len instanceof Marker) + " serializable " + (len instanceof java.io.Serializable));
    try {
      LambdaMetafactory.metafactory(lk, "apply", MethodType.methodType(Function.class),
          MethodType.methodType(Object.class, Object.class, Object.class), shout, MethodType.methodType(String.class, String.class));
    } catch (LambdaConversionException e) {
      System.out.println("LambdaConversionException: " + e.getMessage());
    }
    CallSite concat = StringConcatFactory.makeConcatWithConstants(lk, "concat",
        MethodType.methodType(String.class, int.class, String.class, double.class, char.class), "a=\u0001, b=\u0001, c=\u0001, d=\u0001 \u0002", "CONST");
    System.out.println("makeConcatWithConstants " + (String) concat.getTarget().invokeExact(1, "two", 3.5, 'z'));
    CallSite plain = StringConcatFactory.makeConcat(lk, "concat", MethodType.methodType(String.class, Object.class, long.class, boolean.class));
    System.out.println("makeConcat " + (String) plain.getTarget().invokeExact((Object) null, 7L, false));
    try {
      StringConcatFactory.makeConcatWithConstants(lk, "concat", MethodType.methodType(String.class, int.class), "\u0001\u0001");
    } catch (StringConcatException e) {
      System.out.println("StringConcatException: " + e.getMessage());
    }
    MethodHandle getName = lk.findGetter(Pair.class, "name", String.class);
    MethodHandle getCount = lk.findGetter(Pair.class, "count", int.class);
    MethodHandle toStr = ((CallSite) ObjectMethods.bootstrap(lk, "toString", MethodType.methodType(String.class, Pair.class), Pair.class,
        "name;count", getName, getCount)).getTarget();
    MethodHandle eq = ((CallSite) ObjectMethods.bootstrap(lk, "equals", MethodType.methodType(boolean.class, Pair.class, Object.class), Pair.class,
        "name;count", getName, getCount)).getTarget();
    MethodHandle hash = ((CallSite) ObjectMethods.bootstrap(lk, "hashCode", MethodType.methodType(int.class, Pair.class), Pair.class,
        "name;count", getName, getCount)).getTarget();
    Pair p1 = new Pair("x", 1), p2 = new Pair("x", 1), p3 = new Pair("y", 2);
    System.out.println("ObjectMethods toString " + (String) toStr.invokeExact(p1));
    System.out.println("ObjectMethods equals " + (boolean) eq.invokeExact(p1, (Object) p2) + " " + (boolean) eq.invokeExact(p1, (Object) p3)
        + " " + (boolean) eq.invokeExact(p1, (Object) "str"));
    System.out.println("ObjectMethods hashCode " + (int) hash.invokeExact(p1) + " " + (int) hash.invokeExact(p3));
    Runnable proxy = MethodHandleProxies.asInterfaceInstance(Runnable.class,
        lk.findStatic(DirectBootstraps.class, "shout", MethodType.methodType(String.class, String.class)).bindTo("proxied").asType(MethodType.methodType(void.class)));
    proxy.run();
    @SuppressWarnings("unchecked")
    Function<String, String> fproxy = MethodHandleProxies.asInterfaceInstance(Function.class, shout);
    System.out.println("MethodHandleProxies " + fproxy.apply("via proxy") + " isWrapper " + MethodHandleProxies.isWrapperInstance(fproxy));
    CallSite cst = new ConstantCallSite(shout);
    VolatileCallSite vcs = new VolatileCallSite(shout);
    System.out.println("call sites " + (String) cst.dynamicInvoker().invokeExact("c") + " " + (String) vcs.getTarget().invokeExact("v") + " " + vcs.type());
    try {
      ((ConstantCallSite) cst).setTarget(shout);
    } catch (UnsupportedOperationException e) {
      System.out.println("ConstantCallSite.setTarget throws UnsupportedOperationException");
    }
    try {
      vcs.setTarget(plus);
    } catch (WrongMethodTypeException e) {
      System.out.println("setTarget wrong type: " + e.getMessage());
    }
    SwitchPointDemo.run();
  }

  static final class SwitchPointDemo {
    static String fast(String s) { return "fast " + s; }

    static String slow(String s) { return "slow " + s; }

    static void run() throws Throwable {
      MethodHandles.Lookup lk = MethodHandles.lookup();
      MethodType mt = MethodType.methodType(String.class, String.class);
      SwitchPoint sp = new SwitchPoint();
      MethodHandle guarded = sp.guardWithTest(lk.findStatic(SwitchPointDemo.class, "fast", mt), lk.findStatic(SwitchPointDemo.class, "slow", mt));
      System.out.println("SwitchPoint " + (String) guarded.invokeExact("a") + " invalidated " + sp.hasBeenInvalidated());
      SwitchPoint.invalidateAll(new SwitchPoint[] {sp});
      System.out.println("SwitchPoint " + (String) guarded.invokeExact("b") + " invalidated " + sp.hasBeenInvalidated());
    }
  }
}
