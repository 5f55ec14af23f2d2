package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Generic methods and classes taking lambdas: bounded types, wildcards, intersection bounds, generic arrays. */
public class GenericLambdas {
  static <T extends Comparable<? super T>> T maxOf(Collection<? extends T> xs) {
    return xs.stream().reduce((a, b) -> a.compareTo(b) >= 0 ? a : b).orElseThrow();
  }

  static <T, K> Map<K, List<T>> groupBy(Collection<T> xs, Function<? super T, ? extends K> key) {
    Map<K, List<T>> m = new TreeMap<>();
    for (T x : xs) m.computeIfAbsent(key.apply(x), k -> new ArrayList<>()).add(x);
    return m;
  }

  static <T extends CharSequence & Comparable<T>> String longestSorted(List<T> xs) {
    return xs.stream().sorted().max(Comparator.comparingInt(CharSequence::length)).map(Object::toString).orElse("");
  }

  static double sumAll(Collection<? extends Number> xs) { return xs.stream().mapToDouble(Number::doubleValue).sum(); }

  static void fill(List<? super Integer> sink, int n) { IntStream.range(0, n).forEach(sink::add); }

  static final class Box<T> {
    private final T value;

    Box(T value) { this.value = value; }

    <R> Box<R> map(Function<? super T, ? extends R> f) { return new Box<>(f.apply(value)); }

    <R> Box<R> flatMap(Function<? super T, Box<R>> f) { return f.apply(value); }

    T get() { return value; }

    @Override public String toString() { return "Box(" + value + ")"; }
  }

  static final class Tree<T extends Comparable<T>> {
    T val;
    Tree<T> left, right;

    Tree(T v) { val = v; }

    void insert(T v) {
      if (v.compareTo(val) < 0) {
        if (left == null) left = new Tree<>(v);
        else left.insert(v);
      } else {
        if (right == null) right = new Tree<>(v);
        else right.insert(v);
      }
    }

    void inorder(Consumer<? super T> c) {
      if (left != null) left.inorder(c);
      c.accept(val);
      if (right != null) right.inorder(c);
    }

    <R> R fold(R empty, TriFunction<R, T, R, R> f) {
      return f.apply(left == null ? empty : left.fold(empty, f), val, right == null ? empty : right.fold(empty, f));
    }
  }

  interface TriFunction<A, B, C, R> { R apply(A a, B b, C c); }

  @SafeVarargs
  static <T> List<T> listOf(T... xs) { return new ArrayList<>(Arrays.asList(xs)); }

  @SuppressWarnings("unchecked")
  static <T> T[] newArray(IntFunction<T[]> gen, int n, Supplier<T> fill) {
    T[] arr = gen.apply(n);
    Arrays.setAll(arr, i -> fill.get());
    return arr;
  }

  public static void main(String[] args) {
    System.out.println("maxOf " + maxOf(List.of(3, 9, 2)) + " " + maxOf(Set.of("pear", "apple", "zucchini")) + " " + maxOf(List.of(java.time.LocalDate.of(2020, 1, 1), java.time.LocalDate.of(2019, 5, 5))));
    System.out.println("groupBy " + groupBy(List.of("apple", "avocado", "banana", "blueberry", "cherry"), s -> s.charAt(0)));
    System.out.println("groupBy length " + groupBy(List.of(1, 22, 333, 4, 55), i -> String.valueOf(i).length()));
    System.out.println("intersection bound " + longestSorted(List.of("bb", "a", "ccc", "dd")));
    System.out.println("wildcard sum " + sumAll(List.of(1, 2.5, 3L, (short) 4, new java.math.BigDecimal("0.25"))));
    List<Number> nums = new ArrayList<>();
    List<Object> objs = new ArrayList<>();
    fill(nums, 3);
    fill(objs, 2);
    System.out.println("super wildcard " + nums + " " + objs);
    Box<String> b = new Box<>("hello");
    System.out.println("box " + b.map(String::length).map(n -> n * 1.5) + " " + b.flatMap(s -> new Box<>(s + "!")).map(String::toUpperCase).get());
    Tree<Integer> t = new Tree<>(50);
    new Random(3).ints(15, 0, 100).forEach(t::insert);
    List<Integer> sorted = new ArrayList<>();
    t.inorder(sorted::add);
    System.out.println("tree inorder " + sorted);
    System.out.println("tree size " + t.<Integer>fold(0, (l, v, r) -> l + 1 + r) + " height " + t.<Integer>fold(0, (l, v, r) -> 1 + Math.max(l, r))
        + " sum " + t.<Integer>fold(0, (l, v, r) -> l + v + r) + " render " + t.<String>fold("", (l, v, r) -> (l.isEmpty() ? "" : "(" + l + ")") + v + (r.isEmpty() ? "" : "(" + r + ")")).substring(0, 30));
    Tree<String> ts = new Tree<>("m");
    for (String s : "the quick brown fox jumps over lazy dogs".split(" ")) ts.insert(s);
    StringBuilder sb = new StringBuilder();
    ts.inorder(s -> sb.append(s).append(' '));
    System.out.println("string tree " + sb.toString().trim());
    List<String> ls = listOf("x", "y");
    ls.add("z");
    System.out.println("varargs generic " + ls + " " + listOf(1, 2, 3).stream().map(i -> i * i).toList() + " " + listOf().size());
    String[] arr = newArray(String[]::new, 3, () -> "s");
    Integer[] iarr = newArray(Integer[]::new, 4, new Supplier<>() {
      int n;
      public Integer get() { return n++ * 10; }
    });
    System.out.println("generic arrays " + Arrays.toString(arr) + " " + Arrays.toString(iarr) + " " + iarr.getClass().getSimpleName());
    Map<String, Supplier<? extends Collection<Integer>>> factories = new TreeMap<>();
    factories.put("list", ArrayList::new);
    factories.put("tree", TreeSet::new);
    factories.put("linked", LinkedHashSet::new);
    factories.forEach((name, f) -> {
      Collection<Integer> c = f.get();
      for (int i : new int[] {3, 1, 3, 2}) c.add(i);
      System.out.println("  " + name + " " + c);
    });
    Function<? super Object, ? extends CharSequence> wild = o -> "wild:" + o;
    Function<String, CharSequence> narrowed = wild::apply;
    System.out.println(narrowed.apply("ok") + " " + Stream.of(1, "two", 3.0).map(wild).map(CharSequence::length).toList());
    Comparator<Map.Entry<String, Integer>> byVal = Map.Entry.comparingByValue();
    List<Map.Entry<String, Integer>> entries = new ArrayList<>(Map.of("a", 3, "b", 1, "c", 2).entrySet());
    entries.sort(byVal.reversed());
    System.out.println("entries " + entries);
    Optional<? extends Number> on = Optional.of(5);
    System.out.println("optional wildcard " + on.map(Number::doubleValue).get());
  }
}
