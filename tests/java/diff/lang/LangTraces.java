package diff.lang;

public class LangTraces {
    static class Boom extends RuntimeException {
        Boom(String m, Throwable cause) { super(m, cause); }
    }

    static void level3(int x) {
        if (x > 2) throw new IllegalStateException("level3 failed with " + x);
    }
    static void level2(int x) { level3(x + 1); }
    static void level1(int x) {
        try {
            level2(x + 1);
        } catch (IllegalStateException e) {
            throw new Boom("wrapped in level1", e);
        }
    }

    class Inner {
        void run() { throw new UnsupportedOperationException("inner"); }
    }

    static int divide(int a, int b) { return a / b; }

    interface Thrower { void go() throws Exception; }

    static void suppressedDemo() throws Exception {
        Exception main = new Exception("main");
        main.addSuppressed(new RuntimeException("first suppressed"));
        main.addSuppressed(new IllegalArgumentException("second", new Error("cause of second")));
        throw main;
    }

    static void dump(Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        System.out.println("trace of " + t + ": " + st.length + " frames");
        for (StackTraceElement e : st) {
            System.out.println("  " + e.getClassName() + " " + e.getMethodName() + " " + e.getFileName() + " " + e.getLineNumber()
                + " native=" + e.isNativeMethod() + " str=" + e);
        }
    }

    public static void main(String[] args) throws Exception {
        try {
            level1(1);
        } catch (Boom e) {
            e.printStackTrace();
            dump(e);
            dump(e.getCause());
        }
        try {
            new LangTraces().new Inner().run();
        } catch (UnsupportedOperationException e) {
            e.printStackTrace();
        }
        try {
            divide(1, 0);
        } catch (ArithmeticException e) {
            e.printStackTrace();
        }
        try {
            new Thrower() {
                public void go() throws Exception { suppressedDemo(); }
            }.go();
        } catch (Exception e) {
            e.printStackTrace();
        }
        Throwable made = new Throwable("constructed, not thrown");
        made.printStackTrace();
        Exception custom = new Exception("custom trace");
        custom.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("a.B", "m", "B.java", 10),
            new StackTraceElement("c.D", "n", null, -1),
            new StackTraceElement("e.F", "native0", "F.java", -2)});
        custom.printStackTrace();
        System.out.println("stdout still works");
        System.err.println("stderr line");
        Exception deep = new Exception("deep");
        for (int i = 0; i < 3; i++) deep = new Exception("level " + i, deep);
        deep.printStackTrace();
        System.err.flush();
        level1(5);
    }
}
