package diff.lang;

// Synchronized methods called from compiled code, which takes and releases
// a free thin lock itself: instance and static methods (the class's
// mirror), recursion (nested entries), a method called while a block holds
// the same lock, an identity hash taken under the lock, wait and notify
// (which make a monitor), an exception leaving the method (the lock
// released by the unwinding), and threads contending for one counter,
// against HotSpot.
public class SyncMethods {
  private int count;
  private static long total;

  synchronized void add(int n) {
    count += n;
  }

  synchronized int get() {
    return count;
  }

  static synchronized void addTotal(long n) {
    total += n;
  }

  synchronized int depth(int n) {
    return n == 0 ? count : depth(n - 1) + 1;
  }

  synchronized int hashUnderLock() {
    return System.identityHashCode(this) == System.identityHashCode(this) ? 1 : 0;
  }

  synchronized void failIf(boolean fail) {
    count++;
    if (fail) throw new IllegalStateException("failed at " + count);
  }

  synchronized void waitBriefly() throws InterruptedException {
    notifyAll();
    wait(1);
    count++;
  }

  public static void main(String[] args) throws Exception {
    SyncMethods s = new SyncMethods();
    for (int i = 0; i < 20000; i++) {
      s.add(1);
      addTotal(i);
    }
    System.out.println("count " + s.get() + " total " + total);

    int deep = 0;
    for (int i = 0; i < 3000; i++) deep += s.depth(i % 200);
    System.out.println("nested " + deep);

    int underBlock = 0;
    for (int i = 0; i < 5000; i++) {
      synchronized (s) {
        s.add(1);
        underBlock += s.get() > 0 ? 1 : 0;
      }
    }
    System.out.println("under a block " + underBlock + " count " + s.get());

    int hashes = 0;
    for (int i = 0; i < 5000; i++) hashes += s.hashUnderLock();
    System.out.println("hashes " + hashes + " hash still " + (s.hashCode() == System.identityHashCode(s)));

    int caught = 0;
    String last = null;
    for (int i = 0; i < 5000; i++) {
      try {
        s.failIf(i % 7 == 0);
      } catch (IllegalStateException e) {
        caught++;
        last = e.getMessage();
      }
    }
    System.out.println("caught " + caught + " " + last + " free " + !Thread.holdsLock(s));

    for (int i = 0; i < 20; i++) s.waitBriefly();
    for (int i = 0; i < 5000; i++) s.add(1);  // a monitor now
    System.out.println("after wait " + s.get() + " free " + !Thread.holdsLock(s));

    SyncMethods shared = new SyncMethods();
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      threads[t] = new Thread(() -> {
        for (int i = 0; i < 50_000; i++) {
          shared.add(1);
          addTotal(1);
        }
      });
      threads[t].start();
    }
    for (Thread t : threads) t.join();
    System.out.println("contended " + shared.get() + " total " + total + " free "
        + !Thread.holdsLock(shared) + " " + !Thread.holdsLock(SyncMethods.class));
  }
}
