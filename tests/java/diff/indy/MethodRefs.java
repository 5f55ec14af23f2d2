package diff.indy;

import java.util.*;
import java.util.function.*;

/** Method references of every kind. */
public class MethodRefs {
  static class Base {
    String who() { return "Base.who"; }
    String hello(String s) { return "Base hello " + s; }
  }

  static class Derived extends Base {
    private final String tag;

    Derived() { this("default"); }
    Derived(String tag) { this.tag = tag; }

    @Override String who() { return "Derived.who(" + tag + ")"; }

    Supplier<String> superWho() { return super::who; }
    Supplier<String> thisWho() { return this::who; }
    Function<String, String> superHello() { return super::hello; }
    @Override public String toString() { return "Derived[" + tag + "]"; }
  }

  static int parse(String s) { return Integer.parseInt(s); }

  static String joinAll(String... parts) { return String.join("+", parts); }

  static int sumAll(int first, int... rest) {
    int s = first;
    for (int r : rest) s += r;
    return s;
  }

  interface Joiner2 { String join(String a, String b); }
  interface Joiner0 { String join(); }
  interface Summer3 { int sum(int a, int b, int c); }
  interface Maker3 { Derived make(String tag); }
  interface IntArrMaker { int[] make(int n); }
  interface Obj2DMaker { String[][] make(int n); }

  private String secret(int x) { return "secret" + x; }

  public static void main(String[] args) {
    Function<String, Integer> st = MethodRefs::parse;
    System.out.println("static " + st.apply("123"));
    ToIntFunction<String> st2 = Integer::parseInt;
    System.out.println("static jdk " + st2.applyAsInt("-77"));
    String bound = "bound-receiver";
    Supplier<Integer> bl = bound::length;
    IntFunction<Character> bc = bound::charAt;
    System.out.println("bound " + bl.get() + " " + bc.apply(6));
    Function<String, String> unb = String::toUpperCase;
    BiFunction<String, String, Boolean> unb2 = String::startsWith;
    System.out.println("unbound " + unb.apply("abc") + " " + unb2.apply("prefix", "pre"));
    Supplier<Derived> ctor0 = Derived::new;
    Function<String, Derived> ctor1 = Derived::new;
    Maker3 ctor3 = Derived::new;
    System.out.println("ctor " + ctor0.get() + " " + ctor1.apply("x") + " " + ctor3.make("y"));
    Supplier<ArrayList<String>> listNew = ArrayList::new;
    ArrayList<String> al = listNew.get();
    al.add("a");
    System.out.println("ArrayList::new " + al);
    IntFunction<int[]> arr = int[]::new;
    IntArrMaker arr2 = int[]::new;
    Obj2DMaker arr3 = String[][]::new;
    Function<Integer, long[]> arr4 = long[]::new;
    System.out.println("int[]::new length " + arr.apply(5).length + " " + arr2.make(2).length + " "
        + arr3.make(3).length + " " + arr3.make(3).getClass().getName() + " " + arr4.apply(7).length);
    String[] fromStream = List.of("p", "q", "r").toArray(String[]::new);
    System.out.println("toArray(String[]::new) " + Arrays.toString(fromStream) + " " + fromStream.getClass().getSimpleName());
    Derived d = new Derived("tagged");
    System.out.println("super:: " + d.superWho().get());
    System.out.println("this:: " + d.thisWho().get());
    System.out.println("super::hello " + d.superHello().apply("there"));
    Function<Base, String> virt = Base::who;
    System.out.println("virtual unbound on Base " + virt.apply(new Base()) + " on Derived " + virt.apply(d));
    Joiner2 j2 = MethodRefs::joinAll;
    Joiner0 j0 = MethodRefs::joinAll;
    Function<String[], String> jArr = MethodRefs::joinAll;
    System.out.println("varargs " + j2.join("a", "b") + " | [" + j0.join() + "] | " + jArr.apply(new String[] {"x", "y", "z"}));
    Summer3 s3 = MethodRefs::sumAll;
    IntUnaryOperator s1 = MethodRefs::sumAll;
    System.out.println("varargs int " + s3.sum(1, 2, 3) + " " + s1.applyAsInt(9));
    BiFunction<String, Object[], String> fmt = String::format;
    System.out.println("String::format " + fmt.apply("%s-%s", new Object[] {"u", "v"}));
    MethodRefs self = new MethodRefs();
    IntFunction<String> priv = self::secret;
    System.out.println("private bound " + priv.apply(42));
    BiFunction<MethodRefs, Integer, String> privUnbound = MethodRefs::secret;
    System.out.println("private unbound " + privUnbound.apply(self, 43));
    // Boxing / unboxing / widening adaptation of method references.
    Function<Integer, Long> widen = Long::valueOf; // Long.valueOf(long) with int -> long
    ToLongFunction<Integer> unboxWiden = Integer::intValue;
    Supplier<Object> boxed = bound::length;
    DoubleUnaryOperator abs = Math::abs;
    IntBinaryOperator maxRef = Math::max;
    LongBinaryOperator lmax = Math::max;
    System.out.println("adapt " + widen.apply(5) + " " + unboxWiden.applyAsLong(6) + " " + boxed.get() + " "
        + abs.applyAsDouble(-2.5) + " " + maxRef.applyAsInt(3, 8) + " " + lmax.applyAsLong(-1, -9));
    Comparator<String> byLen = Comparator.comparingInt(String::length);
    List<String> words = new ArrayList<>(List.of("ccc", "a", "bb", "dddd", "ee"));
    words.sort(byLen.thenComparing(Comparator.naturalOrder()));
    System.out.println("sorted " + words);
    words.forEach(System.out::println);
    // A bound method reference evaluates its receiver eagerly (null check at creation).
    String nothing = null;
    try {
      Supplier<Integer> bad = nothing::length;
      System.out.println("unexpected " + bad);
    } catch (NullPointerException e) {
      System.out.println("NPE at creation of bound method reference");
    }
    // Interface static and default method references.
    Function<List<Integer>, Integer> sizeRef = List::size;
    BiFunction<Integer, Integer, Integer> cmpRef = Integer::compare;
    Supplier<List<String>> ofRef = List::of;
    System.out.println("interface refs " + sizeRef.apply(List.of(1, 2, 3)) + " " + cmpRef.apply(5, 2) + " " + ofRef.get());
    Function<Object, String> objToString = Object::toString;
    System.out.println("Object::toString on Integer " + objToString.apply(31) + " on Derived " + objToString.apply(d));
    Function<Object, Integer> hc = Object::hashCode;
    System.out.println("Object::hashCode of a String " + hc.apply("hash"));
  }
}
