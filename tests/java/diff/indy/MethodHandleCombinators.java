package diff.indy;

import java.lang.invoke.*;
import java.util.*;

/** MethodHandles combinators: bindTo, insert/dropArguments, filters, guardWithTest, catchException, invokers. */
public class MethodHandleCombinators {
  static String greet(String greeting, String name, int times) { return (greeting + " " + name + "; ").repeat(times).trim(); }
  static boolean isShort(String s) { return s.length() < 5; }
  static String shortPath(String s) { return "short:" + s; }
  static String longPath(String s) { return "long:" + s.substring(0, 5) + "..."; }
  static int risky(int x) {
    if (x < 0) throw new IllegalArgumentException("negative " + x);
    return x * 2;
  }
  static int recover(IllegalArgumentException e, int x) { return -1000 + x; }
  static String twice(String s) { return s + s; }
  static int len(String s) { return s.length(); }
  static int sum3(int a, int b, int c) { return a * 100 + b * 10 + c; }

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup lk = MethodHandles.lookup();
    Class<?> me = MethodHandleCombinators.class;
    MethodHandle greet = lk.findStatic(me, "greet", MethodType.methodType(String.class, String.class, String.class, int.class));
    MethodHandle hello = MethodHandles.insertArguments(greet, 0, "hello");
    System.out.println("insertArguments " + hello.type() + " -> " + (String) hello.invokeExact("bob", 2));
    MethodHandle helloAnn = MethodHandles.insertArguments(greet, 0, "hi", "ann");
    System.out.println((String) helloAnn.invokeExact(3));
    MethodHandle bound = lk.findVirtual(String.class, "concat", MethodType.methodType(String.class, String.class)).bindTo("prefix-");
    System.out.println("bindTo " + bound.type() + " -> " + (String) bound.invokeExact("suffix"));
    MethodHandle dropped = MethodHandles.dropArguments(hello, 0, int.class, Object.class);
    System.out.println("dropArguments " + dropped.type() + " -> " + (String) dropped.invokeExact(1, (Object) "x", "cy", 1));
    MethodHandle len = lk.findStatic(me, "len", MethodType.methodType(int.class, String.class));
    MethodHandle twice = lk.findStatic(me, "twice", MethodType.methodType(String.class, String.class));
    MethodHandle lenOfTwice = MethodHandles.filterReturnValue(twice, len);
    System.out.println("filterReturnValue " + lenOfTwice.type() + " -> " + (int) lenOfTwice.invokeExact("abc"));
    MethodHandle twiceThenTwice = MethodHandles.filterArguments(twice, 0, twice);
    System.out.println("filterArguments " + (String) twiceThenTwice.invokeExact("ab"));
    MethodHandle sum3 = lk.findStatic(me, "sum3", MethodType.methodType(int.class, int.class, int.class, int.class));
    MethodHandle perm = MethodHandles.permuteArguments(sum3, MethodType.methodType(int.class, int.class, int.class, int.class), 2, 0, 1);
    System.out.println("permuteArguments " + (int) perm.invokeExact(1, 2, 3));
    MethodHandle dup = MethodHandles.permuteArguments(sum3, MethodType.methodType(int.class, int.class), 0, 0, 0);
    System.out.println("permute duplicate " + (int) dup.invokeExact(7));
    MethodHandle isShort = lk.findStatic(me, "isShort", MethodType.methodType(boolean.class, String.class));
    MethodHandle gwt = MethodHandles.guardWithTest(isShort,
        lk.findStatic(me, "shortPath", MethodType.methodType(String.class, String.class)),
        lk.findStatic(me, "longPath", MethodType.methodType(String.class, String.class)));
    for (String s : new String[] {"abc", "abcdefgh", "", "12345"}) System.out.println("guardWithTest " + (String) gwt.invokeExact(s));
    MethodHandle risky = lk.findStatic(me, "risky", MethodType.methodType(int.class, int.class));
    MethodHandle safe = MethodHandles.catchException(risky, IllegalArgumentException.class,
        lk.findStatic(me, "recover", MethodType.methodType(int.class, IllegalArgumentException.class, int.class)));
    for (int x : new int[] {5, -3, 0}) System.out.println("catchException " + x + " -> " + (int) safe.invokeExact(x));
    MethodHandle thrower = MethodHandles.throwException(int.class, IllegalStateException.class);
    try {
      int v = (int) thrower.invokeExact(new IllegalStateException("thrown by handle"));
      System.out.println("unexpected " + v);
    } catch (IllegalStateException e) {
      System.out.println("throwException: " + e.getMessage());
    }
    MethodHandle constant = MethodHandles.constant(String.class, "const");
    MethodHandle identity = MethodHandles.identity(int.class);
    System.out.println("constant " + (String) constant.invokeExact() + " identity " + (int) identity.invokeExact(9));
    MethodHandle getter = MethodHandles.arrayElementGetter(int[].class);
    MethodHandle setter = MethodHandles.arrayElementSetter(String[].class);
    MethodHandle arrLen = MethodHandles.arrayLength(long[].class);
    MethodHandle arrCtor = MethodHandles.arrayConstructor(double[].class);
    int[] ints = {10, 20, 30};
    String[] strs = new String[2];
    setter.invokeExact(strs, 1, "set");
    double[] ds = (double[]) arrCtor.invokeExact(4);
    System.out.println("arrayElementGetter " + (int) getter.invokeExact(ints, 2) + " setter " + Arrays.toString(strs)
        + " length " + (int) arrLen.invokeExact(new long[6]) + " ctor " + ds.length + " type " + getter.type());
    try {
      int v = (int) getter.invokeExact(ints, 3);
      System.out.println("unexpected " + v);
    } catch (ArrayIndexOutOfBoundsException e) {
      System.out.println("AIOOBE: " + e.getMessage());
    }
    MethodHandle exact = MethodHandles.exactInvoker(MethodType.methodType(int.class, String.class));
    System.out.println("exactInvoker " + (int) exact.invokeExact(len, "four") + " type " + exact.type());
    MethodHandle generic = MethodHandles.invoker(MethodType.methodType(Object.class, Object.class));
    System.out.println("invoker " + generic.invoke(twice, "gen"));
    MethodHandle spreader = sum3.asSpreader(int[].class, 3);
    System.out.println("asSpreader " + (int) spreader.invokeExact(new int[] {4, 5, 6}));
    MethodHandle collector = lk.findStatic(Arrays.class, "toString", MethodType.methodType(String.class, Object[].class)).asCollector(Object[].class, 3);
    System.out.println("asCollector " + collector.type() + " " + collector.invoke("a", 1, 2.0));
    MethodHandle varargs = lk.findStatic(String.class, "format", MethodType.methodType(String.class, String.class, Object[].class));
    System.out.println("asVarargsCollector " + varargs.invoke("%s/%s/%s", "x", "y", "z"));
    MethodHandle fixed = varargs.asFixedArity();
    System.out.println("asFixedArity " + fixed.isVarargsCollector() + " " + fixed.invoke("%s", new Object[] {"fixed"}));
    MethodHandle folded = MethodHandles.foldArguments(greet, lk.findStatic(me, "twice", MethodType.methodType(String.class, String.class)));
    System.out.println("foldArguments " + folded.type() + " " + (String) folded.invokeExact("yo", 1));
    MethodHandle counter = MethodHandles.countedLoop(MethodHandles.constant(int.class, 5),
        MethodHandles.constant(int.class, 0),
        MethodHandles.dropArguments(MethodHandles.dropArguments(
            lk.findStatic(Integer.class, "sum", MethodType.methodType(int.class, int.class, int.class)), 1, int.class), 0, int.class));
    System.out.println("countedLoop type " + counter.type());
    MethodHandle tableLookup = MethodHandles.filterReturnValue(len, MethodHandles.insertArguments(getter, 0, (Object) new int[] {100, 101, 102, 103, 104, 105}));
    System.out.println("composed table lookup " + (int) tableLookup.invokeExact("xyz"));
    MethodHandle zero = MethodHandles.zero(long.class);
    MethodHandle empty = MethodHandles.empty(MethodType.methodType(String.class, int.class));
    System.out.println("zero " + (long) zero.invokeExact() + " empty " + (String) empty.invokeExact(3));
    // A MutableCallSite's dynamic invoker follows its target.
    MutableCallSite site = new MutableCallSite(MethodType.methodType(String.class, String.class));
    site.setTarget(twice);
    MethodHandle dyn = site.dynamicInvoker();
    System.out.println("dynamicInvoker " + (String) dyn.invokeExact("a"));
    site.setTarget(MethodHandles.filterReturnValue(twice, twice));
    System.out.println("dynamicInvoker after setTarget " + (String) dyn.invokeExact("a"));
  }
}
