package diff.reflect;

import java.lang.annotation.Annotation;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;

// Runtime-visible annotations on every kind of element, with every element
// value kind, defaults, and annotation toString/equals/hashCode.
public class Annotations {
    public enum Color { RED, GREEN, BLUE }

    @Retention(RetentionPolicy.RUNTIME)
    public @interface Inner {
        String value() default "inner-default";
        int weight() default 3;
    }

    @Retention(RetentionPolicy.RUNTIME)
    public @interface AllKinds {
        boolean z() default true;
        byte b() default 1;
        char c() default 'c';
        short s() default 2;
        int i() default 3;
        long j() default 4L;
        float f() default 5.5f;
        double d() default 6.25;
        String str() default "default \"quoted\"\n";
        Class<?> cls() default Object.class;
        Color color() default Color.GREEN;
        Inner inner() default @Inner;
        int[] ints() default {1, 2, 3};
        String[] strs() default {};
        Class<?>[] classes() default {String.class, int.class, int[].class};
        Color[] colors() default {Color.RED, Color.BLUE};
        Inner[] inners() default {@Inner("a"), @Inner(value = "b", weight = 9)};
    }

    @Retention(RetentionPolicy.RUNTIME)
    public @interface Simple {
        String value();
    }

    @Retention(RetentionPolicy.CLASS)
    public @interface NotVisible {}

    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.PARAMETER})
    public @interface Param {
        String name();
    }

    @Retention(RetentionPolicy.RUNTIME)
    public @interface Marker {}

    @AllKinds
    @Simple("on the class")
    @NotVisible
    public static class Host {
        @AllKinds(z = false, b = -7, c = '\t', s = 300, i = -42, j = 1L << 40, f = -0.5f,
                d = 1e100, str = "field", cls = Host.class, color = Color.BLUE,
                inner = @Inner(value = "x", weight = 11), ints = {}, strs = {"p", "q"},
                classes = {void.class, long[][].class}, colors = {}, inners = {@Inner})
        public int field;

        @Simple("ctor")
        public Host(@Param(name = "first") int a, int b, @Param(name = "third") @Marker String c) {}

        @Marker
        public Host() {}

        @Simple("method")
        @Marker
        public void annotated(@Param(name = "p0") long x) {}

        public void plain() {}

        @AllKinds(str = "only-str", f = Float.NaN, d = Double.NEGATIVE_INFINITY, j = Long.MIN_VALUE,
                i = Integer.MAX_VALUE, c = '\u00e9')
        public static void special() {}
    }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static void print(String label, Object o) {
        StringBuilder sb = new StringBuilder(label);
        sb.append(": ").append(o);
        System.out.println(sb);
    }

    static void dump(String label, Annotation[] as) {
        Annotation[] copy = as.clone();
        Arrays.sort(copy, new Comparator<Annotation>() {
            public int compare(Annotation a, Annotation b) {
                return a.annotationType().getName().compareTo(b.annotationType().getName());
            }
        });
        print(cat(label, " count"), copy.length);
        for (Annotation a : copy) print(cat("  ", label), a);
    }

    public static void main(String[] args) throws Exception {
        Class<Host> h = Host.class;
        dump("class", h.getAnnotations());
        dump("class declared", h.getDeclaredAnnotations());
        print("isAnnotationPresent Simple", h.isAnnotationPresent(Simple.class));
        print("isAnnotationPresent NotVisible", h.isAnnotationPresent(NotVisible.class));
        print("isAnnotationPresent Marker", h.isAnnotationPresent(Marker.class));
        print("getAnnotation Marker", h.getAnnotation(Marker.class));
        Simple s = h.getAnnotation(Simple.class);
        print("Simple.value", s.value());
        print("Simple.annotationType", s.annotationType());
        print("Simple.hashCode", s.hashCode());

        AllKinds def = h.getAnnotation(AllKinds.class);
        print("def.z", def.z());
        print("def.b", def.b());
        print("def.c", def.c());
        print("def.s", def.s());
        print("def.i", def.i());
        print("def.j", def.j());
        print("def.f", def.f());
        print("def.d", def.d());
        print("def.str", def.str());
        print("def.cls", def.cls());
        print("def.color", def.color());
        print("def.inner", def.inner());
        print("def.inner.weight", def.inner().weight());
        print("def.ints", Arrays.toString(def.ints()));
        print("def.strs", Arrays.toString(def.strs()));
        print("def.classes", Arrays.toString(def.classes()));
        print("def.colors", Arrays.toString(def.colors()));
        print("def.inners", Arrays.toString(def.inners()));

        Field f = h.getField("field");
        AllKinds fa = f.getAnnotation(AllKinds.class);
        print("field", fa);
        print("field.j", fa.j());
        print("field.classes", Arrays.toString(fa.classes()));
        print("field.inner", fa.inner());
        print("field equals def", fa.equals(def));
        print("def equals def", def.equals(h.getAnnotation(AllKinds.class)));
        print("field.inner.hashCode", fa.inner().hashCode());
        print("def.inner.hashCode", def.inner().hashCode());

        Method special = h.getMethod("special");
        AllKinds sa = special.getAnnotation(AllKinds.class);
        print("special", sa);
        print("special.f isNaN", Float.isNaN(sa.f()));

        Method m = h.getMethod("annotated", long.class);
        dump("method", m.getDeclaredAnnotations());
        Annotation[][] pa = m.getParameterAnnotations();
        print("method param rows", pa.length);
        for (Annotation[] row : pa) dump("method param", row);
        print("plain annotations", h.getMethod("plain").getAnnotations().length);

        Constructor<Host> c3 = h.getConstructor(int.class, int.class, String.class);
        dump("ctor", c3.getAnnotations());
        Annotation[][] cpa = c3.getParameterAnnotations();
        print("ctor param rows", cpa.length);
        for (int i = 0; i < cpa.length; i++) dump(cat("ctor param ", i), cpa[i]);
        dump("ctor0", h.getConstructor().getAnnotations());
        print("param via Parameter", c3.getParameters()[2].getAnnotation(Param.class));

        Inner a1 = def.inners()[0];
        Inner a2 = Host.class.getAnnotation(AllKinds.class).inners()[0];
        print("inner equal", a1.equals(a2));
        print("inner hash equal", a1.hashCode() == a2.hashCode());
        print("inner not equal", a1.equals(def.inners()[1]));
        print("inner vs null", a1.equals(null));
        print("inner vs string", a1.equals("x"));
        print("default value str", AllKinds.class.getMethod("str").getDefaultValue());
        print("default value ints", Arrays.toString((int[]) AllKinds.class.getMethod("ints").getDefaultValue()));
        print("default value inner", AllKinds.class.getMethod("inner").getDefaultValue());
        print("default value none", Simple.class.getMethod("value").getDefaultValue());
        print("annotation isAnnotation", Simple.class.isAnnotation());
        print("annotation interfaces", Arrays.toString(Simple.class.getInterfaces()));
        Retention r = Simple.class.getAnnotation(Retention.class);
        print("meta Retention", r);
        print("meta Target", Param.class.getAnnotation(Target.class));
    }
}
