package diff.indy;

import java.util.*;
import java.util.concurrent.*;
import java.util.stream.*;

/** CompletableFuture and ExecutorService with lambdas; only deterministic values are printed. */
public class Futures {
  static int slowSquare(int x) {
    try {
      Thread.sleep(x % 3);
    } catch (InterruptedException e) {
      throw new RuntimeException(e);
    }
    return x * x;
  }

  public static void main(String[] args) throws Exception {
    System.out.println("supplyAsync " + CompletableFuture.supplyAsync(() -> 21).thenApply(x -> x * 2).join());
    CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> "hello");
    CompletableFuture<String> b = CompletableFuture.supplyAsync(() -> "world");
    System.out.println("thenCombine " + a.thenCombine(b, (x, y) -> x + " " + y).join());
    System.out.println("thenCompose " + a.thenCompose(x -> CompletableFuture.supplyAsync(() -> x.length())).join());
    List<CompletableFuture<Integer>> fs = IntStream.range(0, 10).mapToObj(i -> CompletableFuture.supplyAsync(() -> slowSquare(i))).toList();
    CompletableFuture.allOf(fs.toArray(new CompletableFuture[0])).join();
    System.out.println("allOf " + fs.stream().map(CompletableFuture::join).toList());
    CompletableFuture<Integer> failing = CompletableFuture.supplyAsync(() -> {
      if (true) throw new IllegalStateException("async failure");
      return 1;
    });
    System.out.println("exceptionally " + failing.exceptionally(t -> -1).join());
    System.out.println("handle " + failing.handle((v, t) -> t == null ? "ok" : t.getClass().getSimpleName() + "/" + t.getCause().getMessage()).join());
    try {
      failing.join();
    } catch (CompletionException e) {
      System.out.println("join: " + e.getCause());
    }
    try {
      failing.get();
    } catch (ExecutionException e) {
      System.out.println("get: " + e.getMessage());
    }
    System.out.println("isCompletedExceptionally " + failing.isCompletedExceptionally());
    CompletableFuture<String> manual = new CompletableFuture<>();
    CompletableFuture<String> chained = manual.thenApply(String::toUpperCase).thenApply(s -> s + "!");
    manual.complete("manual");
    System.out.println("manual " + chained.get() + " completedFuture " + CompletableFuture.completedFuture(5).thenApply(x -> x + 1).get());
    StringBuilder sb = new StringBuilder();
    CompletableFuture.completedFuture("x").thenAccept(sb::append).thenRun(() -> sb.append("-ran")).join();
    System.out.println("thenAccept/thenRun " + sb);
    System.out.println("whenComplete " + CompletableFuture.supplyAsync(() -> 3).whenComplete((v, t) -> {}).join());
    ExecutorService pool = Executors.newFixedThreadPool(3);
    List<Future<Integer>> results = new ArrayList<>();
    for (int i = 1; i <= 12; i++) {
      final int n = i;
      results.add(pool.submit(() -> IntStream.rangeClosed(1, n).sum()));
    }
    StringBuilder rs = new StringBuilder();
    for (Future<Integer> f : results) rs.append(f.get()).append(' ');
    System.out.println("submit " + rs.toString().trim());
    List<Callable<String>> calls = new ArrayList<>();
    for (String w : List.of("alpha", "beta", "gamma")) calls.add(() -> w.toUpperCase());
    System.out.println("invokeAll " + pool.invokeAll(calls).stream().map(f -> {
      try {
        return f.get();
      } catch (Exception e) {
        return "error";
      }
    }).toList());
    Future<?> bad = pool.submit(() -> { throw new ArithmeticException("task failed"); });
    try {
      bad.get();
    } catch (ExecutionException e) {
      System.out.println("task exception: " + e.getCause());
    }
    CompletableFuture<Integer> onPool = CompletableFuture.supplyAsync(() -> 6, pool).thenApplyAsync(x -> x * 7, pool);
    System.out.println("on custom pool " + onPool.get(10, TimeUnit.SECONDS));
    CountDownLatch latch = new CountDownLatch(5);
    ConcurrentHashMap<Integer, Integer> seen = new ConcurrentHashMap<>();
    for (int i = 0; i < 5; i++) {
      final int n = i;
      pool.execute(() -> {
        seen.put(n, n * n);
        latch.countDown();
      });
    }
    latch.await();
    System.out.println("execute + latch " + new TreeMap<>(seen));
    pool.shutdown();
    System.out.println("awaitTermination " + pool.awaitTermination(10, TimeUnit.SECONDS) + " isShutdown " + pool.isShutdown());
    try {
      pool.submit(() -> 1);
    } catch (RejectedExecutionException e) {
      System.out.println("rejected after shutdown");
    }
    ScheduledExecutorService sched = Executors.newSingleThreadScheduledExecutor();
    ScheduledFuture<String> sf = sched.schedule(() -> "scheduled", 5, TimeUnit.MILLISECONDS);
    System.out.println(sf.get());
    sched.shutdown();
    ExecutorService single = Executors.newSingleThreadExecutor();
    List<Integer> order = Collections.synchronizedList(new ArrayList<>());
    for (int i = 0; i < 10; i++) {
      final int n = i;
      single.submit(() -> order.add(n));
    }
    single.shutdown();
    single.awaitTermination(10, TimeUnit.SECONDS);
    System.out.println("single thread order " + order);
    System.out.println("anyOf of completed " + CompletableFuture.anyOf(CompletableFuture.completedFuture("first")).join());
    ForkJoinPool fj = new ForkJoinPool(2);
    System.out.println("custom FJ pool " + fj.submit(() -> IntStream.range(0, 1000).parallel().sum()).get());
    fj.shutdown();
  }
}
