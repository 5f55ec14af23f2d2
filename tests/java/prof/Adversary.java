package prof;

// Arnold & Grove's Figure 1: a loop whose body is a long run of getfield /
// putfield followed by calls to two short methods. A timer tick nearly
// always lands in the run, so timer-based sampling sees call_1 (the first
// prologue after the tick) and hardly ever call_2; counter-based sampling
// samples calls, not time, and sees both.
//
// Per iteration (javap -c): the loop test iload_2, iload_1, if_icmpge (3);
// 50 assignments `x = y` of instance fields, each aload_0, aload_0,
// getfield, putfield (200); invokestatic call_1, its return, invokestatic
// call_2, its return (4); iinc, goto (2): 209 bytecodes.
public class Adversary {
  int a = 1, b = 2, c = 3, d = 4, e = 5;

  static void call_1() {}

  static void call_2() {}

  void loop(int n) {
    for (int i = 0; i < n; i++) {
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      a = b; b = c; c = d; d = e; e = a;
      call_1();
      call_2();
    }
  }

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 50000;
    Adversary x = new Adversary();
    x.loop(n);
    System.out.println(x.a + x.b + x.c + x.d + x.e);
  }
}
