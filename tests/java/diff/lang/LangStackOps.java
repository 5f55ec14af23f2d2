package diff.lang;

// Expressions that make javac emit dup_x1/dup_x2/dup2_x1/dup2_x2, iinc and
// compound assignments on arrays and fields of every width.
public class LangStackOps {
    long lf = 5;
    double df = 1.5;
    int inf = 3;
    static long slf = 7;
    static double sdf = 2.5;

    public static void main(String[] args) {
        long[] la = {1, 2, 3};
        double[] da = {0.5, 1.5, 2.5};
        int[] ia = {10, 20, 30};
        byte[] ba = {1, 2, 3};
        char[] ca = {'a', 'b'};
        short[] sa = {100, 200};
        float[] fa = {1f, 2f};
        int i = 0;
        long r1 = la[i++] += 5;           // dup2_x2 style
        double r2 = da[i] *= 3;
        long r3 = la[2]++;
        long r4 = ++la[2];
        double r5 = da[0]--;
        int r6 = ia[i++]++ + ++ia[i];
        byte r7 = ba[0] += 200;
        char r8 = ca[1]++;
        short r9 = sa[0] *= 400;
        float r10 = fa[1] /= 3;
        System.out.println(r1 + " " + r2 + " " + r3 + " " + r4 + " " + r5 + " " + r6 + " " + r7 + " " + (int) r8 + " " + r9 + " " + r10);
        System.out.println(java.util.Arrays.toString(la) + java.util.Arrays.toString(da) + java.util.Arrays.toString(ia)
            + java.util.Arrays.toString(ba) + new String(ca) + java.util.Arrays.toString(sa) + java.util.Arrays.toString(fa));
        LangStackOps o = new LangStackOps();
        long f1 = o.lf++;
        long f2 = ++o.lf;
        double f3 = o.df += 0.25;
        int f4 = o.inf <<= 4;
        long f5 = slf--;
        double f6 = sdf *= -2;
        long f7 = o.lf = slf = 99;
        double f8 = da[0] = da[1] = o.df = 8.125;
        System.out.println(f1 + " " + f2 + " " + f3 + " " + f4 + " " + f5 + " " + f6 + " " + f7 + " " + f8 + " " + o.lf + " " + slf
            + " " + java.util.Arrays.toString(da));
        int x = 5;
        x += x++ + ++x;
        int y = 10;
        y = y-- - --y;
        long z = 3;
        z <<= z;
        int w = 1000;
        w -= 129;
        w += 300000;
        System.out.println(x + " " + y + " " + z + " " + w);
        int big = 0;
        for (int k = 0; k < 300; k += 7) big += k;
        for (int k = 300; k > 0; k -= 130) big -= k;
        System.out.println(big);
        long[][] grid = new long[2][2];
        grid[1][1] += grid[0][0]++ + 5;
        grid[0][1] = grid[1][0] = -1;
        System.out.println(java.util.Arrays.deepToString(grid));
        StringBuilder sb = new StringBuilder();
        String s = "a";
        s += s += "b";
        sb.append(s);
        Object[] objs = new Object[2];
        Object ov = objs[0] = objs[1] = "shared";
        System.out.println(sb + " " + ov + " " + (objs[0] == objs[1]));
        Integer boxed = 5;
        Integer old = boxed++;
        Long lbox = 10L;
        lbox += 5;
        Double dbox = 1.0;
        dbox /= 4;
        Character cbox = 'x';
        cbox++;
        System.out.println(old + " " + boxed + " " + lbox + " " + dbox + " " + cbox);
    }
}
