package diff.reflect;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

// Proxies, second part: package-private interfaces (proxy in the
// interface's package), the generated class's members, methods duplicated
// across interfaces, return-type conflicts, invokeDefault errors, generic and
// varargs methods, proxies as annotation instances, and recursion through
// the handler.
public class ProxiesMore {
    interface Hidden { String secret(int x); }

    public interface A { Object value(); String common(String s); }
    public interface B { Object value(); String common(String s); }
    public interface IntRet { int value(); }
    public interface LongRet { long value(); }
    public interface Generic<T extends Comparable<T>> { T max(T a, T b); <R> List<R> wrap(R r); String join(String... xs); }
    public interface Defaults {
        default String greet(String who) { return "hello " + who; }
        String plain();
    }
    public interface Counter { int count(int n); }

    static final List<String> log = new ArrayList<>();

    static String fieldsAndMethods(Class<?> c) {
        TreeSet<String> fs = new TreeSet<>();
        for (Field f : c.getDeclaredFields()) fs.add(Modifier.toString(f.getModifiers()) + " " + f.getType().getSimpleName() + " " + f.getName());
        TreeSet<String> ms = new TreeSet<>();
        for (Method m : c.getDeclaredMethods()) ms.add(Modifier.toString(m.getModifiers()) + " " + m.getName() + Arrays.toString(m.getParameterTypes()));
        return "fields " + fs.size() + " methods " + ms;
    }

    public static void main(String[] args) throws Throwable {
        ClassLoader loader = ProxiesMore.class.getClassLoader();
        Hidden h = (Hidden) Proxy.newProxyInstance(loader, new Class<?>[] {Hidden.class},
                (p, m, a) -> "secret " + a[0]);
        System.out.println(h.secret(7));
        Class<?> hc = h.getClass();
        System.out.println("package-private proxy package " + hc.getPackageName() + " public " + Modifier.isPublic(hc.getModifiers())
                + " final " + Modifier.isFinal(hc.getModifiers()) + " loader is app " + (hc.getClassLoader() == loader));
        System.out.println("Hidden proxy " + fieldsAndMethods(hc));

        Object ab = Proxy.newProxyInstance(loader, new Class<?>[] {A.class, B.class}, (p, m, a) -> {
            log.add(m.getName() + " declared by " + m.getDeclaringClass().getSimpleName());
            return m.getName().equals("common") ? "c:" + a[0] : "v";
        });
        System.out.println(((A) ab).value() + " " + ((B) ab).value() + " " + ((A) ab).common("x") + " " + ((B) ab).common("y"));
        System.out.println("dup log " + log);
        System.out.println("A+B proxy " + fieldsAndMethods(ab.getClass()));
        try {
            Proxy.newProxyInstance(loader, new Class<?>[] {IntRet.class, LongRet.class}, (p, m, a) -> 1);
        } catch (IllegalArgumentException e) {
            System.out.println("conflict: " + e.getMessage());
        }

        @SuppressWarnings("unchecked")
        Generic<String> g = (Generic<String>) Proxy.newProxyInstance(loader, new Class<?>[] {Generic.class}, (p, m, a) -> {
            switch (m.getName()) {
                case "max": return ((String) a[0]).compareTo((String) a[1]) >= 0 ? a[0] : a[1];
                case "wrap": return List.of(a[0], a[0]);
                case "join": return String.join("+", (String[]) a[0]) + " varargs=" + m.isVarArgs();
                default: return null;
            }
        });
        System.out.println(g.max("pear", "apple") + " " + g.wrap(3) + " " + g.join("a", "b", "c"));
        System.out.println("generic proxy method generic return " + Arrays.toString(
                Arrays.stream(g.getClass().getDeclaredMethods()).filter(m -> m.getName().equals("max"))
                        .map(m -> m.getGenericReturnType().getTypeName()).toArray()));

        Defaults d = (Defaults) Proxy.newProxyInstance(loader, new Class<?>[] {Defaults.class}, new InvocationHandler() {
            public Object invoke(Object p, Method m, Object[] a) throws Throwable {
                if (m.isDefault()) return InvocationHandler.invokeDefault(p, m, a);
                if (m.getName().equals("plain")) {
                    try {
                        return InvocationHandler.invokeDefault(p, m, a);
                    } catch (IllegalArgumentException e) {
                        return "plain: " + e.getMessage();
                    }
                }
                return null;
            }
        });
        System.out.println(d.greet("proxy") + " / " + d.plain());
        try {
            InvocationHandler.invokeDefault("not a proxy", Defaults.class.getMethod("greet", String.class), "x");
        } catch (IllegalArgumentException e) {
            System.out.println("invokeDefault on non-proxy: " + e.getMessage());
        }

        Counter[] self = new Counter[1];
        self[0] = (Counter) Proxy.newProxyInstance(loader, new Class<?>[] {Counter.class},
                (p, m, a) -> (Integer) a[0] == 0 ? 0 : 1 + ((Counter) p).count((Integer) a[0] - 1));
        System.out.println("recursive proxy " + self[0].count(50));

        Object noHash = Proxy.newProxyInstance(loader, new Class<?>[] {Counter.class}, (p, m, a) -> null);
        try {
            noHash.hashCode();
        } catch (NullPointerException e) {
            System.out.println("null for hashCode: NullPointerException");
        }
        System.out.println("toString null ok: " + noHash.toString());
        Deprecated fake = (Deprecated) Proxy.newProxyInstance(loader, new Class<?>[] {Deprecated.class}, (p, m, a) -> {
            switch (m.getName()) {
                case "since": return "42";
                case "forRemoval": return true;
                case "annotationType": return Deprecated.class;
                case "toString": return "@FakeDeprecated";
                default: return null;
            }
        });
        System.out.println("annotation-shaped proxy " + fake.since() + " " + fake.forRemoval() + " " + fake.annotationType().getSimpleName() + " " + fake);
        Deprecated real = Thread.class.getMethod("stop").getAnnotation(Deprecated.class);
        System.out.println("real equals fake " + real.equals(fake) + " real proxy " + Proxy.isProxyClass(real.getClass()));
    }
}
