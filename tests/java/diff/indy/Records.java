package diff.indy;

import java.util.*;

/** Records: ObjectMethods bootstrap for toString/equals/hashCode, compact constructors, nesting. */
public class Records {
  record Point(int x, int y) {
    Point {
      if (x < 0) throw new IllegalArgumentException("negative x: " + x);
    }

    Point scale(int k) { return new Point(x * k, y * k); }

    static Point origin() { return new Point(0, 0); }
  }

  record Person(String name, int age, String email) {
    Person(String name, int age) { this(name, age, name.toLowerCase() + "@example.org"); }
  }

  record Line(Point from, Point to) {
    double length() { return Math.hypot(to.x() - from.x(), to.y() - from.y()); }
  }

  record AllTypes(boolean z, byte b, short s, char c, int i, long l, float f, double d, String str, Object o) {}

  record Empty() {}

  record Range(int lo, int hi) implements Comparable<Range>, Iterable<Integer> {
    Range {
      if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
      }
    }

    @Override public int compareTo(Range o) { return lo != o.lo ? Integer.compare(lo, o.lo) : Integer.compare(hi, o.hi); }

    @Override public Iterator<Integer> iterator() {
      return new Iterator<>() {
        int next = lo;
        public boolean hasNext() { return next < hi; }
        public Integer next() { return next++; }
      };
    }
  }

  record WithArray(String label, int[] data) {
    int sum() { return Arrays.stream(data).sum(); }
  }

  record Custom(String a, String b) {
    @Override public String toString() { return "Custom<" + a + "|" + b + ">"; }

    @Override public boolean equals(Object o) { return o instanceof Custom c && c.a.equalsIgnoreCase(a); }

    @Override public int hashCode() { return a.toLowerCase().hashCode(); }
  }

  record Generic<T extends Comparable<T>>(T first, T second) {
    T max() { return first.compareTo(second) >= 0 ? first : second; }
  }

  interface Shape { double area(); }

  record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }

  record Rect(double w, double h) implements Shape { public double area() { return w * h; } }

  static String classify(Object o) {
    if (o instanceof Circle c) return "circle r=" + c.r();
    if (o instanceof Rect r && r.w() == r.h()) return "square " + r.w();
    if (o instanceof Rect r) return "rect " + r.w() + "x" + r.h();
    return "unknown";
  }

  public static void main(String[] args) {
    Point p = new Point(3, 4);
    Point q = new Point(3, 4);
    Point r = p.scale(2);
    System.out.println(p + " " + r + " " + Point.origin());
    System.out.println("equals " + p.equals(q) + " " + p.equals(r) + " " + p.equals(null) + " " + p.equals("x"));
    System.out.println("hashCode " + p.hashCode() + " " + q.hashCode() + " " + r.hashCode());
    System.out.println("accessors " + p.x() + " " + p.y());
    try {
      new Point(-1, 0);
    } catch (IllegalArgumentException e) {
      System.out.println("compact constructor threw: " + e.getMessage());
    }
    Person a = new Person("Ada", 36);
    Person b = new Person("Ada", 36, "ada@example.org");
    System.out.println(a + " equals " + b + ": " + a.equals(b) + " hash equal: " + (a.hashCode() == b.hashCode()));
    System.out.println("hash " + a.hashCode());
    Person nullName = new Person(null, 1, null);
    System.out.println(nullName + " hash " + nullName.hashCode() + " eq " + nullName.equals(new Person(null, 1, null)));
    Line line = new Line(new Point(0, 0), new Point(3, 4));
    System.out.println(line + " length " + line.length() + " hash " + line.hashCode());
    AllTypes all = new AllTypes(true, (byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25, "str", List.of(1, 2));
    System.out.println(all);
    System.out.println("AllTypes hash " + all.hashCode());
    AllTypes all2 = new AllTypes(true, (byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25, "str", List.of(1, 2));
    System.out.println("AllTypes equal " + all.equals(all2));
    AllTypes nan1 = new AllTypes(false, (byte) 0, (short) 0, 'a', 0, 0, Float.NaN, Double.NaN, null, null);
    AllTypes nan2 = new AllTypes(false, (byte) 0, (short) 0, 'a', 0, 0, Float.NaN, Double.NaN, null, null);
    System.out.println("NaN components equal: " + nan1.equals(nan2) + " " + nan1);
    AllTypes z1 = new AllTypes(false, (byte) 0, (short) 0, 'a', 0, 0, 0.0f, 0.0, null, null);
    AllTypes z2 = new AllTypes(false, (byte) 0, (short) 0, 'a', 0, 0, -0.0f, -0.0, null, null);
    System.out.println("+0.0 vs -0.0 components equal: " + z1.equals(z2));
    System.out.println("empty " + new Empty() + " " + new Empty().equals(new Empty()) + " " + new Empty().hashCode());
    List<Range> ranges = new ArrayList<>(List.of(new Range(5, 1), new Range(2, 3), new Range(1, 4), new Range(0, 9)));
    Collections.sort(ranges);
    System.out.println("sorted ranges " + ranges);
    for (Range rg : ranges) {
      StringBuilder sb = new StringBuilder();
      for (int v : rg) sb.append(v).append(' ');
      System.out.println("  " + rg + ": " + sb.toString().trim());
    }
    WithArray wa = new WithArray("arr", new int[] {1, 2, 3});
    WithArray wb = new WithArray("arr", new int[] {1, 2, 3});
    System.out.println("array record equal (identity of arrays) " + wa.equals(wb) + " same " + wa.equals(wa) + " sum " + wa.sum());
    System.out.println("toString starts with " + wa.toString().substring(0, 27));
    Custom c1 = new Custom("Key", "one");
    Custom c2 = new Custom("KEY", "two");
    System.out.println(c1 + " " + c2 + " equal " + c1.equals(c2) + " hash " + (c1.hashCode() == c2.hashCode()));
    Generic<String> g = new Generic<>("pear", "apple");
    System.out.println(g + " max " + g.max());
    Generic<Integer> gi = new Generic<>(10, 20);
    System.out.println(gi + " max " + gi.max() + " hash " + gi.hashCode());
    List<Shape> shapes = List.of(new Circle(1), new Rect(2, 3), new Rect(4, 4), new Circle(0.5));
    for (Shape s : shapes) System.out.printf("%s area %.4f -> %s%n", s, s.area(), classify(s));
    Map<Point, String> map = new HashMap<>();
    for (int i = 0; i < 5; i++) map.put(new Point(i, i * i), "p" + i);
    System.out.println("lookup " + map.get(new Point(3, 9)) + " " + map.get(new Point(3, 8)));
    Set<Person> people = new TreeSet<>(Comparator.comparing(Person::name).thenComparingInt(Person::age));
    people.add(new Person("Zed", 20));
    people.add(new Person("Bob", 40));
    people.add(new Person("Bob", 30));
    people.add(new Person("Bob", 30, "other"));
    System.out.println(people);
    System.out.println("isRecord " + Point.class.isRecord() + " " + String.class.isRecord());
    for (var comp : AllTypes.class.getRecordComponents()) {
      System.out.println("  component " + comp.getName() + " : " + comp.getType().getName());
    }
  }
}
