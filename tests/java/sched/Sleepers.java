package sched;

// Threads that sleep for virtual seconds: they wake in deadline order, the
// clock jumps over the time when every thread sleeps, and System.nanoTime
// says that the time passed.
public class Sleepers {
  public static void main(String[] args) throws Exception {
    long start = System.nanoTime();
    Thread[] threads = new Thread[3];
    int[] seconds = {30, 10, 20};
    for (int i = 0; i < threads.length; i++) {
      final int s = seconds[i];
      threads[i] = new Thread(() -> {
        try {
          Thread.sleep(s * 1000L);
        } catch (InterruptedException e) {
          throw new RuntimeException(e);
        }
        synchronized (Sleepers.class) {
          System.out.println("woke after " + s + " s");
        }
      });
      threads[i].start();
    }
    for (Thread t : threads) t.join();
    Object lock = new Object();
    synchronized (lock) {
      lock.wait(5000);  // nobody notifies: a timed wait times out
    }
    long elapsed = System.nanoTime() - start;
    System.out.println("at least 35 s passed: " + (elapsed >= 35_000_000_000L));
  }
}
