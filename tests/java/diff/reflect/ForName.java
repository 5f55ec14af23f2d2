package diff.reflect;

// Class.forName with and without initialization, through loaders; class
// literals do not initialize; errors for missing and malformed names.
public class ForName {
    static StringBuilder log = new StringBuilder();

    public static class Lazy {
        static { log.append("[Lazy init]"); }
        public static int value = 5;
    }

    public static class Lazy2 {
        static { log.append("[Lazy2 init]"); }
    }

    public static class Lazy3 {
        static { log.append("[Lazy3 init]"); }
    }

    public static class Failing {
        static {
            if (true) throw new IllegalStateException("boom in clinit");
        }
    }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static void tryName(String name, boolean init, ClassLoader loader) {
        try {
            Class<?> c = Class.forName(name, init, loader);
            System.out.println(cat("forName(", name, ", ", init, ") -> ", c.getName(), " loader null? ", c.getClassLoader() == null));
        } catch (ClassNotFoundException e) {
            System.out.println(cat("forName(", name, ") CNFE ", e.getMessage()));
        } catch (Throwable t) {
            System.out.println(cat("forName(", name, ") ", t));
            if (t.getCause() != null) System.out.println(cat("   cause ", t.getCause()));
        }
    }

    public static void main(String[] args) throws Exception {
        ClassLoader app = ForName.class.getClassLoader();
        System.out.println(cat("app loader null? ", app == null, " same as system ", app == ClassLoader.getSystemClassLoader()));
        Class<?> c = Lazy.class;
        System.out.println(cat("after literal: ", log));
        Class<?> c2 = Class.forName("diff.reflect.ForName$Lazy", false, app);
        System.out.println(cat("after forName(false): ", log, " same ", c == c2));
        Class.forName("diff.reflect.ForName$Lazy");
        System.out.println(cat("after forName: ", log));
        Class.forName("diff.reflect.ForName$Lazy2", true, app);
        System.out.println(cat("after forName(true): ", log));
        Class<?> l3 = app.loadClass("diff.reflect.ForName$Lazy3");
        System.out.println(cat("after loadClass: ", log, " ", l3.getSimpleName()));
        l3.getDeclaredFields();
        System.out.println(cat("after getDeclaredFields: ", log));
        l3.getDeclaredConstructor().newInstance();
        System.out.println(cat("after newInstance: ", log));
        tryName("java.lang.String", true, null);
        tryName("java.util.ArrayList", false, app);
        tryName("[I", false, null);
        tryName("[[Ljava.lang.String;", true, app);
        tryName("[Ldiff.reflect.ForName$Lazy;", true, app);
        tryName("int", true, null);
        tryName("diff.reflect.NoSuchClass", true, app);
        tryName("java/lang/String", true, null);
        tryName("[L;", true, null);
        tryName("[Ljava.lang.String", true, null);
        tryName("", true, null);
        tryName("diff.reflect.ForName$Lazy", true, null);
        tryName("diff.reflect.ForName$Failing", false, app);
        tryName("diff.reflect.ForName$Failing", true, app);
        tryName("diff.reflect.ForName$Failing", true, app);
        try {
            Class.forName(null);
        } catch (NullPointerException e) {
            System.out.println("forName(null) NPE");
        }
        System.out.println(cat("String loader ", String.class.getClassLoader()));
        System.out.println(cat("platform parent of app ", app.getParent() == ClassLoader.getPlatformClassLoader()));
        System.out.println(cat("int[] loader ", int[].class.getClassLoader()));
        System.out.println(cat("Lazy[] loader is app ", Lazy[].class.getClassLoader() == app));
        System.out.println(cat("Lazy.value ", Lazy.value));
        System.out.println(cat("arrays: ", Class.forName("[J").getComponentType(), " ",
                Class.forName("[[Ljava.lang.Object;").getSimpleName()));
    }
}
