package diff.lang;

// A monitor contended by a thread that takes and releases it in a tight
// loop: the other thread must still get it. Under the deterministic
// scheduler (the suite's profiled runs) fibers switch at polls after a
// fixed quantum, so the looping thread would hold the monitor at every
// switch whose phase in its loop repeats; an exit hands the monitor to the
// thread that has waited longest instead.
public class LangMonitorHandoff {
  static final class Guarded {
    final synchronized void enter() {}
  }

  static volatile boolean done;
  static volatile int calls;

  public static void main(String[] args) throws InterruptedException {
    Guarded g = new Guarded();
    Thread looper = new Thread(() -> {
      while (!done) {
        g.enter();
        calls++;
      }
    });
    looper.start();
    while (calls < 20_000) Thread.yield();
    int entered = 0;
    for (int round = 0; round < 3; round++) {
      synchronized (g) {
        entered++;
      }
    }
    done = true;
    looper.join();
    System.out.println("main entered " + entered + " times while another thread looped over the same monitor");
  }
}
