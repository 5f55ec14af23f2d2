package sched;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

// Everything here depends on the interleaving or on values that differ from
// run to run on real threads: lost updates of an unsynchronized counter,
// the order in which threads append to a shared log, identity hash codes
// (the iteration order of a HashMap keyed by plain objects), the clocks and
// ThreadLocalRandom. Under -Xsched=deterministic two runs print the same.
public class Racy {
  static int counter;                 // updated without a lock: updates get lost
  static final int[] log = new int[4096];
  static volatile int logged;

  public static void main(String[] args) throws Exception {
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      final int id = t;
      threads[t] = new Thread(() -> {
        for (int i = 0; i < 200_000; i++) {
          int c = counter;
          counter = c + 1;
          if (i % 500 == 0) {
            int slot = logged;
            if (slot < log.length) log[slot] = id;
            logged = slot + 1;
          }
        }
      }, "racer-" + t);
      threads[t].start();
    }
    for (Thread t : threads) t.join();
    long interleaving = 0;
    for (int i = 0; i < Math.min(logged, log.length); i++) interleaving = interleaving * 31 + log[i];
    Map<Object, Integer> byIdentity = new HashMap<>();
    for (int i = 0; i < 16; i++) byIdentity.put(new Object(), i);
    StringBuilder order = new StringBuilder();
    for (int v : byIdentity.values()) order.append(v).append(' ');
    System.out.println("counter " + counter);
    System.out.println("interleaving " + Long.toHexString(interleaving));
    System.out.println("identity order " + order.toString().trim());
    System.out.println("nanoTime " + System.nanoTime());
    System.out.println("currentTimeMillis " + System.currentTimeMillis());
    System.out.println("random " + ThreadLocalRandom.current().nextInt());
  }
}
