package diff.indy;

import java.util.*;
import java.util.function.*;

/** Optional and its primitive variants with lambdas. */
public class Optionals {
  record User(String name, Optional<String> email) {}

  static final Map<String, User> USERS = new TreeMap<>();

  static Optional<User> find(String name) { return Optional.ofNullable(USERS.get(name)); }

  static int calls;

  static String expensive() {
    calls++;
    return "computed";
  }

  public static void main(String[] args) {
    USERS.put("ann", new User("ann", Optional.of("ann@x.org")));
    USERS.put("bob", new User("bob", Optional.empty()));
    for (String n : new String[] {"ann", "bob", "cid"}) {
      String email = find(n).flatMap(User::email).map(String::toUpperCase).orElse("<none>");
      System.out.println(n + " -> " + email + " present " + find(n).isPresent() + " empty " + find(n).isEmpty());
      find(n).ifPresentOrElse(u -> System.out.println("  found " + u), () -> System.out.println("  missing " + n));
      find(n).flatMap(User::email).ifPresent(e -> System.out.println("  mail " + e));
      System.out.println("  filter " + find(n).filter(u -> u.name().startsWith("b")).map(User::name));
      System.out.println("  or " + find(n).map(User::name).or(() -> Optional.of("fallback")).get());
      System.out.println("  stream count " + find(n).stream().count());
    }
    Optional<String> some = Optional.of("value");
    Optional<String> none = Optional.empty();
    calls = 0;
    System.out.println(some.orElse(expensive()) + " calls " + calls);
    System.out.println(some.orElseGet(Optionals::expensive) + " calls " + calls);
    System.out.println(none.orElseGet(Optionals::expensive) + " calls " + calls);
    System.out.println("toString " + some + " " + none);
    System.out.println("equals " + some.equals(Optional.of("value")) + " " + none.equals(Optional.empty())
        + " hash " + some.hashCode() + " " + none.hashCode());
    try {
      none.orElseThrow();
    } catch (NoSuchElementException e) {
      System.out.println("orElseThrow: " + e.getMessage());
    }
    try {
      none.get();
    } catch (NoSuchElementException e) {
      System.out.println("get: " + e.getMessage());
    }
    try {
      none.orElseThrow(() -> new IllegalStateException("custom supplier"));
    } catch (IllegalStateException e) {
      System.out.println("orElseThrow(supplier): " + e.getMessage());
    }
    try {
      Optional.of(null);
    } catch (NullPointerException e) {
      System.out.println("Optional.of(null) NPE");
    }
    System.out.println("map to null gives empty: " + some.map(s -> null).isPresent());
    OptionalInt oi = OptionalInt.of(7);
    OptionalLong ol = OptionalLong.empty();
    OptionalDouble od = OptionalDouble.of(2.5);
    System.out.println(oi + " " + ol + " " + od + " " + oi.getAsInt() + " " + ol.orElse(-9) + " " + od.orElseGet(() -> 0));
    oi.ifPresent(v -> System.out.println("int present " + v));
    ol.ifPresentOrElse(v -> System.out.println("long " + v), () -> System.out.println("long absent"));
    // Optional chains over a list.
    List<String> raw = List.of("12", "x", "", "7", "-3", "4.5", "100");
    for (String r : raw) {
      Optional<Integer> parsed = parse(r);
      String desc = parsed.filter(v -> v > 0).map(v -> "positive " + v).orElseGet(() -> parsed.map(v -> "non-positive " + v).orElse("unparsable '" + r + "'"));
      System.out.println(desc);
    }
    int total = raw.stream().map(Optionals::parse).flatMap(Optional::stream).mapToInt(Integer::intValue).sum();
    System.out.println("total of parsable " + total);
    Function<Integer, Optional<Integer>> half = x -> x % 2 == 0 ? Optional.of(x / 2) : Optional.empty();
    for (int start : new int[] {64, 40, 12, 7}) {
      Optional<Integer> o = Optional.of(start);
      StringBuilder path = new StringBuilder().append(start);
      for (int i = 0; i < 4; i++) {
        o = o.flatMap(half);
        path.append(" -> ").append(o.map(String::valueOf).orElse("empty"));
      }
      System.out.println(path);
    }
  }

  static Optional<Integer> parse(String s) {
    try {
      return Optional.of(Integer.parseInt(s));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
