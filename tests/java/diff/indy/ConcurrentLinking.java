package diff.indy;

import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;

/** Many threads reach the same unlinked invokedynamic call sites at the same moment: all must see correct results. */
public class ConcurrentLinking {
  static String concatSite(int i, long l, String s) { return "c" + i + ":" + l + ":" + s; }

  static int lambdaSite(int i) {
    IntUnaryOperator op = x -> x * 3 + 1;
    return op.applyAsInt(i);
  }

  static int capturingSite(int i) {
    IntSupplier s = () -> i * i;
    return s.getAsInt();
  }

  record R(int a, String b) {}

  static int recordSite(int i) { return new R(i, "r").hashCode() + new R(i, "r").toString().length(); }

  static String methodRefSite(String s) {
    Function<String, String> f = String::toUpperCase;
    return f.apply(s);
  }

  public static void main(String[] args) throws Exception {
    int threads = 8;
    for (int round = 0; round < 3; round++) {
      CyclicBarrier start = new CyclicBarrier(threads);
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Future<String>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        final int id = t;
        final int rnd = round;
        fs.add(pool.submit(() -> {
          start.await();
          StringBuilder sb = new StringBuilder();
          long check = 0;
          for (int i = 0; i < 200; i++) {
            check += concatSite(i, id, "t").length();
            check += lambdaSite(i);
            check += capturingSite(i);
            check += recordSite(i);
            check += methodRefSite("x" + i).length();
          }
          sb.append("round ").append(rnd).append(" thread ").append(id).append(" check ").append(check);
          return sb.toString();
        }));
      }
      List<String> results = new ArrayList<>();
      for (Future<String> f : fs) results.add(f.get(120, TimeUnit.SECONDS));
      pool.shutdown();
      pool.awaitTermination(60, TimeUnit.SECONDS);
      results.forEach(System.out::println);
    }
    // Threads that each create lambdas in a class being initialized for the first time.
    List<Thread> ts = new ArrayList<>();
    ConcurrentHashMap<Integer, String> seen = new ConcurrentHashMap<>();
    CountDownLatch go = new CountDownLatch(1);
    for (int t = 0; t < 6; t++) {
      final int id = t;
      Thread th = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        seen.put(id, LateInit.TABLE.apply(id) + "/" + LateInit.describe(id));
      });
      ts.add(th);
      th.start();
    }
    go.countDown();
    for (Thread th : ts) th.join();
    System.out.println("late init " + new TreeMap<>(seen) + " clinit runs " + LateInit.runs);
  }

  static final class LateInit {
    static int runs;
    static final IntFunction<String> TABLE;

    static {
      runs++;
      TABLE = i -> "entry" + i;
    }

    static String describe(int i) {
      Supplier<String> s = () -> "d" + i + "#" + runs;
      return s.get();
    }
  }
}
