package diff.indy;

import java.util.*;

/** String concatenation semantics: evaluation order, toString side effects, exceptions mid-concat, char arrays. */
public class ConcatEvalOrder {
  static final List<String> LOG = new ArrayList<>();

  static int at(int v) {
    LOG.add("eval " + v);
    return v;
  }

  static final class Noisy {
    final String name;
    int calls;

    Noisy(String name) { this.name = name; }

    @Override public String toString() {
      calls++;
      LOG.add("toString " + name + " #" + calls);
      return name + calls;
    }
  }

  static final class Bomb {
    @Override public String toString() { throw new IllegalStateException("toString exploded"); }
  }

  static final class Mutating {
    final StringBuilder sb = new StringBuilder("m");

    @Override public String toString() { return sb.append('+').toString(); }
  }

  public static void main(String[] args) {
    String s = at(1) + "-" + at(2) + "-" + at(3);
    System.out.println(s + " " + LOG);
    LOG.clear();
    Noisy a = new Noisy("a"), b = new Noisy("b");
    String t = "[" + a + b + a + "]";
    System.out.println(t + " " + LOG);
    LOG.clear();
    // Arguments are evaluated before any toString is called (JLS 15.18.1, JDK-8273914 behaviour of javac 17).
    int i = 0;
    String u = a + " " + (i++) + " " + a + " " + (i++);
    System.out.println(u + " i=" + i + " " + LOG);
    LOG.clear();
    Mutating m = new Mutating();
    System.out.println("mutating " + m + " " + m + " " + m);
    try {
      String v = "before " + new Bomb() + " after";
      System.out.println("unexpected " + v);
    } catch (IllegalStateException e) {
      System.out.println("exception from toString: " + e.getMessage());
    }
    int[] counter = {0};
    try {
      String w = "x" + (counter[0]++) + (counter[0]++ / 0) + (counter[0]++);
      System.out.println("unexpected " + w);
    } catch (ArithmeticException e) {
      System.out.println("arith mid-concat, counter=" + counter[0]);
    }
    char[] cs = {'h', 'i'};
    Object csObj = cs;
    System.out.println("char[] via valueOf " + String.valueOf(cs) + " as object starts with [C " + String.valueOf(csObj).startsWith("[C@"));
    StringBuilder sb = new StringBuilder("sb");
    String withSb = "pre " + sb + " post";
    sb.append("-changed");
    System.out.println(withSb + " / " + sb);
    String nul = null;
    nul += "x";
    nul += null;
    System.out.println("null compound " + nul);
    byte by = 10;
    short sh = 20;
    System.out.println("small ints " + by + sh + (by + sh) + (char) 65 + (byte) 300 + (short) 70000);
    long big = Long.MIN_VALUE;
    float fl = Float.MAX_VALUE;
    System.out.println("extremes " + big + " " + fl + " " + (double) fl + " " + Float.MIN_NORMAL + " " + (0.1f + 0.2f) + " " + 100.0f / 3);
    Object[] arr = {1, "two", 3.0, null, 'c', true, new int[0].length};
    StringBuilder all = new StringBuilder();
    for (Object o : arr) all.append("<" + o + ">");
    System.out.println(all);
    final String constA = "con", constB = "stant";
    String folded = constA + constB;
    System.out.println("constant folding interned " + (folded == "constant") + " runtime concat interned " + ((constA + i) == ("con" + i)));
    String e1 = "", e2 = "";
    System.out.println("empty concat [" + e1 + e2 + "] length " + (e1 + e2).length());
    StringBuilder loop = new StringBuilder();
    for (int k = 0; k < 5; k++) loop.append(k + ":" + (k * 0.5) + ":" + (k % 2 == 0) + ";");
    System.out.println(loop);
    System.out.println("ternaries " + (i > 1 ? "big" : 'c') + (i > 5 ? 1 : 2.0) + (i > 1 ? null : "x"));
    Integer boxed = 1000;
    System.out.println("boxed arithmetic in concat " + boxed + 1 + " vs " + (boxed + 1));
  }
}
