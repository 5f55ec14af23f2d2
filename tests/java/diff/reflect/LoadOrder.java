package diff.reflect;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

// The order in which the VM asks a class loader for classes (issue 13: a
// profile of an application with its own loader, Rhino's, has these calls
// in it): while defining a class, its direct superinterfaces in declaration
// order and then its superclass, as HotSpot's class file parser resolves
// them; then what reflection and the class's own code resolve, each name
// once per initiating loader.
public class LoadOrder {
    public interface First {}
    public interface Second extends First {}
    public static class Base {}
    public static class Arg {}
    public static class Used { public static int value = 42; }

    public static class Defined extends Base implements Second, First {
        public Defined() {}
        public Defined(Arg a) {}
        static final int SEEN = Used.value;
    }

    static final class Logging extends ClassLoader {
        final List<String> asked = new ArrayList<>();

        Logging(ClassLoader parent) { super("logging", parent); }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (name.startsWith("diff.reflect.LoadOrder$")) asked.add(name.substring(23));
                Class<?> c = findLoadedClass(name);
                if (c == null && name.endsWith("$Defined")) c = findClass(name);
                if (c == null) c = super.loadClass(name, false);
                return c;
            }
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) throw new ClassNotFoundException(name);
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }

        String drain() {
            String s = asked.toString();
            asked.clear();
            return s;
        }
    }

    public static void main(String[] args) throws Exception {
        Logging loader = new Logging(LoadOrder.class.getClassLoader());
        Class<?> c = Class.forName("diff.reflect.LoadOrder$Defined", false, loader);
        System.out.println("defined: " + loader.drain());
        System.out.println("constructors: " + c.getDeclaredConstructors().length + " " + loader.drain());
        Object o = c.getConstructor().newInstance();
        System.out.println("initialized: " + loader.drain());
        System.out.println("again: " + (Class.forName("diff.reflect.LoadOrder$Defined", true, loader) == c)
                + " " + loader.drain() + " " + (o instanceof Second));
    }
}
