package diff.lib;

public class IntUtils {
    public static void main(String[] args) {
        int[] ints = {0, 1, -1, 42, -42, 255, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x12345678, 0x80000001};
        for (int v : ints) {
            System.out.println(v + ": hex=" + Integer.toHexString(v) + " oct=" + Integer.toOctalString(v) + " bin=" + Integer.toBinaryString(v)
                + " r36=" + Integer.toString(v, 36) + " uns=" + Integer.toUnsignedString(v) + " bitCount=" + Integer.bitCount(v)
                + " nlz=" + Integer.numberOfLeadingZeros(v) + " ntz=" + Integer.numberOfTrailingZeros(v) + " hob=" + Integer.highestOneBit(v)
                + " lob=" + Integer.lowestOneBit(v) + " rev=" + Integer.reverse(v) + " revBytes=" + Integer.reverseBytes(v)
                + " rotl=" + Integer.rotateLeft(v, 7) + " rotr=" + Integer.rotateRight(v, 7) + " signum=" + Integer.signum(v)
                + " udiv7=" + Integer.divideUnsigned(v, 7) + " urem7=" + Integer.remainderUnsigned(v, 7) + " cmpU=" + Integer.compareUnsigned(v, 42));
        }
        long[] longs = {0L, -1L, 1L << 40, Long.MAX_VALUE, Long.MIN_VALUE, 0x123456789abcdefL, -987654321987L};
        for (long v : longs) {
            System.out.println(v + ": hex=" + Long.toHexString(v) + " oct=" + Long.toOctalString(v) + " bin=" + Long.toBinaryString(v).length()
                + " r7=" + Long.toString(v, 7) + " uns=" + Long.toUnsignedString(v) + " bitCount=" + Long.bitCount(v)
                + " nlz=" + Long.numberOfLeadingZeros(v) + " ntz=" + Long.numberOfTrailingZeros(v) + " rev=" + Long.reverse(v)
                + " revBytes=" + Long.reverseBytes(v) + " rotl=" + Long.rotateLeft(v, 13) + " udiv=" + Long.divideUnsigned(v, 1000)
                + " urem=" + Long.remainderUnsigned(v, 1000) + " hash=" + Long.hashCode(v));
        }
        System.out.println("parse: " + Integer.parseInt("+123") + " " + Integer.parseInt("-ff", 16) + " " + Integer.valueOf("777", 8) + " " + Integer.decode("0x1F") + " " + Integer.decode("-010") + " " + Integer.decode("#ff") + " " + Integer.parseUnsignedInt("4294967295") + " " + Long.parseUnsignedLong("18446744073709551615") + " " + Long.decode("0X7f"));
        String[] bad = {"", "abc", "2147483648", "-", "12 ", "0x10"};
        for (String s : bad) {
            try { Integer.parseInt(s); System.out.println("parsed " + s); } catch (NumberFormatException e) { System.out.println("NFE: " + e.getMessage()); }
        }
        try { Long.parseLong("99999999999999999999"); } catch (NumberFormatException e) { System.out.println("NFE: " + e.getMessage()); }
        try { Integer.valueOf(null); } catch (NumberFormatException e) { System.out.println("NFE: " + e.getMessage()); }
        Integer a = 127, b = 127, c = 128, d = 128;
        System.out.println("cache: " + (a == b) + " " + (c == d) + " " + c.equals(d) + " " + Integer.valueOf(-128).equals(-128));
        System.out.println("minmax: " + Integer.max(3, 9) + " " + Integer.min(-3, 9) + " " + Integer.sum(5, 6) + " " + Long.max(1, 2) + " " + Integer.compare(5, 3) + " " + Long.compare(-1, 1) + " " + Integer.MAX_VALUE + 1);
        System.out.println("short/byte: " + Short.parseShort("-32768") + " " + Byte.parseByte("7f", 16) + " " + Short.reverseBytes((short) 0x1234) + " " + Byte.toUnsignedInt((byte) -1) + " " + Short.toUnsignedInt((short) -2) + " " + (byte) 200 + " " + (short) 70000 + " " + (char) 65 + (int) 'z');
        System.out.println("double bits: " + Double.doubleToLongBits(1.5) + " " + Long.toHexString(Double.doubleToRawLongBits(-0.0)) + " " + Double.longBitsToDouble(0x7ff0000000000000L) + " " + Float.floatToIntBits(1.5f) + " " + Float.intBitsToFloat(0x3f800001) + " " + Double.isNaN(0.0 / 0.0) + " " + Double.isInfinite(1 / 0.0) + " " + Double.compare(0.0, -0.0) + " " + Double.MIN_NORMAL + " " + Math.getExponent(1e300));
        System.out.println("conversions: " + (int) 3.99e10 + " " + (long) -1e30 + " " + (int) Double.NaN + " " + (char) -1 + 0 + " " + (int) (char) -1 + " " + (float) 0.1 + " " + (double) 0.1f + " " + (long) Float.POSITIVE_INFINITY);
        Character ch = 'q';
        System.out.println("Character: " + Character.valueOf('a').compareTo('c') + " " + ch.hashCode() + " " + Character.MAX_RADIX + " " + Character.reverseBytes('\u1234') + 0 + " " + Character.isHighSurrogate('\uD800') + " " + Character.toCodePoint('\uD83D', '\uDE00') + " " + Character.isAlphabetic('\u4e2d') + " " + Character.isIdeographic('\u4e2d') + " " + Character.UnicodeBlock.of('\u4e2d'));
        Boolean t = Boolean.parseBoolean("TRUE");
        System.out.println("Boolean: " + t + " " + Boolean.parseBoolean("yes") + " " + Boolean.logicalXor(true, false) + " " + Boolean.compare(true, false) + " " + Boolean.valueOf("false"));
        long acc = 17;
        for (int i = 0; i < 1000; i++) { acc = acc * 6364136223846793005L + 1442695040888963407L; acc ^= (acc >>> 29); }
        System.out.println("lcg=" + acc + " hash=" + Long.hashCode(acc) + " " + Integer.hashCode(-5) + " " + Double.hashCode(2.75) + " " + Float.hashCode(2.75f) + " " + Short.hashCode((short) -3) + " " + Character.hashCode('x'));
    }
}
