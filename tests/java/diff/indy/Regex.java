package diff.indy;

import java.util.*;
import java.util.regex.*;
import java.util.stream.*;

/** java.util.regex: groups, named groups, flags, lookaround, split, replaceAll with lambdas. */
public class Regex {
  public static void main(String[] args) {
    Pattern date = Pattern.compile("(?<year>\\d{4})-(?<month>\\d{2})-(?<day>\\d{2})");
    String text = "Released 2021-09-14, patched 2022-01-18 and 2023-07-04; not 99-1-1.";
    Matcher m = date.matcher(text);
    while (m.find()) {
      System.out.println("match '" + m.group() + "' at " + m.start() + "-" + m.end() + " year=" + m.group("year")
          + " month=" + m.group(2) + " day=" + m.group("day") + " groupCount=" + m.groupCount()
          + " start(month)=" + m.start("month"));
    }
    System.out.println("results " + date.matcher(text).results().map(MatchResult::group).toList());
    System.out.println("replace numbered " + date.matcher(text).replaceAll("$3/$2/$1"));
    System.out.println("replace named " + date.matcher(text).replaceAll("${day}.${month}.${year}"));
    System.out.println("replace lambda " + date.matcher(text).replaceAll(r -> r.group(1).substring(2) + "y"));
    System.out.println("replaceFirst lambda " + date.matcher(text).replaceFirst(r -> "<" + r.group().length() + ">"));
    System.out.println("quoteReplacement " + "a.b.c".replaceAll("\\.", Matcher.quoteReplacement("$\\")));
    System.out.println("Pattern.quote " + "1+1=2 and 1+1".split(Pattern.quote("1+1")).length + " " + Pattern.quote("a.b"));
    System.out.println("matches " + "abc123".matches("[a-z]+\\d+") + " " + Pattern.matches("\\w+@\\w+\\.com", "me@host.com")
        + " " + "ABC".matches("(?i)abc"));
    System.out.println("split " + Arrays.toString("a, b,,c ,  d".split("\\s*,\\s*")) + " limit " + Arrays.toString("a:b:c:d".split(":", 2))
        + " trailing " + Arrays.toString("x,y,,,".split(",")) + " keep " + Arrays.toString("x,y,,,".split(",", -1)));
    System.out.println("splitAsStream " + Pattern.compile("\\|").splitAsStream("p|q|r").map(String::toUpperCase).collect(Collectors.joining("+")));
    System.out.println("lookahead " + Pattern.compile("\\w+(?=!)").matcher("hi! there? yes!").results().map(MatchResult::group).toList());
    System.out.println("neg lookahead " + Pattern.compile("\\b\\w+\\b(?!\\()").matcher("call(x) name other(y)").results().map(MatchResult::group).toList());
    System.out.println("lookbehind " + Pattern.compile("(?<=\\$)\\d+").matcher("cost $42 and $7, not 9").results().map(MatchResult::group).toList());
    System.out.println("thousands " + "1234567890".replaceAll("(?<=\\d)(?=(\\d{3})+$)", ","));
    System.out.println("backreference " + Pattern.compile("\\b(\\w+) \\1\\b").matcher("this is is a test test ok").results().map(r -> r.group(1)).toList());
    System.out.println("greedy vs lazy " + "<a><b>".replaceAll("<.+>", "X") + " " + "<a><b>".replaceAll("<.+?>", "X"));
    System.out.println("possessive " + "aaa".matches("a*+a") + " atomic " + "aaab".matches("(?>a+)b"));
    Pattern multi = Pattern.compile("^(\\w+):\\s*(.*)$", Pattern.MULTILINE);
    String headers = "Host: example.org\nAccept: */*\nX-Empty:\nBad line\nContent-Length: 42";
    Matcher hm = multi.matcher(headers);
    Map<String, String> hs = new TreeMap<>();
    while (hm.find()) hs.put(hm.group(1), hm.group(2));
    System.out.println("headers " + hs);
    System.out.println("DOTALL " + Pattern.compile("a.b", Pattern.DOTALL).matcher("a\nb").matches() + " without " + Pattern.compile("a.b").matcher("a\nb").matches());
    System.out.println("COMMENTS " + Pattern.compile("\\d+ # digits\n [a-z]+ # letters", Pattern.COMMENTS).matcher("123abc").matches());
    System.out.println("unicode class " + Pattern.compile("\\p{Lu}+").matcher("abcDEFghiJK").results().map(MatchResult::group).toList()
        + " " + "caf\u00e9 na\u00efve".replaceAll("\\P{ASCII}", "?"));
    System.out.println("UNICODE_CASE " + Pattern.compile("\u00e9", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher("\u00c9").matches());
    Matcher region = Pattern.compile("\\d+").matcher("ab12cd345ef6");
    region.region(3, 9);
    List<String> inRegion = new ArrayList<>();
    while (region.find()) inRegion.add(region.group() + "@" + region.start());
    System.out.println("region " + inRegion);
    Matcher look = Pattern.compile("ab").matcher("abab");
    System.out.println("lookingAt " + look.lookingAt() + " matches " + look.matches() + " hitEnd " + look.hitEnd());
    Matcher app = Pattern.compile("(\\w)(\\d)").matcher("a1 b2 c3 d");
    StringBuilder sb = new StringBuilder();
    while (app.find()) app.appendReplacement(sb, app.group(2) + app.group(1));
    app.appendTail(sb);
    System.out.println("appendReplacement " + sb);
    System.out.println("optional group " + Pattern.compile("(a)?(b)").matcher("b").results().map(r -> r.group(1) + "/" + r.group(2)).toList());
    String csv = "name,\"quoted, with comma\",42,\"say \"\"hi\"\"\",";
    Matcher cm = Pattern.compile("(?:^|,)(?:\"((?:[^\"]|\"\")*)\"|([^,]*))").matcher(csv);
    List<String> fields = new ArrayList<>();
    while (cm.find()) fields.add(cm.group(1) != null ? cm.group(1).replace("\"\"", "\"") : cm.group(2));
    System.out.println("csv fields " + fields.size() + " " + fields);
    Pattern email = Pattern.compile("^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$");
    for (String e : List.of("a@b.co", "first.last+tag@sub.example.org", "bad@", "@bad.com", "no at.com", "x@y"))
      System.out.println("email " + e + " " + email.matcher(e).matches());
    try {
      Pattern.compile("(unclosed");
    } catch (PatternSyntaxException e) {
      System.out.println("PatternSyntaxException desc=" + e.getDescription() + " index=" + e.getIndex() + " pattern=" + e.getPattern());
      System.out.println(e.getMessage());
    }
    try {
      Matcher nm = date.matcher("2020-01-01");
      nm.find();
      nm.group("nope");
    } catch (IllegalArgumentException e) {
      System.out.println("IAE " + e.getMessage());
    }
    try {
      date.matcher("none").group();
    } catch (IllegalStateException e) {
      System.out.println("ISE " + e.getMessage());
    }
    System.out.println("asPredicate " + Stream.of("a1", "bb", "c3").filter(Pattern.compile("\\d").asPredicate()).toList()
        + " asMatchPredicate " + Stream.of("a1", "bb", "33").filter(Pattern.compile("\\d+").asMatchPredicate()).toList());
    System.out.println("flags " + Pattern.compile("x", Pattern.CASE_INSENSITIVE | Pattern.MULTILINE).flags() + " toString " + date);
  }
}
