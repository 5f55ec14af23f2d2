package prof;

// Threads in every state a sampler meets: `spinners` threads run Java code
// without pause, `waiters` threads sleep or wait on a monitor, and main
// sleeps too, for `millis` ms of wall-clock time; then all stop.
public class Spinners {
  static volatile boolean stop;
  static final Object lock = new Object();

  static int step(int v) {
    return v * 31 + 7;
  }

  static void spin() {
    int v = 0;
    while (!stop) v = step(v);
    if (v == 42) System.out.println("unlikely");
  }

  static void snooze() {
    try {
      while (!stop) Thread.sleep(5);
    } catch (InterruptedException e) {
      throw new RuntimeException(e);
    }
  }

  static void await() {
    synchronized (lock) {
      try {
        while (!stop) lock.wait();
      } catch (InterruptedException e) {
        throw new RuntimeException(e);
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    int spinners = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int waiters = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    int millis = args.length > 2 ? Integer.parseInt(args[2]) : 300;
    Thread[] all = new Thread[spinners + waiters];
    for (int i = 0; i < spinners; i++) all[i] = new Thread(Spinners::spin, "spinner-" + i);
    for (int i = 0; i < waiters; i++)
      all[spinners + i] = new Thread(i % 2 == 0 ? Spinners::snooze : Spinners::await, "waiter-" + i);
    for (Thread t : all) t.start();
    Thread.sleep(millis);
    stop = true;
    synchronized (lock) {
      lock.notifyAll();
    }
    for (Thread t : all) t.join();
    System.out.println("done");
  }
}
