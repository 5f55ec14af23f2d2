package diff.reflect;

import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

// Edge cases: inner-class and enum constructors (implicit parameters and
// their generic types), parameters without MethodParameters, lambda classes
// (hidden), serializable lambdas' SerializedLambda, unreflect and
// MethodHandleInfo, reflection on interfaces' private and static methods.
public class ReflectEdges {
    class Inner<T> {
        Inner(T t, List<T> l) {}
    }

    enum Mode {
        ON("on"), OFF("off");
        Mode(String label) {}
    }

    interface WithPrivate {
        private String secret() { return "iface private"; }
        static String util() { return "iface static"; }
        default String open() { return secret(); }
    }

    static class Impl implements WithPrivate {}

    static void show(Constructor<?> c) {
        System.out.println(c + " count=" + c.getParameterCount()
                + " types=" + Arrays.toString(c.getParameterTypes())
                + " generic=" + Arrays.toString(c.getGenericParameterTypes())
                + " annotations rows=" + c.getParameterAnnotations().length);
        for (Parameter p : c.getParameters()) {
            System.out.println("  " + p + " implicit=" + p.isImplicit() + " synthetic=" + p.isSynthetic()
                    + " named=" + p.isNamePresent() + " parameterized=" + p.getParameterizedType());
        }
    }

    static String methodNames(Class<?> c) {
        TreeSet<String> names = new TreeSet<>();
        for (Method m : c.getDeclaredMethods()) names.add(m.getName() + "/" + m.getParameterCount());
        return names.toString();
    }

    public static void main(String[] args) throws Throwable {
        show(Inner.class.getDeclaredConstructor(ReflectEdges.class, Object.class, List.class));
        show(Mode.class.getDeclaredConstructor(String.class, int.class, String.class));
        Constructor<?> anon = new Object() {}.getClass().getDeclaredConstructors()[0];
        System.out.println("anonymous ctor params " + anon.getParameterCount() + " mods '"
                + Modifier.toString(anon.getModifiers()) + "'");

        Method secret = WithPrivate.class.getDeclaredMethod("secret");
        System.out.println("iface private " + secret + " invoke " + secret.invoke(new Impl()));
        System.out.println("iface static " + WithPrivate.class.getMethod("util").invoke(null));
        System.out.println("iface static not inherited: " + Arrays.toString(Impl.class.getMethods().length > 0
                ? new String[] {String.valueOf(hasMethod(Impl.class.getMethods(), "util"))} : new String[0]));
        System.out.println("default via Impl " + Impl.class.getMethod("open").invoke(new Impl()));
        System.out.println("WithPrivate methods " + methodNames(WithPrivate.class));

        Supplier<String> lambda = () -> "lambda";
        Class<?> lc = lambda.getClass();
        System.out.println("lambda hidden " + lc.isHidden() + " synthetic " + lc.isSynthetic()
                + " anonymous " + lc.isAnonymousClass() + " interfaces " + Arrays.toString(lc.getInterfaces())
                + " methods " + methodNames(lc) + " simple name has $$Lambda " + lc.getSimpleName().contains("$$Lambda$")
                + " name has slash " + lc.getName().contains("/") + " canonical " + lc.getCanonicalName());
        try {
            Class.forName(lc.getName());
        } catch (ClassNotFoundException e) {
            System.out.println("forName of a hidden class: ClassNotFoundException");
        }
        Method get = lc.getDeclaredMethod("get");
        get.setAccessible(true);
        System.out.println("invoke lambda method " + get.invoke(lambda));

        Function<String, Integer> ser = (Function<String, Integer> & Serializable) String::length;
        Method writeReplace = ser.getClass().getDeclaredMethod("writeReplace");
        writeReplace.setAccessible(true);
        java.lang.invoke.SerializedLambda sl = (java.lang.invoke.SerializedLambda) writeReplace.invoke(ser);
        System.out.println("SerializedLambda " + sl.getCapturingClass() + " " + sl.getFunctionalInterfaceClass()
                + "." + sl.getFunctionalInterfaceMethodName() + sl.getFunctionalInterfaceMethodSignature()
                + " impl " + sl.getImplClass() + "." + sl.getImplMethodName() + sl.getImplMethodSignature()
                + " kind " + MethodHandleInfo.referenceKindToString(sl.getImplMethodKind())
                + " instantiated " + sl.getInstantiatedMethodType() + " captured " + sl.getCapturedArgCount());

        MethodHandles.Lookup lookup = MethodHandles.lookup();
        Method concat = String.class.getMethod("concat", String.class);
        MethodHandle mh = lookup.unreflect(concat);
        System.out.println("unreflect " + mh.type() + " -> " + (String) mh.invokeExact("ab", "cd"));
        MethodHandleInfo info = lookup.revealDirect(mh);
        System.out.println("info " + info + " kind " + MethodHandleInfo.referenceKindToString(info.getReferenceKind())
                + " reflectAs " + info.reflectAs(Method.class, lookup));
        Field f = Holder.class.getDeclaredField("value");
        MethodHandle getter = lookup.unreflectGetter(f);
        MethodHandle setter = lookup.unreflectSetter(f);
        Holder h = new Holder();
        setter.invoke(h, 41);
        System.out.println("unreflect field " + getter.invoke(h) + " " + getter.type() + " " + setter.type());
        Constructor<Holder> hc = Holder.class.getDeclaredConstructor();
        System.out.println("unreflectConstructor " + lookup.unreflectConstructor(hc).type()
                + " reflectAs " + MethodHandles.reflectAs(Constructor.class, lookup.unreflectConstructor(hc)));
        Method virtual = Holder.class.getDeclaredMethod("describe");
        System.out.println("unreflect virtual dispatch " + lookup.unreflect(virtual).invoke(new SubHolder()));
        try {
            lookup.unreflectSpecial(virtual, Holder.class);
        } catch (IllegalAccessException e) {
            String msg = e.getMessage();
            System.out.println("unreflectSpecial from another class: " + msg.substring(0, msg.indexOf(" (unnamed module")));
        }
        Method m = Holder.class.getDeclaredMethod("describe");
        System.out.println("same Method objects equal " + m.equals(virtual) + " identical " + (m == virtual)
                + " hash " + (m.hashCode() == virtual.hashCode()));
    }

    static boolean hasMethod(Method[] ms, String name) {
        for (Method m : ms) if (m.getName().equals(name)) return true;
        return false;
    }

    static class Holder {
        int value;
        String describe() { return "holder"; }
    }

    static class SubHolder extends Holder {
        @Override String describe() { return "sub"; }
    }
}
