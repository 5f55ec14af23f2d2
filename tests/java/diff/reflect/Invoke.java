package diff.reflect;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

// Method.invoke and Constructor.newInstance: argument conversion, wrong
// argument counts and types, access checks, and InvocationTargetException
// wrapping (cause, message, printed stack trace).
public class Invoke {
    public static class Target {
        public int base;
        public Target() { base = 1; }
        public Target(int b) { base = b; }
        public Target(String s) { throw new IllegalStateException(s); }
        protected Target(long l) { base = (int) l; }
        public int add(int a, int b) { return base + a + b; }
        public long widen(long x, double d) { return x + (long) d; }
        public static String concat(String a, Object b) { return new StringBuilder(a).append(b).toString(); }
        public void fail(String why) { throw new UnsupportedOperationException(why); }
        public void failChecked() throws Exception { throw new Exception("checked"); }
        public void failError() { throw new AssertionError("assertion"); }
        public static int deep(int n) { if (n == 0) throw new ArithmeticException("bottom"); return deep(n - 1); }
        private String priv() { return "private"; }
        public String varargs(int x, String... rest) { return new StringBuilder().append(x).append(':').append(rest.length).toString(); }
        public char ch(char c) { return Character.toUpperCase(c); }
        public boolean not(boolean z) { return !z; }
        public void nothing() {}
        public Object echo(Object o) { return o; }
        public int throwsNpe() { String s = null; return s.length(); }
        @Override public String toString() { return new StringBuilder("Target").append(base).toString(); }
    }

    public static class Sub extends Target {
        @Override public int add(int a, int b) { return 1000 + a + b; }
    }

    public static abstract class Abstract { public Abstract() {} }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    interface Action { Object run() throws Exception; }

    static void attempt(String what, Action a) {
        try {
            Object r = a.run();
            System.out.println(cat(what, ": ok ", r));
        } catch (InvocationTargetException e) {
            System.out.println(cat(what, ": ITE message=", e.getMessage(), " cause=", e.getCause(),
                    " target same=", e.getTargetException() == e.getCause()));
        } catch (Throwable t) {
            System.out.println(cat(what, ": ", t.getClass().getName(), ": ", t.getMessage()));
        }
    }

    public static void main(String[] args) throws Exception {
        final Target t = new Target(5);
        final Class<Target> c = Target.class;
        final Method add = c.getMethod("add", int.class, int.class);
        attempt("add", new Action() { public Object run() throws Exception { return add.invoke(t, 1, 2); } });
        attempt("add widened byte/short", new Action() { public Object run() throws Exception { return add.invoke(t, (byte) 1, (short) 2); } });
        attempt("add char", new Action() { public Object run() throws Exception { return add.invoke(t, 'a', 0); } });
        attempt("add long", new Action() { public Object run() throws Exception { return add.invoke(t, 1L, 2); } });
        attempt("add String", new Action() { public Object run() throws Exception { return add.invoke(t, "1", 2); } });
        attempt("add null arg", new Action() { public Object run() throws Exception { return add.invoke(t, null, 2); } });
        attempt("add too few", new Action() { public Object run() throws Exception { return add.invoke(t, 1); } });
        attempt("add too many", new Action() { public Object run() throws Exception { return add.invoke(t, 1, 2, 3); } });
        attempt("add null args array", new Action() { public Object run() throws Exception { return add.invoke(t, (Object[]) null); } });
        attempt("add null receiver", new Action() { public Object run() throws Exception { return add.invoke(null, 1, 2); } });
        attempt("add wrong receiver", new Action() { public Object run() throws Exception { return add.invoke("str", 1, 2); } });
        attempt("add virtual dispatch", new Action() { public Object run() throws Exception { return add.invoke(new Sub(), 1, 2); } });
        final Method widen = c.getMethod("widen", long.class, double.class);
        attempt("widen int/float", new Action() { public Object run() throws Exception { return widen.invoke(t, 3, 2.5f); } });
        attempt("widen char/long", new Action() { public Object run() throws Exception { return widen.invoke(t, 'b', 10L); } });
        attempt("widen boolean", new Action() { public Object run() throws Exception { return widen.invoke(t, true, 1.0); } });
        final Method concat = c.getMethod("concat", String.class, Object.class);
        attempt("static concat", new Action() { public Object run() throws Exception { return concat.invoke(null, "a", 1); } });
        attempt("static concat ignored receiver", new Action() { public Object run() throws Exception { return concat.invoke("ignored", "b", null); } });
        attempt("static concat wrong type", new Action() { public Object run() throws Exception { return concat.invoke(null, 1, 1); } });
        final Method fail = c.getMethod("fail", String.class);
        attempt("fail", new Action() { public Object run() throws Exception { return fail.invoke(t, "why"); } });
        attempt("failChecked", new Action() { public Object run() throws Exception { return c.getMethod("failChecked").invoke(t); } });
        attempt("failError", new Action() { public Object run() throws Exception { return c.getMethod("failError").invoke(t); } });
        attempt("throwsNpe", new Action() { public Object run() throws Exception { return c.getMethod("throwsNpe").invoke(t); } });
        attempt("priv", new Action() { public Object run() throws Exception { return c.getDeclaredMethod("priv").invoke(t); } });
        attempt("varargs", new Action() { public Object run() throws Exception {
            return c.getMethod("varargs", int.class, String[].class).invoke(t, 1, new String[] {"a", "b"}); } });
        attempt("varargs not spread", new Action() { public Object run() throws Exception {
            return c.getMethod("varargs", int.class, String[].class).invoke(t, 1, "a", "b"); } });
        attempt("ch", new Action() { public Object run() throws Exception { return c.getMethod("ch", char.class).invoke(t, 'q'); } });
        attempt("ch from int", new Action() { public Object run() throws Exception { return c.getMethod("ch", char.class).invoke(t, 113); } });
        attempt("not", new Action() { public Object run() throws Exception { return c.getMethod("not", boolean.class).invoke(t, false); } });
        attempt("nothing", new Action() { public Object run() throws Exception { return c.getMethod("nothing").invoke(t); } });
        attempt("echo array", new Action() { public Object run() throws Exception {
            return ((int[]) c.getMethod("echo", Object.class).invoke(t, new int[] {4})).length; } });
        attempt("toString inherited", new Action() { public Object run() throws Exception { return Object.class.getMethod("toString").invoke(t); } });
        attempt("hashCode of Integer", new Action() { public Object run() throws Exception { return Object.class.getMethod("hashCode").invoke(77); } });
        attempt("String.length", new Action() { public Object run() throws Exception { return String.class.getMethod("length").invoke("hello"); } });
        attempt("Math.max", new Action() { public Object run() throws Exception { return Math.class.getMethod("max", int.class, int.class).invoke(null, 3, 9); } });
        attempt("ctor ()", new Action() { public Object run() throws Exception { return c.getConstructor().newInstance(); } });
        attempt("ctor (int)", new Action() { public Object run() throws Exception { return c.getConstructor(int.class).newInstance((short) 7); } });
        attempt("ctor (int) wrong", new Action() { public Object run() throws Exception { return c.getConstructor(int.class).newInstance("x"); } });
        attempt("ctor (int) count", new Action() { public Object run() throws Exception { return c.getConstructor(int.class).newInstance(); } });
        attempt("ctor throws", new Action() { public Object run() throws Exception { return c.getConstructor(String.class).newInstance("ctor boom"); } });
        attempt("ctor protected", new Action() { public Object run() throws Exception { return c.getDeclaredConstructor(long.class).newInstance(9L); } });
        attempt("getConstructor protected", new Action() { public Object run() throws Exception { return c.getConstructor(long.class); } });
        attempt("abstract ctor", new Action() { public Object run() throws Exception { return Abstract.class.getConstructor().newInstance(); } });
        attempt("Class.newInstance", new Action() { public Object run() throws Exception { return c.newInstance(); } });
        attempt("interface newInstance", new Action() { public Object run() throws Exception { return Runnable.class.newInstance(); } });
        attempt("getMethod missing", new Action() { public Object run() throws Exception { return c.getMethod("nope", int.class); } });
        attempt("getMethod wrong params", new Action() { public Object run() throws Exception { return c.getMethod("add", long.class, int.class); } });
        attempt("getConstructor missing", new Action() { public Object run() throws Exception { return c.getConstructor(double.class); } });
        for (int i = 0; i < 20; i++) add.invoke(t, i, i);  // past the inflation threshold
        attempt("add after inflation", new Action() { public Object run() throws Exception { return add.invoke(t, 1, 2); } });
        for (int i = 0; i < 20; i++) {
            try { fail.invoke(t, "again"); } catch (InvocationTargetException e) { }
        }
        attempt("fail after inflation", new Action() { public Object run() throws Exception { return fail.invoke(t, "late"); } });
        attempt("add wrong after inflation", new Action() { public Object run() throws Exception { return add.invoke(t, "1", 2); } });
        attempt("add count after inflation", new Action() { public Object run() throws Exception { return add.invoke(t, 1); } });
        try {
            c.getMethod("deep", int.class).invoke(null, 3);
        } catch (InvocationTargetException e) {
            System.out.println("printStackTrace of ITE:");
            e.printStackTrace(System.out);
        }
        try {
            c.getConstructor(String.class).newInstance("printed");
        } catch (InvocationTargetException e) {
            System.out.println("cause stack trace:");
            e.getCause().printStackTrace(System.out);
        }
    }
}
