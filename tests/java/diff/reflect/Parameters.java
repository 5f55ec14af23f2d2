package diff.reflect;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

// java.lang.reflect.Parameter from MethodParameters attributes (javac writes
// them for records' canonical constructors even without -parameters) and
// without them (synthesized argN names), with modifiers and generic types.
public class Parameters {
    public record Compact(int count, String label, List<? extends Number> nums) {
        public Compact {
            if (count < 0) throw new IllegalArgumentException("count");
        }
        public Compact(int count) { this(count, "default", List.of()); }
    }

    public record Explicit(Map<String, Integer> map, long id) {
        public Explicit(Map<String, Integer> map, final long id) {
            this.map = map;
            this.id = id;
        }
    }

    public record Implicit(char c, double[] values) {}

    public static <T> void generic(T first, List<? super T> second, int... rest) {}

    static void show(Executable e) {
        System.out.println(e.toGenericString());
        Parameter[] ps = e.getParameters();
        for (Parameter p : ps) {
            System.out.println("  " + p + " | name=" + p.getName() + " present=" + p.isNamePresent()
                    + " mods=" + p.getModifiers() + " (" + Modifier.toString(p.getModifiers()) + ")"
                    + " implicit=" + p.isImplicit() + " synthetic=" + p.isSynthetic() + " varargs=" + p.isVarArgs()
                    + " type=" + p.getType().getSimpleName() + " generic=" + p.getParameterizedType().getTypeName()
                    + " declaring=" + p.getDeclaringExecutable().getName());
        }
        System.out.println("  equal to itself " + ps.length + " " + (ps.length == 0 || ps[0].equals(e.getParameters()[0])));
    }

    public static void main(String[] args) throws Exception {
        Constructor<?>[] cs = Compact.class.getDeclaredConstructors();
        Arrays.sort(cs, Comparator.comparingInt(Constructor::getParameterCount));
        for (Constructor<?> c : cs) show(c);
        show(Explicit.class.getDeclaredConstructors()[0]);
        show(Implicit.class.getDeclaredConstructors()[0]);
        show(Parameters.class.getMethod("generic", Object.class, List.class, int[].class));
        show(Compact.class.getMethod("equals", Object.class));
        show(Implicit.class.getMethod("values"));
        show(String.class.getMethod("regionMatches", boolean.class, int.class, String.class, int.class, int.class));
        show(Thread.State.class.getMethod("valueOf", String.class));
        try {
            new Compact(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("compact validation: " + e.getMessage());
        }
        Compact c = Compact.class.getDeclaredConstructor(int.class, String.class, List.class).newInstance(3, "x", List.of(1, 2.5));
        System.out.println(c + " " + c.equals(new Compact(3, "x", List.of(1, 2.5))) + " " + (c.hashCode() == new Compact(3, "x", List.of(1, 2.5)).hashCode()));
        Method accessor = Compact.class.getRecordComponents()[2].getAccessor();
        System.out.println(accessor.toGenericString() + " -> " + accessor.invoke(c));
    }
}
