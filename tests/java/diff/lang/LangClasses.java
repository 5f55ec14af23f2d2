package diff.lang;

public class LangClasses {
    interface Shape {
        double area();
        default String describe() { return name() + " with area " + area(); }
        default String name() { return "shape"; }
        static Shape unit() { return new Square(1); }
    }

    interface Named {
        default String name() { return "named"; }
    }

    static abstract class Base implements Shape {
        static int created;
        protected final String tag;
        Base(String tag) { this.tag = tag; created++; init(); }
        void init() { System.out.println("Base.init " + tag); }
        public String toString() { return getClass().getSimpleName() + "(" + tag + ")"; }
        public abstract double area();
        String who() { return "Base"; }
    }

    static class Square extends Base implements Named {
        double side;
        int initSeen = 99;
        Square(double s) { super("sq"); side = s; }
        public double area() { return side * side; }
        public String name() { return "square/" + Named.super.name(); }
        void init() { System.out.println("Square.init initSeen=" + initSeen + " side=" + side); }
        String who() { return "Square>" + super.who(); }
    }

    static class Cube extends Square {
        Cube(double s) { super(s); }
        public double area() { return 6 * super.area(); }
        String who() { return "Cube>" + super.who(); }
        static String stat() { return "Cube.stat"; }
    }

    static class Circle extends Base {
        final double r;
        Circle(double r) { super("c"); this.r = r; }
        public double area() { return 3 * r * r; }
    }

    // field hiding and static dispatch
    static class P { String f = "P.f"; static String s() { return "P.s"; } String g() { return f; } }
    static class Q extends P { String f = "Q.f"; static String s() { return "Q.s"; } String g() { return f + "/" + super.f; } }

    // inner classes and outer this
    private int counter = 100;
    private static int scount = 7;

    class Inner {
        int counter = 1;
        class Deeper {
            int counter = 2;
            String show() { return counter + " " + Inner.this.counter + " " + LangClasses.this.counter + " " + scount; }
        }
        void bump() { LangClasses.this.counter++; }
    }

    static class Nested {
        private int secret = 5;
        static String hello() { return "nested hello " + scount; }
    }

    interface Counter { int next(); }

    Counter makeCounter(final int start) {
        int base = start * 2;
        class Local implements Counter {
            int n = base;
            public int next() { return n++ + counter; }
        }
        return new Local();
    }

    Counter anon(int step) {
        return new Counter() {
            int n;
            { n = step * 10; }
            public int next() { n += step; return n; }
            public String toString() { return "anon n=" + n; }
        };
    }

    // overload resolution
    static String ov(int x) { return "int"; }
    static String ov(long x) { return "long"; }
    static String ov(Integer x) { return "Integer"; }
    static String ov(Object x) { return "Object"; }
    static String ov(int... x) { return "int..."; }
    static String ov2(long x) { return "long"; }
    static String ov2(Object x) { return "Object"; }
    static String ov3(double x) { return "double"; }
    static String ov3(Object... x) { return "Object..."; }

    // private access through nestmates
    static class Peer {
        private String priv() { return "peer-private"; }
        private static int sp = 3;
    }

    public static void main(String[] args) {
        Shape[] shapes = {new Square(2), new Cube(3), new Circle(1), Shape.unit()};
        for (Shape s : shapes) {
            System.out.println(s + " " + s.area() + " " + s.describe() + " " + (s instanceof Named) + " "
                + ((Base) s).who() + " " + ((Base) s).tag);
        }
        System.out.println("created " + Base.created + " " + Cube.stat());
        P p = new Q();
        System.out.println(p.f + " " + ((Q) p).f + " " + p.g() + " " + P.s() + " " + Q.s());
        LangClasses outer = new LangClasses();
        LangClasses.Inner in = outer.new Inner();
        LangClasses.Inner.Deeper d = in.new Deeper();
        System.out.println(d.show());
        in.bump();
        in.bump();
        System.out.println(d.show());
        System.out.println(Nested.hello() + " " + new Nested().secret);
        Counter c1 = outer.makeCounter(5);
        Counter c2 = outer.anon(3);
        for (int i = 0; i < 3; i++) System.out.println("counters " + c1.next() + " " + c2.next() + " " + c2);
        System.out.println(c1.getClass().getName() + " " + c2.getClass().getName() + " " + in.getClass().getName()
            + " " + d.getClass().getName() + " " + Nested.class.getName() + " " + Nested.class.getSimpleName()
            + " " + c2.getClass().getSimpleName().isEmpty() + " " + c1.getClass().getSimpleName());
        System.out.println(Inner.class.getEnclosingClass().getSimpleName() + " " + Inner.Deeper.class.getDeclaringClass().getSimpleName()
            + " " + c2.getClass().isAnonymousClass() + " " + c1.getClass().isLocalClass() + " " + Inner.class.isMemberClass());
        byte b = 1; short sh = 2; char ch = 'c'; long l = 4; Integer boxed = 5;
        System.out.println(ov(b) + " " + ov(sh) + " " + ov(ch) + " " + ov(l) + " " + ov(boxed) + " " + ov("s") + " " + ov()
            + " " + ov(1, 2) + " " + ov2(3) + " " + ov2(boxed) + " " + ov3(1) + " " + ov3("x") + " " + ov3(1, 2));
        Peer peer = new Peer();
        System.out.println(peer.priv() + " " + Peer.sp++ + " " + Peer.sp);
        Object o = new Cube(1);
        System.out.println((o instanceof Shape) + " " + (o instanceof Square) + " " + (o instanceof Circle) + " "
            + (o instanceof Base b2 && b2.tag.equals("sq")) + " " + Shape.class.isInstance(o) + " "
            + Square.class.isAssignableFrom(Cube.class) + " " + Cube.class.getSuperclass().getSimpleName() + " "
            + java.util.Arrays.toString(Square.class.getInterfaces()).replace("interface ", "").length());
        Base anonBase = new Base("anon") {
            public double area() { return 42; }
        };
        System.out.println(anonBase + "|" + anonBase.area() + "|" + anonBase.describe());
        // equals/hashCode override
        class Pt {
            final int x, y;
            Pt(int x, int y) { this.x = x; this.y = y; }
            @Override public boolean equals(Object other) { return other instanceof Pt q && q.x == x && q.y == y; }
            @Override public int hashCode() { return 31 * x + y; }
            @Override public String toString() { return "(" + x + "," + y + ")"; }
        }
        java.util.HashSet<Pt> set = new java.util.HashSet<>();
        for (int i = 0; i < 10; i++) set.add(new Pt(i % 3, i % 2));
        java.util.TreeSet<String> sorted = new java.util.TreeSet<>();
        for (Pt q : set) sorted.add(q.toString());
        System.out.println(set.size() + " " + sorted + " " + set.contains(new Pt(2, 1)) + " " + new Pt(1, 1).equals(new Pt(1, 1)));
    }
}
