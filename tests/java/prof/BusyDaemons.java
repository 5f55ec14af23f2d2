package prof;

// Daemon threads that never stop calling: while the program exits (main's
// return, or System.exit with "exit"), they go on running compiled code
// that logs calls, returns and allocations, while the exact profiles are
// written. Main counts `rounds` calls of its own first, then prints what
// it computed and leaves.
public class BusyDaemons {
  static volatile int sink;

  static int leaf(int v) {
    return v * 31 + 7;
  }

  static int inner(int v) {
    return leaf(v) ^ leaf(v >>> 3);
  }

  static int[] fresh(int v) {
    return new int[] {v, v + 1};
  }

  // A getter: compiled code runs its call in place, as one kLeaf word.
  static final class Box {
    int v = 5;
    int get() {
      return v;
    }
  }
  static final Box BOX = new Box();

  static int outer(int v) {
    int[] pair = fresh(v);
    return inner(pair[0]) + inner(pair[1]) + BOX.get();
  }

  public static void main(String[] args) throws InterruptedException {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
    boolean exit = args.length > 1 && args[1].equals("exit");
    for (int t = 0; t < 2; t++) {
      Thread daemon = new Thread(() -> {
        int v = 0;
        for (;;) v = outer(v);
      }, "busy-" + t);
      daemon.setDaemon(true);
      daemon.start();
    }
    int v = 0;
    for (int i = 0; i < rounds; i++) v = outer(v);
    System.out.println("main computed " + v);
    if (exit) System.exit(0);
  }
}
