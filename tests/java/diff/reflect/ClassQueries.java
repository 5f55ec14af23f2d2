package diff.reflect;

import java.io.Serializable;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

// java.lang.Class queries that need no member reflection: names of every
// shape, supertypes, interfaces, isInstance/isAssignableFrom/cast, component
// types, arrayType, descriptorString, packages and modules.
public class ClassQueries {
    interface A {}
    interface B extends A {}
    static class Base implements B, Serializable {}
    static class Derived extends Base implements Cloneable, RandomAccess {}

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static void show(Class<?> c) {
        System.out.println(cat(c, " | name=", c.getName(), " simple=", c.getSimpleName(),
                " canonical=", c.getCanonicalName(), " type=", c.getTypeName()));
        System.out.println(cat("    super=", c.getSuperclass(), " interfaces=", Arrays.toString(c.getInterfaces()),
                " component=", c.getComponentType(), " componentType=", c.componentType(),
                " descriptor=", c.descriptorString()));
        System.out.println(cat("    interface=", c.isInterface(), " array=", c.isArray(), " primitive=", c.isPrimitive(),
                " annotation=", c.isAnnotation(), " enum=", c.isEnum(), " record=", c.isRecord(),
                " hidden=", c.isHidden(), " package=", c.getPackageName()));
    }

    public static void main(String[] args) throws Exception {
        Class<?>[] cs = {int.class, void.class, boolean.class, Integer.class, String.class, Object.class,
                int[].class, String[][].class, A.class, B.class, Base.class, Derived.class, Derived[].class,
                List.class, ArrayList.class, AbstractList.class, Thread.State.class, Override.class,
                java.util.Map.Entry.class, Runnable[].class, ClassQueries.class};
        for (Class<?> c : cs) show(c);
        Object[] objs = {1, "s", new Derived(), new int[0], null, new Base[0], new Derived[0]};
        Class<?>[] targets = {Object.class, Integer.class, Number.class, A.class, Serializable.class, Cloneable.class,
                int[].class, Object[].class, Base[].class, int.class};
        for (Class<?> t : targets) {
            StringBuilder sb = new StringBuilder(t.getSimpleName()).append(".isInstance:");
            for (Object o : objs) sb.append(' ').append(t.isInstance(o));
            System.out.println(sb);
        }
        for (Class<?> t : targets) {
            StringBuilder sb = new StringBuilder(t.getSimpleName()).append(".isAssignableFrom:");
            for (Class<?> c : cs) sb.append(' ').append(t.isAssignableFrom(c) ? 1 : 0);
            System.out.println(sb);
        }
        System.out.println(cat("cast ok ", Number.class.cast(5), " null ", String.class.cast(null)));
        try {
            Integer.class.cast("str");
        } catch (ClassCastException e) {
            System.out.println(cat("cast fails: ", e.getMessage()));
        }
        try {
            int.class.cast(5);
        } catch (ClassCastException e) {
            System.out.println(cat("cast to int: ", e.getMessage()));
        }
        System.out.println(cat("asSubclass ok ", Integer.class.asSubclass(Number.class)));
        try {
            String.class.asSubclass(Number.class);
        } catch (ClassCastException e) {
            System.out.println(cat("asSubclass fails: ", e.getMessage()));
        }
        System.out.println(cat("arrayType ", int.class.arrayType(), " ", String[].class.arrayType().getName()));
        try {
            void.class.arrayType();
        } catch (IllegalArgumentException e) {
            System.out.println(cat("void arrayType: ", e));
        }
        System.out.println(cat("wrapper TYPE ", Integer.TYPE, " ", Void.TYPE, " same ", Integer.TYPE == int.class));
        System.out.println(cat("package ", Derived.class.getPackage().getName(),
                " int package ", int.class.getPackage(), " array package ", int[].class.getPackage()));
        System.out.println(cat("desiredAssertionStatus ", Derived.class.desiredAssertionStatus()));
        System.out.println(cat("getClass of class ", Class.class.getClass(), " ", int.class.getClass()));
        System.out.println(cat("enclosing of array ", Derived[].class.getEnclosingClass(), " declaring ", Derived[].class.getDeclaringClass()));
        System.out.println(cat("signers ", Derived.class.getSigners(), " ", String.class.getSigners()));
        System.out.println(cat("protection domain same ", Derived.class.getProtectionDomain() == ClassQueries.class.getProtectionDomain()));
        System.out.println(cat("resource ", ClassQueries.class.getResource("ClassQueries.class") != null,
                " missing ", ClassQueries.class.getResource("Nope.class")));
        System.out.println(cat("describeConstable ", int[].class.describeConstable().get().displayName(), " ",
                Derived.class.describeConstable().get().descriptorString()));
    }
}
