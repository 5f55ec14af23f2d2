package prof;

// 500 short threads, one after another: each ends before the next starts,
// so a new thread may reuse a dead one's memory. Every thread that ran must
// have a tree of its own in a profile, told apart by its id.
public class ManyThreads {
  static int total;

  static synchronized void work(int k) {
    total += k;
  }

  public static void main(String[] args) throws InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 500;
    for (int i = 0; i < n; i++) {
      final int k = i;
      Thread t = new Thread(() -> work(k));
      t.start();
      t.join();
    }
    System.out.println(total);
  }
}
