package diff.indy;

import java.util.*;
import java.util.concurrent.*;

/** System.exit called from a lambda on a pool thread while main waits; a lambda shutdown hook; try-with-resources suppression. */
public class LambdaExit {
  static final class Res implements AutoCloseable {
    final String name;

    Res(String name) { this.name = name; }

    @Override public void close() { throw new IllegalStateException("close " + name); }
  }

  public static void main(String[] args) throws Exception {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook (a lambda) ran")));
    Runnable withResources = () -> {
      try (Res a = new Res("a"); Res b = new Res("b")) {
        throw new RuntimeException("body failed");
      }
    };
    try {
      withResources.run();
    } catch (RuntimeException e) {
      System.out.println("caught " + e.getMessage() + " suppressed " + Arrays.stream(e.getSuppressed()).map(Throwable::getMessage).toList());
      e.printStackTrace(System.out);
    }
    List.of(1, 2, 3).forEach(i -> System.out.println("forEach " + i));
    ExecutorService pool = Executors.newSingleThreadExecutor();
    CountDownLatch never = new CountDownLatch(1);
    pool.submit(() -> {
      System.out.println("exiting from a pool thread with status 3");
      System.out.flush();
      System.exit(3);
    });
    never.await();
    System.out.println("unreachable");
  }
}
