package diff.lang;

// String.length(), charAt(int) and the coder checks under them, which
// compiled code runs in place for a Latin-1 string: Latin-1 and UTF-16
// strings (literals, built at run time, substrings, empty), indexes in
// bounds and out (-1, length, Integer.MIN_VALUE and MAX_VALUE: the call
// then throws as it would), a null string, and the calls inside
// String's own methods (equals, compareTo, hashCode, indexOf), in loops
// long enough to compile, against HotSpot.
public class JitStringAccessors {
  static int charSum(String s) {
    int sum = 0;
    for (int i = 0; i < s.length(); i++) sum = sum * 31 + s.charAt(i);
    return sum;
  }

  static String at(String s, int i) {
    try {
      return String.valueOf((int) s.charAt(i));
    } catch (StringIndexOutOfBoundsException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  public static void main(String[] args) {
    StringBuilder built = new StringBuilder();
    for (int i = 0; i < 40; i++) built.append((char) ('a' + i % 26));
    String[] strings = {"hello", "", "x", "w\u00f6rld\u00ff", "\u4e2d\u6587 mixed", built.toString(),
        built.substring(5, 17), new String(new char[] {'\u0100', 'a'}), "tab\there", "\uffff\u0000"};
    long total = 0;
    for (int round = 0; round < 3000; round++) {
      for (String s : strings) total += charSum(s) + s.length();
    }
    System.out.println("sum " + total);
    int[] indexes = {0, 1, 4, 5, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 39, 40};
    for (int round = 0; round < 300; round++) {
      for (String s : strings) {
        for (int i : indexes) {
          String r = at(s, i);
          if (round == 299) System.out.println(s.length() + " [" + i + "] " + r);
        }
      }
    }
    int equal = 0, hashes = 0, found = 0;
    for (int round = 0; round < 3000; round++) {
      for (String s : strings) {
        String copy = new String(s.toCharArray());
        if (copy.equals(s)) equal++;
        hashes += copy.hashCode() + s.compareTo(strings[round % strings.length]);
        found += s.indexOf('o') + s.indexOf("l");
      }
    }
    System.out.println("equal " + equal + " hashes " + hashes + " found " + found);
    String none = args.length > 5 ? "never" : null;
    try {
      System.out.println(none.length());
    } catch (NullPointerException e) {
      System.out.println("NPE " + e.getMessage());
    }
    try {
      System.out.println(none.charAt(0));
    } catch (NullPointerException e) {
      System.out.println("NPE " + e.getMessage());
    }
  }
}
