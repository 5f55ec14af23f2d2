package diff.reflect;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

// Member enumeration: declared and public methods, fields and constructors
// (inherited, overridden, bridges, defaults, statics of interfaces),
// Modifier.toString, parameters, toString/toGenericString. Sorted before
// printing: the order of getDeclaredMethods is unspecified.
public class Members {
    public interface Greeter {
        String PREFIX = "hi";
        String greet(String who);
        default String twice(String who) { return greet(who); }
        static Greeter create() { return null; }
    }

    public interface Named { Object name(); }

    public static abstract class Base implements Greeter {
        public int baseField;
        protected static int baseStatic;
        private int basePrivate;
        public abstract void abstractOne();
        public void overridden() {}
        protected void prot() {}
        void pkg() {}
        private void priv() {}
        public static void baseStaticMethod() {}
        public final synchronized void finalSync() {}
        public native void nativeOne();
        public double strict() { return 0; }
    }

    public static class Impl extends Base implements Named, Comparable<Impl> {
        public transient int t;
        public volatile long v;
        public Impl() {}
        protected Impl(int x) {}
        private Impl(String s, int... rest) {}
        Impl(long l) {}
        public String greet(String who) { return who; }
        public void abstractOne() {}
        @Override public void overridden() {}
        public String name() { return "impl"; }  // covariant: bridge Object name()
        public int compareTo(Impl o) { return 0; }  // bridge compareTo(Object)
        public void varargs(String... xs) {}
        public <T> void generic(T t, List<? super T> l) {}
        public static synchronized void sync() {}
        public void params(int first, String second, long[] third) {}
    }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static void list(String title, Member[] ms) {
        List<String> lines = new ArrayList<String>();
        for (Member m : ms) {
            StringBuilder sb = new StringBuilder(m.toString());
            if (m instanceof Method) {
                Method me = (Method) m;
                sb.append(" | bridge=").append(me.isBridge()).append(" synthetic=").append(me.isSynthetic())
                  .append(" varargs=").append(me.isVarArgs()).append(" default=").append(me.isDefault())
                  .append(" params=").append(me.getParameterCount());
            } else if (m instanceof Constructor) {
                sb.append(" | varargs=").append(((Constructor<?>) m).isVarArgs());
            } else if (m instanceof Field) {
                sb.append(" | synthetic=").append(((Field) m).isSynthetic());
            }
            sb.append(" | mods=").append(Modifier.toString(m.getModifiers()));
            sb.append(" | decl=").append(m.getDeclaringClass().getSimpleName());
            lines.add(sb.toString());
        }
        Collections.sort(lines);
        System.out.println(cat(title, " (", lines.size(), ")"));
        for (String l : lines) System.out.println(cat("  ", l));
    }

    public static void main(String[] args) throws Exception {
        list("Impl declared methods", Impl.class.getDeclaredMethods());
        list("Impl public methods", Impl.class.getMethods());
        list("Impl declared fields", Impl.class.getDeclaredFields());
        list("Impl public fields", Impl.class.getFields());
        list("Impl declared ctors", Impl.class.getDeclaredConstructors());
        list("Impl public ctors", Impl.class.getConstructors());
        list("Base declared methods", Base.class.getDeclaredMethods());
        list("Base declared fields", Base.class.getDeclaredFields());
        list("Base ctors", Base.class.getDeclaredConstructors());
        list("Greeter declared methods", Greeter.class.getDeclaredMethods());
        list("Greeter public methods", Greeter.class.getMethods());
        list("Greeter fields", Greeter.class.getFields());
        list("Greeter ctors", Greeter.class.getConstructors());
        list("int[] methods", int[].class.getMethods());
        list("int[] fields", int[].class.getFields());
        list("int methods", int.class.getMethods());
        System.out.println(cat("Impl.getMethod(name) ", Impl.class.getMethod("name")));
        System.out.println(cat("Impl.getMethod(compareTo, Object) ", Impl.class.getMethod("compareTo", Object.class)));
        System.out.println(cat("Impl.getMethod(twice) ", Impl.class.getMethod("twice", String.class)));
        System.out.println(cat("Impl.getField(PREFIX) ", Impl.class.getField("PREFIX")));
        try {
            int[].class.getMethod("clone");
        } catch (NoSuchMethodException e) {
            System.out.println(cat("int[] clone: ", e));
        }
        Method params = Impl.class.getMethod("params", int.class, String.class, long[].class);
        for (Parameter p : params.getParameters()) {
            System.out.println(cat("  param ", p, " named=", p.isNamePresent(), " type=", p.getParameterizedType()));
        }
        Constructor<?> priv = Impl.class.getDeclaredConstructor(String.class, int[].class);
        System.out.println(cat("private ctor ", priv.toGenericString(), " params ", priv.getParameterCount()));
        Method gen = Impl.class.getMethod("generic", Object.class, List.class);
        System.out.println(cat("generic ", gen.toGenericString()));
        int[] mods = {Modifier.PUBLIC, Modifier.PRIVATE | Modifier.STATIC, Modifier.ABSTRACT | Modifier.INTERFACE,
                0xFFF, Modifier.TRANSIENT | Modifier.VOLATILE, Modifier.NATIVE | Modifier.STRICT, 0};
        for (int m : mods) System.out.println(cat("Modifier.toString(", m, ") = '", Modifier.toString(m), "'"));
        System.out.println(cat("classModifiers ", Modifier.toString(Modifier.classModifiers()),
                " methodModifiers ", Modifier.toString(Modifier.methodModifiers()),
                " fieldModifiers ", Modifier.toString(Modifier.fieldModifiers())));
        Class<?>[] classes = {Members.class, Greeter.class, Base.class, Impl.class, int.class, int[].class,
                Impl[].class, Runnable.class, java.lang.annotation.Retention.class, Thread.State.class};
        for (Class<?> c : classes) {
            System.out.println(cat(c.getName(), " mods '", Modifier.toString(c.getModifiers()), "' interface=",
                    c.isInterface(), " primitive=", c.isPrimitive(), " array=", c.isArray(), " synthetic=", c.isSynthetic(),
                    " super=", c.getSuperclass(), " toGenericString=", c.toGenericString()));
        }
    }
}
