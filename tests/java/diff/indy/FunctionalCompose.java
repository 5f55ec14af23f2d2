package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Function composition, currying, memoization, a small parser-combinator library built from lambdas. */
public class FunctionalCompose {
  interface Parser<T> {
    Optional<Map.Entry<T, String>> parse(String in);

    default <R> Parser<R> map(Function<? super T, ? extends R> f) {
      return in -> parse(in).map(e -> Map.entry(f.apply(e.getKey()), e.getValue()));
    }

    default <R> Parser<R> then(Function<? super T, Parser<R>> f) {
      return in -> parse(in).flatMap(e -> f.apply(e.getKey()).parse(e.getValue()));
    }

    default Parser<T> or(Parser<T> other) {
      return in -> {
        Optional<Map.Entry<T, String>> r = parse(in);
        return r.isPresent() ? r : other.parse(in);
      };
    }

    default Parser<List<T>> many() {
      return in -> {
        List<T> out = new ArrayList<>();
        String rest = in;
        Optional<Map.Entry<T, String>> r;
        while ((r = parse(rest)).isPresent()) {
          out.add(r.get().getKey());
          rest = r.get().getValue();
        }
        return Optional.of(Map.entry(out, rest));
      };
    }

    static Parser<Character> ch(Predicate<Character> p) {
      return in -> !in.isEmpty() && p.test(in.charAt(0)) ? Optional.of(Map.entry(in.charAt(0), in.substring(1))) : Optional.empty();
    }

    static <T> Parser<T> pure(T v) { return in -> Optional.of(Map.entry(v, in)); }
  }

  static Parser<Integer> number() {
    return Parser.ch(Character::isDigit).then(first -> Parser.ch(Character::isDigit).many()
        .map(rest -> Integer.parseInt(first + rest.stream().map(String::valueOf).collect(Collectors.joining()))));
  }

  static Parser<Integer> sum() {
    Parser<Integer> term = number();
    return term.then(first -> Parser.ch(c -> c == '+').then(p -> number()).many().map(rest -> first + rest.stream().mapToInt(i -> i).sum()));
  }

  static <A, B, C> Function<A, Function<B, C>> curry(BiFunction<A, B, C> f) { return a -> b -> f.apply(a, b); }

  static <A, B, C> BiFunction<A, B, C> uncurry(Function<A, Function<B, C>> f) { return (a, b) -> f.apply(a).apply(b); }

  static <T, R> Function<T, R> memoize(Function<T, R> f, Map<T, R> cache) { return t -> cache.computeIfAbsent(t, f); }

  public static void main(String[] args) {
    Function<Integer, Integer> inc = x -> x + 1, dbl = x -> x * 2, sq = x -> x * x;
    List<Function<Integer, Integer>> fs = List.of(inc, dbl, sq, inc);
    Function<Integer, Integer> all = fs.stream().reduce(Function.identity(), Function::andThen);
    Function<Integer, Integer> allRev = fs.stream().reduce(Function.identity(), Function::compose);
    System.out.println("andThen chain " + IntStream.range(0, 5).mapToObj(all::apply).toList() + " compose chain " + IntStream.range(0, 5).mapToObj(allRev::apply).toList());
    BiFunction<Integer, Integer, Integer> pow = (b, e) -> (int) Math.pow(b, e);
    Function<Integer, Function<Integer, Integer>> cpow = curry(pow);
    Function<Integer, Integer> twoTo = cpow.apply(2);
    System.out.println("curry " + IntStream.range(0, 11).mapToObj(twoTo::apply).toList() + " uncurry " + uncurry(cpow).apply(3, 4));
    int[] calls = {0};
    Map<Integer, Long> cache = new HashMap<>();
    Function<Integer, Long> slowSquare = n -> {
      calls[0]++;
      return (long) n * n;
    };
    Function<Integer, Long> fast = memoize(slowSquare, cache);
    long total = 0;
    for (int i = 0; i < 100; i++) total += fast.apply(i % 10);
    System.out.println("memoized total " + total + " calls " + calls[0]);
    Predicate<String> p1 = s -> s.length() > 2, p2 = s -> s.startsWith("a"), p3 = s -> s.endsWith("z");
    List<String> words = List.of("a", "abc", "az", "abz", "xyz", "bbbb", "aaaz");
    System.out.println("predicate algebra " + words.stream().filter(p1.and(p2.or(p3)).and(Predicate.not(String::isEmpty))).toList()
        + " " + words.stream().filter(p1.negate().or(p3)).toList());
    for (String in : List.of("123", "12+30+4", "7+", "x1", "", "99+1+1000")) {
      System.out.println("parse '" + in + "' -> " + sum().parse(in).map(e -> e.getKey() + " rest '" + e.getValue() + "'").orElse("no parse"));
    }
    Parser<String> word = Parser.ch(Character::isLetter).many().map(cs -> cs.stream().map(String::valueOf).collect(Collectors.joining()));
    Parser<String> ident = word.then(w -> w.isEmpty() ? in -> Optional.empty() : Parser.pure(w.toUpperCase()));
    System.out.println("ident " + ident.parse("hello world").map(Map.Entry::getKey).orElse("-") + " " + ident.parse("123").isPresent()
        + " or " + ident.or(number().map(String::valueOf)).parse("42abc").map(Map.Entry::getKey).orElse("-"));
    Supplier<Supplier<Supplier<String>>> deep = () -> () -> () -> "deep supplier";
    System.out.println(deep.get().get().get());
    UnaryOperator<UnaryOperator<Integer>> twice = f -> x -> f.apply(f.apply(x));
    System.out.println("twice twice " + twice.apply(twice.apply(x -> x + 3)).apply(0));
    BinaryOperator<Function<Integer, Integer>> composeOp = Function::andThen;
    System.out.println("compose operator " + composeOp.apply(inc, sq).apply(4));
    Map<String, Function<Double, Double>> ops = new LinkedHashMap<>();
    ops.put("sqrt", Math::sqrt);
    ops.put("neg", d -> -d);
    ops.put("half", d -> d / 2);
    ops.put("abs", Math::abs);
    double v = 256;
    for (Map.Entry<String, Function<Double, Double>> e : ops.entrySet()) {
      v = e.getValue().apply(v);
      System.out.println("  " + e.getKey() + " -> " + v);
    }
    List<Supplier<String>> lazy = Stream.of("one", "two", "three").<Supplier<String>>map(s -> () -> s.toUpperCase()).toList();
    System.out.println("lazy suppliers " + lazy.stream().map(Supplier::get).toList());
    Consumer<StringBuilder> c1 = sb -> sb.append("a"), c2 = sb -> sb.append("b");
    StringBuilder sbb = new StringBuilder();
    Stream.of(c1, c2, c1.andThen(c2).andThen(c2)).forEach(c -> c.accept(sbb));
    System.out.println("consumers " + sbb);
  }
}
