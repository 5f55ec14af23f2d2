package sched;

import java.util.concurrent.CountDownLatch;

// Two threads that each hold one lock and want the other's. HotSpot hangs;
// the deterministic scheduler finds every thread blocked and says so.
public class Deadlock {
  static final Object first = new Object();
  static final Object second = new Object();

  public static void main(String[] args) throws Exception {
    CountDownLatch bothHold = new CountDownLatch(2);
    Thread a = new Thread(() -> lockBoth(first, second, bothHold), "holds-first");
    Thread b = new Thread(() -> lockBoth(second, first, bothHold), "holds-second");
    a.start();
    b.start();
    System.out.println("started");
    a.join();
    System.out.println("never printed");
  }

  static void lockBoth(Object mine, Object theirs, CountDownLatch bothHold) {
    synchronized (mine) {
      bothHold.countDown();
      try {
        bothHold.await();
      } catch (InterruptedException e) {
        return;
      }
      synchronized (theirs) {
        System.out.println("got both");
      }
    }
  }
}
