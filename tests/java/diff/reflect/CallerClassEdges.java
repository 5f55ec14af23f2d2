package diff.reflect;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

// StackWalker.getCallerClass at the edges (from main, through reflection of
// getCallerClass itself, through method handles and lambdas, in a new
// thread's run), and StackFrame details of hidden frames with
// SHOW_HIDDEN_FRAMES | RETAIN_CLASS_REFERENCE.
public class CallerClassEdges {
    static final StackWalker RETAIN = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    static final StackWalker ALL = StackWalker.getInstance(java.util.Set.of(
            StackWalker.Option.RETAIN_CLASS_REFERENCE, StackWalker.Option.SHOW_HIDDEN_FRAMES, StackWalker.Option.SHOW_REFLECT_FRAMES));

    static String stable(String s) {
        return s.replaceAll("\\$\\$Lambda\\$\\d+", "\\$\\$Lambda\\$<n>").replaceAll("[/.]0x[0-9a-f]+", "/<id>")
                .replaceAll("LambdaForm\\$[A-Z]+", "LambdaForm\\$<kind>");
    }

    static String describe(StackWalker.StackFrame f) {
        return stable(f.getClassName() + "." + f.getMethodName() + f.getMethodType()
                + " hiddenClass=" + f.getDeclaringClass().isHidden() + " line=" + f.getLineNumber()
                + " ste=" + f.toStackTraceElement());
    }

    static List<String> ours() {
        // Frames of this program, of lambda proxies and of reflection, top 6.
        return ALL.walk(s -> s.filter(f -> f.getClassName().startsWith("diff.") || f.getClassName().startsWith("jdk.internal.reflect"))
                .limit(6).map(CallerClassEdges::describe).collect(Collectors.toList()));
    }

    public static Class<?> caller() { return RETAIN.getCallerClass(); }

    public static void main(String[] args) throws Throwable {
        try {
            System.out.println("from main: " + RETAIN.getCallerClass());
        } catch (IllegalCallerException e) {
            System.out.println("from main: IllegalCallerException " + e.getMessage());
        }
        Method gcc = StackWalker.class.getMethod("getCallerClass");
        try {
            System.out.println("getCallerClass via reflection: " + ((Class<?>) gcc.invoke(RETAIN)).getSimpleName());
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println("getCallerClass via reflection: " + e.getCause());
        }
        MethodHandle mh = MethodHandles.lookup().findVirtual(StackWalker.class, "getCallerClass", MethodType.methodType(Class.class));
        try {
            System.out.println("getCallerClass via method handle: " + mh.invoke(RETAIN));
        } catch (Throwable t) {
            System.out.println("getCallerClass via method handle: " + t);
        }
        Supplier<Class<?>> viaLambda = CallerClassEdges::caller;
        System.out.println("caller() through a method reference: " + viaLambda.get().getSimpleName());
        Thread t = new Thread(() -> System.out.println("caller() in a thread's lambda: " + caller().getSimpleName()));
        t.start();
        t.join();
        Thread t2 = new Thread() {
            public void run() {
                try {
                    System.out.println("getCallerClass directly in Thread.run: " + RETAIN.getCallerClass().getName());
                } catch (IllegalCallerException e) {
                    System.out.println("in Thread.run: " + e);
                }
            }
        };
        t2.start();
        t2.join();
        Runnable r = () -> ours().forEach(l -> System.out.println("  " + l));
        System.out.println("frames through a lambda:");
        r.run();
        System.out.println("frames through reflection:");
        CallerClassEdges.class.getMethod("printOurs").invoke(null);
    }

    public static void printOurs() {
        ours().forEach(l -> System.out.println("  " + l));
    }
}
