package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Custom spliterators, Stream.Builder, StreamSupport, lazy evaluation order, short-circuiting. */
public class StreamsAdvanced {
  static final class Fib implements Spliterator<Long> {
    long a = 0, b = 1;
    int left;

    Fib(int n) { left = n; }

    public boolean tryAdvance(Consumer<? super Long> action) {
      if (left-- <= 0) return false;
      action.accept(a);
      long t = a + b;
      a = b;
      b = t;
      return true;
    }

    public Spliterator<Long> trySplit() { return null; }

    public long estimateSize() { return left; }

    public int characteristics() { return ORDERED | SIZED | NONNULL | IMMUTABLE; }
  }

  public static void main(String[] args) {
    System.out.println("custom spliterator " + StreamSupport.stream(new Fib(20), false).toList());
    List<String> order = new ArrayList<>();
    List<Integer> r = Stream.of(1, 2, 3, 4, 5, 6).filter(x -> {
      order.add("filter " + x);
      return x % 2 == 0;
    }).map(x -> {
      order.add("map " + x);
      return x * 10;
    }).limit(2).toList();
    System.out.println("lazy result " + r + " order " + order);
    order.clear();
    Stream.of("b", "a", "c").peek(x -> order.add("pre " + x)).sorted().peek(x -> order.add("post " + x)).forEach(x -> order.add("each " + x));
    System.out.println("sorted is a barrier " + order);
    Stream.Builder<String> sb = Stream.builder();
    sb.add("x").add("y");
    sb.accept("z");
    System.out.println("builder " + sb.build().collect(Collectors.joining("|")));
    Iterator<Integer> it = new Iterator<>() {
      int n = 0;
      public boolean hasNext() { return n < 5; }
      public Integer next() { return n++ * n; }
    };
    System.out.println("from iterator " + StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED), false).toList());
    System.out.println("infinite + short circuit " + Stream.iterate(1L, x -> x * 2).filter(x -> x > 1000).findFirst().get()
        + " anyMatch " + IntStream.iterate(0, i -> i + 3).anyMatch(i -> i == 99));
    System.out.println("flatMap to IntStream " + Stream.of("ab", "cde").flatMapToInt(String::chars).mapToObj(c -> String.valueOf((char) c)).toList());
    System.out.println("mapMulti ints " + IntStream.range(0, 4).mapMulti((i, sink) -> { for (int k = 0; k < i; k++) sink.accept(i); }).boxed().toList());
    System.out.println("unordered distinct count " + Stream.of(3, 1, 3, 2, 1).unordered().distinct().count());
    List<List<Integer>> windows = IntStream.range(0, 6).mapToObj(i -> IntStream.range(i, Math.min(i + 3, 8)).boxed().toList()).toList();
    System.out.println("windows " + windows);
    Map<Boolean, Map<Integer, List<String>>> nested = Stream.of("a", "bb", "cc", "ddd", "e", "ffff")
        .collect(Collectors.partitioningBy(s -> s.length() % 2 == 0, Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList())));
    System.out.println("nested collectors " + nested);
    Supplier<Stream<Integer>> src = () -> Stream.of(4, 8, 15, 16, 23, 42);
    System.out.println("reuse via supplier " + src.get().mapToInt(i -> i).sum() + " " + src.get().count());
    System.out.println("zip-like " + IntStream.range(0, 4).mapToObj(i -> "abcd".charAt(i) + "" + (i + 1)).collect(Collectors.joining(",")));
    System.out.println("group consecutive " + groupRuns(List.of(1, 1, 2, 2, 2, 3, 1, 1)));
    System.out.println("cartesian " + Stream.of("x", "y").flatMap(a -> Stream.of(1, 2, 3).map(b -> a + b)).toList());
    System.out.println("transpose " + transpose(List.of(List.of(1, 2, 3), List.of(4, 5, 6))));
    System.out.println("collect 3-arg " + Stream.of("p", "q", "r").collect(ArrayList::new, ArrayList::add, ArrayList::addAll));
    System.out.println("toArray generator " + Arrays.toString(Stream.of(1.5, 2.5).toArray(Double[]::new)));
    System.out.println("sorted stable " + Stream.of("bb", "a", "cc", "d", "ee").sorted(Comparator.comparingInt(String::length)).toList());
    System.out.println("Collections.emptyList stream " + Collections.<String>emptyList().stream().findAny().isPresent());
    System.out.println("String.chars grouping " + "hello world".chars().filter(Character::isLetter).boxed()
        .collect(Collectors.groupingBy(c -> (char) (int) c, TreeMap::new, Collectors.counting())));
    System.out.println("primes sieve " + sieve(60));
    List<Integer> big = IntStream.range(0, 100000).boxed().toList();
    System.out.println("big pipeline " + big.stream().filter(i -> i % 3 == 0).mapToLong(i -> (long) i * i).sum());
  }

  static List<List<Integer>> groupRuns(List<Integer> xs) {
    List<List<Integer>> out = new ArrayList<>();
    xs.forEach(x -> {
      if (out.isEmpty() || !out.get(out.size() - 1).get(0).equals(x)) out.add(new ArrayList<>());
      out.get(out.size() - 1).add(x);
    });
    return out;
  }

  static List<List<Integer>> transpose(List<List<Integer>> m) {
    return IntStream.range(0, m.get(0).size()).mapToObj(c -> m.stream().map(row -> row.get(c)).toList()).toList();
  }

  static List<Integer> sieve(int n) {
    BitSet composite = new BitSet(n + 1);
    IntStream.rangeClosed(2, (int) Math.sqrt(n)).filter(i -> !composite.get(i))
        .forEach(i -> IntStream.iterate(i * i, j -> j <= n, j -> j + i).forEach(composite::set));
    return IntStream.rangeClosed(2, n).filter(i -> !composite.get(i)).boxed().toList();
  }
}
