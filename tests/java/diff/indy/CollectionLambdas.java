package diff.indy;

import java.util.*;
import java.util.function.*;

/** Collections APIs taking lambdas: forEach, computeIfAbsent, merge, compute, removeIf, replaceAll. */
public class CollectionLambdas {
  public static void main(String[] args) {
    List<String> list = new ArrayList<>(List.of("one", "two", "three", "four", "five", "six", "seven", "eight"));
    list.forEach(s -> System.out.print(s.length() + " "));
    System.out.println();
    Iterable<String> it = list;
    it.forEach(s -> { if (s.contains("e")) System.out.print(s + ","); });
    System.out.println();
    list.removeIf(s -> s.length() == 3);
    System.out.println("removeIf " + list);
    list.replaceAll(s -> s.substring(0, 1).toUpperCase() + s.substring(1));
    System.out.println("replaceAll " + list);
    list.sort(null);
    System.out.println("sort(null) " + list);
    Map<String, List<Integer>> index = new TreeMap<>();
    String text = "to be or not to be that is the question whether tis nobler in the mind to suffer";
    String[] words = text.split(" ");
    for (int i = 0; i < words.length; i++) index.computeIfAbsent(words[i], k -> new ArrayList<>()).add(i);
    System.out.println("computeIfAbsent " + index);
    Map<String, Integer> freq = new TreeMap<>();
    for (String w : words) freq.merge(w, 1, Integer::sum);
    System.out.println("merge " + freq);
    freq.merge("to", 1, (a, b) -> null);
    System.out.println("merge to null removes: " + freq.containsKey("to"));
    freq.compute("be", (k, v) -> v == null ? 100 : v * 10);
    freq.compute("new", (k, v) -> v == null ? 1 : v + 1);
    freq.computeIfPresent("or", (k, v) -> v + 5);
    freq.computeIfPresent("absent", (k, v) -> 999);
    freq.compute("is", (k, v) -> null);
    System.out.println("compute " + freq);
    freq.replaceAll((k, v) -> k.length() * 100 + v);
    System.out.println("replaceAll map " + freq);
    StringBuilder sb = new StringBuilder();
    freq.forEach((k, v) -> sb.append(k).append('=').append(v % 100).append(' '));
    System.out.println("Map.forEach " + sb.toString().trim());
    System.out.println("getOrDefault " + freq.getOrDefault("zzz", -1) + " putIfAbsent " + freq.putIfAbsent("mind", 0) + " " + freq.putIfAbsent("zzz", 0));
    freq.entrySet().removeIf(e -> e.getValue() < 300);
    System.out.println("entrySet removeIf " + freq);
    freq.values().removeIf(v -> v % 2 == 0);
    System.out.println("values removeIf " + freq);
    Map<Character, Set<String>> byFirst = new TreeMap<>();
    for (String w : words) byFirst.computeIfAbsent(w.charAt(0), c -> new TreeSet<>()).add(w);
    byFirst.forEach((c, ws) -> System.out.println("  " + c + ": " + ws));
    // LinkedHashMap with access order and removeEldestEntry as an LRU cache.
    Map<Integer, String> lru = new LinkedHashMap<>(16, 0.75f, true) {
      @Override protected boolean removeEldestEntry(Map.Entry<Integer, String> e) { return size() > 4; }
    };
    for (int i = 0; i < 8; i++) {
      lru.computeIfAbsent(i % 6, k -> "v" + k);
      lru.get(1);
    }
    System.out.println("lru " + lru);
    // Collections utilities with lambdas.
    List<Integer> nums = new ArrayList<>();
    for (int i = 0; i < 20; i++) nums.add((i * 37) % 23);
    System.out.println("nums " + nums);
    Collections.sort(nums, (a, b) -> b - a);
    System.out.println("sorted desc " + nums);
    System.out.println("binarySearch 13 " + Collections.binarySearch(nums, 13, Comparator.reverseOrder()));
    System.out.println("frequency of max " + Collections.frequency(nums, nums.get(0)));
    Collections.rotate(nums, 3);
    System.out.println("rotated " + nums);
    Collections.shuffle(nums, new Random(5));
    System.out.println("shuffled " + nums);
    List<Integer> copy = new ArrayList<>(Collections.nCopies(5, 0));
    Collections.fill(copy, 7);
    System.out.println("fill " + copy + " disjoint " + Collections.disjoint(copy, nums));
    Deque<String> dq = new ArrayDeque<>();
    for (String w : words) if (w.length() > 3) dq.push(w);
    System.out.println("deque " + dq);
    dq.removeIf(w -> w.startsWith("t"));
    System.out.println("deque removeIf " + dq);
    Iterator<String> iter = dq.descendingIterator();
    iter.forEachRemaining(w -> System.out.print(w.toUpperCase() + " "));
    System.out.println();
    Spliterator<String> sp = List.of("a", "b", "c", "d").spliterator();
    sp.tryAdvance(s -> System.out.println("tryAdvance " + s));
    sp.forEachRemaining(s -> System.out.println("remaining " + s));
    BitSet bits = new BitSet();
    for (int i = 0; i < 50; i += 7) bits.set(i);
    System.out.println("bits " + bits + " stream sum " + bits.stream().sum());
    Map<String, Integer> imm = Map.of("a", 1);
    try {
      imm.merge("a", 1, Integer::sum);
    } catch (UnsupportedOperationException e) {
      System.out.println("immutable map merge throws UOE");
    }
    List<Supplier<String>> sups = new ArrayList<>();
    for (String w : List.of("x", "y", "z")) sups.add(() -> w + w);
    sups.forEach(s -> System.out.print(s.get()));
    System.out.println();
  }
}
