package diff.lang;

// invokevirtual's inline cache in compiled code: a site keeps the first two
// receiver classes and their selected methods; others select through the
// vtable. Sites that see one class, then a second, then many (overrides at
// several levels, a subclass that inherits, an abstract method), a site
// whose classes come in another order, a null receiver after the cache is
// full, and four threads filling one site's ways at once, against HotSpot.
public class JitVirtualCache {
  abstract static class Shape {
    abstract int sides();

    int weight() {
      return 1;
    }

    String name() {
      return "shape";
    }
  }

  static class Triangle extends Shape {
    int sides() {
      return 3;
    }
  }

  static class Square extends Shape {
    int sides() {
      return 4;
    }

    int weight() {
      return 2;
    }
  }

  static class Pentagon extends Shape {
    int sides() {
      return 5;
    }

    String name() {
      return "pentagon";
    }
  }

  static class BigSquare extends Square {  // inherits sides(), overrides weight()
    int weight() {
      return 7;
    }
  }

  static class Odd extends Triangle {  // inherits everything
  }

  static int sides(Shape s) {
    return s.sides();
  }

  static int weight(Shape s) {
    return s.weight();
  }

  static String name(Shape s) {
    return s.name();
  }

  // The site in a loop of its own, compiled by its back edges.
  static long spin(Shape[] shapes, int rounds) {
    long sum = 0;
    for (int r = 0; r < rounds; r++) {
      Shape s = shapes[r % shapes.length];
      sum += s.sides() * 31L + s.weight();
    }
    return sum;
  }

  public static void main(String[] args) throws Exception {
    Shape[] all = {new Triangle(), new Square(), new Pentagon(), new BigSquare(), new Odd()};
    // One class, then a second, then all of them.
    long a = 0;
    for (int i = 0; i < 3000; i++) a += sides(all[0]) + weight(all[0]);
    System.out.println("one class " + a);
    for (int i = 0; i < 3000; i++) a += sides(all[i % 2]) * 10 + weight(all[i % 2]);
    System.out.println("two classes " + a);
    for (int i = 0; i < 3000; i++) a += sides(all[i % all.length]) * 100 + weight(all[i % all.length]);
    System.out.println("five classes " + a);
    StringBuilder names = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      String n = name(all[(i * 7) % all.length]);
      if (i % 600 < 5) names.append(n).append(" ");
    }
    System.out.println("names " + names);
    // Another order: the many classes first, then one.
    System.out.println("spin many " + spin(all, 20000));
    System.out.println("spin one " + spin(new Shape[] {all[3]}, 20000));
    System.out.println("spin two " + spin(new Shape[] {all[4], all[1]}, 20000));
    // A null receiver at a site whose cache is full.
    try {
      sides(null);
    } catch (NullPointerException e) {
      System.out.println("null: " + e.getMessage());
    }
    // Threads filling the lambda's sites, new ones, at once, each with its own classes.
    long[] results = new long[4];
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      final int id = t;
      threads[t] = new Thread(() -> {
        Shape[] mine = {all[id], all[(id + 1) % all.length], all[(id + 3) % all.length]};
        long sum = 0;
        for (int i = 0; i < 50_000; i++) {
          Shape s = mine[i % mine.length];
          sum += s.weight() * 1000L + s.sides();
        }
        results[id] = sum;
      });
    }
    for (Thread t : threads) t.start();
    for (Thread t : threads) t.join();
    for (int t = 0; t < results.length; t++) System.out.println("thread " + t + " " + results[t]);
  }
}
