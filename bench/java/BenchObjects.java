// Allocation, field access and virtual calls: a linked list of shapes,
// summed through an interface, rebuilt every round.
public class BenchObjects {
    interface Shape { long area(); }

    static final class Square implements Shape {
        final int side;
        Square(int side) { this.side = side; }
        public long area() { return (long) side * side; }
    }

    static final class Rect implements Shape {
        final int w, h;
        Rect(int w, int h) { this.w = w; this.h = h; }
        public long area() { return (long) w * h; }
    }

    static final class Node {
        final Shape shape;
        final Node next;
        Node(Shape shape, Node next) { this.shape = shape; this.next = next; }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        long total = 0;
        for (int r = 0; r < rounds; r++) {
            Node list = null;
            for (int i = 0; i < 50_000; i++)
                list = new Node(i % 3 == 0 ? new Square(i % 100) : new Rect(i % 7, i % 13), list);
            for (Node n = list; n != null; n = n.next) total += n.shape.area();
        }
        System.out.println("total area " + total);
    }
}
