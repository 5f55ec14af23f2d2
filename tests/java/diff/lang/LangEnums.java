package diff.lang;

import java.util.EnumMap;
import java.util.EnumSet;

public class LangEnums {
    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);
        private final double mass, radius;
        static final double G = 6.67300E-11;
        Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }
        double surfaceGravity() { return G * mass / (radius * radius); }
    }

    enum Op {
        PLUS("+") { int apply(int a, int b) { return a + b; } },
        MINUS("-") { int apply(int a, int b) { return a - b; } },
        TIMES("*") {
            int apply(int a, int b) { return a * b; }
            public String toString() { return "times!"; }
        };
        final String sym;
        Op(String sym) { this.sym = sym; }
        abstract int apply(int a, int b);
    }

    interface Describable { String describe(); }

    enum Level implements Describable {
        LOW, MEDIUM, HIGH;
        static int count;
        static { count = values().length; System.out.println("Level static init, count=" + count); }
        public String describe() { return name() + "#" + ordinal(); }
        Level next() { return values()[(ordinal() + 1) % values().length]; }
    }

    enum Empty {}

    enum Singleton {
        INSTANCE;
        int hits;
        int hit() { return ++hits; }
    }

    public static void main(String[] args) {
        for (Planet p : Planet.values()) {
            System.out.println(p + " " + p.ordinal() + " " + p.name() + " " + p.surfaceGravity() + " " + p.compareTo(Planet.EARTH)
                + " " + p.getDeclaringClass().getSimpleName());
        }
        for (Op op : Op.values()) {
            System.out.println(op + " " + op.name() + " " + op.sym + " " + op.apply(6, 3) + " " + op.getClass().getName()
                + " " + op.getDeclaringClass().getName() + " " + (op.getClass() == Op.class) + " " + op.getClass().isEnum());
        }
        System.out.println(Level.valueOf("HIGH").describe() + " " + Level.LOW.next() + " " + Level.HIGH.next() + " " + Level.count);
        System.out.println(Enum.valueOf(Level.class, "MEDIUM") + " " + Op.valueOf("TIMES") + " " + Empty.values().length);
        try {
            Level.valueOf("NOPE");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            Level.valueOf(null);
        } catch (NullPointerException e) {
            System.out.println("NPE " + e.getMessage());
        }
        EnumMap<Level, String> map = new EnumMap<>(Level.class);
        map.put(Level.HIGH, "h");
        map.put(Level.LOW, "l");
        System.out.println(map + " " + map.containsKey(Level.MEDIUM));
        EnumSet<Level> set = EnumSet.of(Level.HIGH, Level.LOW);
        System.out.println(set + " " + EnumSet.complementOf(set) + " " + EnumSet.allOf(Op.class) + " " + EnumSet.range(Level.LOW, Level.MEDIUM)
            + " " + EnumSet.noneOf(Level.class));
        System.out.println(Singleton.INSTANCE.hit() + " " + Singleton.INSTANCE.hit() + " " + Singleton.valueOf("INSTANCE").hits);
        Level[] vs = Level.values();
        vs[0] = null;
        System.out.println(java.util.Arrays.toString(vs) + " " + java.util.Arrays.toString(Level.values()) + " " + (Level.values() != Level.values()));
        System.out.println(Level.MEDIUM.equals(Level.MEDIUM) + " " + (Level.MEDIUM == Level.valueOf("MEDIUM"))
            + " " + Level.class.getEnumConstants().length + " " + Op.PLUS.getClass().getSuperclass().getSimpleName()
            + " " + Op.class.isEnum() + " " + Op.PLUS.getClass().isEnum());
        java.util.List<Level> sorted = new java.util.ArrayList<>(java.util.List.of(Level.HIGH, Level.LOW, Level.MEDIUM, Level.LOW));
        java.util.Collections.sort(sorted);
        System.out.println(sorted);
    }
}
