package diff.reflect;

import java.io.InputStream;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.function.Supplier;

// Reflection across class loaders: a child-first loader defines its own copy
// of a class; Class.forName through it (with and without initialization),
// members and annotations of the copy (Class-valued members resolved in the
// copy's loader), casts across loaders, proxies in a custom loader,
// findLoadedClass and getDefinedPackage.
public class Loaders {
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Ref { Class<?> value(); String note() default ""; }

    @Ref(value = Target.class, note = "self")
    public static class Target implements Supplier<String> {
        static { Loaders.log.append("[Target init by ").append(loaderName(Target.class)).append(']'); }
        public static int counter;
        @Ref(Helper.class) public Helper helper = new Helper();
        public String get() { counter++; return "target from " + loaderName(getClass()) + " helper from " + loaderName(helper.getClass()); }
    }

    public static class Helper {}

    public static final StringBuilder log = new StringBuilder();

    public static String loaderName(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        return l == null ? "boot" : l instanceof ChildFirst ? "child" : l == ClassLoader.getSystemClassLoader() ? "app" : "other";
    }

    static final class ChildFirst extends ClassLoader {
        ChildFirst(ClassLoader parent) { super("child-first", parent); }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null && (name.equals("diff.reflect.Loaders$Target") || name.equals("diff.reflect.Loaders$Helper"))) {
                    c = findClass(name);
                }
                if (c == null) c = super.loadClass(name, false);
                if (resolve) resolveClass(c);
                return c;
            }
        }

        Class<?> lookup(String name) { return findLoadedClass(name); }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            String path = name.replace('.', '/') + ".class";
            try (InputStream in = getParent().getResourceAsStream(path)) {
                if (in == null) throw new ClassNotFoundException(name);
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ClassLoader app = Loaders.class.getClassLoader();
        ChildFirst child = new ChildFirst(app);
        System.out.println("child name " + child.getName() + " parent is app " + (child.getParent() == app));
        Class<?> copy = Class.forName("diff.reflect.Loaders$Target", false, child);
        System.out.println("forName(false) through child: " + loaderName(copy) + " init log '" + log + "'");
        System.out.println("same as app's Target " + (copy == Target.class) + " same name " + copy.getName().equals(Target.class.getName()));
        System.out.println("findLoadedClass Target " + (findLoaded(child, "diff.reflect.Loaders$Target") == copy)
                + " Loaders " + findLoaded(child, "diff.reflect.Loaders"));
        Class.forName("diff.reflect.Loaders$Target", true, child);
        System.out.println("after forName(true): '" + log + "'");
        Object o = copy.getConstructor().newInstance();
        System.out.println("instanceof Supplier (shared interface) " + (o instanceof Supplier) + ": " + ((Supplier<?>) o).get());
        System.out.println("instanceof app Target " + (o instanceof Target) + " isInstance " + Target.class.isInstance(o));
        try {
            Target t = (Target) o;
            System.out.println("cast worked?! " + t);
        } catch (ClassCastException e) {
            System.out.println("cast across loaders: ClassCastException");
        }
        Ref ref = copy.getAnnotation(Ref.class);
        System.out.println("annotation type shared " + (ref.annotationType() == Ref.class) + " value is copy " + (ref.value() == copy)
                + " value loader " + loaderName(ref.value()) + " note " + ref.note());
        Ref fieldRef = copy.getField("helper").getAnnotation(Ref.class);
        System.out.println("field annotation value loader " + loaderName(fieldRef.value()) + " field type loader "
                + loaderName(copy.getField("helper").getType()));
        System.out.println("app Target annotation value loader " + loaderName(Target.class.getAnnotation(Ref.class).value()));
        copy.getField("counter").setInt(null, 40);
        Method get = copy.getMethod("get");
        get.invoke(o);
        System.out.println("static state separate: copy " + copy.getField("counter").getInt(null) + " app " + Target.counter);
        Supplier<?> proxy = (Supplier<?>) Proxy.newProxyInstance(child, new Class<?>[] {Supplier.class}, (p, m, a) -> "proxied");
        System.out.println("proxy in child loader: " + proxy.get() + " proxy class loader is child " + (proxy.getClass().getClassLoader() == child));
        System.out.println("package of copy " + copy.getPackage().getName() + " defined in child " + (child.getDefinedPackage("diff.reflect") != null)
                + " same Package object as app's " + (copy.getPackage() == Target.class.getPackage()));
        System.out.println("array class of copy loader " + loaderName(java.lang.reflect.Array.newInstance(copy, 0).getClass())
                + " component is copy " + (copy.arrayType().getComponentType() == copy));
        try {
            Class.forName("diff.reflect.NoSuch", true, child);
        } catch (ClassNotFoundException e) {
            System.out.println("missing through child: " + e.getMessage());
        }
        System.out.println("nest host of copy: from " + loaderName(copy.getNestHost()) + " is copy " + (copy.getNestHost() == copy));
        // The copy names Loaders (found through the parent) as its outer
        // class, but that Loaders lists the app's Target, not the copy.
        try {
            System.out.println("declaring class of copy " + copy.getDeclaringClass());
        } catch (IncompatibleClassChangeError e) {
            System.out.println("declaring class of copy: " + e);
        }
        try {
            System.out.println("simple name of copy " + copy.getSimpleName());
        } catch (IncompatibleClassChangeError e) {
            System.out.println("simple name of copy: " + e);
        }
        System.out.println("simple name of Helper copy through field type: " + loaderName(copy.getField("helper").getType()));
        System.out.println("log " + log);
        System.out.println("interfaces " + Arrays.toString(copy.getInterfaces()));
    }

    static Class<?> findLoaded(ClassLoader l, String name) throws Exception {
        // ClassLoader.findLoadedClass is protected: go through our subclass.
        return ((ChildFirst) l).lookup(name);
    }
}
