package diff.indy;

import java.util.*;
import java.util.regex.*;
import java.util.stream.*;

/** Scanner over Strings: tokens, typed reads, delimiters, findInLine, locales. */
public class ScannerString {
  public static void main(String[] args) {
    Scanner s = new Scanner("42 3.5 true word -7 9999999999 0x1F 1,234 end");
    System.out.println("nextInt " + s.nextInt() + " nextDouble " + s.nextDouble() + " nextBoolean " + s.nextBoolean() + " next " + s.next()
        + " nextInt " + s.nextInt() + " hasNextInt " + s.hasNextInt() + " nextLong " + s.nextLong() + " hasNextInt " + s.hasNextInt() + " next " + s.next());
    System.out.println("hasNextInt(1,234) " + s.hasNextInt() + " value " + (s.hasNextInt() ? s.nextInt() : s.next()) + " rest " + s.next() + " hasNext " + s.hasNext());
    try {
      s.next();
    } catch (NoSuchElementException e) {
      System.out.println("NoSuchElementException at end");
    }
    Scanner bad = new Scanner("abc");
    try {
      bad.nextInt();
    } catch (InputMismatchException e) {
      System.out.println("InputMismatchException: " + e.getMessage() + " then next " + bad.next());
    }
    Scanner lines = new Scanner("line one\nline two\n\nlast line without newline");
    int n = 0;
    while (lines.hasNextLine()) System.out.println("line " + (++n) + " [" + lines.nextLine() + "]");
    Scanner csv = new Scanner("a,b;c,,d").useDelimiter("[,;]");
    List<String> toks = new ArrayList<>();
    while (csv.hasNext()) toks.add(csv.next());
    System.out.println("delimiter " + toks + " " + csv.delimiter());
    Scanner hexs = new Scanner("ff 10 z").useRadix(16);
    System.out.println("radix 16 " + hexs.nextInt() + " " + hexs.nextInt() + " hasNextInt " + hexs.hasNextInt() + " radix " + hexs.radix());
    Scanner finder = new Scanner("name=alice age=30 city=paris\nsecond line");
    System.out.println("findInLine " + finder.findInLine("age=(\\d+)") + " group " + finder.match().group(1) + " next " + finder.next());
    System.out.println("skip+nextLine [" + finder.nextLine() + "] then [" + finder.nextLine() + "]");
    Scanner tokens = new Scanner("10 20 x 30 40 y");
    System.out.println("tokens stream " + tokens.tokens().filter(t -> t.matches("\\d+")).mapToInt(Integer::parseInt).sum());
    Scanner fa = new Scanner("a1b22c333");
    System.out.println("findAll " + fa.findAll("\\d+").map(MatchResult::group).toList());
    Scanner us = new Scanner("1,234.5 6.0E3").useLocale(Locale.US);
    System.out.println("US locale " + us.nextDouble() + " " + us.nextDouble());
    Scanner root = new Scanner("1234.5").useLocale(Locale.ROOT);
    System.out.println("ROOT locale " + root.nextDouble());
    Scanner mixed = new Scanner("3\nalpha beta\n4 5\n");
    int count = mixed.nextInt();
    mixed.nextLine();
    String words = mixed.nextLine();
    System.out.println("mixed count " + count + " words [" + words + "] sum " + (mixed.nextInt() + mixed.nextInt()));
    Scanner big = new Scanner("123456789012345678901234567890 3.14159265358979323846");
    System.out.println("BigInteger " + big.nextBigInteger().multiply(java.math.BigInteger.TWO) + " BigDecimal " + big.nextBigDecimal().scale());
    Scanner pattern = new Scanner("key1: v1; key2: v2; key3: v3");
    pattern.useDelimiter(";\\s*");
    Map<String, String> kv = new TreeMap<>();
    while (pattern.hasNext()) {
      String[] parts = pattern.next().split(":\\s*");
      kv.put(parts[0], parts[1]);
    }
    System.out.println("key values " + kv);
    Scanner nums = new Scanner(IntStream.rangeClosed(1, 50).mapToObj(Integer::toString).collect(Collectors.joining(" ")));
    long evenSum = 0;
    int odd = 0;
    while (nums.hasNextInt()) {
      int v = nums.nextInt();
      if (v % 2 == 0) evenSum += v;
      else odd++;
    }
    System.out.println("even sum " + evenSum + " odd count " + odd);
    Scanner closed = new Scanner("x");
    closed.close();
    try {
      closed.next();
    } catch (IllegalStateException e) {
      System.out.println("closed: " + e.getMessage());
    }
  }
}
