package diff.lang;

import java.util.Arrays;

public class LangArrays {
    static int sum(int... xs) { int s = 0; for (int x : xs) s += x; return s; }
    static String join(String sep, Object... parts) {
        StringBuilder sb = new StringBuilder();
        sb.append(parts == null ? "nullarr" : parts.length + ":");
        if (parts != null) for (Object p : parts) sb.append(p).append(sep);
        return sb.toString();
    }
    static String kinds(long a, double... ds) { return a + "/" + ds.length + "/" + Arrays.toString(ds); }

    public static void main(String[] args) {
        boolean[] z = new boolean[3]; byte[] b = new byte[3]; short[] s = new short[3]; char[] c = new char[3];
        int[] i = new int[3]; long[] l = new long[3]; float[] f = new float[3]; double[] d = new double[3];
        String[] str = new String[3]; Object[] o = new Object[3];
        System.out.println(Arrays.toString(z) + Arrays.toString(b) + Arrays.toString(s) + Arrays.toString(c).replace('\0', '0')
            + Arrays.toString(i) + Arrays.toString(l) + Arrays.toString(f) + Arrays.toString(d) + Arrays.toString(str) + Arrays.toString(o));
        z[1] = true; b[0] = (byte) 200; s[2] = (short) 70000; c[0] = 'x'; i[1] = -5; l[2] = 1L << 40; f[0] = 1.5f; d[1] = -0.0;
        str[0] = "s"; o[2] = str;
        System.out.println(Arrays.toString(z) + Arrays.toString(b) + Arrays.toString(s) + Arrays.toString(c).replace('\0', '0')
            + Arrays.toString(i) + Arrays.toString(l) + Arrays.toString(f) + Arrays.toString(d) + Arrays.toString(str));
        System.out.println(z.getClass().getName() + b.getClass().getName() + s.getClass().getName() + c.getClass().getName()
            + i.getClass().getName() + l.getClass().getName() + f.getClass().getName() + d.getClass().getName()
            + str.getClass().getName() + o.getClass().getName());
        int[][] grid = new int[3][4];
        for (int r = 0; r < 3; r++) for (int k = 0; k < 4; k++) grid[r][k] = r * 10 + k;
        int[][][] cube = new int[2][3][];
        cube[1][2] = new int[] {7, 8};
        long[][] jag = {{1}, {2, 3}, {}, null};
        String[][] names = {{"a", "b"}, {"c"}};
        Object[] deep = {1, new int[] {2, 3}, new String[][] {{"x"}}, null, new double[0], new Object[] {new char[] {'q'}}};
        System.out.println(Arrays.deepToString(grid) + " " + Arrays.deepToString(cube) + " " + Arrays.deepToString(jag) + " "
            + Arrays.deepToString(names) + " " + Arrays.deepToString(deep));
        System.out.println(grid.length + " " + grid[0].length + " " + cube[0][0] + " " + cube.getClass().getName() + " "
            + jag.getClass().getSimpleName() + " " + new int[0][0].length + " " + new boolean[2][3][4][1][0].length);
        int[][] gclone = grid.clone();
        gclone[0][0] = 99;
        gclone[1] = new int[] {-1};
        System.out.println(Arrays.deepToString(grid) + " " + Arrays.deepToString(gclone) + " " + (gclone != grid) + " " + (gclone[2] == grid[2]));
        int[] ic = i.clone();
        ic[0] = 42;
        System.out.println(Arrays.toString(i) + Arrays.toString(ic) + Arrays.equals(i, ic) + Arrays.equals(i, i.clone())
            + Arrays.deepEquals(grid, gclone) + Arrays.deepEquals(new int[][] {{1}}, new int[][] {{1}}) + Arrays.hashCode(i)
            + " " + Arrays.deepHashCode(names) + " " + Arrays.hashCode(new double[] {1.5, -0.0}));
        int[] nums = {5, 3, -1, 9, 0, 3, Integer.MIN_VALUE, 7};
        Arrays.sort(nums);
        System.out.println(Arrays.toString(nums) + " " + Arrays.binarySearch(nums, 7) + " " + Arrays.binarySearch(nums, 4));
        double[] dd = {3.0, Double.NaN, -0.0, 0.0, -1.0, Double.NEGATIVE_INFINITY, 1e-300};
        Arrays.sort(dd);
        System.out.println(Arrays.toString(dd));
        String[] words = {"pear", "Apple", "fig", "banana", "apple", "Fig"};
        Arrays.sort(words);
        System.out.println(Arrays.toString(words));
        Arrays.sort(words, String.CASE_INSENSITIVE_ORDER);
        System.out.println(Arrays.toString(words));
        char[] chs = "hello world".toCharArray();
        Arrays.sort(chs, 2, 9);
        System.out.println(new String(chs));
        long[] big = new long[500];
        for (int k = 0; k < big.length; k++) big[k] = (k * 7919L) % 1009 - 500;
        Arrays.sort(big);
        System.out.println(big[0] + " " + big[250] + " " + big[499]);
        Integer[] boxed = {5, 1, 4};
        Arrays.sort(boxed, java.util.Collections.reverseOrder());
        System.out.println(Arrays.toString(boxed) + " " + Arrays.asList(boxed) + " " + Arrays.asList(1, 2, 3).indexOf(2));
        int[] filled = new int[6];
        Arrays.fill(filled, 7);
        Arrays.fill(filled, 1, 3, -2);
        Object[] ofill = new String[3];
        Arrays.fill(ofill, "z");
        System.out.println(Arrays.toString(filled) + Arrays.toString(ofill) + Arrays.toString(Arrays.copyOf(filled, 8))
            + Arrays.toString(Arrays.copyOfRange(filled, 2, 5)) + Arrays.toString(Arrays.copyOf(words, 2))
            + Arrays.copyOf(ofill, 1, Object[].class).getClass().getSimpleName());
        int[] src = {1, 2, 3, 4, 5, 6};
        System.arraycopy(src, 0, src, 2, 4);
        System.out.println(Arrays.toString(src));
        System.arraycopy(src, 2, src, 0, 4);
        System.out.println(Arrays.toString(src) + " " + Arrays.compare(new int[] {1, 2}, new int[] {1, 3}) + " "
            + Arrays.mismatch(new int[] {1, 2, 3}, new int[] {1, 2, 4}));
        // varargs
        System.out.println(sum() + " " + sum(1) + " " + sum(1, 2, 3) + " " + sum(new int[] {4, 5}));
        System.out.println(join(",") + " " + join(",", "a") + " " + join(",", "a", 1, 'c') + " " + join(",", (Object[]) null)
            + " " + join(",", (Object) null) + " " + join(",", new Object[] {"x", "y"}) + " " + join(",", (Object) new String[] {"p"}).startsWith("1:[Ljava")
            + " " + kinds(1) + " " + kinds(2, 1, 2.5f, 'c'));
        // exceptions
        try { int[] neg = new int[-1]; } catch (NegativeArraySizeException e) { System.out.println("NASE " + e.getMessage()); }
        try { Object[][] neg = new Object[2][-3]; } catch (NegativeArraySizeException e) { System.out.println("NASE " + e.getMessage()); }
        try { i[3] = 1; } catch (ArrayIndexOutOfBoundsException e) { System.out.println("AIOOBE " + e.getMessage()); }
        try { long x = l[-1]; } catch (ArrayIndexOutOfBoundsException e) { System.out.println("AIOOBE " + e.getMessage()); }
        try { grid[1][4]++; } catch (ArrayIndexOutOfBoundsException e) { System.out.println("AIOOBE " + e); }
        try { str[Integer.MIN_VALUE] = "x"; } catch (IndexOutOfBoundsException e) { System.out.println("IOOBE " + e.getMessage()); }
        try { int[] e0 = new int[0]; e0[0] = 1; } catch (RuntimeException e) { System.out.println("RTE " + e.getMessage()); }
        try { Arrays.copyOfRange(src, 5, 2); } catch (IllegalArgumentException e) { System.out.println("IAE " + e.getMessage()); }
        try { java.lang.reflect.Array.newInstance(int.class, -2); } catch (NegativeArraySizeException e) { System.out.println("NASE " + e.getMessage()); }
        Object multi = java.lang.reflect.Array.newInstance(String.class, 2, 3);
        System.out.println(multi.getClass().getName() + " " + java.lang.reflect.Array.getLength(multi) + " " + Arrays.deepToString((Object[]) multi));
        char[] big2 = new char[100000];
        Arrays.fill(big2, 'q');
        System.out.println(new String(big2).length() + " " + new String(big2, 99990, 10));
        for (int[] row : grid) for (int v : row) System.out.print(v + ";");
        System.out.println();
    }
}
