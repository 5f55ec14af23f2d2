package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Collectors: toList/toSet/toMap/groupingBy/partitioningBy/joining/counting. */
public class CollectorsBasic {
  record Emp(String name, String dept, int salary, int age) {}

  static final List<Emp> EMPS = List.of(
      new Emp("Alice", "eng", 120, 34), new Emp("Bob", "eng", 100, 45), new Emp("Carol", "ops", 90, 29),
      new Emp("Dan", "ops", 85, 52), new Emp("Eve", "sales", 70, 23), new Emp("Frank", "eng", 130, 38),
      new Emp("Grace", "sales", 95, 41), new Emp("Heidi", "hr", 60, 30), new Emp("Ivan", "eng", 110, 27));

  public static void main(String[] args) {
    System.out.println("toList " + EMPS.stream().map(Emp::name).collect(Collectors.toList()));
    System.out.println("toUnmodifiableList " + EMPS.stream().map(Emp::age).filter(a -> a > 40).collect(Collectors.toUnmodifiableList()));
    System.out.println("toSet sorted " + new TreeSet<>(EMPS.stream().map(Emp::dept).collect(Collectors.toSet())));
    System.out.println("toCollection " + EMPS.stream().map(Emp::dept).collect(Collectors.toCollection(TreeSet::new)));
    Map<String, Integer> salaries = EMPS.stream().collect(Collectors.toMap(Emp::name, Emp::salary, (a, b) -> a, TreeMap::new));
    System.out.println("toMap TreeMap " + salaries);
    Map<String, Integer> deptTotal = EMPS.stream().collect(Collectors.toMap(Emp::dept, Emp::salary, Integer::sum, TreeMap::new));
    System.out.println("toMap merge " + deptTotal);
    try {
      EMPS.stream().collect(Collectors.toMap(Emp::dept, Emp::name));
    } catch (IllegalStateException e) {
      System.out.println("duplicate key: " + e.getMessage());
    }
    Map<String, List<String>> byDept = EMPS.stream()
        .collect(Collectors.groupingBy(Emp::dept, TreeMap::new, Collectors.mapping(Emp::name, Collectors.toList())));
    System.out.println("groupingBy " + byDept);
    Map<String, Long> countByDept = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new, Collectors.counting()));
    System.out.println("counting " + countByDept);
    Map<Integer, List<String>> byDecade = EMPS.stream().collect(Collectors.groupingBy(e -> e.age() / 10 * 10, TreeMap::new,
        Collectors.mapping(Emp::name, Collectors.toList())));
    System.out.println("by decade " + byDecade);
    Map<Boolean, List<String>> part = EMPS.stream().collect(Collectors.partitioningBy(e -> e.salary() >= 100,
        Collectors.mapping(Emp::name, Collectors.toList())));
    System.out.println("partitioningBy " + part);
    Map<Boolean, Long> partCount = EMPS.stream().collect(Collectors.partitioningBy(e -> e.age() < 30, Collectors.counting()));
    System.out.println("partition count " + partCount);
    System.out.println("joining " + EMPS.stream().map(Emp::name).collect(Collectors.joining()));
    System.out.println("joining sep " + EMPS.stream().map(Emp::name).collect(Collectors.joining(", ")));
    System.out.println("joining full " + EMPS.stream().map(Emp::name).collect(Collectors.joining(" | ", "{ ", " }")));
    System.out.println("joining empty " + Stream.<String>empty().collect(Collectors.joining(",", "[", "]")));
    Map<String, Map<Boolean, List<String>>> nested = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new,
        Collectors.partitioningBy(e -> e.age() >= 35, Collectors.mapping(Emp::name, Collectors.toList()))));
    nested.forEach((k, v) -> System.out.println("  " + k + " -> " + v));
    Map<String, Optional<Emp>> oldest = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new,
        Collectors.maxBy(Comparator.comparingInt(Emp::age))));
    oldest.forEach((k, v) -> System.out.println("  oldest in " + k + ": " + v.map(Emp::name).orElse("-")));
    Map<String, Emp> youngest = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new,
        Collectors.collectingAndThen(Collectors.minBy(Comparator.comparingInt(Emp::age)), Optional::get)));
    youngest.forEach((k, v) -> System.out.println("  youngest in " + k + ": " + v.name()));
    Map<String, Set<Integer>> ages = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new,
        Collectors.mapping(Emp::age, Collectors.toCollection(TreeSet::new))));
    System.out.println("ages " + ages);
    Map<String, String> initials = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new,
        Collectors.mapping(e -> e.name().substring(0, 1), Collectors.joining("/"))));
    System.out.println("initials " + initials);
    Map<String, List<String>> filtered = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new,
        Collectors.filtering(e -> e.salary() > 90, Collectors.mapping(Emp::name, Collectors.toList()))));
    System.out.println("filtering " + filtered);
    Map<String, List<Character>> flat = EMPS.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new,
        Collectors.flatMapping(e -> e.name().chars().limit(2).mapToObj(c -> (char) c), Collectors.toList())));
    System.out.println("flatMapping " + flat);
    Optional<String> longest = EMPS.stream().map(Emp::name).collect(Collectors.reducing((a, b) -> a.length() >= b.length() ? a : b));
    System.out.println("reducing " + longest.get() + " total " + EMPS.stream().collect(Collectors.reducing(0, Emp::salary, Integer::sum)));
    List<String> unmod = EMPS.stream().map(Emp::name).collect(Collectors.collectingAndThen(Collectors.toList(), Collections::unmodifiableList));
    try {
      unmod.add("x");
    } catch (UnsupportedOperationException e) {
      System.out.println("unmodifiable after collectingAndThen");
    }
    Map<String, Integer> linked = EMPS.stream().sorted(Comparator.comparing(Emp::salary))
        .collect(Collectors.toMap(Emp::name, Emp::salary, (a, b) -> b, LinkedHashMap::new));
    System.out.println("linked by salary " + linked);
    Map<Character, Long> letterFreq = "the rain in spain stays mainly in the plain".chars().filter(Character::isLetter)
        .mapToObj(c -> (char) c).collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
    System.out.println("letters " + letterFreq);
  }
}
