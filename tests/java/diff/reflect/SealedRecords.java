package diff.reflect;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

// Sealed hierarchies (PermittedSubclasses) and records (Record attribute,
// accessors invoked reflectively, canonical constructor).
public class SealedRecords {
    public sealed interface Shape permits Circle, Square, Poly {}
    public static final class Circle implements Shape {}
    public static non-sealed class Square implements Shape {}
    public static sealed class Poly implements Shape permits Tri {}
    public static final class Tri extends Poly {}
    public static class Open {}

    public record Point(int x, int y) {}
    public record Named<T>(String name, T value, List<? extends T> more, long[] arr) {
        public Named {
            if (name == null) throw new IllegalArgumentException("name is null");
        }
        public static int helper() { return 0; }
    }
    public record Empty() {}

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static String names(Class<?>[] cs) {
        if (cs == null) return "null";
        Class<?>[] copy = cs.clone();
        Arrays.sort(copy, new Comparator<Class<?>>() {
            public int compare(Class<?> a, Class<?> b) { return a.getName().compareTo(b.getName()); }
        });
        StringBuilder sb = new StringBuilder("[");
        for (Class<?> c : copy) sb.append(c.getSimpleName()).append(' ');
        return sb.append(']').toString();
    }

    public static void main(String[] args) throws Exception {
        Class<?>[] all = {Shape.class, Circle.class, Square.class, Poly.class, Tri.class, Open.class,
                Point.class, Object.class, int.class, Shape[].class};
        for (Class<?> c : all) {
            System.out.println(cat(c.getSimpleName(), " sealed=", c.isSealed(), " permitted=",
                    names(c.getPermittedSubclasses()), " record=", c.isRecord(),
                    " mods=", java.lang.reflect.Modifier.toString(c.getModifiers())));
        }
        Class<?>[] recs = {Point.class, Named.class, Empty.class};
        for (Class<?> r : recs) {
            System.out.println(cat("record ", r.getSimpleName(), " super ", r.getSuperclass().getName()));
            RecordComponent[] rcs = r.getRecordComponents();
            System.out.println(cat("  components ", rcs.length));
            for (RecordComponent rc : rcs) {
                System.out.println(cat("  ", rc.getName(), " type=", rc.getType().getName(),
                        " generic=", rc.getGenericType().getTypeName(),
                        " signature=", rc.getGenericSignature(),
                        " accessor=", rc.getAccessor(), " toString=", rc,
                        " declaring=", rc.getDeclaringRecord().getSimpleName()));
            }
        }
        System.out.println(cat("non-record components ", Open.class.getRecordComponents()));
        Named<Integer> n = new Named<Integer>("n", 42, List.of(1, 2), new long[] {7L});
        for (RecordComponent rc : Named.class.getRecordComponents()) {
            Object v = rc.getAccessor().invoke(n);
            System.out.println(cat("  invoke ", rc.getName(), " -> ",
                    v instanceof long[] ? Arrays.toString((long[]) v) : v));
        }
        Point p = Point.class.getDeclaredConstructor(int.class, int.class).newInstance(3, 4);
        System.out.println(cat("point x ", Point.class.getMethod("x").invoke(p), " y ", p.y()));
        try {
            Named.class.getDeclaredConstructor(String.class, Object.class, List.class, long[].class)
                    .newInstance(null, 1, null, null);
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println(cat("compact ctor threw ", e.getCause()));
        }
        Method[] ms = Point.class.getDeclaredMethods();
        String[] names = new String[ms.length];
        for (int i = 0; i < ms.length; i++) names[i] = ms[i].toString();
        Arrays.sort(names);
        for (String s : names) System.out.println(cat("  Point method ", s));
        java.lang.reflect.Field fx = Point.class.getDeclaredField("x");
        fx.setAccessible(true);
        System.out.println(cat("field x ", fx.get(p), " mods ", java.lang.reflect.Modifier.toString(fx.getModifiers())));
        try {
            fx.set(p, 99);
        } catch (IllegalAccessException e) {
            System.out.println(cat("set record field: ", e.getMessage()));
        }
    }
}
