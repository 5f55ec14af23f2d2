package diff.indy;

import java.util.*;
import java.util.stream.*;

/** Sealed hierarchies of records, instanceof patterns, an expression simplifier. */
public class SealedPatterns {
  sealed interface Expr permits Const, Var, Add, Mul, Neg {}

  record Const(int v) implements Expr {}

  record Var(String name) implements Expr {}

  record Add(Expr l, Expr r) implements Expr {}

  record Mul(Expr l, Expr r) implements Expr {}

  record Neg(Expr e) implements Expr {}

  sealed static abstract class Vehicle permits Car, Truck, Bike {}

  static final class Car extends Vehicle { final int seats = 5; }

  static final class Truck extends Vehicle { final double load = 7.5; }

  static non-sealed class Bike extends Vehicle {}

  static class EBike extends Bike {}

  static String show(Expr e) {
    if (e instanceof Const c) return Integer.toString(c.v());
    if (e instanceof Var v) return v.name();
    if (e instanceof Add a) return "(" + show(a.l()) + " + " + show(a.r()) + ")";
    if (e instanceof Mul m) return show(m.l()) + " * " + show(m.r());
    if (e instanceof Neg n) return "-" + show(n.e());
    throw new AssertionError();
  }

  static int eval(Expr e, Map<String, Integer> env) {
    if (e instanceof Const c) return c.v();
    if (e instanceof Var v) {
      Integer x = env.get(v.name());
      if (x == null) throw new NoSuchElementException("unbound " + v.name());
      return x;
    }
    if (e instanceof Add a) return eval(a.l(), env) + eval(a.r(), env);
    if (e instanceof Mul m) return eval(m.l(), env) * eval(m.r(), env);
    return -eval(((Neg) e).e(), env);
  }

  static Expr simplify(Expr e) {
    if (e instanceof Add a) {
      Expr l = simplify(a.l()), r = simplify(a.r());
      if (l instanceof Const x && x.v() == 0) return r;
      if (r instanceof Const x && x.v() == 0) return l;
      if (l instanceof Const x && r instanceof Const y) return new Const(x.v() + y.v());
      return new Add(l, r);
    }
    if (e instanceof Mul m) {
      Expr l = simplify(m.l()), r = simplify(m.r());
      if (l instanceof Const x && (x.v() == 0) || r instanceof Const y && y.v() == 0) return new Const(0);
      if (l instanceof Const x && x.v() == 1) return r;
      if (r instanceof Const x && x.v() == 1) return l;
      if (l instanceof Const x && r instanceof Const y) return new Const(x.v() * y.v());
      return new Mul(l, r);
    }
    if (e instanceof Neg n) {
      Expr inner = simplify(n.e());
      if (inner instanceof Neg nn) return nn.e();
      if (inner instanceof Const c) return new Const(-c.v());
      return new Neg(inner);
    }
    return e;
  }

  static Expr derive(Expr e, String x) {
    if (e instanceof Const) return new Const(0);
    if (e instanceof Var v) return new Const(v.name().equals(x) ? 1 : 0);
    if (e instanceof Add a) return new Add(derive(a.l(), x), derive(a.r(), x));
    if (e instanceof Mul m) return new Add(new Mul(derive(m.l(), x), m.r()), new Mul(m.l(), derive(m.r(), x)));
    return new Neg(derive(((Neg) e).e(), x));
  }

  static String describe(Vehicle v) {
    if (v instanceof Car c) return "car with " + c.seats + " seats";
    if (v instanceof Truck t) return "truck carrying " + t.load;
    if (v instanceof EBike) return "e-bike";
    return "bike";
  }

  static String kind(Object o) {
    if (o instanceof Integer i && i > 10) return "big int " + i;
    if (o instanceof Integer i) return "int " + i;
    if (o instanceof String s && !s.isEmpty()) return "string of " + s.length();
    if (o instanceof String) return "empty string";
    if (o instanceof int[] arr) return "int array of " + arr.length;
    if (o instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof String first) return "list starting with " + first;
    if (!(o instanceof Number n)) return "other " + (o == null ? "null" : o.getClass().getSimpleName());
    return "number " + n.doubleValue();
  }

  public static void main(String[] args) {
    Expr x = new Var("x"), y = new Var("y");
    List<Expr> exprs = List.of(
        new Add(new Mul(new Const(3), x), new Const(0)),
        new Mul(new Add(x, y), new Add(x, new Neg(y))),
        new Neg(new Neg(new Mul(new Const(1), new Add(new Const(2), new Const(5))))),
        new Mul(x, new Mul(x, x)),
        new Add(new Mul(new Const(0), y), new Neg(new Const(4))));
    Map<String, Integer> env = Map.of("x", 3, "y", -2);
    for (Expr e : exprs) {
      Expr s = simplify(e);
      Expr d = simplify(derive(e, "x"));
      System.out.println(show(e) + "  =>  " + show(s) + "  = " + eval(e, env) + " / " + eval(s, env) + "   d/dx: " + show(d) + " = " + eval(d, env));
    }
    System.out.println("record equality after simplify " + simplify(exprs.get(2)).equals(new Const(7)) + " " + simplify(exprs.get(2)));
    try {
      eval(new Var("z"), env);
    } catch (NoSuchElementException e) {
      System.out.println("error " + e.getMessage());
    }
    for (Vehicle v : List.of(new Car(), new Truck(), new Bike(), new EBike())) System.out.println(describe(v));
    for (Object o : new Object[] {5, 50, "", "abc", new int[3], List.of("p", "q"), List.of(1), 2.5, null, 'c'}) System.out.println(kind(o));
    System.out.println("sealed " + Expr.class.isSealed() + " permitted " + Arrays.stream(Expr.class.getPermittedSubclasses()).map(Class::getSimpleName).toList()
        + " Bike sealed " + Bike.class.isSealed());
    Map<String, Long> counts = exprs.stream().flatMap(SealedPatterns::nodes).collect(Collectors.groupingBy(e -> e.getClass().getSimpleName(), TreeMap::new, Collectors.counting()));
    System.out.println("node counts " + counts);
  }

  static Stream<Expr> nodes(Expr e) {
    if (e instanceof Add a) return Stream.concat(Stream.of(e), Stream.concat(nodes(a.l()), nodes(a.r())));
    if (e instanceof Mul m) return Stream.concat(Stream.of(e), Stream.concat(nodes(m.l()), nodes(m.r())));
    if (e instanceof Neg n) return Stream.concat(Stream.of(e), nodes(n.e()));
    return Stream.of(e);
  }
}
