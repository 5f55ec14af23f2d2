package opcodes;

// Makes javac emit every compare-and-branch opcode, the compare opcodes
// (lcmp, fcmpl/g, dcmpl/g), goto, and tableswitch/lookupswitch at several
// code alignments (JVMS §6.5).
public class OpBranches {
  static int zeroCompares(int x) {
    int r = 0;
    if (x == 0) r |= 1;   // ifne
    if (x != 0) r |= 2;   // ifeq
    if (x < 0) r |= 4;    // ifge
    if (x >= 0) r |= 8;   // iflt
    if (x > 0) r |= 16;   // ifle
    if (x <= 0) r |= 32;  // ifgt
    return r;
  }

  static int intCompares(int x, int y) {
    int r = 0;
    if (x == y) r |= 1;   // if_icmpne
    if (x != y) r |= 2;   // if_icmpeq
    if (x < y) r |= 4;    // if_icmpge
    if (x >= y) r |= 8;   // if_icmplt
    if (x > y) r |= 16;   // if_icmple
    if (x <= y) r |= 32;  // if_icmpgt
    return r;
  }

  static int refCompares(Object a, Object b) {
    int r = 0;
    if (a == b) r |= 1;     // if_acmpne
    if (a != b) r |= 2;     // if_acmpeq
    if (a == null) r |= 4;  // ifnonnull
    if (b != null) r |= 8;  // ifnull
    return r;
  }

  static int wideCompares(long l, long m, float f, float g, double d, double e) {
    int r = 0;
    if (l < m) r |= 1;    // lcmp
    if (f < g) r |= 2;    // fcmpg
    if (f > g) r |= 4;    // fcmpl
    if (d < e) r |= 8;    // dcmpg
    if (d > e) r |= 16;   // dcmpl
    if (f == g) r |= 32;  // fcmpl
    if (d != e) r |= 64;  // dcmpl
    return r;
  }

  static String dense(int k) {
    switch (k) {  // tableswitch
      case 1: return "one";
      case 2: return "two";
      case 3: return "three";
      case 4: return "four";
      case 5: return "five";
      default: return "many";
    }
  }

  // Same switch preceded by 1, 2 and 3 extra bytes: every padding length.
  static int denseA(int k) {
    int t = 0;
    switch (k) {
      case -2: t = 10; break;
      case -1: t = 11; break;
      case 0: t = 12; break;
      case 1: t = 13; break;
      default: t = 14;
    }
    return t;
  }

  static int denseB(int k) {
    int t = 5;
    switch (k + t) {
      case 6: t = 20; break;
      case 7: t = 21; break;
      case 8: t = 22; break;
      default: t = 23;
    }
    return t;
  }

  static int denseC(int k) {
    int t = 100;
    switch (k + t) {
      case 100: return 1;
      case 101: return 2;
      case 102: return 3;
      default: return t;
    }
  }

  static int sparse(int k) {
    switch (-k) {  // lookupswitch
      case 1000000: return 1;
      case 5: return 2;
      case -17: return 3;
      case -4096: return 4;
      case -2000000000: return 5;
      default: return 0;
    }
  }

  static int sparseC(int k) {
    switch (k) {
      case 10: return 1;
      case 1000: return 2;
      default: return 3;
    }
  }

  static int sparseB(int k) {
    switch (k ^ 3) {
      case Integer.MIN_VALUE: return -1;
      case 0: return 7;
      case Integer.MAX_VALUE: return 9;
      default: return 3;
    }
  }

  static int strings(String s) {
    switch (s) {  // lookupswitch on hashCode, then tableswitch
      case "alpha": return 1;
      case "beta": return 2;
      case "gamma": return 3;
      case "Aa": return 4;  // "Aa" and "BB" share a hash code
      case "BB": return 5;
      default: return -1;
    }
  }

  static int loops(int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) {   // goto / if_icmpge
      if (i % 3 == 0) continue;
      sum += i;
    }
    int j = n;
    while (j > 0) j -= 2;           // backward branch
    do { sum++; } while (sum % 7 != 0);
    return sum + j;
  }

  static int conditional(int a, int b, boolean c) {
    return (c ? a : b) + (a > b ? 1 : 0) + (!c ? 10 : 20);
  }

  public static void main(String[] args) {
    int n = args.length;
    StringBuilder sb = new StringBuilder();
    for (int x = -2 + n; x <= 2; x++) sb.append(zeroCompares(x)).append(' ');
    System.out.println(sb);
    System.out.println(intCompares(1, 2) + " " + intCompares(2, 2) + " " + intCompares(3, 2));
    Object o = new Object();
    System.out.println(refCompares(o, o) + " " + refCompares(null, o) + " " + refCompares(o, null));
    System.out.println(wideCompares(1L, 2L, 1f, 2f, 3.0, 2.0) + " "
        + wideCompares(5L, 2L, Float.NaN, 2f, Double.NaN, Double.NaN) + " "
        + wideCompares(2L, 2L, 2f, 2f, 0.0, -0.0));
    sb.setLength(0);
    for (int k = -3 + n; k <= 7; k++) {
      sb.append(dense(k)).append(',').append(denseA(k)).append(',').append(denseB(k)).append(',')
          .append(denseC(k)).append(',').append(sparse(k)).append(',').append(sparseB(k)).append(',')
          .append(sparseC(k * 10)).append(' ');
    }
    System.out.println(sb);
    System.out.println(sparse(-1000000) + " " + sparse(4096) + " " + sparse(2000000000) + " "
        + sparseB(Integer.MIN_VALUE ^ 3) + " " + sparseB(Integer.MAX_VALUE ^ 3) + " " + sparseC(1000));
    System.out.println(strings("alpha") + " " + strings("beta") + " " + strings("gamma") + " "
        + strings("Aa") + " " + strings("BB") + " " + strings("delta"));
    System.out.println(loops(10 + n) + " " + loops(0) + " " + conditional(3, 4, true) + " "
        + conditional(5, 4, false));
  }
}
