package diff.lang;

// Math.sin/cos/tan/exp/log/log10/pow are HotSpot intrinsics (Intel libm stubs) whose
// results may differ from StrictMath by an ulp: this program uses StrictMath for them.
public class LangMath {
    public static void main(String[] args) {
        double[] xs = {0.0, 0.5, 1.0, -1.0, 2.0, 10.0, 0.001, 100.5, -7.25, Math.PI / 6, Math.PI / 4, Math.PI, 1e-8, 700, -700};
        for (double x : xs) {
            System.out.println(x + ": sin=" + StrictMath.sin(x) + " cos=" + StrictMath.cos(x) + " tan=" + StrictMath.tan(x)
                + " exp=" + StrictMath.exp(x) + " log=" + StrictMath.log(x) + " log10=" + StrictMath.log10(x) + " log1p=" + Math.log1p(x)
                + " expm1=" + Math.expm1(x));
            System.out.println("  asin=" + Math.asin(x) + " acos=" + Math.acos(x) + " atan=" + Math.atan(x)
                + " sinh=" + Math.sinh(x) + " cosh=" + Math.cosh(x) + " tanh=" + Math.tanh(x) + " hypot=" + Math.hypot(x, 3)
                + " atan2=" + Math.atan2(x, -2) + " deg=" + Math.toDegrees(x) + " rad=" + Math.toRadians(x));
            System.out.println("  strict sin=" + StrictMath.sin(x) + " exp=" + StrictMath.exp(x) + " log=" + StrictMath.log(x)
                + " pow=" + StrictMath.pow(x, 2.5) + " sqrt=" + StrictMath.sqrt(x) + " cbrt=" + StrictMath.cbrt(x)
                + " fma=" + Math.fma(x, 3.0, 0.1));
        }
        for (int i = -5; i <= 5; i++) {
            System.out.println("int " + i + " " + Math.floorDiv(i, 3) + " " + Math.floorMod(i, 3) + " " + (i / 3) + " " + (i % 3)
                + " " + Math.absExact(i) + " " + Math.max(i, 0) + " " + Math.min(i, 0));
        }
        java.util.Random r = new java.util.Random(42);
        for (int i = 0; i < 10; i++) {
            System.out.println("rand " + r.nextInt() + " " + r.nextInt(100) + " " + r.nextLong() + " " + r.nextDouble() + " "
                + r.nextFloat() + " " + r.nextBoolean() + " " + r.nextGaussian());
        }
    }
}
