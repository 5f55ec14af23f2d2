package diff.indy;

import java.lang.invoke.*;
import java.util.*;

/** MethodHandles.Lookup find* and invokeExact/invoke. */
public class MethodHandlesLookup {
  static class Animal {
    String sound() { return "..."; }
    String describe(int legs) { return getClass().getSimpleName() + " with " + legs + " legs says " + sound(); }
  }

  static class Dog extends Animal {
    @Override String sound() { return "woof"; }
    String superSound() throws Throwable {
      MethodHandle sup = MethodHandles.lookup().findSpecial(Animal.class, "sound", MethodType.methodType(String.class), Dog.class);
      return (String) sup.invokeExact(this);
    }
  }

  static class Box {
    int value;
    String label = "box";
    static long counter = 99;
    private double hidden = 1.5;

    Box() {}
    Box(int value, String label) { this.value = value; this.label = label; }
    @Override public String toString() { return "Box(" + value + "," + label + ")"; }
  }

  static int add(int a, int b) { return a + b; }
  static long addLong(long a, long b) { return a + b; }
  static String concat(String a, Object b) { return a + "&" + b; }
  static void log(String s) { System.out.println("log: " + s); }
  static double avg(double... xs) {
    double s = 0;
    for (double x : xs) s += x;
    return xs.length == 0 ? 0 : s / xs.length;
  }

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup lk = MethodHandles.lookup();
    System.out.println("lookupClass " + lk.lookupClass().getName());
    MethodHandle add = lk.findStatic(MethodHandlesLookup.class, "add", MethodType.methodType(int.class, int.class, int.class));
    System.out.println("type " + add.type());
    int r = (int) add.invokeExact(2, 3);
    System.out.println("invokeExact add " + r);
    System.out.println("invoke add boxed " + add.invoke(Integer.valueOf(4), 5));
    Object o = add.invoke(10, 20);
    System.out.println("invoke to Object " + o);
    System.out.println("invokeWithArguments " + add.invokeWithArguments(7, 8) + " " + add.invokeWithArguments(List.of(1, 1)));
    MethodHandle addL = lk.findStatic(MethodHandlesLookup.class, "addLong", MethodType.methodType(long.class, long.class, long.class));
    long lr = (long) addL.invoke(1, 2); // int widened to long by invoke
    System.out.println("widening invoke " + lr);
    MethodHandle concat = lk.findStatic(MethodHandlesLookup.class, "concat", MethodType.methodType(String.class, String.class, Object.class));
    System.out.println((String) concat.invokeExact("a", (Object) "b") + " " + concat.invoke("c", 42));
    MethodHandle log = lk.findStatic(MethodHandlesLookup.class, "log", MethodType.methodType(void.class, String.class));
    log.invokeExact("void method");
    Object voidResult = log.invoke("void via invoke");
    System.out.println("void invoke result " + voidResult);
    MethodHandle avg = lk.findStatic(MethodHandlesLookup.class, "avg", MethodType.methodType(double.class, double[].class));
    System.out.println("varargs collector " + avg.isVarargsCollector() + " " + avg.invoke(1.0, 2.0, 6.0) + " " + avg.invoke());
    MethodHandle length = lk.findVirtual(String.class, "length", MethodType.methodType(int.class));
    System.out.println("findVirtual length " + (int) length.invokeExact("hello"));
    MethodHandle sound = lk.findVirtual(Animal.class, "sound", MethodType.methodType(String.class));
    System.out.println("virtual dispatch " + (String) sound.invokeExact(new Animal()) + " " + (String) sound.invokeExact((Animal) new Dog()));
    MethodHandle describe = lk.findVirtual(Animal.class, "describe", MethodType.methodType(String.class, int.class));
    System.out.println(describe.invoke(new Dog(), 4));
    System.out.println("findSpecial " + new Dog().superSound());
    MethodHandle cmp = lk.findVirtual(Comparable.class, "compareTo", MethodType.methodType(int.class, Object.class));
    System.out.println("interface handle " + cmp.invoke("b", "a") + " " + cmp.invoke(1, 2));
    MethodHandle ctor0 = lk.findConstructor(Box.class, MethodType.methodType(void.class));
    MethodHandle ctor2 = lk.findConstructor(Box.class, MethodType.methodType(void.class, int.class, String.class));
    Box b0 = (Box) ctor0.invokeExact();
    Box b2 = (Box) ctor2.invoke(5, "five");
    System.out.println("constructors " + b0 + " " + b2 + " type " + ctor2.type());
    MethodHandle arrayList = lk.findConstructor(ArrayList.class, MethodType.methodType(void.class, Collection.class));
    System.out.println("ArrayList ctor " + arrayList.invoke(List.of(1, 2, 3)));
    MethodHandle getV = lk.findGetter(Box.class, "value", int.class);
    MethodHandle setV = lk.findSetter(Box.class, "value", int.class);
    MethodHandle getL = lk.findGetter(Box.class, "label", String.class);
    setV.invokeExact(b0, 77);
    System.out.println("getter/setter " + (int) getV.invokeExact(b0) + " " + (String) getL.invokeExact(b2) + " types " + getV.type() + " " + setV.type());
    MethodHandle sget = lk.findStaticGetter(Box.class, "counter", long.class);
    MethodHandle sset = lk.findStaticSetter(Box.class, "counter", long.class);
    sset.invokeExact(123L);
    System.out.println("static getter " + (long) sget.invokeExact() + " type " + sget.type());
    MethodHandle hid = lk.findGetter(Box.class, "hidden", double.class);
    System.out.println("private getter " + (double) hid.invokeExact(b0));
    MethodHandle hash = lk.findVirtual(Object.class, "hashCode", MethodType.methodType(int.class));
    System.out.println("Object.hashCode on String via handle " + (int) hash.invokeExact((Object) "abc"));
    MethodHandle valueOf = MethodHandles.publicLookup().findStatic(String.class, "valueOf", MethodType.methodType(String.class, char[].class));
    System.out.println("publicLookup " + (String) valueOf.invokeExact(new char[] {'o', 'k'}));
    // unreflect.
    java.lang.reflect.Method m = MethodHandlesLookup.class.getDeclaredMethod("add", int.class, int.class);
    MethodHandle un = lk.unreflect(m);
    System.out.println("unreflect " + un.invoke(40, 2) + " " + un.type());
    MethodHandle unCtor = lk.unreflectConstructor(Box.class.getDeclaredConstructor(int.class, String.class));
    System.out.println("unreflectConstructor " + unCtor.invoke(1, "u"));
    // Errors from lookup.
    try {
      lk.findStatic(MethodHandlesLookup.class, "nope", MethodType.methodType(void.class));
    } catch (NoSuchMethodException e) {
      System.out.println("NoSuchMethodException " + e.getMessage());
    }
    try {
      lk.findVirtual(MethodHandlesLookup.class, "add", MethodType.methodType(int.class, int.class, int.class));
    } catch (IllegalAccessException e) {
      System.out.println("IllegalAccessException " + e.getMessage());
    }
    try {
      lk.findGetter(Box.class, "missing", int.class);
    } catch (NoSuchFieldException e) {
      System.out.println("NoSuchFieldException " + e.getMessage());
    }
    try {
      MethodHandles.publicLookup().findGetter(Box.class, "value", int.class);
    } catch (IllegalAccessException e) {
      System.out.println("publicLookup IllegalAccessException");
    }
    MethodHandle npe = lk.findVirtual(String.class, "length", MethodType.methodType(int.class));
    try {
      int n = (int) npe.invokeExact((String) null);
      System.out.println("unexpected " + n);
    } catch (NullPointerException e) {
      System.out.println("NPE invoking on null receiver");
    }
    MethodHandleInfo info = lk.revealDirect(add);
    System.out.println("revealDirect " + info.getName() + " " + info.getMethodType() + " kind " + MethodHandleInfo.referenceKindToString(info.getReferenceKind()));
  }
}
