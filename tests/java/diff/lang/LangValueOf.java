package diff.lang;

public class LangValueOf {
    public static void main(String[] args) {
        System.out.println(String.valueOf(true) + String.valueOf(false) + String.valueOf('x') + String.valueOf(123)
            + String.valueOf(-45L) + String.valueOf(1.25f) + String.valueOf(-2.5) + String.valueOf((Object) null)
            + String.valueOf(new char[] {'a', 'b'}) + String.valueOf(Integer.valueOf(9)));
        System.out.println(Boolean.toString(true) + Byte.toString((byte) -128) + Short.toString((short) 32767)
            + Character.toString('c') + Integer.toString(-7) + Long.toString(Long.MAX_VALUE) + Float.toString(1e10f)
            + Double.toString(1e-5));
        Object[] objs = {1, 2L, 3.0f, 4.0, 'c', (byte) 5, (short) 6, true, "s", null, new int[0].length};
        for (Object o : objs) {
            System.out.println(String.valueOf(o) + " " + (o == null ? "null" : o.getClass().getName()));
        }
        // integer caching
        Integer a = 127, b = 127, c = 128, d = 128;
        System.out.println((a == b) + " " + (c == d) + " " + c.equals(d) + " " + (Integer.valueOf(-128) == Integer.valueOf(-128))
            + " " + (Integer.valueOf(-129) == Integer.valueOf(-129)));
        Long la = 127L, lb = 127L, lc = 1000L, ld = 1000L;
        System.out.println((la == lb) + " " + (lc == ld) + " " + la.equals(127) + " " + la.equals(127L));
        Character ca = 'a', cb = 'a', cc = '\u1234', cd = '\u1234';
        System.out.println((ca == cb) + " " + (cc == cd) + " " + (Boolean.valueOf(true) == Boolean.TRUE) + " "
            + (Short.valueOf((short) 5) == Short.valueOf((short) 5)) + " " + (Byte.valueOf((byte) -1) == Byte.valueOf((byte) -1)));
        // parse and radix
        String[] ins = {"0", "-0", "+5", "123", "-2147483648", "2147483647", "2147483648", "ff", "FF", "-ff", "7fffffff",
            "1010", "zz", "", "-", "12a", " 1", "00012"};
        int[] radixes = {10, 16, 2, 36, 8};
        for (String in : ins) {
            StringBuilder sb = new StringBuilder("parse '" + in + "':");
            for (int r : radixes) {
                try {
                    sb.append(' ').append(Integer.parseInt(in, r));
                } catch (NumberFormatException e) {
                    sb.append(" NFE(").append(e.getMessage()).append(')');
                }
                try {
                    sb.append(' ').append(Long.parseLong(in, r));
                } catch (NumberFormatException e) {
                    sb.append(" LNFE(").append(e.getMessage()).append(')');
                }
            }
            // (a leading '-' makes parseUnsignedInt use String.format, whose Formatter needs regex lambdas)
            if (!in.startsWith("-")) try {
                sb.append(" u=").append(Integer.parseUnsignedInt(in));
            } catch (NumberFormatException e) {
                sb.append(" UNFE(").append(e.getMessage()).append(')');
            }
            System.out.println(sb);
        }
        int[] vals = {0, 1, -1, 255, -255, Integer.MAX_VALUE, Integer.MIN_VALUE, 123456789};
        for (int v : vals) {
            System.out.println(v + " " + Integer.toString(v, 2) + " " + Integer.toString(v, 16) + " " + Integer.toString(v, 36)
                + " " + Integer.toString(v, 7) + " " + Integer.toHexString(v) + " " + Integer.toOctalString(v) + " "
                + Integer.toBinaryString(v) + " " + Integer.toString(v, 99) + " " + Long.toString(v * 1000003L, 36)
                + " " + Long.toHexString(v * 1000003L) + " " + Long.toBinaryString(v) + " " + Integer.hashCode(v)
                + " " + Long.hashCode(v * 1000003L));
        }
        System.out.println(Integer.decode("0x1F") + " " + Integer.decode("-010") + " " + Integer.decode("#ff") + " "
            + Long.decode("0X7fffffffffffffff") + " " + Integer.valueOf("77") + " " + Short.parseShort("-300")
            + " " + Byte.parseByte("7f", 16) + " " + Boolean.parseBoolean("TRUE") + " " + Boolean.parseBoolean("yes"));
        try {
            Byte.parseByte("200");
        } catch (NumberFormatException e) {
            System.out.println(e);
        }
        try {
            Integer.valueOf(null);
        } catch (NumberFormatException e) {
            System.out.println(e);
        }
        System.out.println(Integer.MAX_VALUE + 1 + " " + Integer.sum(3, 4) + " " + Integer.max(3, 4) + " " + Long.min(3, -4)
            + " " + Character.MAX_VALUE + 0 + " " + Short.MIN_VALUE + " " + Byte.MAX_VALUE + " " + Float.MAX_VALUE + " "
            + Double.MIN_VALUE + " " + Float.MIN_NORMAL);
        // autoboxing arithmetic
        Integer boxed = 5;
        boxed++;
        boxed += 10;
        Double db = 2.5;
        db *= boxed;
        Object o = boxed > 10 ? 1 : 2.0;
        System.out.println(boxed + " " + db + " " + o + " " + (true ? (Integer) null : 0 == 0 ? "x" : "y"));
        char ch = 'A';
        ch += 2;
        ch++;
        int ci = ch + 1;
        System.out.println(ch + " " + ci + " " + (char) ci + " " + (char) (ch + 1) + " " + ('a' + 1) + " " + (char) ('a' + 1)
            + " " + Character.valueOf((char) 0x41) + " " + (int) '\uffff' + " " + (short) '\uffff');
    }
}
