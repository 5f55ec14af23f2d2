package diff.indy;

/** String concatenation (StringConcatFactory) of every argument type. */
public class ConcatTypes {
  static class Point {
    final int x, y;
    Point(int x, int y) { this.x = x; this.y = y; }
    @Override public String toString() { return "Point(" + x + "," + y + ")"; }
  }

  static class NullToString {
    @Override public String toString() { return null; }
  }

  static String describe(boolean z, char c, byte b, short s, int i, long j, float f, double d) {
    return "z=" + z + " c=" + c + " b=" + b + " s=" + s + " i=" + i + " j=" + j + " f=" + f + " d=" + d;
  }

  public static void main(String[] args) {
    System.out.println(describe(true, 'x', (byte) -7, (short) 300, 42, 1L << 40, 1.5f, Math.PI));
    System.out.println(describe(false, '\u00e9', Byte.MIN_VALUE, Short.MAX_VALUE, Integer.MIN_VALUE,
        Long.MAX_VALUE, Float.NaN, Double.NEGATIVE_INFINITY));
    System.out.println(describe(false, '\0', (byte) 0, (short) 0, 0, 0L, -0.0f, -0.0));
    System.out.println(describe(true, '\uffff', (byte) 127, Short.MIN_VALUE, Integer.MAX_VALUE,
        Long.MIN_VALUE, Float.MIN_VALUE, Double.MAX_VALUE));
    float[] fs = {1e10f, 1e-5f, 123456.79f, 0.1f, 100f, 1e7f, 1.0E-3f};
    for (float f : fs) System.out.println("float " + f + " as double " + (double) f);
    double[] ds = {1e21, 1e-7, 0.1 + 0.2, 100.0, 1e7, 12345678.9, 4.9e-324};
    for (double d : ds) System.out.println("double " + d);
    String sNull = null;
    Object oNull = null;
    Integer boxedNull = null;
    System.out.println("null string: " + sNull + ", null object: " + oNull + ", null Integer: " + boxedNull);
    System.out.println(sNull + sNull);
    System.out.println("toString returning null: " + new NullToString());
    Point p = new Point(3, -4);
    System.out.println("object " + p + " twice " + p + p);
    Integer boxed = 17;
    Long boxedL = -5L;
    Character boxedC = 'Q';
    Double boxedD = 2.5;
    Boolean boxedZ = Boolean.TRUE;
    System.out.println("boxed " + boxed + boxedL + boxedC + boxedD + boxedZ);
    int[] ia = new int[2];
    String[][] sa = new String[1][1];
    Object[] oa = new Point[0];
    System.out.println("arrays " + ia.getClass().getName() + " " + sa.getClass().getName() + " "
        + oa.getClass().getName() + " " + ia.length + sa.length);
    System.out.println("class " + String.class + " " + int.class + " " + Point.class.getName());
    StringBuilder sb = new StringBuilder("builder");
    CharSequence cs = sb;
    System.out.println("sb " + sb + " cs " + cs);
    char[] chars = {'a', 'b'};
    System.out.println("chars via valueOf " + String.valueOf(chars));
    // Mixed arithmetic and concatenation: left to right.
    int a = 1, b = 2;
    System.out.println(a + b + "x" + a + b);
    System.out.println("x" + (a + b) + 'c' + (char) ('c' + 1) + ('c' + 1));
    long big = 123456789012345L;
    System.out.println(big + "" + big * 2 + "" + (big > 0));
    // Constants in the recipe, including the special tag characters.
    String weird = "A\u0001B\u0002C";
    System.out.println("tag chars: [" + weird + "] len=" + weird.length());
    for (int i = 0; i < weird.length(); i++) {
      System.out.println("  char " + i + " = " + (int) weird.charAt(i));
    }
    String mixed = "\u0001" + a + "\u0002" + b + "\u0001\u0002" + sNull;
    System.out.println("mixed length " + mixed.length());
    for (char ch : mixed.toCharArray()) System.out.print((int) ch + " ");
    System.out.println();
    final String K = "konst";
    System.out.println(K + K + 1 + 2L + 'c' + 1.0 + true);
    String empty = "";
    System.out.println(empty + empty + "|" + empty);
    System.out.println("" + 'a' + 'b');
    System.out.println('a' + 'b' + "");
    // String += in place.
    String acc = "start";
    acc += 1;
    acc += 'c';
    acc += 2.5f;
    acc += null;
    acc += p;
    System.out.println(acc);
    // Unicode beyond BMP.
    String emoji = "\ud83d\ude00";
    System.out.println("emoji " + emoji + " len " + emoji.length() + " cp " + emoji.codePointAt(0));
    System.out.println("nested " + ("in" + ("ner" + a)) + b);
    Object self = "obj";
    System.out.println("object typed string " + self);
  }
}
