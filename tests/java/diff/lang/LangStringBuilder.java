package diff.lang;

public class LangStringBuilder {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder("hello");
        sb.insert(0, "[").append(']').insert(3, 42).insert(1, 1.5).insert(2, true).insert(0, 'c').insert(0, 7L);
        System.out.println(sb + " " + sb.length());
        sb.reverse();
        System.out.println(sb);
        sb.delete(2, 5).deleteCharAt(0).replace(1, 3, "REPL");
        System.out.println(sb);
        sb.setCharAt(0, 'Q');
        sb.setLength(5);
        System.out.println(sb + "|" + sb.length() + "|" + sb.indexOf("E") + "|" + sb.lastIndexOf("L") + "|" + sb.charAt(2));
        sb.setLength(8);
        System.out.println(sb.toString().replace('\0', '0') + " " + sb.length());
        StringBuilder u = new StringBuilder("ab\ud83d\ude00cd\u4e16");
        System.out.println(u + " " + u.length() + " " + u.codePointCount(0, u.length()));
        u.reverse();
        System.out.println(u + " " + Integer.toHexString(u.codePointAt(3)) + " " + (int) u.charAt(0));
        u.appendCodePoint(0x1f601).appendCodePoint('Z');
        System.out.println(u + " " + u.length());
        StringBuilder x = new StringBuilder();
        x.append(1).append(-2L).append(3.5f).append(4.25).append('c').append(true).append((Object) null).append((String) null)
            .append(new char[] {'x', 'y'}).append("abcdef", 1, 3).append(new char[] {'p', 'q', 'r'}, 1, 2)
            .append(Integer.MIN_VALUE).append(Long.MIN_VALUE).append(Double.NaN).append(-0.0f).append(new StringBuilder("sb"));
        System.out.println(x);
        System.out.println(x.substring(3) + " " + x.subSequence(0, 4) + " " + x.compareTo(new StringBuilder("1")));
        StringBuffer buf = new StringBuffer();
        for (int i = 0; i < 50; i++) buf.append(i).append(',');
        buf.insert(10, "INS").reverse();
        System.out.println(buf + " " + buf.length());
        try {
            sb.insert(100, "x");
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            sb.deleteCharAt(-1);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            "abc".substring(2, 1);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            "abc".charAt(5);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("caught " + e.getMessage());
        }
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 1000; i++) big.insert(big.length() / 2, i % 10);
        System.out.println(big.length() + " " + big.toString().hashCode() + " " + big.substring(490, 510));
        StringBuilder latin = new StringBuilder("abc");
        latin.append('\u0101');
        latin.setCharAt(3, 'd');
        System.out.println(latin + " " + latin.toString().equals("abcd") + " " + "abcd".equals(latin.toString()));
        System.out.println(new StringBuilder("racecar").reverse() + " " + new StringBuilder().reverse().length()
           );
    }
}
