package diff.indy;

import java.util.*;
import java.util.function.*;

/** Lambdas whose functional interface inherits the same method with different erasures: altMetafactory FLAG_BRIDGES. */
public class BridgeLambdas {
  interface ReturnsObject { Object make(String s); }

  interface ReturnsCharSeq { CharSequence make(String s); }

  interface ReturnsString extends ReturnsObject, ReturnsCharSeq { @Override String make(String s); }

  interface Gen<T> { T twice(T t); }

  interface NumGen<N extends Number> extends Gen<N> {}

  interface IntGen extends NumGen<Integer> { @Override Integer twice(Integer t); }

  interface Consumes<T> { void take(T t); }

  interface ConsumesCs<T extends CharSequence> extends Consumes<T> { @Override void take(T t); }

  interface ConsumesStr extends ConsumesCs<String>, Consumes<String> {}

  interface Cmp<T> extends Comparator<T> { @Override int compare(T a, T b); }

  interface Mixed extends Function<String, Integer>, ToIntFunction<String> {
    @Override default int applyAsInt(String s) { return apply(s) * 1000; }
  }

  public static void main(String[] args) {
    ReturnsString rs = s -> s + "!";
    ReturnsObject ro = rs;
    ReturnsCharSeq rc = rs;
    System.out.println("three views: " + rs.make("a") + " " + ro.make("b") + " " + rc.make("c") + " " + rc.make("len").length());
    ReturnsString ref = String::toUpperCase;
    System.out.println("method ref through bridges: " + ((ReturnsObject) ref).make("obj") + " " + ((ReturnsCharSeq) ref).make("cs"));
    IntGen ig = x -> x * 2;
    NumGen<Integer> ng = ig;
    Gen<Integer> g = ig;
    System.out.println("generic bridges: " + ig.twice(21) + " " + ng.twice(5) + " " + g.twice(-4));
    @SuppressWarnings({"rawtypes", "unchecked"})
    Gen raw = ig;
    try {
      @SuppressWarnings("unchecked")
      Object bad = raw.twice("not an int");
      System.out.println("unexpected " + bad);
    } catch (ClassCastException e) {
      System.out.println("CCE through generic bridge: " + e.getMessage());
    }
    List<String> taken = new ArrayList<>();
    ConsumesStr cs = taken::add;
    cs.take("direct");
    ((ConsumesCs<String>) cs).take("via ConsumesCs");
    ((Consumes<String>) cs).take("via Consumes");
    System.out.println("consumer bridges: " + taken);
    Cmp<String> byLen = (a, b) -> Integer.compare(a.length(), b.length());
    List<String> words = new ArrayList<>(List.of("ccc", "a", "bb"));
    words.sort(byLen);
    System.out.println("comparator subinterface: " + words + " reversed " + byLen.reversed().compare("a", "bb"));
    Mixed m = String::length;
    System.out.println("mixed defaults: " + m.apply("four") + " " + m.applyAsInt("four") + " andThen " + m.andThen(x -> x + 1).apply("abc"));
    var both = (Runnable & java.io.Serializable) () -> System.out.println("intersection-typed var ran");
    both.run();
    Object o = (ReturnsString & java.io.Serializable) s -> s.repeat(2);
    System.out.println("serializable with bridges: " + ((ReturnsObject) o).make("ab") + " " + ((ReturnsCharSeq) o).make("cd") + " " + (o instanceof java.io.Serializable));
    int count = 0;
    for (java.lang.reflect.Method meth : rs.getClass().getDeclaredMethods()) if (meth.getName().equals("make")) count++;
    System.out.println("make methods on the lambda class: " + count);
  }
}
