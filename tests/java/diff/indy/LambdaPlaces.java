package diff.indy;

import java.util.*;
import java.util.function.*;

/** Lambdas in static initializers, interfaces, inner, local and anonymous classes. */
public class LambdaPlaces {
  static final Map<String, IntBinaryOperator> OPS = new LinkedHashMap<>();
  static final Supplier<String> STATIC_SUP;

  static {
    OPS.put("add", (a, b) -> a + b);
    OPS.put("sub", (a, b) -> a - b);
    OPS.put("mul", (a, b) -> a * b);
    OPS.put("div", (a, b) -> a / b);
    OPS.put("max", Math::max);
    String local = "from static init";
    STATIC_SUP = () -> local + " (" + OPS.size() + " ops)";
    System.out.println("static initializer ran");
  }

  interface WithLambdas {
    Function<String, String> DECORATE = s -> "*" + s + "*";

    String base();

    default Supplier<String> decorated() {
      return () -> DECORATE.apply(base());
    }

    static List<Supplier<String>> many(String... xs) {
      List<Supplier<String>> out = new ArrayList<>();
      for (String x : xs) out.add(() -> x + x);
      return out;
    }
  }

  class Inner {
    private final int scale;

    Inner(int scale) { this.scale = scale; }

    IntUnaryOperator scaler() {
      return x -> x * scale + outerField;
    }

    class Deeper {
      Supplier<String> deep() {
        return () -> "deep scale=" + scale + " outer=" + outerField + " name=" + name();
      }
    }
  }

  static class Nested {
    static final IntSupplier CONST;

    static {
      CONST = () -> 321;
    }
  }

  private int outerField = 5;

  private String name() { return "outer-name"; }

  Runnable anonymous() {
    return new Runnable() {
      int runs;

      @Override
      public void run() {
        Supplier<String> s = () -> "anon run " + (++runs) + " outer " + outerField;
        System.out.println(s.get());
      }
    };
  }

  public static void main(String[] args) {
    System.out.println("main starts");
    for (Map.Entry<String, IntBinaryOperator> e : OPS.entrySet()) {
      System.out.println(e.getKey() + "(20, 6) = " + e.getValue().applyAsInt(20, 6));
    }
    System.out.println(STATIC_SUP.get());
    WithLambdas wl = () -> "base";
    System.out.println(wl.decorated().get());
    for (Supplier<String> s : WithLambdas.many("a", "b", "c")) System.out.print(s.get() + " ");
    System.out.println();
    System.out.println(WithLambdas.DECORATE.apply("iface-const"));
    LambdaPlaces outer = new LambdaPlaces();
    LambdaPlaces.Inner inner = outer.new Inner(3);
    IntUnaryOperator sc = inner.scaler();
    for (int i = 0; i < 4; i++) System.out.print(sc.applyAsInt(i) + " ");
    System.out.println();
    outer.outerField = 50;
    System.out.println("after change " + sc.applyAsInt(1));
    LambdaPlaces.Inner.Deeper deeper = inner.new Deeper();
    System.out.println(deeper.deep().get());
    System.out.println("nested const " + Nested.CONST.getAsInt());
    Runnable anon = outer.anonymous();
    anon.run();
    anon.run();
    // Local class with a lambda.
    class Local {
      final String id;
      Local(String id) { this.id = id; }
      Supplier<String> sup() { return () -> "local " + id; }
    }
    System.out.println(new Local("L1").sup().get());
    // Lambda returning a lambda returning a lambda.
    Function<Integer, Function<Integer, Function<Integer, Integer>>> curried = a -> b -> c -> a * 100 + b * 10 + c;
    System.out.println("curried " + curried.apply(1).apply(2).apply(3));
    // Lambda inside a lambda, capturing from both.
    int base = 1000;
    Function<Integer, Supplier<Integer>> mk = x -> () -> base + x;
    System.out.println("nested capture " + mk.apply(7).get());
    // Lambda in a field initializer of an instance.
    Holder h = new Holder(4);
    System.out.println("holder " + h.doubler.apply(21) + " " + h.adder.applyAsInt(1));
    // Lambdas in an enum.
    for (Op op : Op.values()) System.out.println(op + " " + op.apply(9, 4));
    // Lambda in a constructor argument (this() / super()).
    Sub sub = new Sub();
    System.out.println("sub " + sub.fn.get());
  }

  static class Holder {
    final int k;
    final Function<Integer, Integer> doubler = x -> x * 2;
    final IntUnaryOperator adder;

    Holder(int k) {
      this.k = k;
      adder = x -> x + this.k;
    }
  }

  enum Op {
    PLUS((a, b) -> a + b), MINUS((a, b) -> a - b), POW((a, b) -> (int) Math.pow(a, b)), MOD(Math::floorMod);

    private final IntBinaryOperator f;

    Op(IntBinaryOperator f) { this.f = f; }

    int apply(int a, int b) { return f.applyAsInt(a, b); }
  }

  static class Parent {
    final Supplier<String> fn;

    Parent(Supplier<String> fn) { this.fn = fn; }
  }

  static class Sub extends Parent {
    Sub() {
      super(() -> "made in super() call " + helper());
    }

    static String helper() { return "helper"; }
  }
}
