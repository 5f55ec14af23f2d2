package diff.reflect;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

// Reflection at the module boundary: java.base is a named module that does
// not open java.lang to the unnamed module, so deep reflection on its
// private members fails, and access messages name the module.
public class Modules {
    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    // InaccessibleObjectException messages end with the unnamed module's
    // identity hash: print the stable part.
    static String stable(String m) {
        int i = m.indexOf(" to unnamed module");
        return i < 0 ? m : m.substring(0, i);
    }

    public static void main(String[] args) throws Exception {
        Class<?>[] cs = {String.class, int.class, int[].class, String[].class, Modules.class, Modules[].class,
                java.util.List.class, Thread.State.class};
        for (Class<?> c : cs) {
            Module m = c.getModule();
            System.out.println(cat(c.getName(), " module named=", m.isNamed(), " name=", m.getName(),
                    " same as app unnamed=", m == Modules.class.getModule()));
        }
        Module base = String.class.getModule();
        Module me = Modules.class.getModule();
        System.out.println(cat("java.base descriptor ", base.getDescriptor().name(), " open ", base.getDescriptor().isOpen()));
        System.out.println(cat("exports java.lang ", base.isExported("java.lang"), " to me ", base.isExported("java.lang", me)));
        System.out.println(cat("opens java.lang to me ", base.isOpen("java.lang", me)));
        System.out.println(cat("exports jdk.internal.misc ", base.isExported("jdk.internal.misc")));
        System.out.println(cat("me named ", me.isNamed(), " reads java.base ", me.canRead(base)));
        System.out.println(cat("String package ", String.class.getPackage().getName(),
                " Thread package ", Thread.class.getPackage().getName()));
        System.out.println(cat("layer has java.base ", ModuleLayer.boot().findModule("java.base").isPresent()));

        Field value = String.class.getDeclaredField("value");
        System.out.println(cat("String.value canAccess ", value.canAccess("x")));
        try {
            value.setAccessible(true);
            System.out.println("String.value setAccessible: ok");
        } catch (RuntimeException e) {
            System.out.println(cat("String.value setAccessible: ", e.getClass().getName(), ": ", stable(e.getMessage())));
        }
        System.out.println(cat("String.hash trySetAccessible ", String.class.getDeclaredField("hash").trySetAccessible()));
        try {
            Object.class.getDeclaredMethod("clone").invoke(new Object());
        } catch (IllegalAccessException e) {
            System.out.println(cat("Object.clone invoke: ", e.getMessage()));
        }
        try {
            Object.class.getDeclaredMethod("clone").setAccessible(true);
            System.out.println("Object.clone setAccessible: ok");
        } catch (RuntimeException e) {
            System.out.println(cat("Object.clone setAccessible: ", e.getClass().getName(), ": ", stable(e.getMessage())));
        }
        try {
            Method m = String.class.getDeclaredMethod("isLatin1");
            m.invoke("x");
        } catch (IllegalAccessException e) {
            System.out.println(cat("String.isLatin1: ", e.getMessage()));
        }
        Method pub = String.class.getMethod("length");
        System.out.println(cat("public method trySetAccessible ", pub.trySetAccessible(), " invoke ", pub.invoke("four")));
        try {
            Class.forName("jdk.internal.misc.Unsafe").getMethod("getUnsafe").invoke(null);
        } catch (IllegalAccessException e) {
            System.out.println(cat("jdk.internal.misc.Unsafe.getUnsafe: ", stable(e.getMessage())));
        }
    }
}
