package diff.reflect;

import java.lang.annotation.Annotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

// More annotations: primitive-array members and their toString, records
// (component annotations propagated to fields, accessors, parameters), type
// annotations (TYPE_USE), annotation proxies and equality with a hand-written
// implementation, meta-annotations, annotations on interfaces' methods.
public class AnnotationsMore {
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Arrays1 {
        byte[] bytes() default {1, -1};
        short[] shorts() default {300};
        char[] chars() default {'a', '\n', '\''};
        long[] longs() default {1L, -2L};
        float[] floats() default {1.5f, Float.POSITIVE_INFINITY};
        double[] doubles() default {0.1, Double.NaN};
        boolean[] bools() default {true, false};
        String[] strings() default {"x\ty", ""};
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
    public @interface Everywhere { String value(); }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    public @interface ComponentOnly {}

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    public @interface NonNull {}

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    public @interface Size { int max(); }

    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    public @interface Level { int value(); }

    @Arrays1
    public record Pair(@Everywhere("left") @ComponentOnly int left, @Everywhere("right") String right) {}

    public static class Typed {
        public @NonNull String name;
        public java.util.List<@Size(max = 3) String> list;
        public @NonNull String @Size(max = 9) [] array;
        public @NonNull Object method(@NonNull @Size(max = 1) Integer x) { return null; }
    }

    public interface Api {
        @Level(1) void one();
        @Level(2) default void two() {}
    }

    public static class ApiImpl implements Api {
        public void one() {}
    }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static String sorted(Annotation[] as) {
        String[] s = new String[as.length];
        for (int i = 0; i < as.length; i++) s[i] = as[i].toString();
        Arrays.sort(s);
        return Arrays.toString(s);
    }

    static String typeAnns(AnnotatedType t) {
        return cat(t.getType().getTypeName(), " ", sorted(t.getAnnotations()));
    }

    public static void main(String[] args) throws Exception {
        Arrays1 a = Pair.class.getAnnotation(Arrays1.class);
        System.out.println(a);
        System.out.println(cat("bytes ", Arrays.toString(a.bytes()), " chars ", Arrays.toString(a.chars()),
                " floats ", Arrays.toString(a.floats()), " doubles ", Arrays.toString(a.doubles())));
        System.out.println(cat("hash ", a.hashCode()));
        byte[] b1 = a.bytes();
        b1[0] = 99;
        System.out.println(cat("defensive copy ", a.bytes()[0]));
        System.out.println(cat("proxy ", Proxy.isProxyClass(a.getClass()), " type ", a.annotationType().getSimpleName()));

        for (RecordComponent rc : Pair.class.getRecordComponents()) {
            System.out.println(cat("component ", rc.getName(), " ", sorted(rc.getAnnotations())));
            System.out.println(cat("  field ", sorted(Pair.class.getDeclaredField(rc.getName()).getAnnotations())));
            System.out.println(cat("  accessor ", sorted(rc.getAccessor().getAnnotations())));
        }
        java.lang.reflect.Constructor<?> canon = Pair.class.getDeclaredConstructor(int.class, String.class);
        Annotation[][] pa = canon.getParameterAnnotations();
        for (int i = 0; i < pa.length; i++) System.out.println(cat("  ctor param ", i, " ", sorted(pa[i])));

        System.out.println(cat("name ", typeAnns(Typed.class.getField("name").getAnnotatedType())));
        AnnotatedType list = Typed.class.getField("list").getAnnotatedType();
        System.out.println(cat("list ", typeAnns(list)));
        AnnotatedType arg = ((java.lang.reflect.AnnotatedParameterizedType) list).getAnnotatedActualTypeArguments()[0];
        System.out.println(cat("list arg ", typeAnns(arg)));
        AnnotatedType arr = Typed.class.getField("array").getAnnotatedType();
        System.out.println(cat("array ", typeAnns(arr)));
        System.out.println(cat("array component ",
                typeAnns(((java.lang.reflect.AnnotatedArrayType) arr).getAnnotatedGenericComponentType())));
        Method m = Typed.class.getMethod("method", Integer.class);
        System.out.println(cat("return ", typeAnns(m.getAnnotatedReturnType())));
        System.out.println(cat("param ", typeAnns(m.getAnnotatedParameterTypes()[0])));
        System.out.println(cat("param declaration annotations ", m.getParameterAnnotations()[0].length));

        System.out.println(cat("Api.one ", sorted(Api.class.getMethod("one").getAnnotations())));
        System.out.println(cat("ApiImpl.one (not inherited) ", sorted(ApiImpl.class.getMethod("one").getAnnotations())));
        System.out.println(cat("ApiImpl.two (default, inherited method) ", sorted(ApiImpl.class.getMethod("two").getAnnotations())));
        System.out.println(cat("Level meta ", sorted(Level.class.getAnnotations())));

        Level l1 = Api.class.getMethod("one").getAnnotation(Level.class);
        Level handMade = new Level() {
            public int value() { return 1; }
            public Class<? extends Annotation> annotationType() { return Level.class; }
        };
        System.out.println(cat("proxy equals hand-made ", l1.equals(handMade), " hash ", l1.hashCode(),
                " expected hash ", (127 * "value".hashCode()) ^ Integer.valueOf(1).hashCode()));
        Level l2 = Api.class.getMethod("two").getAnnotation(Level.class);
        System.out.println(cat("l1 equals l2 ", l1.equals(l2), " l1 ", l1, " l2 ", l2));
        System.out.println(cat("Override visible? ", ApiImpl.class.getMethod("one").isAnnotationPresent(Override.class)));
        System.out.println(cat("Deprecated on Thread.stop ", Thread.class.getMethod("stop").getAnnotation(Deprecated.class)));
        System.out.println(cat("FunctionalInterface on Runnable ", Runnable.class.getAnnotation(FunctionalInterface.class)));
    }
}
