package diff.indy;

import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.stream.*;

/** Parallel streams on the common ForkJoinPool: only deterministic results are printed. */
public class ParallelStreams {
  public static void main(String[] args) {
    System.out.println("sum " + IntStream.rangeClosed(1, 100000).parallel().asLongStream().sum());
    System.out.println("squares " + LongStream.rangeClosed(1, 50000).parallel().map(x -> x * x).sum());
    List<Integer> sorted = IntStream.range(0, 2000).parallel().map(i -> (i * 7919) % 2000).boxed().sorted().collect(Collectors.toList());
    System.out.println("sorted size " + sorted.size() + " first " + sorted.subList(0, 10) + " last " + sorted.get(1999));
    System.out.println("ordered toList " + IntStream.range(0, 30).parallel().map(i -> i * 2).boxed().toList());
    System.out.println("count primes " + IntStream.rangeClosed(2, 20000).parallel()
        .filter(n -> IntStream.rangeClosed(2, (int) Math.sqrt(n)).noneMatch(d -> n % d == 0)).count());
    Map<Integer, Long> byMod = IntStream.range(0, 10000).parallel().boxed()
        .collect(Collectors.groupingByConcurrent(i -> i % 7, Collectors.counting()));
    System.out.println("groupingByConcurrent " + new TreeMap<>(byMod));
    Map<Boolean, Long> parts = IntStream.range(0, 5000).parallel().boxed().collect(Collectors.partitioningBy(i -> i % 3 == 0, Collectors.counting()));
    System.out.println("partition " + parts);
    System.out.println("reduce " + IntStream.rangeClosed(1, 20).parallel().mapToObj(java.math.BigInteger::valueOf)
        .reduce(java.math.BigInteger.ONE, java.math.BigInteger::multiply));
    System.out.println("joining ordered " + IntStream.range(0, 20).parallel().mapToObj(Integer::toString).collect(Collectors.joining(",")));
    System.out.println("findFirst " + IntStream.range(0, 100000).parallel().filter(i -> i > 5000 && i % 977 == 0).findFirst().getAsInt());
    System.out.println("max " + Stream.of("kiwi", "banana", "fig", "cherry", "apple").parallel().max(Comparator.naturalOrder()).get());
    AtomicLong atomic = new AtomicLong();
    IntStream.range(0, 10000).parallel().forEach(i -> atomic.addAndGet(i));
    System.out.println("atomic sum via forEach " + atomic.get());
    LongAdder adder = new LongAdder();
    IntStream.range(0, 10000).parallel().forEach(i -> adder.increment());
    System.out.println("adder " + adder.sum());
    ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>();
    IntStream.range(0, 1000).parallel().forEach(i -> chm.merge("k" + (i % 10), 1, Integer::sum));
    System.out.println("chm " + new TreeMap<>(chm));
    List<Integer> ordered = new ArrayList<>();
    IntStream.range(0, 15).parallel().forEachOrdered(ordered::add);
    System.out.println("forEachOrdered " + ordered);
    double avg = IntStream.rangeClosed(1, 1000).parallel().average().getAsDouble();
    System.out.println("average " + avg);
    int[] arr = new Random(99).ints(100000, 0, 1000000).toArray();
    int[] copy = arr.clone();
    Arrays.parallelSort(copy);
    Arrays.sort(arr);
    System.out.println("parallelSort equals sort " + Arrays.equals(arr, copy) + " min " + copy[0] + " max " + copy[copy.length - 1]);
    long[] prefix = LongStream.rangeClosed(1, 10).toArray();
    Arrays.parallelPrefix(prefix, Long::sum);
    System.out.println("parallelPrefix " + Arrays.toString(prefix));
    int[] setAll = new int[12];
    Arrays.parallelSetAll(setAll, i -> i * i);
    System.out.println("parallelSetAll " + Arrays.toString(setAll));
    System.out.println("isParallel " + IntStream.range(0, 3).parallel().isParallel() + " " + IntStream.range(0, 3).isParallel());
    System.out.println("distinct parallel " + Stream.of(5, 1, 5, 2, 1, 9, 2).parallel().distinct().sorted().toList());
    ForkJoinPool pool = ForkJoinPool.commonPool();
    long total = pool.invoke(new SumTask(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}, 0, 17));
    System.out.println("RecursiveTask sum " + total);
    System.out.println("parallel collect toMap " + IntStream.range(0, 12).parallel().boxed()
        .collect(Collectors.toMap(i -> i, i -> i * i, (a, b) -> a, TreeMap::new)));
  }

  static class SumTask extends RecursiveTask<Long> {
    final long[] data;
    final int lo, hi;

    SumTask(long[] data, int lo, int hi) { this.data = data; this.lo = lo; this.hi = hi; }

    @Override protected Long compute() {
      if (hi - lo <= 3) {
        long s = 0;
        for (int i = lo; i < hi; i++) s += data[i];
        return s;
      }
      int mid = (lo + hi) >>> 1;
      SumTask left = new SumTask(data, lo, mid);
      left.fork();
      long right = new SumTask(data, mid, hi).compute();
      return right + left.join();
    }
  }
}
