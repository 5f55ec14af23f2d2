package prof;

// Safepoint bias (Mytkowicz et al., PLDI 2010) made visible: `straight` is
// a long run of straight-line code with no poll inside, ending in a call of
// a tiny method. A sampler that can only stop a thread at a poll (method
// entry, backward branch, return) takes a tick that lands in the run at the
// next one, the entry of `tiny`, and blames `tiny`; a sampler that stops at
// the instruction the tick lands on blames `straight`, where the time goes.
//
// Per iteration (javap -c): main's loop test iload, iload, if_icmpge and
// invokestatic straight (4); in straight, 50 times getstatic, iconst_1,
// iadd, putstatic (200), invokestatic tiny (1); tiny's return (1);
// straight's return (1); main's iinc and goto (2): 209 bytecodes.
public class Bias {
  static int x;

  static void tiny() {}

  static void straight() {
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    x = x + 1;
    tiny();
  }

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 50000;
    for (int i = 0; i < n; i++) straight();
    System.out.println(x);
  }
}
