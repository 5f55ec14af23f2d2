package diff.lang;

public class LangFloat {
    static double[] DS = {0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, -2.5, 1e-10, 1e10, 1e7, 1e-3, 1e-4, 123456789.125,
        Double.MAX_VALUE, Double.MIN_VALUE, Double.MIN_NORMAL, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Math.PI, Math.E, 1.0 / 3, 2.0 / 3, 100.0, 9007199254740993.0, 4.35, 0.3, 1e21, 1e22, 1e23,
        3.0e9, -3.0e9, 9.3e18, 1e300 * 10};
    static float[] FS = {0f, -0f, 1f, 0.1f, 1.1f, 3.4028235e38f, 1.4e-45f, 1.17549435E-38f, Float.NaN,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 16777217f, 1e7f, 1e-3f, 123.456f, 0.33333334f, 2.5e9f, -2.5e9f};

    public static void main(String[] args) {
        for (double d : DS) {
            System.out.println("d " + d + " " + Double.toString(d) + " i=" + (int) d + " l=" + (long) d + " f=" + (float) d
                + " c=" + (int) (char) d + " s=" + (short) d + " b=" + (byte) d
                + " bits=" + Long.toHexString(Double.doubleToLongBits(d)) + " raw=" + Long.toHexString(Double.doubleToRawLongBits(d))
                + " nan=" + Double.isNaN(d) + " inf=" + Double.isInfinite(d)
                + " fin=" + Double.isFinite(d));
            System.out.println("  math " + Math.floor(d) + " " + Math.ceil(d) + " " + Math.rint(d) + " " + Math.round(d)
                + " " + Math.abs(d) + " " + Math.signum(d) + " " + Math.sqrt(d) + " " + Math.cbrt(d) + " "
                + Math.ulp(d) + " " + Math.getExponent(d) + " " + Math.nextUp(d) + " " + Math.nextDown(d) + " "
                + Math.copySign(1.0, d) + " " + Math.scalb(d, 3));
        }
        for (float f : FS) {
            System.out.println("f " + f + " i=" + (int) f + " l=" + (long) f + " d=" + (double) f + " bits="
                + Integer.toHexString(Float.floatToIntBits(f)) + " round=" + Math.round(f)
                + " ulp=" + Math.ulp(f) + " abs=" + Math.abs(f) + " next=" + Math.nextUp(f));
        }
        for (double a : DS) {
            for (double b : new double[] {0.0, -0.0, 1.0, -3.0, Double.NaN, Double.POSITIVE_INFINITY, 0.1}) {
                System.out.println("op " + a + " " + b + ": " + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b)
                    + " " + (a % b) + " " + (a < b) + (a <= b) + (a == b) + (a != b) + (a > b) + (a >= b) + " "
                    + Double.compare(a, b) + " " + Math.max(a, b) + " " + Math.min(a, b) + " " + Math.IEEEremainder(a, b)
                    + " " + Double.valueOf(a).equals(b));
                float fa = (float) a, fb = (float) b;
                System.out.println("fop " + (fa + fb) + " " + (fa - fb) + " " + (fa * fb) + " " + (fa / fb) + " " + (fa % fb)
                    + " " + Float.compare(fa, fb) + " " + Math.max(fa, fb) + " " + Math.min(fa, fb));
            }
        }
        // parsing
        String[] ps = {"1", "1.5", "-0", "1e-400", "1e400", "NaN", "-Infinity", "  3.25  ", "1d", "2f", ".5", "5.",
            "0.1e1", "123456789012345678901234567890", "4.9e-324", "2.4e-324", "abc", ""};
        for (String p : ps) {
            try {
                System.out.println("parse '" + p + "' " + Double.parseDouble(p) + " " + Float.parseFloat(p));
            } catch (NumberFormatException e) {
                System.out.println("parse '" + p + "' " + e);
            }
        }
        double sum = 0;
        for (int i = 0; i < 10; i++) sum += 0.1;
        System.out.println("sum " + sum + " " + (float) sum);
        float fs = 0;
        for (int i = 0; i < 10; i++) fs += 0.1f;
        System.out.println("fsum " + fs);
        System.out.println("strictfp " + (0.1 + 0.2) + " " + (0.1f + 0.2f) + " " + (1e308 * 10 / 10) + " " + (float) 1e40);
        System.out.println("intbits " + Float.intBitsToFloat(0x7fc00001) + " " + Double.longBitsToDouble(0x7ff0000000000001L));
        // NaN payloads survive the raw conversions both ways (quiet and
        // signalling), and a square root's NaN and signed zero are the
        // processor's (the VM binds these natives itself, as HotSpot's
        // intrinsics).
        System.out.println("rawbits " + Integer.toHexString(Float.floatToRawIntBits(Float.intBitsToFloat(0x7f800001)))
            + " " + Integer.toHexString(Float.floatToRawIntBits(Float.intBitsToFloat(0xffc12345)))
            + " " + Long.toHexString(Double.doubleToRawLongBits(Double.longBitsToDouble(0x7ff0000000000001L)))
            + " " + Long.toHexString(Double.doubleToRawLongBits(Double.longBitsToDouble(0xfff8dead0000beefL)))
            + " " + Long.toHexString(Double.doubleToRawLongBits(Math.sqrt(-1.0)))
            + " " + Long.toHexString(Double.doubleToRawLongBits(StrictMath.sqrt(-0.0)))
            + " " + Long.toHexString(Double.doubleToRawLongBits(Math.sqrt(Double.longBitsToDouble(0x7ff0000000000001L))))
            + " " + Math.sqrt(2.0) + " " + StrictMath.sqrt(1e-320) + " " + Math.sqrt(Double.POSITIVE_INFINITY));
        System.out.println("minmax " + Math.max(-0.0, 0.0) + " " + Math.min(-0.0, 0.0) + " " + Math.max(-0.0f, 0.0f) + " " + Math.min(0.0f, -0.0f));
        System.out.println("hash " + Double.hashCode(1.5) + " " + Float.hashCode(1.5f) + " " + Double.valueOf(-0.0).equals(0.0)
            + " " + (0.0 == -0.0) + " " + Double.valueOf(Double.NaN).equals(Double.NaN));
        long big = Long.MAX_VALUE;
        System.out.println("l2f " + (float) big + " " + (double) big + " " + (float) (big - 1) + " " + (double) (1L << 53 | 1));
        System.out.println("pow " + StrictMath.pow(2, 10) + " " + StrictMath.pow(2, -1) + " " + StrictMath.pow(-8, 1.0 / 3) + " " + StrictMath.pow(0, 0)
            + " " + StrictMath.pow(Double.NaN, 0) + " " + StrictMath.pow(-2, 3) + " " + StrictMath.pow(10, 15) + " " + StrictMath.pow(1.0000001, 1e7));
    }
}
