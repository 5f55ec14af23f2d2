package diff.lang;

// Nested entries of one thread's lock, which compiled code takes and leaves
// itself while the lock is thin (at most 127 nested entries, then a
// monitor): synchronized blocks and synchronized methods nested on one
// object to depths below and beyond that, with identity hashes taken in
// between (they share the mark word), an exception unwinding through them
// at depth, wait and notify with nested entries held (the monitor releases
// all of them), and another thread that contends once the nesting is done.
public class JitNestedLocks {
  final Object lock = new Object();
  int blockEntries;  // under lock
  int methodEntries;  // under this

  int blocks(int depth) {
    synchronized (lock) {
      blockEntries++;
      if (depth == 0) return Thread.holdsLock(lock) ? 1 : 0;
      return blocks(depth - 1) + 1;
    }
  }

  synchronized int methods(int depth) {
    methodEntries++;
    if (depth == 0) return Thread.holdsLock(this) ? 1 : 0;
    return methods(depth - 1) + 1;
  }

  synchronized int throwing(int depth) {
    synchronized (lock) {
      if (depth == 0) throw new IllegalStateException("at the bottom, holding " + Thread.holdsLock(lock));
      return throwing(depth - 1);
    }
  }

  int hashed(int depth) {
    synchronized (lock) {
      int h = System.identityHashCode(lock);
      if (depth == 0) return h == System.identityHashCode(lock) ? 1 : 0;
      return hashed(depth - 1) + (h == System.identityHashCode(lock) ? 1 : 0);
    }
  }

  int waiting(int depth) throws InterruptedException {
    synchronized (lock) {
      if (depth == 0) {
        lock.wait(1);
        return Thread.holdsLock(lock) ? 1 : 0;
      }
      return waiting(depth - 1) + 1;
    }
  }

  public static void main(String[] args) throws Exception {
    JitNestedLocks o = new JitNestedLocks();
    long sum = 0;
    for (int round = 0; round < 200; round++) {
      int depth = round % 5 == 0 ? 140 : round % 17;
      sum += o.blocks(depth) + o.methods(depth);
      if (round % 50 == 0) sum += o.hashed(depth + 3);
    }
    System.out.println("sum " + sum + ", entries " + o.blockEntries + " " + o.methodEntries + ", held " + Thread.holdsLock(o.lock) + " "
        + Thread.holdsLock(o));
    for (int depth : new int[] {0, 5, 126, 127, 128, 300}) {
      try {
        o.throwing(depth);
      } catch (IllegalStateException e) {
        System.out.println(depth + ": " + e.getMessage() + ", then held " + Thread.holdsLock(o.lock) + " "
            + Thread.holdsLock(o));
      }
    }
    System.out.println("waited " + o.waiting(3) + " " + o.waiting(130));
    Thread other = new Thread(() -> {
      for (int i = 0; i < 1000; i++) o.blocks(i % 9);
    });
    other.start();
    for (int i = 0; i < 1000; i++) o.methods(i % 9);
    for (int i = 0; i < 1000; i++) o.blocks(i % 7);
    other.join();
    System.out.println("entries " + o.blockEntries + " " + o.methodEntries + ", held " + Thread.holdsLock(o.lock));
  }
}
