package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Stack walking from inside lambdas and method references: the lambda proxy frames are hidden, as on HotSpot. */
public class LambdaStackWalk {
  static final StackWalker WALKER = StackWalker.getInstance();
  static final StackWalker WITH_CLASS = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  static String frames(int max) {
    return WALKER.walk(s -> s.skip(1).limit(max).map(f -> f.getClassName().replace("java.util.", "j.u.") + "." + f.getMethodName() + ":" + f.getLineNumber())
        .collect(Collectors.joining(" <- ")));
  }

  static String fromMethodRef(String x) {
    return x + " @ " + frames(3);
  }

  int instanceField = 3;

  void instanceWalk() {
    Runnable r = () -> System.out.println("instance lambda: " + frames(3) + " field " + instanceField);
    r.run();
  }

  public static void main(String[] args) {
    Runnable r = () -> System.out.println("runnable: " + frames(4));
    r.run();
    Supplier<String> s = () -> frames(4);
    System.out.println("supplier: " + s.get());
    Function<String, String> mref = LambdaStackWalk::fromMethodRef;
    System.out.println("method ref: " + mref.apply("x"));
    List.of(1).forEach(i -> System.out.println("forEach: " + frames(3)));
    Optional.of("o").map(v -> v + frames(2)).ifPresent(v -> System.out.println("optional map: " + v));
    new LambdaStackWalk().instanceWalk();
    List<String> seen = new ArrayList<>();
    Stream.of("a", "b").map(x -> {
      seen.add(x + ": " + WALKER.walk(st -> st.skip(1).filter(f -> f.getClassName().startsWith("diff.")).map(StackWalker.StackFrame::getMethodName).toList()));
      return x;
    }).forEach(x -> {});
    seen.forEach(x -> System.out.println("stream user frames " + x));
    Comparator<Integer> cmp = (a, b) -> {
      if (seen.size() < 3) seen.add("comparator: " + frames(2));
      return Integer.compare(a, b);
    };
    new ArrayList<>(List.of(2, 1)).sort(cmp);
    System.out.println(seen.get(seen.size() - 1));
    Supplier<Supplier<String>> nested = () -> () -> frames(3);
    System.out.println("nested: " + nested.get().get());
    Runnable classes = () -> System.out.println("caller class from lambda: " + WITH_CLASS.getCallerClass().getName()
        + " declaring classes " + WITH_CLASS.walk(st -> st.limit(2).map(f -> f.getDeclaringClass().getSimpleName()).toList()));
    classes.run();
    System.out.println("all user frames are named: " + WALKER.walk(st -> st.allMatch(f -> !f.getClassName().contains("$$Lambda"))));
    Runnable deep = () -> {
      StackTraceElement[] st = Thread.currentThread().getStackTrace();
      System.out.println("Thread.getStackTrace top: " + Arrays.stream(st).skip(1).limit(3).map(e -> e.getMethodName() + ":" + e.getLineNumber()).toList());
    };
    deep.run();
    IntStream.range(0, 2).forEach(i -> System.out.println("IntStream.forEach " + i + ": " + frames(2)));
  }
}
