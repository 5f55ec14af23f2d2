package diff.lang;

public class LangIntArith {
    static int[] INTS = {0, 1, -1, 2, -2, 7, -7, 100, Integer.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1, 65535, -65536, 0x12345678};
    static long[] LONGS = {0L, 1L, -1L, 3L, -3L, Long.MAX_VALUE, Long.MIN_VALUE,
        Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 0x123456789ABCDEFL, 4294967296L, -4294967297L};

    public static void main(String[] args) {
        for (int a : INTS) {
            for (int b : INTS) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b).append(": ");
                sb.append(a + b).append(' ').append(a - b).append(' ').append(a * b).append(' ');
                if (b != 0) sb.append(a / b).append(' ').append(a % b).append(' ');
                else sb.append("div0 ");
                sb.append(a & b).append(' ').append(a | b).append(' ').append(a ^ b).append(' ');
                sb.append(a << (b & 63)).append(' ').append(a >> b).append(' ').append(a >>> b).append(' ');
                sb.append(Integer.compare(a, b)).append(' ').append(Integer.compareUnsigned(a, b));
                if (b != 0) sb.append(' ').append(Integer.divideUnsigned(a, b)).append(' ').append(Integer.remainderUnsigned(a, b));
                System.out.println(sb);
            }
        }
        for (long a : LONGS) {
            for (long b : LONGS) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b).append(": ");
                sb.append(a + b).append(' ').append(a - b).append(' ').append(a * b).append(' ');
                if (b != 0) sb.append(a / b).append(' ').append(a % b).append(' ');
                sb.append(a & b).append(' ').append(a | b).append(' ').append(a ^ b).append(' ');
                sb.append(a << b).append(' ').append(a >> b).append(' ').append(a >>> b).append(' ');
                sb.append(Long.compare(a, b)).append(' ').append(Long.compareUnsigned(a, b));
                if (b != 0) sb.append(' ').append(Long.divideUnsigned(a, b)).append(' ').append(Long.remainderUnsigned(a, b));
                System.out.println(sb);
            }
        }
        // conversions
        for (long l : LONGS) {
            System.out.println("l2i " + l + " -> " + (int) l + " " + (short) l + " " + (byte) l + " " + (int) (char) l
                + " " + (float) l + " " + (double) l);
        }
        for (int i : INTS) {
            System.out.println("i2x " + i + " -> " + (long) i + " " + (short) i + " " + (byte) i + " " + (int) (char) i
                + " " + (float) i + " " + (double) i);
        }
        // Math exact / floor / abs
        for (int a : INTS) {
            System.out.println("abs " + a + " " + Math.abs(a) + " neg " + (-a) + " floorDiv7 " + Math.floorDiv(a, 7)
                + " floorMod7 " + Math.floorMod(a, 7) + " floorDiv-7 " + Math.floorDiv(a, -7) + " floorMod-7 " + Math.floorMod(a, -7));
            try {
                System.out.println("addExact " + Math.addExact(a, a));
            } catch (ArithmeticException e) {
                System.out.println("addExact " + e);
            }
            try {
                System.out.println("mulExact " + Math.multiplyExact(a, 3));
            } catch (ArithmeticException e) {
                System.out.println("mulExact " + e);
            }
            try {
                System.out.println("negExact " + Math.negateExact(a));
            } catch (ArithmeticException e) {
                System.out.println("negExact " + e);
            }
            try {
                System.out.println("toIntExact " + Math.toIntExact((long) a * 2));
            } catch (ArithmeticException e) {
                System.out.println("toIntExact " + e);
            }
        }
        // bit ops
        for (int a : INTS) {
            System.out.println("bits " + a + " " + Integer.bitCount(a) + " " + Integer.numberOfLeadingZeros(a) + " "
                + Integer.numberOfTrailingZeros(a) + " " + Integer.highestOneBit(a) + " " + Integer.lowestOneBit(a) + " "
                + Integer.reverse(a) + " " + Integer.reverseBytes(a) + " " + Integer.rotateLeft(a, 5) + " "
                + Integer.rotateRight(a, 37) + " " + Integer.signum(a) + " " + Integer.toUnsignedString(a) + " "
                + Integer.toUnsignedLong(a));
        }
        for (long a : LONGS) {
            System.out.println("lbits " + a + " " + Long.bitCount(a) + " " + Long.numberOfLeadingZeros(a) + " "
                + Long.numberOfTrailingZeros(a) + " " + Long.highestOneBit(a) + " " + Long.reverse(a) + " "
                + Long.reverseBytes(a) + " " + Long.rotateLeft(a, 13) + " " + Long.toUnsignedString(a) + " "
                + Long.toUnsignedString(a, 7) + " " + Math.multiplyHigh(a, 12345678901L));
        }
        // compound assignment narrowing
        byte b = 120; b += 10; short s = 32767; s++; char c = 65535; c++;
        int x = 5; x += 3.7; long y = 10; y *= 2.5;
        System.out.println("compound " + b + " " + s + " " + (int) c + " " + x + " " + y);
        int i = 0; i = i++ + ++i; System.out.println("incr " + i);
        int k = 7; k <<= 33; System.out.println("shl33 " + k);
        try {
            int z = 0;
            System.out.println(5 / z);
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            long z = 0;
            System.out.println(5L % z);
        } catch (ArithmeticException e) {
            System.out.println("caught " + e);
        }
    }
}
