package diff.indy;

import java.util.*;
import java.util.stream.*;

/** IntStream/LongStream/DoubleStream: ranges, summary statistics, boxing, conversions. */
public class PrimitiveStreams {
  public static void main(String[] args) {
    System.out.println("range " + Arrays.toString(IntStream.range(0, 10).toArray()));
    System.out.println("rangeClosed sum " + IntStream.rangeClosed(1, 100).sum());
    System.out.println("long range sum " + LongStream.range(0, 100000).sum());
    System.out.println("long rangeClosed of squares " + LongStream.rangeClosed(1, 1000).map(x -> x * x).sum());
    IntSummaryStatistics is = IntStream.of(4, 8, 15, 16, 23, 42).summaryStatistics();
    System.out.println(is);
    System.out.println("min " + is.getMin() + " max " + is.getMax() + " avg " + is.getAverage() + " sum " + is.getSum() + " count " + is.getCount());
    LongSummaryStatistics ls = LongStream.of(1L << 40, -5, 77).summaryStatistics();
    System.out.println(ls);
    DoubleSummaryStatistics ds = DoubleStream.of(1.5, 2.25, -0.75, 10).summaryStatistics();
    System.out.println(ds);
    System.out.println("empty stats " + IntStream.empty().summaryStatistics());
    System.out.println("average " + IntStream.of(1, 2).average() + " empty average " + IntStream.empty().average());
    System.out.println("max " + IntStream.of(3, 9, 2).max() + " min " + LongStream.of(3, 9, 2).min().getAsLong());
    System.out.println("double sum " + DoubleStream.of(0.1, 0.2, 0.3).sum() + " naive " + (0.1 + 0.2 + 0.3));
    System.out.println("double sum compensated " + DoubleStream.generate(() -> 0.1).limit(10).sum());
    System.out.println("asLongStream " + IntStream.of(Integer.MAX_VALUE, 1).asLongStream().sum());
    System.out.println("asDoubleStream " + Arrays.toString(IntStream.rangeClosed(1, 4).asDoubleStream().map(Math::sqrt).toArray()));
    System.out.println("mapToObj " + IntStream.range(0, 5).mapToObj(i -> "i" + i).collect(Collectors.joining(",")));
    System.out.println("boxed " + IntStream.of(3, 1, 2).boxed().sorted(Comparator.reverseOrder()).toList());
    System.out.println("mapToLong " + IntStream.of(1, 2, 3).mapToLong(i -> (long) i << 40).boxed().toList());
    System.out.println("mapToDouble " + Arrays.toString(IntStream.of(1, 2, 3).mapToDouble(i -> i / 4.0).toArray()));
    System.out.println("DoubleStream mapToInt " + Arrays.toString(DoubleStream.of(1.4, 1.5, -1.5, 2.5).mapToInt(d -> (int) Math.round(d)).toArray()));
    System.out.println("flatMap " + Arrays.toString(IntStream.range(1, 4).flatMap(i -> IntStream.range(0, i)).toArray()));
    System.out.println("iterate " + Arrays.toString(IntStream.iterate(1, i -> i <= 100, i -> i * 2).toArray()));
    System.out.println("LongStream.iterate " + Arrays.toString(LongStream.iterate(1, i -> i * 10).limit(19).toArray()));
    System.out.println("distinct sorted " + Arrays.toString(IntStream.of(5, 3, 5, 1, 3, 9, 1).distinct().sorted().toArray()));
    System.out.println("reduce " + IntStream.rangeClosed(1, 10).reduce(1, (a, b) -> a * b) + " "
        + LongStream.rangeClosed(1, 20).reduce(1, (a, b) -> a * b));
    System.out.println("anyMatch " + IntStream.range(0, 100).anyMatch(i -> i * i == 49));
    int[] primes = IntStream.rangeClosed(2, 100).filter(n -> IntStream.rangeClosed(2, (int) Math.sqrt(n)).noneMatch(d -> n % d == 0)).toArray();
    System.out.println(primes.length + " primes " + Arrays.toString(primes));
    Random rnd = new Random(12345);
    System.out.println("random ints " + Arrays.toString(rnd.ints(10, 0, 100).toArray()));
    System.out.println("random longs " + Arrays.toString(new Random(7).longs(3).toArray()));
    System.out.println("random doubles " + Arrays.toString(new Random(7).doubles(3).toArray()));
    System.out.println("Arrays.stream int " + Arrays.stream(new int[] {5, 6, 7}).map(x -> x * x).sum());
    System.out.println("Arrays.stream long " + Arrays.stream(new long[] {5, 6, 7}).max().getAsLong());
    System.out.println("Arrays.stream double " + Arrays.stream(new double[] {0.5, 0.25}).sum());
    IntSummaryStatistics wordLens = Stream.of("a", "bb", "ccc", "dddd").mapToInt(String::length).summaryStatistics();
    System.out.println("word lengths " + wordLens);
    System.out.println("chars sum " + "abcdef".chars().sum() + " chars distinct count " + "mississippi".chars().distinct().count());
    System.out.println("collect " + IntStream.range(0, 6).collect(StringBuilder::new, (sb, i) -> sb.append(i * 3), StringBuilder::append));
    for (int k = 1; k <= 10; k++) {
      final int kk = k;
      System.out.println("table " + k + ": " + IntStream.rangeClosed(1, 10).map(i -> i * kk).mapToObj(i -> String.format("%3d", i))
          .collect(Collectors.joining(" ")));
    }
    OptionalDouble od = DoubleStream.of(3, 4, 5).map(x -> x * x).average();
    System.out.println("average of squares " + od.getAsDouble() + " " + od);
    OptionalInt none = IntStream.empty().findFirst();
    System.out.println("orElse " + none.orElse(-1) + " isPresent " + none.isPresent() + " " + none);
  }
}
