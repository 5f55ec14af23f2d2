package diff.lang;

import java.util.Random;

// Seeded random operands through every arithmetic/conversion bytecode; prints
// samples and per-operation checksums.
public class LangFuzzArith {
    static long mix(long h, long v) { return (h ^ v) * 0x100000001B3L + (h >>> 29); }

    static int specialInt(Random r) {
        int[] sp = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 31, 32, 33, -31, 63, 64};
        return r.nextInt(4) == 0 ? sp[r.nextInt(sp.length)] : r.nextInt();
    }

    static double specialDouble(Random r) {
        double[] sp = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            Double.MAX_VALUE, 0.5, -0.5, 1.5, 2.5, -2.5, 2147483647.5, -2147483648.5, 9.223372036854776E18, 1e-310};
        switch (r.nextInt(5)) {
            case 0: return sp[r.nextInt(sp.length)];
            case 1: return Double.longBitsToDouble(r.nextLong());
            case 2: return r.nextGaussian() * 1e10;
            default: return (r.nextDouble() - 0.5) * 1000;
        }
    }

    public static void main(String[] args) {
        Random r = new Random(12345);
        long[] h = new long[40];
        for (int it = 0; it < 20000; it++) {
            int a = specialInt(r), b = specialInt(r);
            long la = ((long) specialInt(r) << 32) ^ specialInt(r), lb = r.nextBoolean() ? specialInt(r) : r.nextLong();
            double da = specialDouble(r), db = specialDouble(r);
            float fa = (float) specialDouble(r), fb = Float.intBitsToFloat(r.nextInt());
            int k = 0;
            h[k] = mix(h[k++], a + b);
            h[k] = mix(h[k++], a - b);
            h[k] = mix(h[k++], a * b);
            h[k] = mix(h[k++], b == 0 ? 7 : a / b);
            h[k] = mix(h[k++], b == 0 ? 7 : a % b);
            h[k] = mix(h[k++], (a << b) ^ (a >> b) ^ (a >>> b));
            h[k] = mix(h[k++], la + lb);
            h[k] = mix(h[k++], la * lb);
            h[k] = mix(h[k++], lb == 0 ? 7 : la / lb);
            h[k] = mix(h[k++], lb == 0 ? 7 : la % lb);
            h[k] = mix(h[k++], (la << a) ^ (la >> a) ^ (la >>> a));
            h[k] = mix(h[k++], Double.doubleToRawLongBits(da + db));
            h[k] = mix(h[k++], Double.doubleToRawLongBits(da * db));
            h[k] = mix(h[k++], Double.doubleToRawLongBits(da / db));
            h[k] = mix(h[k++], Double.doubleToLongBits(da % db));
            h[k] = mix(h[k++], Float.floatToIntBits(fa + fb));
            h[k] = mix(h[k++], Float.floatToIntBits(fa * fb));
            h[k] = mix(h[k++], Float.floatToIntBits(fa / fb));
            h[k] = mix(h[k++], Float.floatToIntBits(fa % fb));
            h[k] = mix(h[k++], (int) da);
            h[k] = mix(h[k++], (long) da);
            h[k] = mix(h[k++], Float.floatToRawIntBits((float) da));
            h[k] = mix(h[k++], (int) fa);
            h[k] = mix(h[k++], (long) fb);
            h[k] = mix(h[k++], Double.doubleToRawLongBits((double) fb));
            h[k] = mix(h[k++], Double.doubleToRawLongBits((double) la));
            h[k] = mix(h[k++], Float.floatToRawIntBits((float) la));
            h[k] = mix(h[k++], Float.floatToRawIntBits((float) a));
            h[k] = mix(h[k++], (byte) a + (short) a + (char) a);
            h[k] = mix(h[k++], Double.compare(da, db) + (da < db ? 2 : 0) + (da > db ? 4 : 0) + (da == db ? 8 : 0));
            h[k] = mix(h[k++], Float.compare(fa, fb) + (fa < fb ? 2 : 0) + (fa >= fb ? 4 : 0));
            h[k] = mix(h[k++], Long.compare(la, lb) + Integer.compare(a, b));
            h[k] = mix(h[k++], Double.doubleToLongBits(Math.sqrt(Math.abs(da))) + Math.round(da) + Math.round(fa));
            h[k] = mix(h[k++], Double.doubleToLongBits(Math.floor(da)) ^ Double.doubleToLongBits(Math.ceil(db)) ^ Double.doubleToLongBits(Math.rint(da)));
            h[k] = mix(h[k++], Double.toString(da).hashCode() ^ Float.toString(fb).hashCode());
            h[k] = mix(h[k++], Long.toString(la, 36).hashCode() ^ Integer.toHexString(a).hashCode());
            h[k] = mix(h[k++], Double.doubleToLongBits(Double.parseDouble(Double.toString(da))) ^ Double.doubleToLongBits(da));
            h[k] = mix(h[k++], Double.doubleToLongBits(StrictMath.sin(da)) ^ Double.doubleToLongBits(StrictMath.exp(db / 1e3)));
            if (it < 30) {
                System.out.println(a + " " + b + " " + la + " " + lb + " " + da + " " + db + " " + fa + " " + fb + " | "
                    + (b == 0 ? 0 : a / b) + " " + (lb == 0 ? 0 : la % lb) + " " + (da % db) + " " + (fa % fb) + " "
                    + (int) da + " " + (long) fa + " " + (float) la + " " + (double) la);
            }
        }
        for (int i = 0; i < h.length; i++) System.out.println("checksum " + i + " " + Long.toHexString(h[i]));
    }
}
