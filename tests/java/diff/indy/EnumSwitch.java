package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Enums with switches (statements and expressions), EnumMap/EnumSet, constant bodies and lambdas. */
public class EnumSwitch {
  enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }

  enum Planet {
    MERCURY(3.303e+23, 2.4397e6), VENUS(4.869e+24, 6.0518e6), EARTH(5.976e+24, 6.37814e6), MARS(6.421e+23, 3.3972e6);

    private final double mass, radius;

    Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }

    double surfaceGravity() { return 6.67300E-11 * mass / (radius * radius); }
  }

  enum Calc {
    ADD("+") { int apply(int a, int b) { return a + b; } },
    SUB("-") { int apply(int a, int b) { return a - b; } },
    MUL("*") { int apply(int a, int b) { return a * b; } };

    final String sym;

    Calc(String sym) { this.sym = sym; }

    abstract int apply(int a, int b);
  }

  enum Level implements Supplier<String> {
    LOW(() -> "calm"), MID(() -> "busy"), HIGH(() -> "panic");

    private final Supplier<String> mood;

    Level(Supplier<String> mood) { this.mood = mood; }

    public String get() { return name().toLowerCase() + ":" + mood.get(); }
  }

  static String kind(Day d) {
    switch (d) {
      case SAT:
      case SUN:
        return "weekend";
      case WED:
        return "midweek";
      default:
        return "weekday";
    }
  }

  static int letters(Day d) {
    return switch (d) {
      case MON, FRI, SUN -> 6;
      case TUE -> 7;
      case THU, SAT -> 8;
      case WED -> {
        int n = "Wednesday".length();
        yield n;
      }
    };
  }

  public static void main(String[] args) {
    for (Day d : Day.values()) {
      System.out.println(d + " ordinal " + d.ordinal() + " " + kind(d) + " letters " + letters(d)
          + " cmp MON " + d.compareTo(Day.MON));
    }
    System.out.println("valueOf " + Day.valueOf("FRI") + " " + Enum.valueOf(Day.class, "SUN"));
    try {
      Day.valueOf("FUNDAY");
    } catch (IllegalArgumentException e) {
      System.out.println("IAE " + e.getMessage());
    }
    for (Planet p : Planet.values()) System.out.printf("%-8s gravity %8.3f%n", p, p.surfaceGravity());
    for (Calc c : Calc.values()) {
      System.out.println(c + " " + c.sym + " " + c.apply(12, 5) + " class is enum-body: "
          + (c.getClass() != Calc.class) + " declaring " + c.getDeclaringClass().getSimpleName());
    }
    for (Level l : Level.values()) System.out.println(l.get());
    EnumMap<Day, Integer> hours = new EnumMap<>(Day.class);
    for (Day d : Day.values()) hours.put(d, kind(d).equals("weekend") ? 0 : 8 - d.ordinal() % 2);
    System.out.println(hours);
    hours.replaceAll((d, h) -> h * 2);
    System.out.println(hours);
    EnumSet<Day> weekend = EnumSet.of(Day.SAT, Day.SUN);
    EnumSet<Day> work = EnumSet.complementOf(weekend);
    System.out.println(weekend + " " + work + " " + EnumSet.range(Day.TUE, Day.THU) + " " + EnumSet.noneOf(Day.class));
    Map<String, List<Day>> byKind = Arrays.stream(Day.values())
        .collect(Collectors.groupingBy(EnumSwitch::kind, TreeMap::new, Collectors.toList()));
    System.out.println(byKind);
    Map<Boolean, Long> counts = Stream.of(Day.values()).collect(Collectors.partitioningBy(d -> d.ordinal() % 2 == 0, Collectors.counting()));
    System.out.println(counts);
    // Switch on enum in a lambda, over a shuffled deterministic list.
    List<Day> days = new ArrayList<>(List.of(Day.values()));
    Collections.shuffle(days, new Random(42));
    System.out.println("shuffled " + days);
    Function<Day, String> f = d -> switch (d) {
      case MON -> "start";
      case FRI -> "almost";
      default -> d.name().substring(0, 2);
    };
    System.out.println(days.stream().map(f).collect(Collectors.joining(",")));
    days.sort(Comparator.reverseOrder());
    System.out.println("reverse " + days);
    // Enum switch on null throws NPE.
    Day none = null;
    try {
      kind(none);
    } catch (NullPointerException e) {
      System.out.println("NPE switching on null enum");
    }
    System.out.println("Day.class.isEnum " + Day.class.isEnum() + " Calc.ADD.getClass().isEnum " + Calc.ADD.getClass().isEnum());
    System.out.println("constants " + Arrays.toString(Calc.class.getEnumConstants()));
  }
}
