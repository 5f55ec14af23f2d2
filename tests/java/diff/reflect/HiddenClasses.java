package diff.reflect;

import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.function.Supplier;

// Reflection on hidden classes (Lookup.defineHiddenClass, lambda proxies):
// names, isHidden, trusted final fields that setAccessible cannot make
// writable, invocation, and their frames hidden from StackWalker and from
// exception stack traces.
public class HiddenClasses {
    public static class Template implements Supplier<String> {
        public final int finalField = 1;
        public int plainField = 2;
        public static int staticField = 3;
        // No lambdas here: a lambda in a hidden class copied from these bytes
        // would name the original class by its hidden name (NoClassDefFoundError
        // on HotSpot too).
        public String get() {
            return "frames default " + top3(StackWalker.getInstance())
                    + " show hidden " + top3(StackWalker.getInstance(StackWalker.Option.SHOW_HIDDEN_FRAMES));
        }
        static List<String> top3(StackWalker w) {
            final List<String> out = new java.util.ArrayList<>();
            w.forEach(new java.util.function.Consumer<StackWalker.StackFrame>() {
                public void accept(StackWalker.StackFrame f) {
                    if (out.size() < 3) out.add(f.getMethodName());
                }
            });
            return out;
        }
        public void fail() { throw new IllegalStateException("from hidden class"); }
    }

    // Hidden class names end with an address, and lambda proxies carry a
    // VM-wide counter: keep the stable parts.
    static String stable(String name) {
        String s = name.replaceAll("\\$\\$Lambda\\$\\d+", "\\$\\$Lambda\\$<n>");
        return s.replaceAll("[/.]0x[0-9a-f]+", "/<id>");
    }

    public static void main(String[] args) throws Throwable {
        byte[] bytes;
        try (InputStream in = HiddenClasses.class.getResourceAsStream("HiddenClasses$Template.class")) {
            bytes = in.readAllBytes();
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(bytes, true);
        Class<?> hidden = lookup.lookupClass();
        System.out.println("name " + stable(hidden.getName()) + " hidden " + hidden.isHidden()
                + " nest host is itself " + (hidden.getNestHost() == hidden) + " same as template " + (hidden == Template.class)
                + " mods " + Modifier.toString(hidden.getModifiers()));
        try {
            System.out.println("simple name " + stable(hidden.getSimpleName()));
        } catch (IncompatibleClassChangeError e) {
            // The copy names HiddenClasses as its outer class, which does not list it.
            System.out.println("simple name: " + e.getClass().getName() + ": " + stable(e.getMessage()));
        }
        try {
            System.out.println("canonical name " + hidden.getCanonicalName());
        } catch (IncompatibleClassChangeError e) {
            System.out.println("canonical name: " + e.getClass().getName());
        }
        System.out.println("descriptor " + stable(hidden.descriptorString()) + " array type " + hidden.arrayType().getComponentType().isHidden());
        Object o = hidden.getConstructor().newInstance();
        @SuppressWarnings("unchecked")
        Supplier<String> s = (Supplier<String>) o;
        System.out.println("invoke through interface: " + s.get());
        System.out.println("invoke reflectively: " + hidden.getMethod("get").invoke(o));
        Field fin = hidden.getField("finalField");
        fin.setAccessible(true);
        try {
            fin.setInt(o, 10);
            System.out.println("final field of hidden class set: " + fin.getInt(o));
        } catch (IllegalAccessException e) {
            System.out.println("final field of hidden class: " + stable(e.getMessage()));
        }
        Field tfin = Template.class.getField("finalField");
        Template t = new Template();
        tfin.setAccessible(true);
        tfin.setInt(t, 10);
        System.out.println("final field of normal class set: " + tfin.getInt(t));
        Field plain = hidden.getField("plainField");
        plain.setInt(o, 20);
        System.out.println("plain field " + plain.getInt(o) + " static " + hidden.getField("staticField").getInt(null));
        try {
            hidden.getMethod("fail").invoke(o);
        } catch (java.lang.reflect.InvocationTargetException e) {
            StackTraceElement top = e.getCause().getStackTrace()[0];
            System.out.println("exception from hidden class, top frame " + stable(top.getClassName()) + "." + top.getMethodName());
        }
        try {
            Class.forName(hidden.getName());
        } catch (ClassNotFoundException e) {
            System.out.println("forName: " + stable(e.getMessage()));
        }
        Runnable lambda = () -> {};
        Field[] lambdaFields = lambda.getClass().getDeclaredFields();
        System.out.println("capturing-free lambda fields " + lambdaFields.length);
        String captured = "captured";
        Supplier<String> cap = () -> captured;
        Field arg = cap.getClass().getDeclaredFields()[0];
        System.out.println("lambda field " + Modifier.toString(arg.getModifiers()) + " " + arg.getType().getSimpleName());
        arg.setAccessible(true);
        System.out.println("lambda field value " + arg.get(cap));
        try {
            arg.set(cap, "changed");
            System.out.println("lambda field changed " + cap.get());
        } catch (IllegalAccessException e) {
            System.out.println("lambda final field: " + stable(e.getMessage()));
        }
    }
}
