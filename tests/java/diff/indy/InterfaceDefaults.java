package diff.indy;

import java.util.*;
import java.util.function.*;

/** Default, static and private interface methods; diamond resolution; lambdas through defaults. */
public class InterfaceDefaults {
  interface Greeter {
    String name();

    default String greet() { return prefix() + name() + suffix(); }

    private String prefix() { return "Hello, "; }

    static String suffix() { return "!"; }
  }

  interface Loud extends Greeter {
    @Override default String greet() { return Greeter.super.greet().toUpperCase(); }
  }

  interface Polite extends Greeter {
    @Override default String greet() { return "Kindly: " + Greeter.super.greet(); }
  }

  static class Both implements Loud, Polite {
    public String name() { return "both"; }

    @Override public String greet() { return Loud.super.greet() + " / " + Polite.super.greet(); }
  }

  interface Counter {
    int next();

    default Counter skip(int n) {
      return () -> {
        int v = 0;
        for (int i = 0; i <= n; i++) v = next();
        return v;
      };
    }

    default Counter map(IntUnaryOperator f) { return () -> f.applyAsInt(next()); }

    static Counter from(int start) {
      int[] c = {start};
      return () -> c[0]++;
    }
  }

  interface A { default String who() { return "A"; } }

  interface B extends A { @Override default String who() { return "B"; } }

  interface C extends A {}

  static class D implements B, C {}

  static abstract class Base { public String who() { return "Base"; } }

  static class E extends Base implements B {}

  interface WithStaticState {
    List<String> LOG = new ArrayList<>();

    static void log(String s) { LOG.add(s); }

    default void act() { log(getClass().getSimpleName() + ".act"); }
  }

  static class Actor1 implements WithStaticState {}

  static class Actor2 implements WithStaticState {
    @Override public void act() {
      WithStaticState.super.act();
      WithStaticState.log("Actor2 extra");
    }
  }

  public static void main(String[] args) {
    Greeter g = () -> "lambda";
    Loud l = () -> "loud";
    Polite p = () -> "polite";
    System.out.println(g.greet() + " | " + l.greet() + " | " + p.greet() + " | " + new Both().greet());
    Counter c = Counter.from(10);
    System.out.println("counter " + c.next() + " " + c.next() + " skip2 " + c.skip(2).next() + " mapped " + c.map(x -> x * 100).next());
    Counter evens = Counter.from(0).map(x -> x * 2);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 8; i++) sb.append(evens.next()).append(' ');
    System.out.println("evens " + sb.toString().trim());
    System.out.println("diamond " + new D().who() + " class wins " + new E().who());
    new Actor1().act();
    new Actor2().act();
    System.out.println("log " + WithStaticState.LOG);
    // JDK interfaces' default methods with lambdas.
    Map<String, Integer> m = new TreeMap<>(Map.of("a", 1, "b", 2));
    m.putIfAbsent("c", 3);
    m.replaceAll((k, v) -> v * 10);
    System.out.println("Map defaults " + m + " " + m.getOrDefault("z", -1));
    Iterator<Integer> it = List.of(1, 2, 3).iterator();
    it.next();
    List<Integer> rest = new ArrayList<>();
    it.forEachRemaining(rest::add);
    System.out.println("forEachRemaining " + rest);
    Comparator<String> cmp = Comparator.comparing(String::length);
    System.out.println("Comparator defaults " + cmp.reversed().compare("aa", "b") + " " + cmp.thenComparing(Comparator.reverseOrder()).compare("ab", "ac"));
    Function<Integer, Integer> inc = x -> x + 1;
    System.out.println("Function defaults " + inc.andThen(x -> x * 2).apply(3) + " " + inc.compose((Integer x) -> x * 2).apply(3));
    System.out.println("default method reflection " + isDefault(Greeter.class, "greet") + " " + isDefault(Greeter.class, "name") + " static " + isStatic(Greeter.class, "suffix"));
    List<String> names = new ArrayList<>();
    for (var meth : Greeter.class.getDeclaredMethods()) names.add(meth.getName() + (meth.isDefault() ? "(default)" : "") + (java.lang.reflect.Modifier.isPrivate(meth.getModifiers()) ? "(private)" : ""));
    Collections.sort(names);
    System.out.println("declared " + names);
  }

  static boolean isDefault(Class<?> c, String name) {
    try {
      return c.getDeclaredMethod(name).isDefault();
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  static boolean isStatic(Class<?> c, String name) {
    try {
      return java.lang.reflect.Modifier.isStatic(c.getDeclaredMethod(name).getModifiers());
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}
