package diff.indy;

import java.lang.invoke.*;
import java.util.*;

/** VarHandles on instance fields, static fields and arrays: every access mode family. */
public class VarHandles {
  static class Cell {
    volatile int count;
    long total;
    String name = "init";
    double ratio;
    boolean flag;
    byte small;
    char letter = 'a';
  }

  static int staticInt = 5;
  static volatile String staticRef = "s0";

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup lk = MethodHandles.lookup();
    VarHandle count = lk.findVarHandle(Cell.class, "count", int.class);
    VarHandle total = lk.findVarHandle(Cell.class, "total", long.class);
    VarHandle name = lk.findVarHandle(Cell.class, "name", String.class);
    VarHandle ratio = lk.findVarHandle(Cell.class, "ratio", double.class);
    VarHandle flag = lk.findVarHandle(Cell.class, "flag", boolean.class);
    VarHandle small = lk.findVarHandle(Cell.class, "small", byte.class);
    VarHandle letter = lk.findVarHandle(Cell.class, "letter", char.class);
    Cell c = new Cell();
    System.out.println("varType " + count.varType().getName() + " coordinates " + count.coordinateTypes());
    System.out.println("accessModeType get " + count.accessModeType(VarHandle.AccessMode.GET) + " cas "
        + count.accessModeType(VarHandle.AccessMode.COMPARE_AND_SET));
    count.set(c, 10);
    System.out.println("get " + (int) count.get(c) + " volatile " + (int) count.getVolatile(c) + " acquire " + (int) count.getAcquire(c)
        + " opaque " + (int) count.getOpaque(c));
    count.setVolatile(c, 11);
    count.setRelease(c, 12);
    count.setOpaque(c, 13);
    System.out.println("after sets " + c.count);
    System.out.println("cas 13->20 " + count.compareAndSet(c, 13, 20) + " cas 13->30 " + count.compareAndSet(c, 13, 30) + " now " + c.count);
    System.out.println("cae " + (int) count.compareAndExchange(c, 20, 21) + " " + (int) count.compareAndExchange(c, 99, 22) + " now " + c.count);
    System.out.println("caeAcquire " + (int) count.compareAndExchangeAcquire(c, 21, 23) + " caeRelease " + (int) count.compareAndExchangeRelease(c, 23, 24));
    boolean weak = false;
    while (!weak) weak = count.weakCompareAndSet(c, 24, 25);
    while (!count.weakCompareAndSetPlain(c, 25, 26)) {}
    while (!count.weakCompareAndSetAcquire(c, 26, 27)) {}
    while (!count.weakCompareAndSetRelease(c, 27, 28)) {}
    System.out.println("weak cas chain " + c.count);
    System.out.println("getAndAdd " + (int) count.getAndAdd(c, 5) + " -> " + c.count);
    System.out.println("getAndAddAcquire " + (int) count.getAndAddAcquire(c, 1) + " getAndAddRelease " + (int) count.getAndAddRelease(c, 1));
    System.out.println("getAndSet " + (int) count.getAndSet(c, 100) + " -> " + c.count);
    System.out.println("getAndBitwiseOr " + (int) count.getAndBitwiseOr(c, 3) + " And " + (int) count.getAndBitwiseAnd(c, 0xF0)
        + " Xor " + (int) count.getAndBitwiseXor(c, 0xFF) + " -> " + c.count);
    total.set(c, 1L << 40);
    System.out.println("long getAndAdd " + (long) total.getAndAdd(c, 1L) + " cas " + total.compareAndSet(c, (1L << 40) + 1, -1L) + " " + c.total);
    System.out.println("string cas " + name.compareAndSet(c, "init", "next") + " " + name.compareAndSet(c, "init", "other") + " " + c.name);
    System.out.println("string getAndSet " + (String) name.getAndSet(c, "last") + " " + (String) name.getVolatile(c));
    // compareAndSet on references compares identity.
    String copy = new String("last");
    System.out.println("cas with equal but not identical " + name.compareAndSet(c, copy, "x") + " " + c.name);
    ratio.set(c, 0.5);
    System.out.println("double getAndAdd " + (double) ratio.getAndAdd(c, 0.25) + " -> " + c.ratio + " cas " + ratio.compareAndSet(c, 0.75, 1.5) + " " + c.ratio);
    flag.set(c, true);
    System.out.println("boolean getAndSet " + (boolean) flag.getAndSet(c, false) + " " + c.flag + " xor " + (boolean) flag.getAndBitwiseXor(c, true) + " " + c.flag);
    small.set(c, (byte) 127);
    System.out.println("byte getAndAdd wraps " + (byte) small.getAndAdd(c, (byte) 1) + " -> " + c.small);
    System.out.println("char getAndAdd " + (char) letter.getAndAdd(c, (char) 2) + " -> " + c.letter);
    VarHandle sInt = lk.findStaticVarHandle(VarHandles.class, "staticInt", int.class);
    VarHandle sRef = lk.findStaticVarHandle(VarHandles.class, "staticRef", String.class);
    System.out.println("static " + (int) sInt.get() + " getAndAdd " + (int) sInt.getAndAdd(10) + " now " + staticInt);
    System.out.println("static ref cas " + sRef.compareAndSet("s0", "s1") + " " + staticRef + " coords " + sRef.coordinateTypes());
    VarHandle ints = MethodHandles.arrayElementVarHandle(int[].class);
    VarHandle longs = MethodHandles.arrayElementVarHandle(long[].class);
    VarHandle objs = MethodHandles.arrayElementVarHandle(Object[].class);
    int[] ia = new int[8];
    for (int i = 0; i < ia.length; i++) ints.set(ia, i, i * i);
    System.out.println("int array " + Arrays.toString(ia) + " coords " + ints.coordinateTypes());
    for (int i = 0; i < ia.length; i++) ints.getAndAdd(ia, i, 1000);
    System.out.println("after getAndAdd " + Arrays.toString(ia));
    System.out.println("array cas " + ints.compareAndSet(ia, 3, 1009, -1) + " " + ints.compareAndSet(ia, 3, 1009, -2) + " " + ia[3]);
    long[] la = new long[3];
    longs.setVolatile(la, 1, Long.MAX_VALUE);
    System.out.println("long array " + (long) longs.getAndAdd(la, 1, 1L) + " -> " + la[1]);
    Object[] oa = new String[2];
    objs.set(oa, 0, "zero");
    System.out.println("object array " + objs.get(oa, 0) + " " + objs.getAndSet(oa, 0, "new") + " " + oa[0]);
    try {
      objs.set(oa, 1, Integer.valueOf(1));
    } catch (ArrayStoreException e) {
      System.out.println("ArrayStoreException: " + e.getMessage());
    }
    try {
      ints.get(ia, 8);
    } catch (ArrayIndexOutOfBoundsException e) {
      System.out.println("AIOOBE: " + e.getMessage());
    }
    try {
      int v = (int) count.get((Cell) null);
      System.out.println("unexpected " + v);
    } catch (NullPointerException e) {
      System.out.println("NPE on null receiver");
    }
    try {
      VarHandle fin = lk.findVarHandle(String.class, "value", byte[].class);
      System.out.println("unexpected " + fin);
    } catch (IllegalAccessException e) {
      System.out.println("IllegalAccessException: " + e.getMessage().substring(0, e.getMessage().indexOf(',')));
    }
    try {
      lk.findVarHandle(Cell.class, "count", long.class);
    } catch (NoSuchFieldException e) {
      System.out.println("NoSuchFieldException: " + e.getMessage());
    }
  }
}
