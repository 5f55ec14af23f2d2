package diff.reflect;

import java.lang.reflect.Array;
import java.util.Arrays;

// java.lang.reflect.Array: newInstance (one and many dimensions), get/set of
// every element type with widening, and the exceptions with their messages.
public class ArraysReflect {
    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(cat(what, ": ok"));
        } catch (Throwable t) {
            System.out.println(cat(what, ": ", t.getClass().getName(), ": ", t.getMessage()));
        }
    }

    public static void main(String[] args) {
        Class<?>[] types = {boolean.class, byte.class, char.class, short.class, int.class, long.class,
                float.class, double.class, String.class, Object.class, int[].class};
        for (Class<?> t : types) {
            Object a = Array.newInstance(t, 3);
            System.out.println(cat(t.getName(), " -> ", a.getClass().getName(), " len ", Array.getLength(a),
                    " [0]=", Array.get(a, 0)));
        }
        Object md = Array.newInstance(int.class, 2, 3, 4);
        System.out.println(cat("multi ", md.getClass().getName(), " ", Array.getLength(md), " ",
                Array.getLength(Array.get(md, 1)), " ", Array.getLength(Array.get(Array.get(md, 1), 2))));
        Object md2 = Array.newInstance(String[].class, 2, 0);
        System.out.println(cat("multi2 ", md2.getClass().getName(), " ", Arrays.deepToString((Object[]) md2)));
        Object md3 = Array.newInstance(long.class, new int[] {0, 5});
        System.out.println(cat("multi3 ", md3.getClass().getName(), " len ", Array.getLength(md3)));

        final int[] ints = new int[3];
        final long[] longs = new long[3];
        final double[] doubles = new double[3];
        final char[] chars = new char[2];
        final byte[] bytes = new byte[2];
        final short[] shorts = new short[2];
        final float[] floats = new float[2];
        final boolean[] bools = new boolean[2];
        final Object[] strs = new String[2];

        Array.setInt(ints, 0, 7);
        Array.set(ints, 1, Integer.valueOf(8));
        Array.setShort(ints, 2, (short) 9);
        Array.setChar(longs, 0, 'A');
        Array.setByte(longs, 1, (byte) -1);
        Array.set(longs, 2, Long.valueOf(1L << 40));
        Array.setFloat(doubles, 0, 1.5f);
        Array.setLong(doubles, 1, 3L);
        Array.set(doubles, 2, Character.valueOf('x'));
        Array.setChar(chars, 0, 'z');
        Array.set(chars, 1, Character.valueOf('y'));
        Array.setByte(bytes, 0, (byte) 5);
        Array.set(bytes, 1, Byte.valueOf((byte) 6));
        Array.setByte(shorts, 0, (byte) 3);
        Array.setShort(shorts, 1, (short) -300);
        Array.setInt(floats, 0, 16777217);
        Array.setLong(floats, 1, Long.MAX_VALUE);
        Array.setBoolean(bools, 0, true);
        Array.set(bools, 1, Boolean.TRUE);
        Array.set(strs, 0, "hello");
        System.out.println(cat("ints ", Arrays.toString(ints)));
        System.out.println(cat("longs ", Arrays.toString(longs)));
        System.out.println(cat("doubles ", Arrays.toString(doubles)));
        System.out.println(cat("chars ", Arrays.toString(chars)));
        System.out.println(cat("bytes ", Arrays.toString(bytes)));
        System.out.println(cat("shorts ", Arrays.toString(shorts)));
        System.out.println(cat("floats ", Arrays.toString(floats)));
        System.out.println(cat("bools ", Arrays.toString(bools)));
        System.out.println(cat("strs ", Arrays.toString(strs)));
        System.out.println(cat("getLong(ints) ", Array.getLong(ints, 0), " getDouble(chars) ", Array.getDouble(chars, 0),
                " getInt(bytes) ", Array.getInt(bytes, 0), " getFloat(longs) ", Array.getFloat(longs, 2),
                " getBoolean ", Array.getBoolean(bools, 0), " getChar ", Array.getChar(chars, 1),
                " getShort(bytes) ", Array.getShort(bytes, 1), " getByte ", Array.getByte(bytes, 1)));
        System.out.println(cat("get boxes ", Array.get(ints, 0).getClass().getSimpleName(), " ",
                Array.get(chars, 0).getClass().getSimpleName(), " ", Array.get(bools, 0).getClass().getSimpleName(),
                " ", Array.get(doubles, 0).getClass().getSimpleName()));

        attempt("setInt on byte[]", new Runnable() { public void run() { Array.setInt(bytes, 0, 1); } });
        attempt("setLong on int[]", new Runnable() { public void run() { Array.setLong(ints, 0, 1L); } });
        attempt("setDouble on float[]", new Runnable() { public void run() { Array.setDouble(floats, 0, 1.0); } });
        attempt("setBoolean on int[]", new Runnable() { public void run() { Array.setBoolean(ints, 0, true); } });
        attempt("setChar on short[]", new Runnable() { public void run() { Array.setChar(shorts, 0, 'c'); } });
        attempt("set String on int[]", new Runnable() { public void run() { Array.set(ints, 0, "s"); } });
        attempt("set null on int[]", new Runnable() { public void run() { Array.set(ints, 0, null); } });
        attempt("set Integer on String[]", new Runnable() { public void run() { Array.set(strs, 1, Integer.valueOf(1)); } });
        attempt("setInt on String[]", new Runnable() { public void run() { Array.setInt(strs, 0, 1); } });
        attempt("getInt on long[]", new Runnable() { public void run() { Array.getInt(longs, 0); } });
        attempt("getBoolean on int[]", new Runnable() { public void run() { Array.getBoolean(ints, 0); } });
        attempt("getChar on byte[]", new Runnable() { public void run() { Array.getChar(bytes, 0); } });
        attempt("getInt on String[]", new Runnable() { public void run() { Array.getInt(strs, 0); } });
        attempt("get index -1", new Runnable() { public void run() { Array.get(ints, -1); } });
        attempt("get index 3", new Runnable() { public void run() { Array.get(ints, 3); } });
        attempt("setInt index 5", new Runnable() { public void run() { Array.setInt(ints, 5, 0); } });
        attempt("set index 2 on String[2]", new Runnable() { public void run() { Array.set(strs, 2, "x"); } });
        attempt("get not array", new Runnable() { public void run() { Array.get("str", 0); } });
        attempt("getLength not array", new Runnable() { public void run() { Array.getLength(Integer.valueOf(3)); } });
        attempt("get null", new Runnable() { public void run() { Array.get(null, 0); } });
        attempt("newInstance void", new Runnable() { public void run() { Array.newInstance(void.class, 1); } });
        attempt("newInstance negative", new Runnable() { public void run() { Array.newInstance(int.class, -1); } });
        attempt("newInstance multi negative", new Runnable() { public void run() { Array.newInstance(int.class, 2, -3); } });
        attempt("newInstance no dims", new Runnable() { public void run() { Array.newInstance(int.class, new int[0]); } });
        attempt("newInstance null", new Runnable() { public void run() { Array.newInstance(null, 1); } });
        attempt("newInstance 256 dims", new Runnable() { public void run() { Array.newInstance(int.class, new int[256]); } });
        attempt("newInstance 255 dims", new Runnable() { public void run() { Array.newInstance(int.class, new int[255]); } });
        attempt("newInstance on 255-dim class", new Runnable() { public void run() {
            Object a = Array.newInstance(int.class, new int[255]);
            Array.newInstance(a.getClass(), 1);
        } });
    }
}
