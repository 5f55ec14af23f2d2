package diff.indy;

import java.math.BigInteger;
import java.util.*;
import java.util.function.*;

/** Recursion through lambdas: self reference via fields, arrays and a Y combinator. */
public class LambdaRecursion {
  static IntUnaryOperator fact;
  static Function<Integer, BigInteger> bigFact;

  static {
    fact = n -> n <= 1 ? 1 : n * fact.applyAsInt(n - 1);
    bigFact = n -> n <= 1 ? BigInteger.ONE : BigInteger.valueOf(n).multiply(bigFact.apply(n - 1));
  }

  interface SelfApply<T> extends Function<SelfApply<T>, T> {}

  static <A, B> Function<A, B> fix(Function<Function<A, B>, Function<A, B>> f) {
    SelfApply<Function<A, B>> r = w -> f.apply(x -> w.apply(w).apply(x));
    return r.apply(r);
  }

  public static void main(String[] args) {
    for (int i = 0; i <= 12; i++) System.out.println(i + "! = " + fact.applyAsInt(i));
    System.out.println("30! = " + bigFact.apply(30));
    IntBinaryOperator[] gcd = new IntBinaryOperator[1];
    gcd[0] = (a, b) -> b == 0 ? a : gcd[0].applyAsInt(b, a % b);
    System.out.println("gcd " + gcd[0].applyAsInt(1071, 462) + " " + gcd[0].applyAsInt(17, 5));
    Function<Integer, Long> fib = fix(self -> n -> n < 2 ? (long) n : self.apply(n - 1) + self.apply(n - 2));
    for (int i = 0; i < 20; i++) System.out.print(fib.apply(i) + " ");
    System.out.println();
    Map<Integer, Long> memo = new HashMap<>();
    Function<Integer, Long>[] mfib = new Function[1];
    mfib[0] = n -> {
      if (n < 2) return (long) n;
      Long c = memo.get(n);
      if (c != null) return c;
      long v = mfib[0].apply(n - 1) + mfib[0].apply(n - 2);
      memo.put(n, v);
      return v;
    };
    System.out.println("fib(90) = " + mfib[0].apply(90));
    // Deep recursion through a lambda: depth 2000.
    IntUnaryOperator[] depth = new IntUnaryOperator[1];
    depth[0] = n -> n == 0 ? 0 : 1 + depth[0].applyAsInt(n - 1);
    System.out.println("depth " + depth[0].applyAsInt(2000));
    // Ackermann via BiFunction.
    BiFunction<Integer, Integer, Integer>[] ack = new BiFunction[1];
    ack[0] = (m, n) -> m == 0 ? n + 1 : n == 0 ? ack[0].apply(m - 1, 1) : ack[0].apply(m - 1, ack[0].apply(m, n - 1));
    for (int m = 0; m <= 2; m++) {
      for (int n = 0; n <= 3; n++) System.out.print("A(" + m + "," + n + ")=" + ack[0].apply(m, n) + " ");
      System.out.println();
    }
    // Hanoi with a recursive Consumer-like interface.
    List<String> moves = new ArrayList<>();
    Hanoi[] h = new Hanoi[1];
    h[0] = (n, from, to, via) -> {
      if (n == 0) return;
      h[0].move(n - 1, from, via, to);
      moves.add(from + "->" + to);
      h[0].move(n - 1, via, to, from);
    };
    h[0].move(4, 'A', 'C', 'B');
    System.out.println(moves.size() + " moves: " + moves);
    // Permutations through a recursive lambda.
    List<String> perms = new ArrayList<>();
    BiConsumer<String, String>[] perm = new BiConsumer[1];
    perm[0] = (prefix, rest) -> {
      if (rest.isEmpty()) perms.add(prefix);
      for (int i = 0; i < rest.length(); i++) {
        perm[0].accept(prefix + rest.charAt(i), rest.substring(0, i) + rest.substring(i + 1));
      }
    };
    perm[0].accept("", "abcd");
    System.out.println(perms.size() + " permutations");
    for (int i = 0; i < perms.size(); i += 6) System.out.println("  " + perms.subList(i, i + 6));
    // Stack overflow through a lambda is caught.
    IntUnaryOperator[] inf = new IntUnaryOperator[1];
    inf[0] = n -> inf[0].applyAsInt(n + 1) + 1;
    try {
      inf[0].applyAsInt(0);
    } catch (StackOverflowError e) {
      System.out.println("StackOverflowError caught through lambdas");
    }
  }

  interface Hanoi {
    void move(int n, char from, char to, char via);
  }
}
