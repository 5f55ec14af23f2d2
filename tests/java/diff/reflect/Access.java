package diff.reflect;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

// Reflection access checks between top-level classes of one package (not
// nestmates): private, package and protected members, setAccessible,
// canAccess, and the IllegalAccessException messages.
public class Access {
    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    interface Action { Object run() throws Exception; }

    static void attempt(String what, Action a) {
        try {
            System.out.println(cat(what, ": ok ", a.run()));
        } catch (Exception e) {
            System.out.println(cat(what, ": ", e.getClass().getName(), ": ", e.getMessage()));
        }
    }

    static class Nested {
        private int nestedSecret = 9;
        private static String nestedStatic() { return "nested private static"; }
    }

    public static void main(String[] args) throws Exception {
        final AccessOther o = new AccessOther();
        final Class<?> c = AccessOther.class;
        attempt("private field get", new Action() { public Object run() throws Exception { return c.getDeclaredField("secret").get(o); } });
        attempt("private field set", new Action() { public Object run() throws Exception { c.getDeclaredField("secret").setInt(o, 2); return null; } });
        attempt("private static field", new Action() { public Object run() throws Exception { return c.getDeclaredField("S").get(null); } });
        attempt("package field", new Action() { public Object run() throws Exception { return c.getDeclaredField("pkg").get(o); } });
        attempt("protected field", new Action() { public Object run() throws Exception { return c.getDeclaredField("prot").get(o); } });
        attempt("private method", new Action() { public Object run() throws Exception { return c.getDeclaredMethod("hidden").invoke(o); } });
        attempt("private static method", new Action() { public Object run() throws Exception { return c.getDeclaredMethod("hiddenStatic", int.class).invoke(null, 4); } });
        attempt("private ctor", new Action() { public Object run() throws Exception { return c.getDeclaredConstructor(String.class).newInstance("x"); } });
        attempt("package ctor", new Action() { public Object run() throws Exception { return c.getDeclaredConstructor(int.class).newInstance(3); } });
        attempt("private class ctor", new Action() { public Object run() throws Exception {
            return Class.forName("diff.reflect.AccessOther$PrivateInner").getDeclaredConstructor().newInstance(); } });
        attempt("nestmate private field", new Action() { public Object run() throws Exception { return Nested.class.getDeclaredField("nestedSecret").get(new Nested()); } });
        attempt("nestmate private method", new Action() { public Object run() throws Exception { return Nested.class.getDeclaredMethod("nestedStatic").invoke(null); } });
        Field secret = c.getDeclaredField("secret");
        System.out.println(cat("canAccess before ", secret.canAccess(o), " isAccessible ", secret.isAccessible()));
        secret.setAccessible(true);
        System.out.println(cat("canAccess after ", secret.canAccess(o), " value ", secret.get(o)));
        try {
            secret.canAccess(null);
        } catch (IllegalArgumentException e) {
            System.out.println(cat("canAccess(null) on instance field: ", e.getMessage()));
        }
        Method hidden = c.getDeclaredMethod("hidden");
        System.out.println(cat("trySetAccessible ", hidden.trySetAccessible(), " invoke ", hidden.invoke(o)));
        Constructor<?> pc = c.getDeclaredConstructor(String.class);
        pc.setAccessible(true);
        System.out.println(cat("private ctor accessible ", pc.newInstance("made")));
        Method protStatic = c.getDeclaredMethod("protStatic");
        System.out.println(cat("protected static ", protStatic.invoke(null)));
        AccessibleObjectsHelper.setAll(c.getDeclaredFields());
        System.out.println(cat("after setAccessible(array) pkg=", c.getDeclaredField("pkg").isAccessible()));
        System.out.println(cat("public class public member of package-private class: ",
                AccessOther.class.getMethod("pub").invoke(o)));
    }
}

class AccessOther {
    private int secret = 1;
    private static final String S = "static secret";
    int pkg = 2;
    protected int prot = 3;
    AccessOther() {}
    private AccessOther(String s) { secret = s.length(); }
    AccessOther(int i) { pkg = i; }
    private String hidden() { return "hidden"; }
    private static int hiddenStatic(int x) { return x * x; }
    protected static String protStatic() { return "protected static"; }
    public String pub() { return "pub"; }
    public String toString() { return new StringBuilder("AccessOther(").append(secret).append(',').append(pkg).append(')').toString(); }

    private static class PrivateInner {
        private PrivateInner() {}
    }
}

class AccessibleObjectsHelper {
    static void setAll(java.lang.reflect.AccessibleObject[] objs) {
        java.lang.reflect.AccessibleObject.setAccessible(objs, true);
    }
}
