package diff.lang;

import java.util.Map;

// Thread.getStackTrace of another thread and Thread.getAllStackTraces
// (JVM_DumpThreads) against HotSpot: threads sleeping, blocked on a
// monitor, waiting, and computing, each dumped while it is held stopped
// (the computing one's top frame moves, so only its methods are printed);
// the caller's own stack, which starts at the native Thread.dumpThreads;
// threads not started or ended, which have no stack.
public class ThreadDumps {
  static final Object LOCK = new Object();
  static final Object WAIT = new Object();
  static volatile boolean stop;
  static volatile long sink;

  static class Sleeper implements Runnable {
    public void run() {
      try {
        Thread.sleep(600_000);
      } catch (InterruptedException e) {
        // woken at the end
      }
    }
  }

  static class Blocked implements Runnable {
    public void run() {
      synchronized (LOCK) {
        sink++;
      }
    }
  }

  static class Waiter implements Runnable {
    public void run() {
      synchronized (WAIT) {
        try {
          WAIT.wait();
        } catch (InterruptedException e) {
          // woken at the end
        }
      }
    }
  }

  static class Spinner implements Runnable {
    public void run() {
      spin();
    }

    static void spin() {
      long x = 0;
      while (!stop) x = x * 31 + 7;
      sink = x;
    }
  }

  static void await(Thread t, Thread.State state) throws InterruptedException {
    while (t.getState() != state) Thread.sleep(1);
  }

  static void print(String what, StackTraceElement[] trace) {
    System.out.println(what + ": " + trace.length + " frames");
    for (StackTraceElement e : trace) System.out.println("  " + e);
  }

  public static void main(String[] args) throws Exception {
    Thread sleeper = new Thread(new Sleeper(), "sleeper");
    Thread blocked = new Thread(new Blocked(), "blocked");
    Thread waiter = new Thread(new Waiter(), "waiter");
    Thread spinner = new Thread(new Spinner(), "spinner");
    Thread unstarted = new Thread(new Sleeper(), "unstarted");
    print("not started", unstarted.getStackTrace());
    synchronized (LOCK) {
      sleeper.start();
      blocked.start();
      waiter.start();
      spinner.start();
      await(sleeper, Thread.State.TIMED_WAITING);
      await(blocked, Thread.State.BLOCKED);
      await(waiter, Thread.State.WAITING);
      print("sleeper", sleeper.getStackTrace());
      print("blocked", blocked.getStackTrace());
      print("waiter", waiter.getStackTrace());
      while (spinner.getStackTrace().length == 0 || !spinner.getStackTrace()[0].getMethodName().equals("spin")) {
        Thread.sleep(1);
      }
      StringBuilder methods = new StringBuilder();
      for (StackTraceElement e : spinner.getStackTrace()) methods.append(' ').append(e.getMethodName());
      System.out.println("spinner:" + methods);
      Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
      print("main, in all", all.get(Thread.currentThread()));
      for (Thread t : new Thread[] {sleeper, blocked, waiter}) {
        System.out.println(t.getName() + " in all: " + all.containsKey(t) + ", same frames: "
            + java.util.Arrays.equals(all.get(t), t.getStackTrace()));
      }
      System.out.println("spinner in all: " + all.containsKey(spinner) + ", unstarted: " + all.containsKey(unstarted));
    }
    stop = true;
    sleeper.interrupt();
    synchronized (WAIT) {
      WAIT.notifyAll();
    }
    for (Thread t : new Thread[] {sleeper, blocked, waiter, spinner}) t.join();
    print("ended", sleeper.getStackTrace());
    try {
      Thread.getAllStackTraces().get(null);
      System.out.println("getAllStackTraces: " + (Thread.getAllStackTraces().get(sleeper) == null));
    } catch (RuntimeException e) {
      System.out.println(e);
    }
  }
}
