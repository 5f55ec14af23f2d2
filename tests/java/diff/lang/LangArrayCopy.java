package diff.lang;

import java.util.Arrays;

public class LangArrayCopy {
    interface Op { void run(); }

    static void attempt(String what, Op op) {
        try {
            op.run();
            System.out.println(what + ": ok");
        } catch (RuntimeException e) {
            System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        final Object[] mixed = {"a", "b", 1, "c"};
        final String[] dst = new String[4];
        attempt("partial store", new Op() { public void run() { System.arraycopy(mixed, 0, dst, 0, 4); } });
        System.out.println(Arrays.toString(dst));
        final int[] ints = {1, 2, 3, 4, 5};
        final long[] longs = new long[5];
        final Object[] objs = new Object[3];
        attempt("int->long", new Op() { public void run() { System.arraycopy(ints, 0, longs, 0, 1); } });
        attempt("int->Object[]", new Op() { public void run() { System.arraycopy(ints, 0, objs, 0, 1); } });
        attempt("Object[]->int", new Op() { public void run() { System.arraycopy(objs, 0, ints, 0, 1); } });
        attempt("src not array", new Op() { public void run() { System.arraycopy("s", 0, ints, 0, 1); } });
        attempt("dst not array", new Op() { public void run() { System.arraycopy(ints, 0, "d", 0, 1); } });
        attempt("null src", new Op() { public void run() { System.arraycopy(null, 0, ints, 0, 1); } });
        attempt("null dst", new Op() { public void run() { System.arraycopy(ints, 0, null, 0, 1); } });
        attempt("neg length", new Op() { public void run() { System.arraycopy(ints, 0, ints, 0, -1); } });
        attempt("neg srcPos", new Op() { public void run() { System.arraycopy(ints, -1, ints, 0, 1); } });
        attempt("neg dstPos", new Op() { public void run() { System.arraycopy(ints, 0, ints, -2, 1); } });
        attempt("src end", new Op() { public void run() { System.arraycopy(ints, 3, ints, 0, 3); } });
        attempt("dst end", new Op() { public void run() { System.arraycopy(ints, 0, ints, 4, 2); } });
        attempt("obj src end", new Op() { public void run() { System.arraycopy(objs, 2, objs, 0, 2); } });
        attempt("obj dst neg", new Op() { public void run() { System.arraycopy(objs, 0, objs, -1, 2); } });
        attempt("long overflow", new Op() { public void run() { System.arraycopy(ints, Integer.MAX_VALUE, ints, 0, 2); } });
        attempt("zero length at end", new Op() { public void run() { System.arraycopy(ints, 5, ints, 5, 0); } });
        attempt("overlap forward", new Op() { public void run() { System.arraycopy(ints, 0, ints, 1, 4); } });
        System.out.println(Arrays.toString(ints));
        attempt("overlap backward", new Op() { public void run() { System.arraycopy(ints, 1, ints, 0, 4); } });
        System.out.println(Arrays.toString(ints));
        final Object[] self = {"x", "y", "z", null};
        attempt("obj overlap", new Op() { public void run() { System.arraycopy(self, 0, self, 1, 3); } });
        System.out.println(Arrays.toString(self));
        final Number[] nums = {1, 2.5, 3L};
        final Integer[] intsBoxed = new Integer[3];
        attempt("Number[]->Integer[]", new Op() { public void run() { System.arraycopy(nums, 0, intsBoxed, 0, 3); } });
        System.out.println(Arrays.toString(intsBoxed));
        final int[][] grid = new int[2][];
        final Object[] asObj = new Object[2];
        attempt("int[][]->Object[]", new Op() { public void run() { System.arraycopy(new int[][] {{1}, {2, 3}}, 0, asObj, 0, 2); } });
        System.out.println(Arrays.deepToString(asObj));
        attempt("Object[]->int[][]", new Op() { public void run() { System.arraycopy(new Object[] {new int[0], new long[0]}, 0, grid, 0, 2); } });
        System.out.println(Arrays.deepToString(grid));
        char[] cs = "hello".toCharArray();
        System.arraycopy(cs, 0, cs, 1, 4);
        boolean[] zs = {true, false, true};
        boolean[] zd = new boolean[3];
        System.arraycopy(zs, 1, zd, 0, 2);
        double[] ds = {1.5, -0.0, Double.NaN};
        double[] dd = new double[3];
        System.arraycopy(ds, 0, dd, 0, 3);
        System.out.println(new String(cs) + " " + Arrays.toString(zd) + " " + Arrays.toString(dd) + " " + Arrays.equals(ds, dd));
    }
}
