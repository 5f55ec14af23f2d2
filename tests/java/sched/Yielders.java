package sched;

// Two threads that yield after every line. The deterministic scheduler runs
// the next runnable fiber in start order at each yield, so once both run
// their lines alternate.
public class Yielders {
  public static void main(String[] args) throws Exception {
    Thread a = new Thread(() -> lines("a"));
    Thread b = new Thread(() -> lines("b"));
    a.start();
    b.start();
    a.join();
    b.join();
    System.out.println("done");
  }

  static void lines(String name) {
    for (int i = 0; i < 5; i++) {
      System.out.println(name + i);
      Thread.yield();
    }
  }
}
