package diff.lang;

import java.util.ArrayList;
import java.util.List;

public class LangInterfaces {
    interface Greeter {
        String name();
        default String greet() { return "Hello, " + decorate(name()); }
        private String decorate(String s) { return "<" + s + ">"; }
        static Greeter of(String n) { return new Greeter() { public String name() { return n; } }; }
    }

    interface Loud extends Greeter {
        @Override default String greet() { return Greeter.super.greet().toUpperCase() + "!"; }
    }

    interface Polite extends Greeter {
        @Override default String greet() { return "Dear " + name(); }
    }

    static class Both implements Loud, Polite {
        public String name() { return "both"; }
        @Override public String greet() { return Loud.super.greet() + " / " + Polite.super.greet(); }
    }

    static class JustLoud implements Loud {
        public String name() { return "loud"; }
    }

    abstract static class AbstractGreeter implements Greeter {
        public String greet() { return "abstract-greet " + name(); }
    }

    static class Concrete extends AbstractGreeter implements Polite {
        public String name() { return "concrete"; }
    }

    // generics and bridge methods
    interface Box<T> { T get(); void set(T t); }

    static class IntBox implements Box<Integer>, Comparable<IntBox> {
        private Integer v = 0;
        public Integer get() { return v; }
        public void set(Integer t) { v = t; }
        public int compareTo(IntBox o) { return Integer.compare(v, o.v); }
        public String toString() { return "IntBox(" + v + ")"; }
    }

    static abstract class Animal {
        abstract Animal self();
        String kind() { return "animal"; }
    }
    static class Dog extends Animal {
        @Override Dog self() { return this; }   // covariant return
        @Override String kind() { return "dog"; }
        String bark() { return "woof"; }
    }

    static <T extends Comparable<T>> T max(List<T> list) {
        T best = list.get(0);
        for (T t : list) if (t.compareTo(best) > 0) best = t;
        return best;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void rawUse() {
        Box raw = new IntBox();
        try {
            raw.set("not an int");
        } catch (ClassCastException e) {
            System.out.println("bridge CCE: " + e.getMessage());
        }
        List rawList = new ArrayList();
        rawList.add("s");
        List<Integer> ints = rawList;
        try {
            Integer i = ints.get(0);
        } catch (ClassCastException e) {
            System.out.println("heap pollution CCE: " + e.getMessage());
        }
    }

    interface Visitor<R> { R visitNum(int n); R visitAdd(Expr a, Expr b); R visitMul(Expr a, Expr b); }
    interface Expr { <R> R accept(Visitor<R> v); }
    static Expr num(int n) { return new Expr() { public <R> R accept(Visitor<R> v) { return v.visitNum(n); } }; }
    static Expr add(Expr a, Expr b) { return new Expr() { public <R> R accept(Visitor<R> v) { return v.visitAdd(a, b); } }; }
    static Expr mul(Expr a, Expr b) { return new Expr() { public <R> R accept(Visitor<R> v) { return v.visitMul(a, b); } }; }

    static class Eval implements Visitor<Integer> {
        public Integer visitNum(int n) { return n; }
        public Integer visitAdd(Expr a, Expr b) { return a.accept(this) + b.accept(this); }
        public Integer visitMul(Expr a, Expr b) { return a.accept(this) * b.accept(this); }
    }
    static class Show implements Visitor<String> {
        public String visitNum(int n) { return Integer.toString(n); }
        public String visitAdd(Expr a, Expr b) { return "(" + a.accept(this) + " + " + b.accept(this) + ")"; }
        public String visitMul(Expr a, Expr b) { return a.accept(this) + " * " + b.accept(this); }
    }

    sealed interface Shape permits Circle, Rect {}
    static final class Circle implements Shape { final int r; Circle(int r) { this.r = r; } }
    static final class Rect implements Shape { final int w, h; Rect(int w, int h) { this.w = w; this.h = h; } }

    static int area(Shape s) {
        if (s instanceof Circle c) return 3 * c.r * c.r;
        if (s instanceof Rect r && r.w > 0) return r.w * r.h;
        return -1;
    }

    record Point(int x, int y) {
        Point {
            if (x < 0) throw new IllegalArgumentException("negative x: " + x);
        }
        int sum() { return x + y; }
        static Point origin() { return new Point(0, 0); }
    }

    public static void main(String[] args) {
        Greeter[] gs = {Greeter.of("plain"), new Both(), new JustLoud(), new Concrete()};
        for (Greeter g : gs) System.out.println(g.name() + ": " + g.greet());
        IntBox a = new IntBox(), b = new IntBox();
        a.set(5);
        b.set(3);
        Box<Integer> box = a;
        box.set(box.get() + 10);
        System.out.println(a + " " + b + " " + a.compareTo(b) + " " + max(java.util.Arrays.asList(a, b)));
        List<String> words = new ArrayList<>(List.of("kiwi", "apple", "zebra", "mango"));
        System.out.println(max(words));
        Animal an = new Dog();
        System.out.println(an.self().kind() + " " + new Dog().self().bark());
        rawUse();
        Expr e = add(num(2), mul(num(3), add(num(4), num(5))));
        System.out.println(e.accept(new Show()) + " = " + e.accept(new Eval()));
        System.out.println(area(new Circle(2)) + " " + area(new Rect(3, 4)) + " " + area(new Rect(0, 4))
           );
        Point p = new Point(3, 4);
        System.out.println(p.x() + " " + p.y() + " " + p.sum() + " " + Point.origin().sum() + " " + Point.class.isRecord()
            + " " + Point.class.getRecordComponents().length + " " + Point.class.getRecordComponents()[1].getName());
        try {
            new Point(-1, 0);
        } catch (IllegalArgumentException ex) {
            System.out.println(ex.getMessage());
        }
        System.out.println(java.util.Arrays.toString(Both.class.getInterfaces()) + " " + Loud.class.isInterface()
            + " " + java.lang.reflect.Modifier.toString(Greeter.class.getModifiers())
            + " " + java.lang.reflect.Modifier.toString(AbstractGreeter.class.getModifiers())
            + " " + java.lang.reflect.Modifier.toString(Circle.class.getModifiers()));
    }
}
