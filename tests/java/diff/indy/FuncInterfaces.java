package diff.indy;

import java.util.ArrayList;
import java.util.List;

/** Custom functional interfaces, default and static methods, generic bridges. */
public class FuncInterfaces {
  @FunctionalInterface
  interface TriFunction<A, B, C, R> {
    R apply(A a, B b, C c);

    default <V> TriFunction<A, B, C, V> andThen(java.util.function.Function<? super R, ? extends V> after) {
      return (a, b, c) -> after.apply(apply(a, b, c));
    }
  }

  @FunctionalInterface
  interface Shape {
    double area();

    default String describe() {
      return String.format("%s with area %.3f", name(), area());
    }

    default String name() {
      return "shape";
    }

    static Shape square(double side) {
      return () -> side * side;
    }
  }

  interface Named {
    String name();
  }

  /** Generic interface whose erased method differs from the specialized one: needs a bridge. */
  interface Transformer<T> {
    T transform(T in);
  }

  interface StringTransformer extends Transformer<String> {
    @Override
    String transform(String in);
  }

  interface Mapper<A, B> {
    B map(A a);
  }

  interface IntMapper extends Mapper<Integer, Integer> {}

  interface Chain<T extends Comparable<T>> {
    T pick(T a, T b);
  }

  @FunctionalInterface
  interface Thrower<E extends Exception> {
    void run() throws E;
  }

  interface PrimitiveMix {
    long mix(int a, long b, double c, char d, boolean e, float f, short g, byte h);
  }

  interface Returns {
    Object get();
  }

  interface ReturnsString extends Returns {
    @Override
    String get();
  }

  static <T> T twice(Transformer<T> t, T v) {
    return t.transform(t.transform(v));
  }

  static <E extends Exception> void runIt(Thrower<E> t) throws E {
    t.run();
  }

  public static void main(String[] args) throws Exception {
    TriFunction<Integer, Integer, Integer, Integer> sum3 = (a, b, c) -> a + b + c;
    System.out.println("sum3 " + sum3.apply(1, 2, 3));
    System.out.println("sum3 then " + sum3.andThen(x -> "[" + x + "]").apply(4, 5, 6));
    Shape sq = Shape.square(3);
    System.out.println(sq.describe());
    Shape circle = () -> Math.PI;
    System.out.println(circle.describe() + " / " + circle.name());
    Shape custom = new Shape() {
      public double area() { return 2; }
      public String name() { return "custom"; }
    };
    System.out.println(custom.describe());
    Named n = () -> "named-lambda";
    System.out.println(n.name());
    StringTransformer st = s -> s + "!";
    System.out.println(st.transform("wow"));
    Transformer<String> raw = st;
    System.out.println(raw.transform("bridge"));
    System.out.println(twice(st, "twice"));
    System.out.println(twice((Transformer<Integer>) x -> x * 3, 7));
    IntMapper im = x -> x + 1000;
    Mapper<Integer, Integer> m = im;
    System.out.println(im.map(1) + " " + m.map(2));
    @SuppressWarnings({"rawtypes", "unchecked"})
    Mapper rawMapper = im;
    try {
      @SuppressWarnings("unchecked")
      Object o = rawMapper.map("not an int");
      System.out.println("unexpected " + o);
    } catch (ClassCastException e) {
      System.out.println("ClassCastException through the bridge: " + e.getMessage());
    }
    Chain<String> longer = (a, b) -> a.compareTo(b) >= 0 ? a : b;
    System.out.println(longer.pick("apple", "banana"));
    Chain<Integer> bigger = (a, b) -> a.compareTo(b) >= 0 ? a : b;
    System.out.println(bigger.pick(10, 3));
    runIt(() -> System.out.println("thrower that does not throw"));
    try {
      runIt(() -> { throw new java.io.IOException("checked from lambda"); });
    } catch (java.io.IOException e) {
      System.out.println("caught " + e);
    }
    PrimitiveMix pm = (a, b, c, d, e, f, g, h) -> a + b + (long) c + d + (e ? 1 : 0) + (long) f + g + h;
    System.out.println("mix " + pm.mix(1, 2L, 3.9, 'A', true, 5.5f, (short) 6, (byte) 7));
    ReturnsString rstr = () -> "covariant";
    Returns rr = rstr;
    System.out.println(rr.get() + " " + rstr.get().length());
    List<Shape> shapes = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      final int k = i;
      shapes.add(() -> k * 1.5);
      shapes.add(Shape.square(i));
    }
    double total = 0;
    for (Shape s : shapes) {
      total += s.area();
      System.out.println("  " + s.describe());
    }
    System.out.println("total " + total);
    // Method in a functional interface from Object's public methods does not count.
    Comparable<String> cmp = other -> other.length();
    System.out.println("comparable lambda " + cmp.compareTo("12345"));
  }
}
