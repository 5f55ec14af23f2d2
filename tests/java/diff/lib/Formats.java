package diff.lib;

import java.util.*;

// Number <-> text without java.util.Formatter: String.format/printf parse their format
// with java.util.regex, whose JDK code uses lambdas (invokedynamic, issue 4).
public class Formats {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 1.0, 0.5, 1.0 / 3, 2.0 / 3, 100.0, 1e6, 1e7, 1.5e7, 1e-3, 1e-4, 123456789.125, 9007199254740993.0, Math.PI * 1e20, 4.9e-324, Double.MIN_NORMAL, Double.NaN, Double.NEGATIVE_INFINITY};
        for (double d : ds) System.out.println("double " + d + " float " + (float) d + " long " + (long) d + " Math.round " + Math.round(d) + " str " + Double.toString(d).length());
        float[] fs = {0.1f, 1.0f / 3, 16777217f, 3.4e38f, 1.17549435E-38f, 1e-45f, 7.0E-4f, 123456.79f};
        for (float f : fs) System.out.println("float " + f + " as double " + (double) f + " bits " + Integer.toHexString(Float.floatToIntBits(f)));
        StringBuilder table = new StringBuilder();
        for (int i = 1; i <= 12; i++) {
            String a = Integer.toString(i * i * i), b = Long.toString(1L << (i * 5), 16);
            table.append("|").append(" ".repeat(6 - a.length())).append(a).append(" | ").append(b).append(" ".repeat(16 - b.length())).append("|\n");
        }
        System.out.print(table);
        System.out.println("Double.toString: " + 0.1 + " " + (0.1 + 0.2) + " " + 1e21 + " " + 1e-7 + " " + 100.0 + " " + Float.MIN_VALUE + " " + Double.MAX_VALUE + " " + (float) 1e10 + " " + 4.35f);
        System.out.println("parse: " + Double.parseDouble("1e-3") + " " + Float.parseFloat("3.4028235e38") + " " + Integer.parseInt("-0") + " " + Long.parseLong("7fffffffffffffff", 16));
        System.out.println("String.valueOf: " + String.valueOf(new char[]{'o', 'k'}) + " " + String.valueOf(3.0f) + " " + String.valueOf(true) + " " + String.valueOf((Object) null));
    }
}
