package diff.indy;

import java.lang.invoke.*;

/**
 * User bootstrap methods for the classes written by tests/java-gen/GenIndyClasses.java (diff.gen.*):
 * javac never emits invokedynamic or CONSTANT_Dynamic with user bootstrap methods.
 */
public class Bootstraps {
  public static int linkCount;
  public static int condyCount;
  public static MutableCallSite mutableSite;

  public static String target(int x) { return "target(" + x + ")"; }

  public static String first() { return "first target"; }

  public static String second() { return "second target"; }

  /** Static arguments of every loadable constant kind. */
  public static CallSite bsmAll(MethodHandles.Lookup lookup, String name, MethodType type, int i, long j, float f, double d,
      String s, Class<?> c, MethodType mt, MethodHandle mh) throws ReflectiveOperationException {
    linkCount++;
    System.out.println("bsmAll link #" + linkCount + " caller=" + lookup.lookupClass().getName() + " name=" + name + " type=" + type);
    System.out.println("  int=" + i + " long=" + j + " float=" + f + " double=" + d + " string=" + s);
    System.out.println("  class=" + c.getName() + " methodType=" + mt + " handle type=" + mh.type());
    MethodHandle t = lookup.findStatic(Bootstraps.class, "target", MethodType.methodType(String.class, int.class));
    return new ConstantCallSite(t.asType(type));
  }

  /** Variable-arity static arguments. */
  public static CallSite bsmVarargs(MethodHandles.Lookup lookup, String name, MethodType type, Object... args) {
    linkCount++;
    StringBuilder sb = new StringBuilder();
    for (Object o : args) sb.append(o).append(' ');
    System.out.println("bsmVarargs link #" + linkCount + " name=" + name + " args=" + sb.toString().trim());
    return new ConstantCallSite(MethodHandles.constant(String.class, name + ":" + args.length).asType(type));
  }

  public static CallSite bsmMutable(MethodHandles.Lookup lookup, String name, MethodType type) throws ReflectiveOperationException {
    linkCount++;
    System.out.println("bsmMutable link #" + linkCount + " name=" + name + " type=" + type);
    mutableSite = new MutableCallSite(lookup.findStatic(Bootstraps.class, "first", MethodType.methodType(String.class)));
    return mutableSite;
  }

  public static void retarget() throws ReflectiveOperationException {
    mutableSite.setTarget(MethodHandles.lookup().findStatic(Bootstraps.class, "second", MethodType.methodType(String.class)));
  }

  public static CallSite bsmThrows(MethodHandles.Lookup lookup, String name, MethodType type) {
    linkCount++;
    System.out.println("bsmThrows called #" + linkCount + " name=" + name);
    throw new IllegalStateException("bootstrap refuses " + name);
  }

  public static CallSite bsmWrongType(MethodHandles.Lookup lookup, String name, MethodType type) {
    System.out.println("bsmWrongType called name=" + name + " type=" + type);
    return new ConstantCallSite(MethodHandles.constant(Integer.class, 1));
  }

  public static Object bsmNotCallSite(MethodHandles.Lookup lookup, String name, MethodType type) {
    System.out.println("bsmNotCallSite called name=" + name);
    return "not a call site";
  }

  /** Bootstrap method of a CONSTANT_Dynamic. */
  public static Object condy(MethodHandles.Lookup lookup, String name, Class<?> type, int a, String b) {
    condyCount++;
    System.out.println("condy #" + condyCount + " name=" + name + " type=" + type.getName() + " a=" + a + " b=" + b);
    if (type == long.class) return (long) a << 33;
    if (type == int.class) return a * 2;
    return b.repeat(a);
  }

  public static Object condyThrows(MethodHandles.Lookup lookup, String name, Class<?> type) {
    condyCount++;
    System.out.println("condyThrows #" + condyCount);
    throw new UnsupportedOperationException("condy refuses " + name);
  }

  public static String makeGreeting(String who, int n) { return "greeting for " + who + " x" + n; }

  /** Targets of the CONSTANT_MethodHandle constants of diff.gen.LdcHandles (which extends Base). */
  public interface Iface {
    String iface(int x);
  }

  public static class Base implements Iface {
    public int value = 7;
    public static String sfield = "static-field";

    public Base() {}

    public Base(int v) { value = v; }

    public String who() { return "Base.who value=" + value; }

    public static String stat(String s, long l) { return "stat " + s + " " + l; }

    @Override public String iface(int x) { return "Base.iface " + x + " value=" + value; }

    private String secret() { return "secret"; }
  }

  /** Prints the Java frames that run a bootstrap method (the VM's upcall path, LambdaForm frames hidden). */
  static void printLinkFrames(String what) {
    System.out.println(what + " frames:");
    StackTraceElement[] st = new Throwable().getStackTrace();
    for (int i = 1; i < st.length; i++) {
      System.out.println("    " + st[i]);
      if (st[i].getMethodName().equals("main")) break;
    }
  }

  public static CallSite bsmTrace(MethodHandles.Lookup lookup, String name, MethodType type) {
    printLinkFrames("bsmTrace " + name);
    return new ConstantCallSite(MethodHandles.constant(String.class, "traced " + name).asType(type));
  }

  public static Object condyTrace(MethodHandles.Lookup lookup, String name, Class<?> type) {
    printLinkFrames("condyTrace " + name);
    return "condy " + name;
  }

  /** A bootstrap method given as REF_newInvokeSpecial: the constructor of a CallSite subclass. */
  public static class MyCallSite extends ConstantCallSite {
    public MyCallSite(MethodHandles.Lookup lookup, String name, MethodType type) {
      super(MethodHandles.constant(String.class, "from MyCallSite constructor for " + name).asType(type));
      System.out.println("MyCallSite constructed for " + name + " type " + type);
    }
  }

  /** Static arguments that are themselves dynamic constants and method handles. */
  public static CallSite bsmConstArgs(MethodHandles.Lookup lookup, String name, MethodType type, Object condyArg, Class<?> primitive, MethodHandle mh)
      throws Throwable {
    String r = "condyArg=" + condyArg + " primitive=" + primitive + " mh(3)=" + mh.invoke("mh", 3);
    System.out.println("bsmConstArgs " + r);
    return new ConstantCallSite(MethodHandles.constant(String.class, r).asType(type));
  }

  public static Object condyNull(MethodHandles.Lookup lookup, String name, Class<?> type) {
    System.out.println("condyNull for type " + type);
    return null;
  }

  public static Object condyWrongType(MethodHandles.Lookup lookup, String name, Class<?> type) {
    return "a string for " + type;
  }

  public static int bsmCalls;

  public static CallSite bsmNull(MethodHandles.Lookup lookup, String name, MethodType type) {
    bsmCalls++;
    return null;
  }

  public static CallSite bsmError(MethodHandles.Lookup lookup, String name, MethodType type) {
    bsmCalls++;
    throw new AssertionError("assertion from bootstrap " + name);
  }

  public static CallSite bsmLinkageError(MethodHandles.Lookup lookup, String name, MethodType type) {
    bsmCalls++;
    throw new IncompatibleClassChangeError("custom linkage error from " + name);
  }

  public static Object condyError(MethodHandles.Lookup lookup, String name, Class<?> type) {
    bsmCalls++;
    throw new AssertionError("assertion from condy " + name);
  }

  public static int reentryDepth;

  /** Re-enters the call site being linked (through lookupClass().reentrant()) before returning: the inner result is installed first and wins. */
  public static CallSite bsmReentrant(MethodHandles.Lookup lookup, String name, MethodType type) throws Throwable {
    reentryDepth++;
    int depth = reentryDepth;
    System.out.println("bsmReentrant enter depth " + depth);
    if (depth == 1) {
      MethodHandle again = lookup.findStatic(lookup.lookupClass(), "reentrant", MethodType.methodType(String.class));
      System.out.println("  nested execution returned " + (String) again.invokeExact());
    }
    System.out.println("bsmReentrant leave depth " + depth);
    return new ConstantCallSite(MethodHandles.constant(String.class, depth == 1 ? "outer call site" : "inner call site"));
  }

  public enum Planet { MERCURY, VENUS, EARTH }

  public static final long BIG = 1L << 50;

  public static int plainStatic = 17;

  public static java.util.List<Object> listOf(Object a, Object b, Object c) { return java.util.Arrays.asList(a, b, c); }
}
