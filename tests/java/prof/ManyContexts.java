package prof;

// A tree of many contexts on two threads, for the profile writer's blocks:
// walk(d) calls itself from four call sites, so every path of d calls is a
// context of its own: (4^(d+1) - 1) / 3 contexts under the first walk
// (87 381 for d = 8 on main, 21 845 for d = 7 on the other thread).
public class ManyContexts {
  static int walk(int d) {
    if (d == 0) return 1;
    return walk(d - 1) + walk(d - 1) + walk(d - 1) + walk(d - 1);
  }

  public static void main(String[] args) throws InterruptedException {
    int[] other = new int[1];
    Thread t = new Thread(() -> other[0] = walk(7), "walker");
    t.start();
    t.join();
    System.out.println(walk(8) + " " + other[0]);
  }
}
