package diff.indy;

import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

/** java.util.concurrent.atomic (VarHandle based) and ConcurrentLinkedQueue, single and multi threaded. */
public class Atomics {
  static class Node {
    final int v;
    Node(int v) { this.v = v; }
  }

  public static void main(String[] args) throws Exception {
    AtomicInteger ai = new AtomicInteger(5);
    System.out.println(ai.incrementAndGet() + " " + ai.getAndIncrement() + " " + ai.addAndGet(10) + " " + ai.getAndAdd(-3)
        + " " + ai.compareAndSet(14, 40) + " " + ai.compareAndSet(14, 41) + " " + ai.get());
    System.out.println("updateAndGet " + ai.updateAndGet(x -> x * 2) + " getAndUpdate " + ai.getAndUpdate(x -> x - 1)
        + " accumulateAndGet " + ai.accumulateAndGet(5, Math::max) + " " + ai.getAndAccumulate(100, Integer::sum) + " " + ai);
    AtomicLong al = new AtomicLong(Long.MAX_VALUE - 1);
    System.out.println("long " + al.incrementAndGet() + " " + al.incrementAndGet() + " " + al.decrementAndGet());
    AtomicBoolean ab = new AtomicBoolean();
    System.out.println("boolean " + ab.compareAndSet(false, true) + " " + ab.compareAndSet(false, true) + " " + ab.getAndSet(false) + " " + ab);
    AtomicReference<String> ar = new AtomicReference<>("a");
    System.out.println("ref " + ar.getAndSet("b") + " " + ar.compareAndSet("b", "c") + " " + ar.updateAndGet(s -> s + "!")
        + " " + ar.accumulateAndGet("?", String::concat) + " " + ar.get());
    AtomicIntegerArray aia = new AtomicIntegerArray(5);
    for (int i = 0; i < 5; i++) aia.addAndGet(i, i * 3);
    aia.compareAndSet(2, 6, 60);
    System.out.println("int array " + aia + " length " + aia.length());
    AtomicLongArray ala = new AtomicLongArray(new long[] {1, 2, 3});
    ala.getAndUpdate(1, x -> x << 40);
    ala.accumulateAndGet(2, 10, (x, y) -> x * y);
    System.out.println("long array " + ala);
    AtomicReferenceArray<String> ara = new AtomicReferenceArray<>(new String[] {"x", "y"});
    ara.compareAndSet(0, "x", "X");
    System.out.println("ref array " + ara);
    AtomicStampedReference<String> asr = new AtomicStampedReference<>("v1", 0);
    int[] stamp = new int[1];
    System.out.println("stamped " + asr.compareAndSet("v1", "v2", 0, 1) + " " + asr.compareAndSet("v2", "v3", 0, 2) + " "
        + asr.get(stamp) + "@" + stamp[0]);
    AtomicMarkableReference<String> amr = new AtomicMarkableReference<>("m", false);
    amr.attemptMark("m", true);
    System.out.println("markable " + amr.getReference() + " " + amr.isMarked());
    AtomicIntegerFieldUpdater<Counter> upd = AtomicIntegerFieldUpdater.newUpdater(Counter.class, "hits");
    Counter ctr = new Counter();
    for (int i = 0; i < 5; i++) upd.incrementAndGet(ctr);
    System.out.println("field updater " + ctr.hits + " " + upd.compareAndSet(ctr, 5, 50) + " " + ctr.hits);
    AtomicReferenceFieldUpdater<Counter, String> rupd = AtomicReferenceFieldUpdater.newUpdater(Counter.class, String.class, "tag");
    rupd.set(ctr, "t1");
    System.out.println("ref field updater " + rupd.getAndSet(ctr, "t2") + " " + ctr.tag);
    LongAdder adder = new LongAdder();
    DoubleAdder dadder = new DoubleAdder();
    LongAccumulator maxAcc = new LongAccumulator(Long::max, Long.MIN_VALUE);
    // Multi-threaded: results are deterministic.
    int threads = 4, per = 5000;
    AtomicInteger shared = new AtomicInteger();
    AtomicLongArray buckets = new AtomicLongArray(10);
    ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
    ConcurrentHashMap<Integer, AtomicInteger> counts = new ConcurrentHashMap<>();
    List<Thread> ts = new ArrayList<>();
    CountDownLatch start = new CountDownLatch(1);
    for (int t = 0; t < threads; t++) {
      final int id = t;
      Thread th = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          throw new RuntimeException(e);
        }
        for (int i = 0; i < per; i++) {
          shared.incrementAndGet();
          adder.increment();
          dadder.add(0.5);
          maxAcc.accumulate(id * per + i);
          buckets.incrementAndGet(i % 10);
          if (i % 100 == 0) queue.add(id * 1000 + i / 100);
          counts.computeIfAbsent(i % 7, k -> new AtomicInteger()).incrementAndGet();
        }
      });
      ts.add(th);
      th.start();
    }
    start.countDown();
    for (Thread th : ts) th.join();
    System.out.println("shared " + shared.get() + " adder " + adder.sum() + " dadder " + dadder.sum() + " max " + maxAcc.get());
    System.out.println("buckets " + buckets);
    List<Integer> drained = new ArrayList<>(queue);
    Collections.sort(drained);
    System.out.println("queue size " + drained.size() + " first " + drained.subList(0, 5) + " last " + drained.get(drained.size() - 1));
    System.out.println("counts " + new TreeMap<>(counts));
    ConcurrentLinkedQueue<String> q = new ConcurrentLinkedQueue<>(List.of("a", "b", "c"));
    System.out.println("clq " + q.poll() + " " + q.peek() + " " + q.offer("d") + " " + q + " size " + q.size());
    q.removeIf(s -> s.equals("c"));
    System.out.println("clq after removeIf " + q);
    ConcurrentLinkedDeque<Integer> dq = new ConcurrentLinkedDeque<>();
    for (int i = 0; i < 5; i++) {
      dq.offerFirst(i);
      dq.offerLast(-i);
    }
    System.out.println("cld " + dq);
    ConcurrentSkipListMap<String, Integer> skip = new ConcurrentSkipListMap<>();
    for (String s : "the cat sat on the mat with a hat".split(" ")) skip.merge(s, 1, Integer::sum);
    System.out.println("skiplist " + skip + " first " + skip.firstKey() + " ceiling(d) " + skip.ceilingKey("d"));
    CopyOnWriteArrayList<Integer> cow = new CopyOnWriteArrayList<>(List.of(1, 2, 3));
    for (Integer i : cow) cow.add(i * 10);
    System.out.println("cow " + cow);
  }

  static class Counter {
    volatile int hits;
    volatile String tag;
  }
}
