package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Sequential streams: map/filter/flatMap/reduce/sorted/distinct/limit/skip/iterate/generate. */
public class Streams {
  record Item(String name, String category, int price, int qty) {}

  public static void main(String[] args) {
    List<Integer> nums = IntStream.rangeClosed(1, 30).boxed().collect(Collectors.toList());
    System.out.println("nums " + nums);
    System.out.println("evens squared " + nums.stream().filter(n -> n % 2 == 0).map(n -> n * n).collect(Collectors.toList()));
    System.out.println("sum " + nums.stream().reduce(0, Integer::sum) + " product of 1..10 "
        + nums.stream().limit(10).map(Long::valueOf).reduce(1L, (a, b) -> a * b));
    System.out.println("max " + nums.stream().max(Integer::compare).get() + " min " + nums.stream().min(Comparator.naturalOrder()).get());
    System.out.println("reduce no identity " + nums.stream().skip(25).reduce((a, b) -> a * 10 + b).orElse(-1));
    System.out.println("count>10 " + nums.stream().filter(n -> n > 10).count());
    System.out.println("anyMatch " + nums.stream().anyMatch(n -> n == 17) + " allMatch " + nums.stream().allMatch(n -> n > 0)
        + " noneMatch " + nums.stream().noneMatch(n -> n > 100));
    System.out.println("findFirst " + nums.stream().filter(n -> n > 12).findFirst().get());
    List<String> words = List.of("delta", "alpha", "charlie", "bravo", "echo", "alpha", "foxtrot", "delta", "golf");
    System.out.println("distinct " + words.stream().distinct().collect(Collectors.toList()));
    System.out.println("sorted " + words.stream().sorted().collect(Collectors.toList()));
    System.out.println("sorted by length desc " + words.stream().distinct()
        .sorted(Comparator.comparing(String::length).reversed().thenComparing(Function.identity())).toList());
    System.out.println("flatMap chars " + words.stream().limit(3).flatMap(w -> w.chars().mapToObj(c -> (char) c)).map(String::valueOf)
        .collect(Collectors.joining()));
    System.out.println("flatMap lists " + Stream.of(List.of(1, 2), List.of(3), List.<Integer>of(), List.of(4, 5, 6))
        .flatMap(List::stream).map(x -> x * 10).toList());
    System.out.println("mapMulti " + Stream.of(1, 2, 3).<String>mapMulti((x, sink) -> {
      for (int i = 0; i < x; i++) sink.accept(x + ":" + i);
    }).toList());
    System.out.println("iterate " + Stream.iterate(1, x -> x * 3).limit(12).toList());
    System.out.println("iterate with predicate " + Stream.iterate(1, x -> x < 1000, x -> x * 2).toList());
    int[] counter = {0};
    System.out.println("generate " + Stream.generate(() -> counter[0]++).limit(8).toList());
    System.out.println("takeWhile " + Stream.of(1, 2, 3, 10, 4, 5).takeWhile(x -> x < 5).toList()
        + " dropWhile " + Stream.of(1, 2, 3, 10, 4, 5).dropWhile(x -> x < 5).toList());
    List<String> peeked = new ArrayList<>();
    List<Integer> res = Stream.of(5, 3, 8, 1).peek(x -> peeked.add("saw " + x)).map(x -> x + 1).sorted().toList();
    System.out.println("peek " + peeked + " -> " + res);
    System.out.println("concat " + Stream.concat(Stream.of("x", "y"), Stream.of("z")).toList());
    System.out.println("Arrays.stream range " + Arrays.stream(new String[] {"a", "b", "c", "d", "e"}, 1, 4).toList());
    System.out.println("ofNullable " + Stream.ofNullable(null).count() + " " + Stream.ofNullable("v").count());
    System.out.println("empty max " + Stream.<Integer>empty().max(Integer::compare));
    List<Item> items = List.of(
        new Item("apple", "fruit", 3, 10), new Item("pear", "fruit", 4, 0), new Item("carrot", "veg", 2, 25),
        new Item("leek", "veg", 5, 3), new Item("milk", "dairy", 7, 12), new Item("cheese", "dairy", 15, 4),
        new Item("kiwi", "fruit", 6, 9));
    System.out.println("in stock " + items.stream().filter(i -> i.qty() > 0).map(Item::name).sorted().toList());
    System.out.println("stock value " + items.stream().mapToInt(i -> i.price() * i.qty()).sum());
    System.out.println("most expensive " + items.stream().max(Comparator.comparingInt(Item::price)).map(Item::name).orElse("?"));
    items.stream().sorted(Comparator.comparing(Item::category).thenComparing(Item::price, Comparator.reverseOrder()))
        .forEach(i -> System.out.println("  " + i));
    Iterator<Integer> it = Stream.of(9, 8, 7).iterator();
    while (it.hasNext()) System.out.print(it.next() + ";");
    System.out.println();
    Object[] arr = Stream.of("p", "q").toArray();
    Integer[] iarr = Stream.of(3, 1, 2).sorted().toArray(Integer[]::new);
    System.out.println("toArray " + Arrays.toString(arr) + " " + Arrays.toString(iarr));
    try {
      Stream<String> s = Stream.of("once");
      s.count();
      s.count();
    } catch (IllegalStateException e) {
      System.out.println("reuse: " + e.getMessage());
    }
    try {
      List.of(1, 2).stream().map(x -> x / 0).toList();
    } catch (ArithmeticException e) {
      System.out.println("exception in pipeline: " + e.getMessage());
    }
    try (Stream<String> closing = Stream.of("a").onClose(() -> System.out.println("onClose ran"))) {
      System.out.println("closing count " + closing.count());
    }
    StringBuilder sb = new StringBuilder();
    "hello world".chars().filter(Character::isLetter).map(Character::toUpperCase).forEach(c -> sb.append((char) c));
    System.out.println("chars " + sb);
    System.out.println("codePoints " + "a\ud83d\ude00b".codePoints().mapToObj(Integer::toHexString).toList());
    System.out.println("lines " + "l1\nl2\r\nl3".lines().map(l -> "[" + l + "]").collect(Collectors.joining()));
    System.out.println("forEachOrdered " + Stream.of("c", "b", "a").sorted().reduce("", String::concat));
  }
}
