package diff.reflect;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.AnnotatedTypeVariable;
import java.lang.reflect.AnnotatedWildcardType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.TypeVariable;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

// Type annotations (JSR 308, RuntimeVisibleTypeAnnotations) everywhere the
// reflection API exposes them: supertypes, type parameters and bounds,
// fields, returns, parameters, receivers, throws, nested and wildcard types,
// arrays, record components, constructors; with their toString forms.
public class TypeAnnotations {
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE_USE)
    public @interface A { String value() default ""; }

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE_USE)
    public @interface B { int value() default 0; }

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE_PARAMETER)
    public @interface P {}

    public static class Base<T> {}
    public interface Iface<T> {}

    public static class Subject<@P @A("tp") T extends @B(1) Number & @A("bound2") Comparable<T>>
            extends @A("super") Base<@B(2) String> implements @A("iface") Iface<@B(3) T>, @B(4) Serializable {
        public @A("field") Map<@B(5) String, @A("val") List<@B(6) ? extends @A("wild") T>> nested;
        public @A("elem") String @B(7) [] @B(8) [] matrix;
        public Outer.@A("inner") Inner innerType;

        public @A("ctor") Subject(@B(9) int x) throws @A("ctorThrows") IllegalStateException {}

        public @A("ret") List<@B(10) T> method(@A("this") Subject<T> this, @B(11) T param, @A("arr") int @B(12) ... rest)
                throws @B(13) Exception, @A("rt") RuntimeException { return null; }

        public <@P @B(14) U extends @A("ub") Object> U generic() { return null; }
    }

    public static class Outer { public class Inner {} }

    public record Rec(@A("comp") List<@B(15) String> items, @B(16) int count) {}

    static String show(AnnotatedType t) {
        if (t == null) return "null";
        StringBuilder sb = new StringBuilder();
        sb.append(t.getType().getTypeName()).append(' ').append(Arrays.toString(t.getAnnotations()));
        if (t instanceof AnnotatedParameterizedType) {
            sb.append(" args{");
            for (AnnotatedType a : ((AnnotatedParameterizedType) t).getAnnotatedActualTypeArguments()) sb.append(show(a)).append("; ");
            sb.append('}');
        } else if (t instanceof AnnotatedArrayType) {
            sb.append(" component{").append(show(((AnnotatedArrayType) t).getAnnotatedGenericComponentType())).append('}');
        } else if (t instanceof AnnotatedWildcardType) {
            AnnotatedWildcardType w = (AnnotatedWildcardType) t;
            sb.append(" upper{");
            for (AnnotatedType u : w.getAnnotatedUpperBounds()) sb.append(show(u)).append("; ");
            sb.append("} lower{");
            for (AnnotatedType l : w.getAnnotatedLowerBounds()) sb.append(show(l)).append("; ");
            sb.append('}');
        } else if (t instanceof AnnotatedTypeVariable) {
            // Bounds may mention the variable again (T extends Comparable<T>): names only.
            sb.append(" bounds{");
            for (AnnotatedType b : ((AnnotatedTypeVariable) t).getAnnotatedBounds()) {
                sb.append(b.getType().getTypeName()).append(' ').append(Arrays.toString(b.getAnnotations())).append("; ");
            }
            sb.append('}');
        }
        AnnotatedType owner = t.getAnnotatedOwnerType();
        if (owner != null) sb.append(" owner{").append(show(owner)).append('}');
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        Class<?> s = Subject.class;
        System.out.println("superclass " + show(s.getAnnotatedSuperclass()));
        for (AnnotatedType t : s.getAnnotatedInterfaces()) System.out.println("interface " + show(t));
        for (TypeVariable<?> v : s.getTypeParameters()) {
            System.out.println("type param " + v + " annotations " + Arrays.toString(v.getAnnotations()));
            for (AnnotatedType b : v.getAnnotatedBounds()) System.out.println("  bound " + show(b));
        }
        System.out.println("field nested " + show(s.getField("nested").getAnnotatedType()));
        System.out.println("field matrix " + show(s.getField("matrix").getAnnotatedType()));
        System.out.println("field innerType " + show(s.getField("innerType").getAnnotatedType()));
        Constructor<?> c = s.getConstructor(int.class);
        System.out.println("ctor return " + show(c.getAnnotatedReturnType()));
        System.out.println("ctor receiver " + show(c.getAnnotatedReceiverType()));
        for (AnnotatedType t : c.getAnnotatedParameterTypes()) System.out.println("ctor param " + show(t));
        for (AnnotatedType t : c.getAnnotatedExceptionTypes()) System.out.println("ctor throws " + show(t));
        Method m = s.getMethod("method", Number.class, int[].class);
        System.out.println("method return " + show(m.getAnnotatedReturnType()));
        System.out.println("method receiver " + show(m.getAnnotatedReceiverType()));
        for (AnnotatedType t : m.getAnnotatedParameterTypes()) System.out.println("method param " + show(t));
        for (AnnotatedType t : m.getAnnotatedExceptionTypes()) System.out.println("method throws " + show(t));
        Method g = s.getMethod("generic");
        for (TypeVariable<?> v : g.getTypeParameters()) {
            System.out.println("method type param " + v + " " + Arrays.toString(v.getAnnotations()));
            for (AnnotatedType b : v.getAnnotatedBounds()) System.out.println("  bound " + show(b));
        }
        System.out.println("static method receiver " + show(TypeAnnotations.class.getMethod("main", String[].class).getAnnotatedReceiverType()));
        for (RecordComponent rc : Rec.class.getRecordComponents()) {
            System.out.println("record component " + rc.getName() + " " + show(rc.getAnnotatedType())
                    + " declaration annotations " + Arrays.toString(rc.getAnnotations()));
        }
        System.out.println("record field " + show(Rec.class.getDeclaredField("items").getAnnotatedType()));
        System.out.println("record accessor " + show(Rec.class.getMethod("items").getAnnotatedReturnType()));
        System.out.println("plain field " + show(Outer.class.getDeclaredFields().length == 0 ? null : Outer.class.getDeclaredFields()[0].getAnnotatedType()));
        System.out.println("String superclass " + show(String.class.getAnnotatedSuperclass()));
        System.out.println("interface superclass " + show(Iface.class.getAnnotatedSuperclass()));
    }
}
