package diff.indy;

import java.lang.invoke.*;
import java.util.*;

/** MethodType API, asType conversions and WrongMethodTypeException messages. */
public class MethodTypes {
  static int square(int x) { return x * x; }
  static Object echo(Object o) { return o; }
  static long widen(long x) { return x + 1; }
  static double half(double d) { return d / 2; }
  static char next(char c) { return (char) (c + 1); }
  static boolean not(boolean b) { return !b; }

  public static void main(String[] args) throws Throwable {
    MethodType mt = MethodType.methodType(String.class, int.class, long[].class, Object.class);
    System.out.println("toString " + mt);
    System.out.println("descriptor " + mt.toMethodDescriptorString());
    System.out.println("returnType " + mt.returnType() + " params " + mt.parameterList() + " count " + mt.parameterCount());
    System.out.println("wrap " + mt.wrap() + " unwrap " + MethodType.methodType(Integer.class, Long.class).unwrap());
    System.out.println("erase " + mt.erase() + " generic " + mt.generic());
    System.out.println("changeReturnType " + mt.changeReturnType(void.class));
    System.out.println("insertParameterTypes " + mt.insertParameterTypes(1, double.class, char.class));
    System.out.println("dropParameterTypes " + mt.dropParameterTypes(0, 2));
    System.out.println("appendParameterTypes " + mt.appendParameterTypes(String[].class));
    System.out.println("changeParameterType " + mt.changeParameterType(0, byte.class));
    System.out.println("hasPrimitives " + mt.hasPrimitives() + " hasWrappers " + mt.wrap().hasWrappers());
    System.out.println("genericMethodType " + MethodType.genericMethodType(3) + " varargs " + MethodType.genericMethodType(1, true));
    MethodType parsed = MethodType.fromMethodDescriptorString("(IJLjava/lang/String;[[D)V", null);
    System.out.println("fromMethodDescriptorString " + parsed + " equals " + parsed.equals(MethodType.methodType(void.class,
        int.class, long.class, String.class, double[][].class)));
    System.out.println("interned " + (MethodType.methodType(int.class) == MethodType.methodType(int.class)));
    System.out.println("nested class name " + MethodType.methodType(Map.Entry.class, Thread.State.class));
    MethodHandles.Lookup lk = MethodHandles.lookup();
    MethodHandle square = lk.findStatic(MethodTypes.class, "square", MethodType.methodType(int.class, int.class));
    MethodHandle boxedSq = square.asType(MethodType.methodType(Integer.class, Integer.class));
    System.out.println("asType boxing " + boxedSq.type() + " " + (Integer) boxedSq.invokeExact(Integer.valueOf(12)));
    MethodHandle objSq = square.asType(MethodType.methodType(Object.class, Object.class));
    System.out.println("asType Object " + objSq.invokeExact((Object) 9));
    MethodHandle widenSq = square.asType(MethodType.methodType(long.class, short.class));
    System.out.println("asType widening " + (long) widenSq.invokeExact((short) 300));
    MethodHandle dblSq = square.asType(MethodType.methodType(double.class, byte.class));
    System.out.println("asType int->double " + (double) dblSq.invokeExact((byte) -4));
    MethodHandle voidSq = square.asType(MethodType.methodType(void.class, int.class));
    voidSq.invokeExact(3);
    System.out.println("asType drop return ok");
    MethodHandle widen = lk.findStatic(MethodTypes.class, "widen", MethodType.methodType(long.class, long.class));
    System.out.println("invoke int->long " + (long) widen.invoke(41) + " char->long " + (long) widen.invoke('A'));
    MethodHandle half = lk.findStatic(MethodTypes.class, "half", MethodType.methodType(double.class, double.class));
    System.out.println("invoke float->double " + (double) half.invoke(3f) + " Integer unbox+widen " + (double) half.invoke(Integer.valueOf(5)));
    MethodHandle next = lk.findStatic(MethodTypes.class, "next", MethodType.methodType(char.class, char.class));
    System.out.println("char " + (char) next.invokeExact('y') + " as int " + (int) next.invoke('y'));
    MethodHandle not = lk.findStatic(MethodTypes.class, "not", MethodType.methodType(boolean.class, boolean.class));
    System.out.println("boolean " + (boolean) not.invokeExact(false) + " boxed " + not.invoke(Boolean.TRUE));
    MethodHandle echo = lk.findStatic(MethodTypes.class, "echo", MethodType.methodType(Object.class, Object.class));
    MethodHandle echoStr = echo.asType(MethodType.methodType(String.class, String.class));
    System.out.println("asType cast " + (String) echoStr.invokeExact("str"));
    MethodHandle echoInt = echo.asType(MethodType.methodType(int.class, Object.class));
    System.out.println("asType unbox result " + (int) echoInt.invokeExact((Object) 55));
    try {
      int v = (int) echoInt.invokeExact((Object) "not an int");
      System.out.println("unexpected " + v);
    } catch (ClassCastException e) {
      System.out.println("CCE: " + e.getMessage());
    }
    try {
      String s = (String) square.invokeExact(2);
      System.out.println("unexpected " + s);
    } catch (WrongMethodTypeException e) {
      System.out.println("WMTE 1: " + e.getMessage());
    }
    try {
      int v = (int) square.invokeExact((long) 2);
      System.out.println("unexpected " + v);
    } catch (WrongMethodTypeException e) {
      System.out.println("WMTE 2: " + e.getMessage());
    }
    try {
      square.invokeExact(2);
      System.out.println("unexpected: void call site accepted");
    } catch (WrongMethodTypeException e) {
      System.out.println("WMTE 3: " + e.getMessage());
    }
    try {
      Object v = square.invokeExact(2);
      System.out.println("unexpected " + v);
    } catch (WrongMethodTypeException e) {
      System.out.println("WMTE 4: " + e.getMessage());
    }
    try {
      square.invoke("string");
    } catch (WrongMethodTypeException | ClassCastException e) {
      System.out.println(e.getClass().getSimpleName() + " 5: " + e.getMessage());
    }
    try {
      square.invoke(1, 2);
    } catch (WrongMethodTypeException e) {
      System.out.println("WMTE 6: " + e.getMessage());
    }
    try {
      square.asType(MethodType.methodType(int.class, String.class));
    } catch (WrongMethodTypeException e) {
      System.out.println("WMTE 7: " + e.getMessage());
    }
    try {
      square.asType(MethodType.methodType(int.class, long.class));
    } catch (WrongMethodTypeException e) {
      System.out.println("WMTE 8: " + e.getMessage());
    }
    try {
      Object v = square.invoke((Object) null);
      System.out.println("unexpected " + v);
    } catch (NullPointerException e) {
      System.out.println("NPE unboxing null argument");
    }
    MethodHandle explicit = MethodHandles.explicitCastArguments(square, MethodType.methodType(byte.class, long.class));
    System.out.println("explicitCastArguments " + (byte) explicit.invokeExact(20L));
  }
}
