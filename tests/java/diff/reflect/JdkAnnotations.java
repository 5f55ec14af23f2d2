package diff.reflect;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.TreeSet;

// Runtime-visible annotations of the JDK's own classes and members, parsed
// from java.base's class files: @Deprecated with since/forRemoval,
// @FunctionalInterface, @CallerSensitive and @IntrinsicCandidate (types in
// non-exported packages), @Stable fields, meta-annotations of annotation types.
public class JdkAnnotations {
    static String sorted(Annotation[] as) {
        TreeSet<String> s = new TreeSet<>();
        for (Annotation a : as) s.add(a.toString());
        return s.toString();
    }

    static void show(String label, AnnotatedElement e) {
        System.out.println(label + " " + sorted(e.getAnnotations()));
    }

    @SuppressWarnings({"removal", "deprecation"})
    public static void main(String[] args) throws Exception {
        show("Math.max(int,int)", Math.class.getMethod("max", int.class, int.class));
        show("Object.getClass", Object.class.getMethod("getClass"));
        show("Object.hashCode", Object.class.getMethod("hashCode"));
        show("Thread.currentThread", Thread.class.getMethod("currentThread"));
        show("Thread.stop", Thread.class.getMethod("stop"));
        show("Thread.suspend", Thread.class.getMethod("suspend"));
        show("Runtime.runFinalization", Runtime.class.getMethod("runFinalization"));
        show("Class.forName(String)", Class.class.getMethod("forName", String.class));
        show("Class.newInstance", Class.class.getMethod("newInstance"));
        show("Method.invoke", Method.class.getMethod("invoke", Object.class, Object[].class));
        show("String.hashCode", String.class.getMethod("hashCode"));
        show("StringBuilder.append(String)", StringBuilder.class.getMethod("append", String.class));
        show("Integer.valueOf(int)", Integer.class.getMethod("valueOf", int.class));
        show("Integer(int) ctor", Integer.class.getConstructor(int.class));
        show("Runnable", Runnable.class);
        show("java.util.function.Function", java.util.function.Function.class);
        show("Comparator", java.util.Comparator.class);
        show("Deprecated type", Deprecated.class);
        show("FunctionalInterface type", FunctionalInterface.class);
        show("SafeVarargs type", SafeVarargs.class);
        show("java.lang.annotation.Repeatable type", java.lang.annotation.Repeatable.class);
        show("Object class", Object.class);
        show("Thread class", Thread.class);
        show("SecurityManager class", SecurityManager.class);
        show("java.util.Observable class", java.util.Observable.class);
        show("Arrays.asList", Arrays.class.getMethod("asList", Object[].class));
        show("List.of(E...)", java.util.List.class.getMethod("of", Object[].class));
        show("String.value field", String.class.getDeclaredField("value"));
        show("Character.MIN_RADIX field", Character.class.getField("MIN_RADIX"));
        Deprecated d = Thread.class.getMethod("stop").getAnnotation(Deprecated.class);
        System.out.println("Thread.stop deprecated since " + d.since() + " forRemoval " + d.forRemoval()
                + " hash " + d.hashCode() + " equals itself " + d.equals(Thread.class.getMethod("stop").getAnnotation(Deprecated.class)));
        Annotation[] raw = Class.class.getMethod("forName", String.class).getDeclaredAnnotations();
        for (Annotation a : raw) {
            Class<? extends Annotation> t = a.annotationType();
            System.out.println("forName annotation type " + t.getName() + " public " + java.lang.reflect.Modifier.isPublic(t.getModifiers())
                    + " module exported " + t.getModule().isExported(t.getPackageName()));
        }
    }
}
