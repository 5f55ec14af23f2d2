package diff.reflect;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Field;
import java.util.Arrays;

// Enum reflection: getEnumConstants, valueOf and its errors, constant-specific
// bodies, annotations on enum constants, isEnumConstant.
public class Enums {
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Label { String value(); }

    public enum Planet {
        @Label("hot") MERCURY(3.303e+23),
        VENUS(4.869e+24),
        @Label("home") @Deprecated EARTH(5.976e+24);

        private final double mass;
        Planet(double mass) { this.mass = mass; }
        public double mass() { return mass; }
        public static final Planet DEFAULT = EARTH;
    }

    public enum Op {
        PLUS { int apply(int a, int b) { return a + b; } },
        TIMES { int apply(int a, int b) { return a * b; } };
        abstract int apply(int a, int b);
    }

    public enum EmptyEnum {}

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        System.out.println(cat("Planet constants ", Arrays.toString(Planet.class.getEnumConstants())));
        System.out.println(cat("Op constants ", Arrays.toString(Op.class.getEnumConstants())));
        System.out.println(cat("Empty constants ", Arrays.toString(EmptyEnum.class.getEnumConstants())));
        System.out.println(cat("String constants ", String.class.getEnumConstants()));
        System.out.println(cat("isEnum Planet ", Planet.class.isEnum(), " Op.PLUS class ", Op.PLUS.getClass().isEnum(),
                " declaring ", Op.PLUS.getDeclaringClass().getSimpleName()));
        System.out.println(cat("Op.PLUS class name ", Op.PLUS.getClass().getName(), " anon ", Op.PLUS.getClass().isAnonymousClass(),
                " super ", Op.PLUS.getClass().getSuperclass().getSimpleName()));
        System.out.println(cat("Op.PLUS apply ", Op.PLUS.apply(3, 4), " TIMES ", Op.TIMES.apply(3, 4)));
        System.out.println(cat("Op modifiers ", java.lang.reflect.Modifier.toString(Op.class.getModifiers())));
        System.out.println(cat("Planet modifiers ", java.lang.reflect.Modifier.toString(Planet.class.getModifiers())));
        System.out.println(cat("valueOf ", Planet.valueOf("VENUS"), " ", Enum.valueOf(Planet.class, "EARTH").mass()));
        try {
            Planet.valueOf("PLUTO");
        } catch (IllegalArgumentException e) {
            System.out.println(cat("valueOf PLUTO: ", e.getMessage()));
        }
        try {
            Planet.valueOf(null);
        } catch (NullPointerException e) {
            System.out.println(cat("valueOf null: ", e.getMessage()));
        }
        try {
            Enum.valueOf(Op.class, "MINUS");
        } catch (IllegalArgumentException e) {
            System.out.println(cat("Enum.valueOf MINUS: ", e.getMessage()));
        }
        Field[] fs = Planet.class.getDeclaredFields();
        String[] lines = new String[fs.length];
        for (int i = 0; i < fs.length; i++) {
            Field f = fs[i];
            lines[i] = cat(f.getName(), " enumConstant=", f.isEnumConstant(), " synthetic=", f.isSynthetic(),
                    " mods=", java.lang.reflect.Modifier.toString(f.getModifiers()), " type=", f.getType().getSimpleName(),
                    " label=", f.getAnnotation(Label.class), " deprecated=", f.isAnnotationPresent(Deprecated.class));
        }
        Arrays.sort(lines);
        for (String l : lines) System.out.println(cat("  field ", l));
        Field earth = Planet.class.getField("EARTH");
        System.out.println(cat("EARTH get ", earth.get(null), " same ", earth.get(null) == Planet.EARTH));
        System.out.println(cat("values via reflection ", Arrays.toString((Object[]) Planet.class.getMethod("values").invoke(null))));
        System.out.println(cat("valueOf via reflection ", Planet.class.getMethod("valueOf", String.class).invoke(null, "MERCURY")));
        try {
            Planet.class.getMethod("valueOf", String.class).invoke(null, "X");
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println(cat("reflective valueOf: ", e.getCause()));
        }
        try {
            java.lang.reflect.Constructor<?> c = Planet.class.getDeclaredConstructor(String.class, int.class, double.class);
            c.setAccessible(true);
            c.newInstance("PLUTO", 9, 1.0);
        } catch (IllegalArgumentException e) {
            System.out.println(cat("enum ctor: ", e.getMessage()));
        }
        System.out.println(cat("ordinal/compare ", Planet.EARTH.ordinal(), " ", Planet.MERCURY.compareTo(Planet.EARTH)));
        System.out.println(cat("enum switch ", describe(Planet.VENUS), " ", describe(Planet.EARTH)));
    }

    static String describe(Planet p) {
        switch (p) {
            case EARTH: return "home";
            case VENUS: return "cloudy";
            default: return "other";
        }
    }
}
