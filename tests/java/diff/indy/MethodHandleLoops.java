package diff.indy;

import java.lang.invoke.*;
import java.util.*;

/** Loop, try/finally, table-switch and collector combinators; Lookup modes and teleporting. */
public class MethodHandleLoops {
  static int step(int acc, int i) { return acc + i * i; }

  static boolean lessThan10(int v) { return v < 10; }

  static int doubleIt(int v) { return v * 2; }

  static int init() { return 1; }

  static String body(String acc, String elem) { return acc + "[" + elem + "]"; }

  static String cleanup(Throwable t, String result, int x) { return "cleanup(" + (t == null ? "ok" : t.getMessage()) + "," + result + ")"; }

  static String mayThrow(int x) {
    if (x < 0) throw new IllegalArgumentException("neg " + x);
    return "v" + x;
  }

  static String caseA(int i) { return "A" + i; }

  static String caseB(int i) { return "B" + i; }

  static String fallback(int i) { return "default" + i; }

  static String join(String a, String b, String c) { return a + "+" + b + "+" + c; }

  static String upper(String s) { return s.toUpperCase(); }

  private int secret = 5;

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup lk = MethodHandles.lookup();
    Class<?> me = MethodHandleLoops.class;
    MethodType ii = MethodType.methodType(int.class, int.class);
    MethodHandle stepH = lk.findStatic(me, "step", MethodType.methodType(int.class, int.class, int.class));
    MethodHandle counted = MethodHandles.countedLoop(MethodHandles.identity(int.class), MethodHandles.dropArguments(MethodHandles.constant(int.class, 0), 0, int.class),
        MethodHandles.dropArguments(stepH, 2, int.class));
    for (int n = 0; n <= 5; n++) System.out.println("countedLoop sum of squares below " + n + " = " + (int) counted.invokeExact(n));
    MethodHandle whileL = MethodHandles.whileLoop(lk.findStatic(me, "init", MethodType.methodType(int.class)),
        lk.findStatic(me, "lessThan10", MethodType.methodType(boolean.class, int.class)), lk.findStatic(me, "doubleIt", ii));
    MethodHandle doWhileL = MethodHandles.doWhileLoop(lk.findStatic(me, "init", MethodType.methodType(int.class)), lk.findStatic(me, "doubleIt", ii),
        lk.findStatic(me, "lessThan10", MethodType.methodType(boolean.class, int.class)));
    System.out.println("whileLoop " + (int) whileL.invokeExact() + " doWhileLoop " + (int) doWhileL.invokeExact());
    MethodHandle iter = MethodHandles.iteratedLoop(null, MethodHandles.dropArguments(MethodHandles.constant(String.class, "start"), 0, Iterable.class),
        MethodHandles.dropArguments(lk.findStatic(me, "body", MethodType.methodType(String.class, String.class, String.class)), 2, Iterable.class).asType(MethodType.methodType(String.class, String.class, Object.class, Iterable.class)));
    System.out.println("iteratedLoop " + (String) iter.invoke(List.of("x", "y", "z")));
    MethodHandle tf = MethodHandles.tryFinally(lk.findStatic(me, "mayThrow", MethodType.methodType(String.class, int.class)),
        lk.findStatic(me, "cleanup", MethodType.methodType(String.class, Throwable.class, String.class, int.class)));
    System.out.println("tryFinally ok " + (String) tf.invokeExact(3));
    try {
      String r = (String) tf.invokeExact(-2);
      System.out.println("tryFinally result replaced " + r);
    } catch (IllegalArgumentException e) {
      System.out.println("tryFinally rethrew " + e.getMessage());
    }
    MethodHandle sw = MethodHandles.tableSwitch(lk.findStatic(me, "fallback", MethodType.methodType(String.class, int.class)),
        lk.findStatic(me, "caseA", MethodType.methodType(String.class, int.class)), lk.findStatic(me, "caseB", MethodType.methodType(String.class, int.class)));
    StringBuilder sb = new StringBuilder();
    for (int i = -1; i <= 3; i++) sb.append((String) sw.invokeExact(i)).append(' ');
    System.out.println("tableSwitch " + sb.toString().trim());
    MethodHandle join = lk.findStatic(me, "join", MethodType.methodType(String.class, String.class, String.class, String.class));
    MethodHandle up = lk.findStatic(me, "upper", MethodType.methodType(String.class, String.class));
    System.out.println("filterArguments two " + (String) MethodHandles.filterArguments(join, 1, up, up).invokeExact("a", "b", "c"));
    System.out.println("collectArguments " + (String) MethodHandles.collectArguments(join, 1, up).invokeExact("p", "q", "r"));
    System.out.println("foldArguments pos " + (String) MethodHandles.foldArguments(join, 1, up).invokeExact("m", "n"));
    System.out.println("dropReturn " + MethodHandles.dropReturn(join).type() + " dropArgumentsToMatch "
        + MethodHandles.dropArgumentsToMatch(up, 0, List.of(int.class, String.class, long.class), 1).type());
    System.out.println("lookup toString " + lk + " | " + MethodHandles.publicLookup() + " | " + lk.in(String.class) + " | " + lk.dropLookupMode(MethodHandles.Lookup.PRIVATE));
    System.out.println("lookupModes " + lk.lookupModes() + " " + lk.in(String.class).lookupModes() + " " + MethodHandles.publicLookup().lookupModes());
    MethodHandles.Lookup pl = MethodHandles.privateLookupIn(Helper.class, lk);
    System.out.println("privateLookupIn " + pl + " findClass " + lk.findClass("diff.indy.MethodHandleLoops$Helper").getSimpleName()
        + " accessClass " + lk.accessClass(Helper.class).getSimpleName());
    MethodHandle getSecret = lk.findGetter(me, "secret", int.class);
    System.out.println("revealDirect " + lk.revealDirect(getSecret) + " " + lk.revealDirect(join));
    java.lang.reflect.Method m = lk.revealDirect(join).reflectAs(java.lang.reflect.Method.class, lk);
    System.out.println("reflectAs " + m.getName() + " " + m.getParameterCount());
    System.out.println("handle toString " + join + " " + MethodHandles.insertArguments(join, 0, "x") + " " + MethodHandles.constant(int.class, 1));
    try {
      MethodHandles.publicLookup().findClass("diff.indy.MethodHandleLoops$Helper");
      System.out.println("public lookup found a package-private nested class");
    } catch (ReflectiveOperationException e) {
      System.out.println("publicLookup findClass: " + e);
    }
    MethodHandle arrIdx = MethodHandles.arrayElementGetter(String[].class);
    System.out.println("arrIdx " + (String) arrIdx.invokeExact(new String[] {"a", "b"}, 1));
  }

  static class Helper {}
}
