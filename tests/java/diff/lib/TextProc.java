package diff.lib;

import java.util.*;

public class TextProc {
    static String caesar(String s, int k) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isUpperCase(c)) sb.append((char) ('A' + (c - 'A' + k) % 26));
            else if (Character.isLowerCase(c)) sb.append((char) ('a' + (c - 'a' + k) % 26));
            else sb.append(c);
        }
        return sb.toString();
    }
    static String rle(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length();) {
            int j = i;
            while (j < s.length() && s.charAt(j) == s.charAt(i)) j++;
            sb.append(j - i).append(s.charAt(i));
            i = j;
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        String text = "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness";
        System.out.println("upper=" + text.toUpperCase(Locale.ROOT));
        System.out.println("caesar=" + caesar(text, 13) + " back=" + caesar(caesar(text, 13), 13).equals(text));
        StringBuilder sb = new StringBuilder(text);
        sb.reverse();
        System.out.println("reverse=" + sb);
        sb.setLength(0);
        for (int i = 0; i < 50; i++) sb.append(i).append(i % 10 == 9 ? '\n' : ',');
        System.out.print(sb);
        sb.insert(0, "HEAD:").replace(5, 8, "###").deleteCharAt(10).delete(20, 30);
        System.out.println("edited=" + sb.substring(0, 40).replace('\n', '/') + " len=" + sb.length() + " idx=" + sb.indexOf("15") + " last=" + sb.lastIndexOf("4"));
        sb.setCharAt(0, 'h');
        sb.append(3.5).append(true).append('c').append(12L).append(1.5f).append((Object) null).append(new char[]{'x', 'y'});
        System.out.println("tail=" + sb.substring(sb.length() - 25).replace('\n', '/'));
        System.out.println("rle=" + rle("aaabccddddde") + " " + rle("zzzzzzzzzzzzzz"));
        String[] parts = text.replace(",", "").split(" ");
        System.out.println("words=" + parts.length + " first=" + parts[0] + " last=" + parts[parts.length - 1]);
        TreeMap<String, Integer> freq = new TreeMap<>();
        for (String p : parts) { String k = p.toLowerCase(Locale.ROOT); freq.put(k, freq.getOrDefault(k, 0) + 1); }
        System.out.println("freq=" + freq);
        System.out.println("split limit=" + Arrays.toString("a:b:c:d".split(":", 2)) + " trailing=" + Arrays.toString("a,b,,".split(",")) + " -1=" + Arrays.toString("a,b,,".split(",", -1)));
        System.out.println("trim=[" + "  pad  ".trim() + "] strip=[" + "\t x \u2003".strip() + "] blank=" + "   ".isBlank() + " repeat=" + "ab".repeat(4));
        System.out.println("replace=" + text.replace("was", "<was>") + " replaceChar=" + "a.b.c".replace('.', '/'));
        System.out.println("compare=" + "apple".compareTo("apricot") + " " + "A".compareToIgnoreCase("a") + " eqIC=" + "HeLLo".equalsIgnoreCase("hello") + " regionMatches=" + text.regionMatches(true, 0, "IT WAS", 0, 6));
        System.out.println("indexOf=" + text.indexOf("was") + " " + text.indexOf("was", 10) + " " + text.lastIndexOf("it") + " " + text.indexOf('z') + " startsWith=" + text.startsWith("It") + " endsWith=" + text.endsWith("ness"));
        String uni = "h\u00e9llo w\u00f6rld \u4e2d\u6587 \uD83D\uDE00!";
        System.out.println("uni=" + uni + " len=" + uni.length() + " cps=" + uni.codePointCount(0, uni.length()) + " upper=" + uni.toUpperCase(Locale.ROOT));
        byte[] utf8 = uni.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.println("utf8 bytes=" + utf8.length + " roundtrip=" + new String(utf8, java.nio.charset.StandardCharsets.UTF_8).equals(uni) + " latin1=" + Arrays.toString("caf\u00e9".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
        StringBuilder cp = new StringBuilder();
        for (int i = 0; i < uni.length(); ) { int c = uni.codePointAt(i); cp.append(Integer.toHexString(c)).append(' '); i += Character.charCount(c); }
        System.out.println("codepoints=" + cp.toString().trim());
        System.out.println("join=" + String.join("-", "a", "b", "c") + " " + String.join("/", Arrays.asList("x", "y")) + " chars=" + Arrays.toString("hello".toCharArray()) + " intern=" + (new String("ab").intern() == "ab"));
        StringJoiner sj = new StringJoiner(", ", "{", "}");
        sj.setEmptyValue("EMPTY");
        System.out.println("joiner empty=" + sj);
        sj.add("one").add("two").add("three");
        System.out.println("joiner=" + sj + " len=" + sj.length());
        StringBuilder pal = new StringBuilder();
        String[] cands = {"racecar", "level", "hello", "A man a plan a canal Panama", "noon", "abcba", "abca"};
        for (String c : cands) {
            String norm = c.replace(" ", "").toLowerCase(Locale.ROOT);
            pal.append(c).append('=').append(new StringBuilder(norm).reverse().toString().equals(norm)).append("; ");
        }
        System.out.println(pal);
        StringBuffer sbuf = new StringBuffer("sync");
        sbuf.append('-').append(42).insert(0, '[').append(']');
        System.out.println("stringbuffer=" + sbuf + " cap>=" + (sbuf.capacity() >= sbuf.length()));
        char[] buf = new char[5];
        "abcdefgh".getChars(2, 7, buf, 0);
        System.out.println("getChars=" + new String(buf) + " valueOf=" + String.valueOf(buf, 1, 3) + " concat=" + "x".concat("y") + " hash=" + text.hashCode() + " contentEquals=" + "abc".contentEquals(new StringBuilder("abc")));
        System.out.println("chars: " + Character.isDigit('7') + Character.isLetter('\u00e9') + Character.isWhitespace('\t') + Character.isLetterOrDigit('_') + " " + Character.toUpperCase('\u00df') + Character.getNumericValue('Z') + " " + Character.digit('f', 16) + Character.forDigit(11, 16) + " " + Character.getType('A') + " " + (int) Character.toLowerCase('\u0130') + " " + Character.isJavaIdentifierStart('$') + " " + Character.toChars(0x1F600).length + " " + Character.isSurrogate('\uD83D'));
    }
}
