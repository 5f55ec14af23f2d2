package diff.indy;

import java.util.*;
import java.util.stream.*;

/** Collectors: summing/averaging/summarizing, mapping, teeing, custom Collector.of. */
public class CollectorsNumeric {
  record Sale(String region, String product, int units, double price) {
    double revenue() { return units * price; }
  }

  public static void main(String[] args) {
    List<Sale> sales = new ArrayList<>();
    String[] regions = {"north", "south", "east", "west"};
    String[] products = {"widget", "gadget", "doohickey"};
    Random rnd = new Random(2024);
    for (int i = 0; i < 40; i++) {
      sales.add(new Sale(regions[rnd.nextInt(4)], products[rnd.nextInt(3)], 1 + rnd.nextInt(20), 0.25 * (4 + rnd.nextInt(40))));
    }
    System.out.println("summingInt " + sales.stream().collect(Collectors.summingInt(Sale::units)));
    System.out.println("summingLong " + sales.stream().collect(Collectors.summingLong(s -> (long) s.units() << 20)));
    System.out.printf("summingDouble %.4f%n", sales.stream().collect(Collectors.summingDouble(Sale::revenue)));
    System.out.printf("averagingInt %.6f%n", sales.stream().collect(Collectors.averagingInt(Sale::units)));
    System.out.printf("averagingDouble %.6f%n", sales.stream().collect(Collectors.averagingDouble(Sale::price)));
    System.out.println("averagingLong " + sales.stream().collect(Collectors.averagingLong(Sale::units)));
    System.out.println("summarizingInt " + sales.stream().collect(Collectors.summarizingInt(Sale::units)));
    DoubleSummaryStatistics dss = sales.stream().collect(Collectors.summarizingDouble(Sale::price));
    System.out.println("summarizingDouble " + dss);
    Map<String, Integer> unitsByRegion = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.summingInt(Sale::units)));
    System.out.println("units by region " + unitsByRegion);
    Map<String, Double> avgPrice = sales.stream().collect(Collectors.groupingBy(Sale::product, TreeMap::new, Collectors.averagingDouble(Sale::price)));
    avgPrice.forEach((k, v) -> System.out.printf("  avg price %-10s %8.4f%n", k, v));
    Map<String, Map<String, Double>> revenue = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new,
        Collectors.groupingBy(Sale::product, TreeMap::new, Collectors.summingDouble(Sale::revenue))));
    revenue.forEach((r, m) -> m.forEach((p, v) -> System.out.printf("  %-6s %-10s %10.2f%n", r, p, v)));
    Map<String, IntSummaryStatistics> stats = sales.stream().collect(Collectors.groupingBy(Sale::product, TreeMap::new,
        Collectors.summarizingInt(Sale::units)));
    stats.forEach((k, v) -> System.out.println("  " + k + " " + v));
    var minMax = sales.stream().map(Sale::units).collect(Collectors.teeing(
        Collectors.minBy(Integer::compare), Collectors.maxBy(Integer::compare), (mn, mx) -> mn.get() + ".." + mx.get()));
    System.out.println("teeing min..max " + minMax);
    double mean = sales.stream().collect(Collectors.teeing(Collectors.summingDouble(Sale::revenue), Collectors.counting(),
        (sum, n) -> sum / n));
    System.out.printf("teeing mean revenue %.5f%n", mean);
    var split = sales.stream().collect(Collectors.teeing(
        Collectors.filtering(s -> s.units() > 10, Collectors.counting()),
        Collectors.mapping(Sale::region, Collectors.toCollection(TreeSet::new)),
        (big, regs) -> big + " big sales in " + regs));
    System.out.println("teeing " + split);
    Map<String, String> topProduct = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new,
        Collectors.collectingAndThen(Collectors.maxBy(Comparator.comparingDouble(Sale::revenue).thenComparing(Sale::product)),
            o -> o.map(s -> s.product() + "@" + s.revenue()).orElse("none"))));
    System.out.println("top " + topProduct);
    // A custom collector: a running histogram.
    java.util.stream.Collector<Integer, int[], String> hist = java.util.stream.Collector.of(
        () -> new int[5],
        (a, v) -> a[Math.min(4, v / 5)]++,
        (a, b) -> {
          for (int i = 0; i < 5; i++) a[i] += b[i];
          return a;
        },
        a -> {
          StringBuilder sb = new StringBuilder();
          for (int i = 0; i < 5; i++) sb.append(String.format("%2d-%2s: %s%n", i * 5, i == 4 ? "" : String.valueOf(i * 5 + 4), "#".repeat(a[i])));
          return sb.toString();
        });
    System.out.print(sales.stream().map(Sale::units).collect(hist));
    List<String> lines = sales.stream().sorted(Comparator.comparingDouble(Sale::revenue).reversed().thenComparing(Sale::region))
        .limit(10).map(s -> String.format("%-6s %-10s %3d x %6.2f = %8.2f", s.region(), s.product(), s.units(), s.price(), s.revenue()))
        .collect(Collectors.toList());
    lines.forEach(System.out::println);
    System.out.println("joined prices " + sales.stream().limit(8).map(s -> String.valueOf(s.price())).collect(Collectors.joining(";")));
  }
}
