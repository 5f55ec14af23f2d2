package diff.indy;

import java.lang.invoke.*;
import java.nio.*;
import java.util.*;

/** byteArrayViewVarHandle and byteBufferViewVarHandle (unaligned Unsafe access), plus method handles to native methods. */
public class VarHandleViews {
  public static void main(String[] args) throws Throwable {
    byte[] bytes = new byte[32];
    for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) (i * 17 + 3);
    VarHandle intBE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    VarHandle intLE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    VarHandle longBE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    VarHandle longLE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    VarHandle shortLE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    VarHandle charBE = MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.BIG_ENDIAN);
    VarHandle floatLE = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    VarHandle doubleBE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);
    for (int off = 0; off <= 5; off++) {
      System.out.printf("off %d: intBE %08x intLE %08x longBE %016x longLE %016x shortLE %04x charBE %04x%n", off, (int) intBE.get(bytes, off),
          (int) intLE.get(bytes, off), (long) longBE.get(bytes, off), (long) longLE.get(bytes, off), (short) shortLE.get(bytes, off), (int) (char) charBE.get(bytes, off));
    }
    System.out.println("float LE at 1: " + (float) floatLE.get(bytes, 1) + " double BE at 3: " + (double) doubleBE.get(bytes, 3));
    intBE.set(bytes, 1, 0xCAFEBABE);
    longLE.set(bytes, 9, 0x0102030405060708L);
    doubleBE.set(bytes, 20, Math.E);
    System.out.println("after sets " + HexFormat.of().formatHex(bytes));
    byte[] aligned = new byte[16];
    System.out.println("CAS aligned int " + intLE.compareAndSet(aligned, 4, 0, 77) + " " + (int) intLE.getVolatile(aligned, 4)
        + " getAndAdd " + (int) intLE.getAndAdd(aligned, 4, 3) + " -> " + (int) intLE.get(aligned, 4));
    System.out.println("CAS aligned long " + longBE.compareAndSet(aligned, 8, 0L, -1L) + " getAndBitwiseAnd " + (long) longBE.getAndBitwiseAnd(aligned, 8, 0xFFL)
        + " -> " + (long) longBE.get(aligned, 8));
    try {
      intLE.compareAndSet(aligned, 1, 0, 1);
    } catch (IllegalStateException e) {
      System.out.println("misaligned CAS: " + e.getMessage());
    }
    try {
      intBE.get(bytes, 29);
    } catch (IndexOutOfBoundsException e) {
      System.out.println("out of bounds: " + e.getClass().getSimpleName() + " " + e.getMessage());
    }
    ByteBuffer heap = ByteBuffer.allocate(24);
    ByteBuffer direct = ByteBuffer.allocateDirect(24);
    VarHandle bbInt = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    VarHandle bbLong = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    for (ByteBuffer bb : List.of(heap, direct)) {
      bbInt.set(bb, 0, 0x11223344);
      bbLong.set(bb, 4, 0x5566778899AABBCCL);
      bbInt.getAndAdd(bb, 0, 1);
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < 16; i++) sb.append(String.format("%02x", bb.get(i)));
      System.out.println((bb.isDirect() ? "direct" : "heap") + " buffer " + sb + " int " + Integer.toHexString((int) bbInt.get(bb, 0)) + " long " + Long.toHexString((long) bbLong.get(bb, 4))
          + " getLong(4) " + Long.toHexString(bb.order(ByteOrder.LITTLE_ENDIAN).getLong(4)));
      bb.order(ByteOrder.BIG_ENDIAN);
    }
    ByteBuffer ro = heap.asReadOnlyBuffer();
    try {
      bbInt.set(ro, 0, 1);
    } catch (ReadOnlyBufferException e) {
      System.out.println("read-only buffer: ReadOnlyBufferException");
    }
    MethodHandles.Lookup lk = MethodHandles.lookup();
    MethodHandle arraycopy = lk.findStatic(System.class, "arraycopy", MethodType.methodType(void.class, Object.class, int.class, Object.class, int.class, int.class));
    int[] src = {1, 2, 3, 4, 5}, dst = new int[7];
    arraycopy.invokeExact((Object) src, 1, (Object) dst, 2, 3);
    System.out.println("native arraycopy via handle " + Arrays.toString(dst));
    try {
      arraycopy.invokeExact((Object) src, 0, (Object) new String[5], 0, 1);
    } catch (ArrayStoreException e) {
      System.out.println("ArrayStoreException: " + e.getMessage());
    }
    MethodHandle sin = lk.findStatic(StrictMath.class, "sin", MethodType.methodType(double.class, double.class));
    MethodHandle cbrt = lk.findStatic(StrictMath.class, "cbrt", MethodType.methodType(double.class, double.class));
    System.out.println("StrictMath natives " + (double) sin.invokeExact(1.0) + " " + (double) cbrt.invokeExact(27.0));
    MethodHandle isInstance = lk.findVirtual(Class.class, "isInstance", MethodType.methodType(boolean.class, Object.class));
    MethodHandle getClass = lk.findVirtual(Object.class, "getClass", MethodType.methodType(Class.class));
    MethodHandle rawBits = lk.findStatic(Float.class, "floatToRawIntBits", MethodType.methodType(int.class, float.class));
    MethodHandle fromBits = lk.findStatic(Double.class, "longBitsToDouble", MethodType.methodType(double.class, long.class));
    MethodHandle newArray = lk.findStatic(java.lang.reflect.Array.class, "newInstance", MethodType.methodType(Object.class, Class.class, int.class));
    MethodHandle intern = lk.findVirtual(String.class, "intern", MethodType.methodType(String.class));
    System.out.println("isInstance " + (boolean) isInstance.invokeExact(CharSequence.class, (Object) "s") + " getClass " + ((Class<?>) getClass.invokeExact((Object) 1L)).getName()
        + " rawBits " + Integer.toHexString((int) rawBits.invokeExact(-1.5f)) + " fromBits " + (double) fromBits.invokeExact(0x4009_21FB_5444_2D18L)
        + " newArray " + ((Object) newArray.invokeExact((Class<?>) String.class, 3)).getClass().getSimpleName()
        + " intern same " + ((String) intern.invokeExact(new String("lit")) == "lit"));
    MethodHandle currentThread = lk.findStatic(Thread.class, "currentThread", MethodType.methodType(Thread.class));
    System.out.println("currentThread via handle " + ((Thread) currentThread.invokeExact()).getName());
    MethodHandle clone = lk.findVirtual(int[].class, "clone", MethodType.methodType(Object.class));
    System.out.println("array clone handle type " + clone.type());
    MethodHandle hash = lk.findStatic(System.class, "identityHashCode", MethodType.methodType(int.class, Object.class));
    Object o = new Object();
    System.out.println("identityHashCode via handle equals hashCode " + ((int) hash.invokeExact(o) == o.hashCode()));
  }
}
