package diff.lang;

public class LangStrings {
    public static void main(String[] args) {
        String s = "Hello, World! héllo \u4e16\u754c \ud83d\ude00 end";
        System.out.println(s + " len=" + s.length() + " cps=" + s.codePointCount(0, s.length()));
        System.out.println(s.toUpperCase() + " | " + s.toLowerCase());
        System.out.println(s.indexOf('o') + " " + s.lastIndexOf('o') + " " + s.indexOf("llo") + " " + s.indexOf("llo", 5)
            + " " + s.lastIndexOf("l") + " " + s.indexOf(0x1f600) + " " + s.indexOf("zzz") + " " + s.contains("World"));
        System.out.println(s.substring(7) + "|" + s.substring(0, 5) + "|" + s.charAt(4) + "|" + (int) s.charAt(22)
            + "|" + s.codePointAt(23) + "|" + s.codePointAt(24));
        System.out.println(s.replace('l', 'L') + "|" + s.replace("llo", "LLO"));
        System.out.println(String.join(",", s.split(" ")) + " " + s.split(" ").length + " " + "a,b,,c,,".split(",").length
            + " " + "a,b,,c,,".split(",", -1).length);
        System.out.println("  trim me  ".trim() + "|" + "  strip \u2003".strip() + "|" + "  x ".stripLeading() + "|"
            + "  x ".stripTrailing() + "|" + "".isEmpty() + " " + "  ".isBlank() + " " + "ab".repeat(3));
        System.out.println("abc".compareTo("abd") + " " + "abc".compareTo("ab") + " " + "ABC".compareToIgnoreCase("abd")
            + " " + "Abc".equalsIgnoreCase("aBC") + " " + "abc".startsWith("ab") + " " + "abc".endsWith("bc")
            + " " + "abc".startsWith("c", 2) + " " + "abcabc".regionMatches(true, 3, "ABC", 0, 3));
        System.out.println("hash " + "".hashCode() + " " + "a".hashCode() + " " + s.hashCode() + " " + "polygenelubricants".hashCode());
        char[] cs = s.toCharArray();
        System.out.println(cs.length + " " + new String(cs, 7, 5) + " " + String.valueOf(cs, 0, 3) + " " + String.copyValueOf(cs));
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] latin = s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] u16 = s.getBytes(java.nio.charset.StandardCharsets.UTF_16);
        System.out.println("bytes " + utf8.length + " " + latin.length + " " + u16.length + " "
            + new String(utf8, java.nio.charset.StandardCharsets.UTF_8).equals(s) + " " + new String(latin, java.nio.charset.StandardCharsets.ISO_8859_1));
        System.out.println(java.util.Arrays.toString(utf8));
        String a = "inter", b = "ned";
        String c = a + b;
        System.out.println("intern " + (c == "interned") + " " + (c.intern() == "interned") + " " + c.equals("interned")
            + " " + ("inter" + "ned" == "interned"));
        StringBuilder chars = new StringBuilder();
        for (char ch : "aZ9 _\t\u00e9\u4e16".toCharArray()) {
            chars.append(ch).append(':').append(Character.isLetter(ch)).append(Character.isDigit(ch))
                .append(Character.isWhitespace(ch)).append(Character.isUpperCase(ch)).append(Character.isLetterOrDigit(ch))
                .append(Character.toUpperCase(ch)).append(Character.getNumericValue(ch)).append(Character.getType(ch)).append(' ');
        }
        System.out.println(chars);
        System.out.println("chars " + String.valueOf(Character.toChars(0x1f600)) + " "
            + Character.isSurrogate('\ud83d') + " " + Character.charCount(0x1f600) + " " + Character.toString(65)
            + " " + Character.digit('f', 16) + " " + Character.forDigit(11, 16));
        System.out.println("concat " + 1 + 2 + " " + (1 + 2) + " " + 'a' + 'b' + " " + ('a' + 'b') + " " + null + " " + 1.0f + " " + 2L + true);
        String nul = null;
        System.out.println("null concat " + nul + nul);
        System.out.println("text block:\n" + """
            line one
              indented "quoted"
            last\
             joined
            """);
        System.out.println("cmp " + "b".compareTo("a") + " " + String.CASE_INSENSITIVE_ORDER.compare("ABC", "abd")
            + " " + "\u00e9".compareTo("e") + " " + "Z".compareTo("a"));
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 2000; i++) big.append((char) ('a' + i % 26));
        String bs = big.toString();
        System.out.println(bs.length() + " " + bs.hashCode() + " " + bs.lastIndexOf("xyz") + " " + bs.substring(1990));
    }
}
