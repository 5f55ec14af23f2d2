package diff.indy;

import java.math.*;
import java.util.*;

/** String.format / Formatter / printf: conversions, flags, widths, precision, locales. */
public class Formats {
  public static void main(String[] args) {
    Locale r = Locale.ROOT, us = Locale.US;
    int[] ints = {0, 7, -7, 255, 65535, Integer.MIN_VALUE, Integer.MAX_VALUE, 1234567};
    for (int i : ints) {
      System.out.println(String.format(r, "[%d] [%5d] [%-5d|] [%05d] [%+d] [%,d] [%(d] [%x] [%X] [%#x] [%o] [%#o] [%08X]", i, i, i, i, i, i, i, i, i, i, i, i, i));
    }
    long[] longs = {0L, -1L, Long.MAX_VALUE, 1L << 40};
    for (long l : longs) System.out.println(String.format(r, "%d %x %o %,d %+,020d", l, l, l, l, l));
    System.out.println(String.format(r, "byte %x short %x byte %d", (byte) -1, (short) -1, (byte) -128));
    double[] ds = {0.0, -0.0, 1.0, -1.5, Math.PI, 1234567.891, 1e-5, 6.02214076e23, Double.NaN, Double.POSITIVE_INFINITY, Double.MIN_VALUE, 0.125};
    for (double d : ds) {
      System.out.println(String.format(r, "%f | %.2f | %10.3f | %-12.1f| %e | %.3E | %g | %.10g | %a | %+.1f | %(,.2f", d, d, d, d, d, d, d, d, d, d, d));
    }
    System.out.println(String.format(r, "%08.2f %,.3f %-+10.2f| % d % d", -3.14159, 9876543.21, 2.5, 42, -42));
    System.out.println(String.format(r, "float %f %.3e %s", 1.1f, 1.1f, 1.1f));
    System.out.println(String.format(r, "%s %S %10s %-10s| %.3s %10.2s|", "str", "str", "right", "left", "truncate", "ab"));
    System.out.println(String.format(r, "%s %s %s %s", null, List.of(1, 2), new int[0].length, Optional.of("x")));
    System.out.println(String.format(r, "%c %c %C %c %c", 'a', 65, 'b', 0x1F600, (int) '\u00e9'));
    System.out.println(String.format(r, "%b %b %b %B %b", true, null, "non-null", false, 0));
    System.out.println(String.format(r, "%h %h %H %h", "hello", 42, "hello", null));
    System.out.println(String.format(r, "%%literal %n").replace("\n", "\\n"));
    System.out.println(String.format(r, "%2$s %1$s %2$s %<s %s %s", "one", "two"));
    System.out.println(String.format(r, "%-6s|%6s|%-6b|%6c|", "ab", "cd", true, 'z'));
    System.out.println(String.format(r, "BigInteger %d %x %,d", new BigInteger("123456789012345678901234567890"), BigInteger.valueOf(-255), BigInteger.TEN.pow(12)));
    System.out.println(String.format(r, "BigDecimal %s %.3f %e %,.2f", new BigDecimal("1.23456789"), new BigDecimal("2.0005"), new BigDecimal("12345.678"), new BigDecimal("9999999.995")));
    System.out.println(String.format(us, "US %,d %,.2f %e", 1234567, 1234.5, 0.000123));
    System.out.println(String.format(r, "dates %tY-%<tm-%<td %<tH:%<tM:%<tS %<tB %<tA %<tj", new GregorianCalendar(2021, Calendar.MARCH, 5, 14, 7, 9)));
    java.time.LocalDateTime ldt = java.time.LocalDateTime.of(2020, 2, 29, 23, 59, 58);
    System.out.println(String.format(us, "%tF %<tT %<tD %<tr %<tb %<te %<ty %<tp", ldt));
    Formatter f = new Formatter(new StringBuilder(), r);
    for (int i = 1; i <= 5; i++) f.format("%3d%s", i * i, i < 5 ? "," : "");
    System.out.println("Formatter " + f);
    f.close();
    System.out.printf(r, "printf %s=%d%n", "x", 5);
    System.out.printf("printf default %5.1f|%n", 2.25);
    System.out.println("formatted " + "%s-%s".formatted("a", "b"));
    StringBuilder table = new StringBuilder();
    String[] names = {"alpha", "beta", "gamma", "delta"};
    double[] vals = {1.5, -22.25, 333.125, 0};
    table.append(String.format(r, "%-8s|%10s|%8s%n", "name", "value", "hex"));
    for (int i = 0; i < names.length; i++) table.append(String.format(r, "%-8s|%10.3f|%8x%n", names[i], vals[i], names[i].hashCode()));
    System.out.print(table);
    String[] bad = {"%d", "%q", "%.2d", "%-d", "%,c", "%#b", "%3$s", "%0s"};
    for (String b : bad) {
      try {
        System.out.println("unexpected " + String.format(r, b, "text"));
      } catch (IllegalFormatException e) {
        System.out.println(b + " -> " + e.getClass().getSimpleName() + ": " + e.getMessage());
      }
    }
  }
}
