package diff.indy;

import java.io.*;
import java.util.*;
import java.util.stream.*;

/** More records: local records, static members, serialization, generic records in streams, reflection. */
public class RecordsMore {
  record Money(long cents, String currency) implements Serializable, Comparable<Money> {
    static final Money ZERO = new Money(0, "EUR");
    static int created;

    Money {
      Objects.requireNonNull(currency, "currency");
      if (currency.length() != 3) throw new IllegalArgumentException("bad currency " + currency);
      created++;
    }

    Money plus(Money o) {
      if (!o.currency.equals(currency)) throw new IllegalArgumentException(currency + " vs " + o.currency);
      return new Money(cents + o.cents, currency);
    }

    @Override public int compareTo(Money o) { return Long.compare(cents, o.cents); }

    String pretty() { return String.format(Locale.ROOT, "%s %d.%02d", currency, cents / 100, Math.abs(cents % 100)); }
  }

  record Pair<A, B>(A first, B second) {
    static <A, B> Pair<A, B> of(A a, B b) { return new Pair<>(a, b); }

    <C> Pair<A, C> withSecond(C c) { return new Pair<>(first, c); }
  }

  record Matrix(int rows, int cols, double[] data) {
    Matrix(int rows, int cols) { this(rows, cols, new double[rows * cols]); }

    double get(int r, int c) { return data[r * cols + c]; }

    Matrix times(Matrix o) {
      Matrix m = new Matrix(rows, o.cols);
      for (int i = 0; i < rows; i++)
        for (int j = 0; j < o.cols; j++) {
          double s = 0;
          for (int k = 0; k < cols; k++) s += get(i, k) * o.get(k, j);
          m.data[i * o.cols + j] = s;
        }
      return m;
    }

    String render() {
      return IntStream.range(0, rows).mapToObj(r -> IntStream.range(0, cols).mapToObj(c -> String.valueOf(get(r, c))).collect(Collectors.joining(" "))).collect(Collectors.joining(" / "));
    }

    @Override public boolean equals(Object o) { return o instanceof Matrix m && rows == m.rows && cols == m.cols && Arrays.equals(data, m.data); }

    @Override public int hashCode() { return Objects.hash(rows, cols) * 31 + Arrays.hashCode(data); }
  }

  public static void main(String[] args) throws Exception {
    Money a = new Money(1050, "EUR"), b = new Money(299, "EUR");
    System.out.println(a.plus(b) + " " + a.plus(b).pretty() + " " + Money.ZERO.pretty() + " created " + Money.created);
    try {
      a.plus(new Money(1, "USD"));
    } catch (IllegalArgumentException e) {
      System.out.println("IAE " + e.getMessage());
    }
    try {
      new Money(1, null);
    } catch (NullPointerException e) {
      System.out.println("NPE " + e.getMessage());
    }
    try {
      new Money(1, "EURO");
    } catch (IllegalArgumentException e) {
      System.out.println("IAE " + e.getMessage());
    }
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
      oos.writeObject(List.of(a, b));
    }
    int before = Money.created;
    try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
      @SuppressWarnings("unchecked")
      List<Money> back = (List<Money>) ois.readObject();
      System.out.println("deserialized " + back + " equal " + back.equals(List.of(a, b)) + " canonical constructor ran " + (Money.created - before) + " times");
    }
    record Point(int x, int y) {
      double dist() { return Math.sqrt(x * x + y * y); }
    }
    List<Point> pts = IntStream.range(-3, 4).mapToObj(i -> new Point(i, i * i - 2)).toList();
    System.out.println("local records " + pts);
    System.out.println("closest " + pts.stream().min(Comparator.comparingDouble(Point::dist)).get() + " farthest " + pts.stream().max(Comparator.comparingDouble(Point::dist).thenComparingInt(Point::x)).get());
    Map<Boolean, List<Point>> above = pts.stream().collect(Collectors.partitioningBy(p -> p.y() > 0));
    System.out.println("partition " + above);
    Pair<String, Integer> p = Pair.of("k", 1);
    Pair<String, List<String>> q = p.withSecond(List.of("v"));
    System.out.println("generic record " + p + " " + q + " hash " + p.hashCode() + " eq " + p.equals(Pair.of("k", 1)));
    Map<Pair<Integer, Integer>, String> grid = new TreeMap<>(Comparator.comparing((Pair<Integer, Integer> x) -> x.first()).thenComparing(Pair::second));
    for (int i = 0; i < 3; i++) for (int j = 0; j < 2; j++) grid.put(Pair.of(i, j), i + "," + j);
    System.out.println("grid " + grid.values() + " get " + grid.get(Pair.of(2, 1)));
    Matrix m1 = new Matrix(2, 2, new double[] {1, 2, 3, 4});
    Matrix id = new Matrix(2, 2, new double[] {1, 0, 0, 1});
    System.out.println("matrix " + m1.times(m1).render() + " identity equal " + m1.times(id).equals(m1) + " hash equal " + (m1.times(id).hashCode() == m1.hashCode()));
    System.out.println("record reflection:");
    for (Class<?> c : List.of(Money.class, Pair.class, Point.class, Matrix.class)) {
      System.out.println("  " + c.getSimpleName() + " record=" + c.isRecord() + " components=" + Arrays.stream(c.getRecordComponents())
          .map(rc -> rc.getGenericType().getTypeName() + " " + rc.getName()).toList() + " final=" + java.lang.reflect.Modifier.isFinal(c.getModifiers())
          + " super=" + c.getSuperclass().getSimpleName());
    }
    var comp = Money.class.getRecordComponents()[0];
    System.out.println("accessor via reflection " + comp.getAccessor().invoke(a) + " " + comp.getAccessor().getName());
    List<Money> wallet = new Random(8).ints(8, 1, 5000).mapToObj(c -> new Money(c, "EUR")).sorted().toList();
    System.out.println("wallet " + wallet.stream().map(Money::pretty).toList());
    System.out.println("total " + wallet.stream().reduce(Money.ZERO, Money::plus).pretty());
  }
}
