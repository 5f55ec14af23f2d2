package diff.indy;

import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.function.*;

/** Threads whose bodies are lambdas and method references; ThreadLocal.withInitial; uncaught handler lambdas. */
public class LambdaThreads {
  static final ThreadLocal<StringBuilder> BUF = ThreadLocal.withInitial(StringBuilder::new);
  static final ThreadLocal<Integer> ID = ThreadLocal.withInitial(() -> -1);

  static void work(int id, Map<Integer, String> out) {
    ID.set(id);
    for (int i = 0; i < 3; i++) BUF.get().append(id).append(':').append(i).append(' ');
    out.put(id, BUF.get().toString().trim() + " (id " + ID.get() + ")");
  }

  public static void main(String[] args) throws Exception {
    Map<Integer, String> out = new ConcurrentHashMap<>();
    List<Thread> ts = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      final int id = i;
      Thread t = new Thread(() -> work(id, out), "worker-" + i);
      ts.add(t);
    }
    ts.forEach(Thread::start);
    for (Thread t : ts) t.join();
    new TreeMap<>(out).forEach((k, v) -> System.out.println("thread " + k + ": " + v));
    System.out.println("main thread local " + ID.get() + " [" + BUF.get() + "]");
    AtomicReference<String> caught = new AtomicReference<>();
    Thread failing = new Thread(() -> { throw new IllegalStateException("thrown in lambda thread"); }, "failing");
    failing.setUncaughtExceptionHandler((th, ex) -> caught.set(th.getName() + " -> " + ex));
    failing.start();
    failing.join();
    System.out.println("handler saw " + caught.get());
    Thread printed = new Thread(() -> { throw new RuntimeException("default handler output"); }, "printed-thread");
    printed.start();
    printed.join();
    System.out.println("after default handler");
    Object lock = new Object();
    int[] counter = {0};
    Runnable inc = () -> {
      for (int i = 0; i < 10000; i++) {
        synchronized (lock) {
          counter[0]++;
        }
      }
    };
    Thread a = new Thread(inc), b = new Thread(inc);
    a.start();
    b.start();
    a.join();
    b.join();
    System.out.println("synchronized counter " + counter[0]);
    BlockingQueue<Integer> q = new ArrayBlockingQueue<>(4);
    List<Integer> consumed = Collections.synchronizedList(new ArrayList<>());
    Thread producer = new Thread(() -> {
      try {
        for (int i = 0; i < 20; i++) q.put(i * i);
        q.put(-1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    Thread consumer = new Thread(() -> {
      try {
        for (int v; (v = q.take()) >= 0; ) consumed.add(v);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    producer.start();
    consumer.start();
    producer.join();
    consumer.join();
    System.out.println("producer/consumer " + consumed);
    CyclicBarrier barrier = new CyclicBarrier(3, () -> System.out.println("barrier action ran once"));
    List<Thread> parties = new ArrayList<>();
    AtomicInteger arrived = new AtomicInteger();
    for (int i = 0; i < 3; i++) {
      parties.add(new Thread(() -> {
        arrived.incrementAndGet();
        try {
          barrier.await();
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      }));
    }
    parties.forEach(Thread::start);
    for (Thread t : parties) t.join();
    System.out.println("arrived " + arrived.get());
    Supplier<Thread> factory = () -> new Thread(() -> {}, "from-supplier");
    Thread fromSupplier = factory.get();
    System.out.println("thread name " + fromSupplier.getName() + " state " + fromSupplier.getState());
    fromSupplier.start();
    fromSupplier.join();
    System.out.println("state after join " + fromSupplier.getState());
    ThreadFactory tf = r -> {
      Thread t = new Thread(r);
      t.setName("custom-" + t.getName().startsWith("Thread-"));
      t.setDaemon(true);
      return t;
    };
    ExecutorService ex = Executors.newFixedThreadPool(2, tf);
    Future<String> name = ex.submit(() -> Thread.currentThread().getName() + " daemon=" + Thread.currentThread().isDaemon());
    System.out.println("factory thread " + name.get());
    ex.shutdown();
    InheritableThreadLocal<String> inh = new InheritableThreadLocal<>();
    inh.set("parent-value");
    String[] seen = new String[1];
    Thread child = new Thread(() -> seen[0] = inh.get());
    child.start();
    child.join();
    System.out.println("inherited " + seen[0]);
  }
}
