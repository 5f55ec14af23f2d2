package diff.indy;

import java.util.*;
import java.util.stream.*;

/** Modern String API: join/repeat/strip/lines/chars/indent/transform, text blocks, StringJoiner. */
public class StringsApi {
  public static void main(String[] args) {
    System.out.println("join " + String.join("-", "a", "b", "c") + " " + String.join(", ", List.of("x", "y")) + " [" + String.join("|") + "]");
    System.out.println("repeat [" + "ab".repeat(3) + "] [" + "x".repeat(0) + "] [" + "".repeat(5) + "]");
    String padded = " \t\u2003 hello world \u2003\t ";
    System.out.println("strip [" + padded.strip() + "] trim [" + padded.trim() + "] leading [" + padded.stripLeading() + "] trailing [" + padded.stripTrailing() + "]");
    System.out.println("isBlank " + "  \t\n".isBlank() + " " + " a ".isBlank() + " isEmpty " + "".isEmpty());
    String multi = "first\nsecond\r\nthird\rfourth\n\nsixth";
    System.out.println("lines " + multi.lines().count() + " " + multi.lines().map(s -> "<" + s + ">").collect(Collectors.joining()));
    System.out.println("indent\n" + "a\nb\n".indent(4) + "unindent\n" + "      x\n    y\n".indent(-2) + "end");
    System.out.println("stripIndent [" + "   a\n    b\n   c".stripIndent() + "]");
    System.out.println("translateEscapes [" + "tab\\there\\nnew \\'quoted\\' octal: \\101".translateEscapes() + "]");
    System.out.println("transform " + "hello".transform(s -> s + "!").transform(String::length));
    System.out.println("chars " + "hello".chars().mapToObj(c -> String.valueOf((char) (c + 1))).collect(Collectors.joining()));
    System.out.println("chars sum " + "abc".chars().sum() + " distinct " + "banana".chars().distinct().mapToObj(Character::toString).toList());
    String text = """
        Text blocks keep "quotes" and \\backslashes\\,
          relative indentation,
        trailing spaces\s\s
        line continuation \
        joined, and escapes: \t tab.
        """;
    System.out.print(text);
    System.out.println("text block lines " + text.lines().count() + " length " + text.length());
    String json = """
        {"name": "%s", "n": %d}""".formatted("block", 3);
    System.out.println(json);
    StringJoiner sj = new StringJoiner(", ", "{", "}");
    sj.setEmptyValue("EMPTY");
    System.out.println("joiner empty " + sj);
    sj.add("one").add("two");
    StringJoiner other = new StringJoiner("+", "(", ")");
    other.add("x").add("y");
    sj.merge(other);
    System.out.println("joiner " + sj + " length " + sj.length());
    String s = "The Quick Brown Fox";
    System.out.println("case " + s.toUpperCase(Locale.ROOT) + " " + s.toLowerCase(Locale.ROOT) + " " + "\u00df".toUpperCase(Locale.ROOT)
        + " " + "TITLE".equalsIgnoreCase("title") + " " + "a".compareToIgnoreCase("B"));
    System.out.println("search " + s.indexOf('Q') + " " + s.indexOf("o") + " " + s.lastIndexOf("o") + " " + s.indexOf("o", 13)
        + " " + s.contains("Brown") + " " + s.startsWith("Quick", 4) + " " + s.endsWith("Fox"));
    System.out.println("replace " + s.replace('o', '0') + " | " + s.replace("Quick", "Slow") + " | " + s.replaceAll("[aeiou]", "*") + " | " + s.replaceFirst("\\s", "_"));
    System.out.println("split " + Arrays.toString(s.split(" ")) + " substring " + s.substring(4, 9) + " charAt " + s.charAt(10)
        + " subSequence " + s.subSequence(0, 3));
    System.out.println("regionMatches " + s.regionMatches(true, 4, "QUICK", 0, 5) + " " + s.regionMatches(4, "QUICK", 0, 5));
    System.out.println("valueOf " + String.valueOf(3.0f) + String.valueOf(true) + String.valueOf('c') + String.valueOf(new char[] {'x', 'y'}, 1, 1)
        + " copyValueOf " + String.copyValueOf(new char[] {'o', 'k'}));
    System.out.println("compare " + "apple".compareTo("banana") + " " + "b".compareTo("a") + " " + "abc".compareTo("ab") + " " + "".compareTo("a"));
    System.out.println("intern " + (new String("lit").intern() == "lit") + " equals " + new String("x").equals("x") + " contentEquals " + "ab".contentEquals(new StringBuilder("ab")));
    System.out.println("hashCodes " + "".hashCode() + " " + "a".hashCode() + " " + "hello world".hashCode() + " " + "\u00e9t\u00e9".hashCode());
    String uni = "a\ud83d\ude00b\u00e9";
    System.out.println("code points " + uni.length() + " " + uni.codePointCount(0, uni.length()) + " " + uni.codePoints().mapToObj(Integer::toString).collect(Collectors.joining(",")) + " offset " + uni.offsetByCodePoints(0, 2));
    System.out.println("new String(codePoints) " + new String(new int[] {0x48, 0x1F600, 0x49}, 0, 3).length());
    byte[] utf8 = uni.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] latin = "caf\u00e9".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    byte[] utf16 = "ab".getBytes(java.nio.charset.StandardCharsets.UTF_16);
    System.out.println("bytes utf8 " + Arrays.toString(utf8) + " latin1 " + Arrays.toString(latin) + " utf16 " + Arrays.toString(utf16));
    System.out.println("decode " + new String(utf8, java.nio.charset.StandardCharsets.UTF_8).equals(uni) + " malformed "
        + new String(new byte[] {(byte) 0xC3, 0x28}, java.nio.charset.StandardCharsets.UTF_8).codePoints().boxed().toList());
    StringBuilder sb = new StringBuilder("0123456789");
    sb.insert(3, "abc").reverse().deleteCharAt(0).replace(0, 2, "ZZ").setCharAt(5, '!');
    sb.append(1.5f).append(2L).append('c').append(true).append((Object) null).append(new char[] {'q'});
    System.out.println("builder " + sb + " len " + sb.length() + " indexOf " + sb.indexOf("Z") + " compareTo " + Integer.signum(sb.compareTo(new StringBuilder("ZZ"))));
    System.out.println("chars of builder " + sb.chars().filter(Character::isDigit).count());
    String[] words = {"banana", "Apple", "cherry", "apple", "Banana"};
    Arrays.sort(words);
    System.out.println("sorted " + Arrays.toString(words));
    Arrays.sort(words, String.CASE_INSENSITIVE_ORDER);
    System.out.println("sorted ci " + Arrays.toString(words));
    System.out.println("describeConstable " + "x".describeConstable().get() + " resolve " + "y".resolveConstantDesc(null));
    for (String t : List.of("123", "-0x1F", "+7", "  8", "1_000", "2147483648", "")) {
      try {
        System.out.println("parse '" + t + "' = " + Integer.decode(t));
      } catch (NumberFormatException e) {
        System.out.println("parse '" + t + "' NumberFormatException: " + e.getMessage());
      }
    }
  }
}
