package diff.indy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.*;

/** Capturing and non-capturing lambdas of the java.util.function shapes. */
public class Lambdas {
  private int field = 100;
  private static int counter;

  int addField(int x) {
    IntUnaryOperator op = v -> v + field; // captures this
    return op.applyAsInt(x);
  }

  void bump() {
    Runnable r = () -> field++;
    for (int i = 0; i < 3; i++) r.run();
  }

  public static void main(String[] args) {
    Runnable hello = () -> System.out.println("hello from a non-capturing lambda");
    hello.run();
    hello.run();
    String who = "captured";
    Runnable cap = () -> System.out.println("hello " + who);
    cap.run();
    int i = 7;
    long big = 1L << 50;
    double d = 2.75;
    float f = 1.25f;
    char c = 'k';
    boolean z = true;
    byte b = -3;
    short s = 999;
    Supplier<String> all = () -> i + "/" + big + "/" + d + "/" + f + "/" + c + "/" + z + "/" + b + "/" + s;
    System.out.println(all.get());
    Function<Integer, Integer> sq = x -> x * x;
    Function<Integer, String> str = x -> "<" + x + ">";
    System.out.println(sq.andThen(str).apply(12));
    System.out.println(str.compose(sq).apply(5));
    System.out.println(Function.<Integer>identity().apply(99));
    BiFunction<String, Integer, String> rep = (a, n) -> a.repeat(n);
    System.out.println(rep.apply("ab", 4));
    System.out.println(rep.andThen(String::length).apply("xyz", 5));
    Predicate<String> empty = String::isEmpty;
    Predicate<String> longer3 = x -> x.length() > 3;
    for (String t : new String[] {"", "ab", "abcd", "abcdefgh"}) {
      System.out.println("'" + t + "' empty=" + empty.test(t) + " not=" + empty.negate().test(t) + " long=" + longer3.test(t)
          + " or=" + empty.or(longer3).test(t) + " and=" + empty.negate().and(longer3).test(t)
          + " notLong=" + Predicate.not(longer3).test(t));
    }
    Predicate<Object> isNull = Predicate.isEqual(null);
    System.out.println("isEqual(null) on null: " + isNull.test(null) + ", on x: " + isNull.test("x"));
    Consumer<List<String>> add1 = l -> l.add("one");
    Consumer<List<String>> add2 = l -> l.add("two");
    List<String> list = new ArrayList<>();
    add1.andThen(add2).andThen(add1).accept(list);
    System.out.println(list);
    BiConsumer<String, Integer> printer = (k, v) -> System.out.println("  " + k + " -> " + v);
    printer.accept("key", 5);
    UnaryOperator<String> up = String::toUpperCase;
    BinaryOperator<Integer> max = BinaryOperator.maxBy(Integer::compare);
    BinaryOperator<Integer> min = BinaryOperator.minBy(Integer::compare);
    System.out.println(up.apply("shout") + " " + max.apply(3, 9) + " " + min.apply(3, 9));
    IntBinaryOperator mul = (x, y) -> x * y;
    LongBinaryOperator lmul = (x, y) -> x * y;
    DoubleBinaryOperator dmul = (x, y) -> x * y;
    System.out.println(mul.applyAsInt(6, 7) + " " + lmul.applyAsLong(1L << 31, 4) + " " + dmul.applyAsDouble(0.5, 0.25));
    IntPredicate even = x -> x % 2 == 0;
    IntFunction<String> stars = "*"::repeat;
    ToIntFunction<String> len = String::length;
    ToLongFunction<String> llen = x -> x.length() * 1000000000000L;
    ToDoubleFunction<String> dlen = x -> x.length() / 4.0;
    IntToLongFunction itl = x -> (long) x << 32;
    LongToIntFunction lti = x -> (int) (x >>> 32);
    DoubleToIntFunction dti = x -> (int) Math.round(x);
    for (int k = 0; k < 5; k++) {
      System.out.println(k + " even=" + even.test(k) + " stars=" + stars.apply(k) + " itl=" + itl.applyAsLong(k)
          + " back=" + lti.applyAsInt(itl.applyAsLong(k)) + " dti=" + dti.applyAsInt(k * 1.5));
    }
    System.out.println(len.applyAsInt("four") + " " + llen.applyAsLong("abc") + " " + dlen.applyAsDouble("abcdef"));
    BooleanSupplier bs = () -> counter++ > 1;
    for (int k = 0; k < 4; k++) System.out.print(bs.getAsBoolean() + " ");
    System.out.println();
    IntSupplier is = () -> counter * 10;
    LongSupplier ls = () -> big + counter;
    DoubleSupplier ds = () -> d * counter;
    System.out.println(is.getAsInt() + " " + ls.getAsLong() + " " + ds.getAsDouble());
    ObjIntConsumer<StringBuilder> oic = (sb, n) -> sb.append(n).append(';');
    StringBuilder sbuf = new StringBuilder();
    for (int k = 0; k < 6; k++) oic.accept(sbuf, k * k);
    System.out.println(sbuf);
    Lambdas self = new Lambdas();
    System.out.println("addField " + self.addField(5));
    self.bump();
    System.out.println("field after bump " + self.field);
    // A lambda created in a loop captures the loop variable value.
    List<Supplier<Integer>> sups = new ArrayList<>();
    for (int k = 0; k < 5; k++) {
      final int kk = k;
      sups.add(() -> kk * 100);
    }
    for (Supplier<Integer> sup : sups) System.out.print(sup.get() + " ");
    System.out.println();
    // Same non-capturing lambda evaluated twice gives the same instance on HotSpot.
    List<Runnable> rs = new ArrayList<>();
    for (int k = 0; k < 2; k++) rs.add(() -> {});
    System.out.println("non-capturing identical: " + (rs.get(0) == rs.get(1)));
    List<Runnable> rs2 = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      int kk = k;
      rs2.add(() -> System.out.print(kk));
    }
    System.out.println("capturing identical: " + (rs2.get(0) == rs2.get(1)));
    // Lambdas are not their functional interface's default methods.
    Runnable r = () -> {};
    System.out.println("instanceof Runnable " + (r instanceof Runnable) + ", synthetic "
        + r.getClass().isSynthetic() + ", hidden " + r.getClass().isHidden());
  }
}
