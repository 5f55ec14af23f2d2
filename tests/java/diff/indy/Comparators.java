package diff.indy;

import java.util.*;
import java.util.function.*;

/** Comparator combinators: comparing, thenComparing, reversed, nullsFirst/Last, naturalOrder. */
public class Comparators {
  record City(String name, String country, int population, Double area) {}

  static void show(String label, List<City> cities) {
    System.out.println(label);
    for (City c : cities) System.out.println("  " + c.name() + " " + c.country() + " " + c.population() + " " + c.area());
  }

  public static void main(String[] args) {
    List<City> cities = List.of(
        new City("Lyon", "FR", 513, 47.87), new City("Paris", "FR", 2161, 105.4), new City("Nice", "FR", 342, null),
        new City("Bonn", "DE", 327, 141.1), new City("Berlin", "DE", 3645, 891.8), new City("Essen", "DE", 582, 210.3),
        new City("Turin", "IT", 870, 130.2), new City("Rome", "IT", 2873, null), new City("Bari", "IT", 320, 116.2));
    List<City> l = new ArrayList<>(cities);
    l.sort(Comparator.comparing(City::name));
    show("by name", l);
    l.sort(Comparator.comparing(City::country).thenComparing(City::population, Comparator.reverseOrder()));
    show("by country then population desc", l);
    l.sort(Comparator.comparingInt(City::population).reversed());
    show("by population reversed", l);
    l.sort(Comparator.comparing(City::area, Comparator.nullsFirst(Comparator.naturalOrder())));
    show("by area nullsFirst", l);
    l.sort(Comparator.comparing(City::area, Comparator.nullsLast(Comparator.reverseOrder())).thenComparing(City::name));
    show("by area nullsLast reversed", l);
    l.sort(Comparator.comparing((City c) -> c.name().length()).thenComparing(c -> c.name().charAt(c.name().length() - 1)));
    show("by name length then last char", l);
    l.sort(Comparator.comparing(City::country, String.CASE_INSENSITIVE_ORDER.reversed()).thenComparingInt(City::population));
    show("country desc, population asc", l);
    List<String> words = new ArrayList<>(List.of("banana", "Apple", "cherry", "apple", "Banana", "date", "Eggplant", "fig"));
    words.sort(Comparator.naturalOrder());
    System.out.println("natural " + words);
    words.sort(String.CASE_INSENSITIVE_ORDER);
    System.out.println("case insensitive (stable) " + words);
    words.sort(String.CASE_INSENSITIVE_ORDER.thenComparing(Comparator.reverseOrder()));
    System.out.println("ci then reverse " + words);
    words.sort(Comparator.comparingInt(String::length).thenComparing((String s) -> s.toLowerCase()).thenComparing(Function.identity()));
    System.out.println("length, lower, identity " + words);
    words.sort(Collections.reverseOrder());
    System.out.println("Collections.reverseOrder " + words);
    List<String> withNulls = new ArrayList<>(Arrays.asList("b", null, "a", null, "c"));
    withNulls.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
    System.out.println("nullsFirst " + withNulls);
    withNulls.sort(Comparator.nullsLast(Comparator.<String>naturalOrder().reversed()));
    System.out.println("nullsLast reversed " + withNulls);
    try {
      withNulls.sort(Comparator.naturalOrder());
    } catch (NullPointerException e) {
      System.out.println("NPE sorting nulls naturally");
    }
    Comparator<City> byPop = Comparator.comparingInt(City::population);
    System.out.println("max by pop " + Collections.max(cities, byPop).name() + " min " + Collections.min(cities, byPop).name());
    System.out.println("compare Lyon/Nice " + Integer.signum(byPop.compare(cities.get(0), cities.get(2))));
    BinaryOperator<City> bigger = BinaryOperator.maxBy(byPop);
    System.out.println("maxBy " + bigger.apply(cities.get(3), cities.get(4)).name());
    TreeMap<String, Integer> tm = new TreeMap<>(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
    for (City c : cities) tm.put(c.name(), c.population());
    System.out.println("treemap custom order " + tm);
    System.out.println("headMap " + tm.headMap("Paris") + " ceilingKey(Zzzz) " + tm.ceilingKey("Zzzz"));
    PriorityQueue<City> pq = new PriorityQueue<>(Comparator.comparingDouble((City c) -> c.area() == null ? -1 : c.area()).reversed());
    pq.addAll(cities);
    StringBuilder sb = new StringBuilder();
    while (!pq.isEmpty()) sb.append(pq.poll().name()).append(' ');
    System.out.println("priority queue by area desc " + sb.toString().trim());
    Integer[] ints = {5, -3, 12, 0, -7, 8};
    Arrays.sort(ints, Comparator.comparingInt(Math::abs));
    System.out.println("by abs " + Arrays.toString(ints));
    Arrays.sort(ints, Comparator.comparing(i -> Integer.toBinaryString(i & 0xff)));
    System.out.println("by binary string " + Arrays.toString(ints));
    System.out.println("Map.Entry.comparingByValue " + tm.entrySet().stream().sorted(Map.Entry.comparingByValue()).limit(3).toList());
    System.out.println("Map.Entry.comparingByKey reversed " + tm.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByKey().reversed()).limit(3).toList());
  }
}
