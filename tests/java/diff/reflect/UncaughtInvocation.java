package diff.reflect;

import java.lang.reflect.Method;

// An InvocationTargetException escaping main: the default handler prints the
// trace with "Caused by:" and "... n more" to stderr, exit code 1. Before
// that, a suppressed exception and a custom cause chain through reflection.
public class UncaughtInvocation {
    public static void level3(int x) {
        if (x > 0) {
            try {
                throw new IllegalStateException("inner");
            } catch (IllegalStateException e) {
                RuntimeException r = new RuntimeException("wrapped", e);
                r.addSuppressed(new IllegalArgumentException("suppressed"));
                throw r;
            }
        }
    }

    public static void level2(int x) throws Exception {
        Method m = UncaughtInvocation.class.getMethod("level3", int.class);
        m.invoke(null, x);
    }

    public static void level1() throws Exception {
        UncaughtInvocation.class.getMethod("level2", int.class).invoke(null, 1);
    }

    public static void main(String[] args) throws Exception {
        try {
            level1();
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println("caught outer ITE; cause chain:");
            Throwable t = e;
            while (t != null) {
                System.out.println(new StringBuilder("  ").append(t.getClass().getName()).append(": ").append(t.getMessage()));
                t = t.getCause();
            }
        }
        System.out.println("now letting it escape");
        level1();
    }
}
