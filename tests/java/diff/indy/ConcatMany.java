package diff.indy;

/** Concatenation with more than 200 operands (javac splits it) and in loops. */
public class ConcatMany {
  public static void main(String[] args) {
    int v0 = 0, v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5, v6 = 6, v7 = 7, v8 = 8, v9 = 9;
    long l = 10;
    double d = 0.5;
    String s = "s";
    String many = v0 + "," + v1 + "," + v2 + "," + v3 + "," + v4 + "," + v5 + "," + v6 + "," + v7 + "," + v8 + "," + v9
        + ";" + v0 + "," + v1 + "," + v2 + "," + v3 + "," + v4 + "," + v5 + "," + v6 + "," + v7 + "," + v8 + "," + v9
        + ";" + l + "," + d + "," + s + "," + l + "," + d + "," + s + "," + l + "," + d + "," + s + "," + l
        + ";" + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
        + ";" + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
        + ";" + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
        + ";" + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
        + ";" + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s
        + ";" + l + l + l + l + l + l + l + l + l + l + d + d + d + d + d + d + d + d + d + d
        + ";" + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
        + ";" + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
        + ";" + v9 + v8 + v7 + v6 + v5 + v4 + v3 + v2 + v1 + v0 + "end";
    System.out.println(many.length());
    for (int i = 0; i < many.length(); i += 60) {
      System.out.println(many.substring(i, Math.min(many.length(), i + 60)));
    }
    // 250 arguments of only non-constant values.
    String t = s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1
        + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1 + s + v1;
    System.out.println("t length " + t.length() + " starts " + t.substring(0, 10));
    // Concatenation in loops.
    String acc = "";
    for (int i = 0; i < 40; i++) {
      acc = acc + i + (i % 2 == 0 ? "e" : "o");
      if (i % 8 == 7) System.out.println("iteration " + i + ": " + acc);
    }
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      String line = "row " + i + " sq=" + (i * i) + " half=" + (i / 2.0) + " hex=" + Integer.toHexString(i)
          + " long=" + ((long) i << 33) + " char=" + (char) ('A' + i) + " bool=" + (i % 3 == 0);
      System.out.println(line);
      lines.append(line.length()).append(' ');
    }
    System.out.println(lines);
    char c = 'z';
    for (int i = 0; i < 5; i++) {
      String x = c + "" + i + c;
      System.out.println(x + x.length());
    }
  }
}
