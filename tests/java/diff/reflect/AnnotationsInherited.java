package diff.reflect;

import java.lang.annotation.Annotation;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.Arrays;
import java.util.Comparator;

// @Inherited, @Repeatable containers, getAnnotationsByType and
// getDeclaredAnnotationsByType, annotations on interfaces (never inherited).
public class AnnotationsInherited {
    @Retention(RetentionPolicy.RUNTIME)
    @Inherited
    public @interface Heritable {
        String value();
    }

    @Retention(RetentionPolicy.RUNTIME)
    public @interface NotHeritable {
        int value() default 7;
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Inherited
    public @interface Tags {
        Tag[] value();
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Inherited
    @Repeatable(Tags.class)
    public @interface Tag {
        String value();
    }

    @Heritable("iface")
    @NotHeritable
    public interface Iface {}

    @Heritable("base")
    @NotHeritable(1)
    @Tag("b1")
    @Tag("b2")
    public static class Base {}

    public static class Child extends Base implements Iface {}

    @Heritable("grandchild")
    @Tag("g1")
    public static class GrandChild extends Child {}

    @Tag("only")
    public static class Single {}

    @Tags({@Tag("x"), @Tag("y")})
    @Tag("z")
    public static class Mixed {}

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static final Comparator<Annotation> BY_TYPE = new Comparator<Annotation>() {
        public int compare(Annotation a, Annotation b) {
            int c = a.annotationType().getName().compareTo(b.annotationType().getName());
            return c != 0 ? c : a.toString().compareTo(b.toString());
        }
    };

    static void dump(String label, Annotation[] as) {
        Annotation[] copy = as.clone();
        Arrays.sort(copy, BY_TYPE);
        System.out.println(cat(label, " (", copy.length, ")"));
        for (Annotation a : copy) System.out.println(cat("    ", a));
    }

    static void examine(Class<?> c) {
        System.out.println(cat("== ", c.getSimpleName()));
        dump("  getAnnotations", c.getAnnotations());
        dump("  getDeclaredAnnotations", c.getDeclaredAnnotations());
        System.out.println(cat("  getAnnotation(Heritable) ", c.getAnnotation(Heritable.class)));
        System.out.println(cat("  getDeclaredAnnotation(Heritable) ", c.getDeclaredAnnotation(Heritable.class)));
        System.out.println(cat("  getAnnotation(NotHeritable) ", c.getAnnotation(NotHeritable.class)));
        System.out.println(cat("  getAnnotation(Tag) ", c.getAnnotation(Tag.class)));
        System.out.println(cat("  getAnnotation(Tags) ", c.getAnnotation(Tags.class)));
        dump("  getAnnotationsByType(Tag)", c.getAnnotationsByType(Tag.class));
        dump("  getDeclaredAnnotationsByType(Tag)", c.getDeclaredAnnotationsByType(Tag.class));
        dump("  getAnnotationsByType(Heritable)", c.getAnnotationsByType(Heritable.class));
        System.out.println(cat("  isAnnotationPresent(Heritable) ", c.isAnnotationPresent(Heritable.class)));
    }

    public static void main(String[] args) {
        examine(Iface.class);
        examine(Base.class);
        examine(Child.class);
        examine(GrandChild.class);
        examine(Single.class);
        examine(Mixed.class);
        Repeatable rep = Tag.class.getAnnotation(Repeatable.class);
        System.out.println(cat("Tag @Repeatable -> ", rep.value().getName()));
        System.out.println(cat("Tags inherited? ", Tags.class.isAnnotationPresent(Inherited.class)));
        Tags tags = Base.class.getAnnotation(Tags.class);
        System.out.println(cat("container length ", tags.value().length));
        System.out.println(cat("container equals itself ", tags.equals(Child.class.getAnnotation(Tags.class))));
        System.out.println(cat("container hash equal ", tags.hashCode() == Child.class.getAnnotation(Tags.class).hashCode()));
        System.out.println(cat("container hash ", tags.hashCode()));
        System.out.println(cat("object annotations ", Object.class.getAnnotations().length));
        System.out.println(cat("int annotations ", int.class.getAnnotations().length));
        System.out.println(cat("array annotations ", Base[].class.getAnnotations().length));
    }
}
