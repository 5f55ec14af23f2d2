package diff.reflect;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

// StackWalker and stack traces through lambdas, method references and
// method handles: hidden frames (lambda proxies, LambdaForms) are skipped
// unless SHOW_HIDDEN_FRAMES is given; getCallerClass skips them always.
public class StackWalkHidden {
    static String frameName(StackWalker.StackFrame f) {
        String cn = f.getClassName();
        // Lambda proxy and LambdaForm class names carry addresses: keep the stable part.
        if (cn.contains("$$Lambda$")) cn = cn.substring(0, cn.indexOf("$$Lambda$")) + "$$Lambda";
        if (cn.startsWith("java.lang.invoke.LambdaForm$")) cn = "java.lang.invoke.LambdaForm$*";
        return cn + "." + f.getMethodName();
    }

    static List<String> ours(StackWalker w) {
        return w.walk(s -> s.filter(f -> f.getClassName().startsWith("diff.")
                        || f.getClassName().contains("$$Lambda$"))
                .map(StackWalkHidden::frameName)
                .collect(Collectors.toList()));
    }

    static long hiddenInvokeFrames(StackWalker w) {
        return w.walk(s -> s.filter(f -> f.getClassName().startsWith("java.lang.invoke.LambdaForm$")).count());
    }

    static void report(String label) {
        System.out.println(label);
        System.out.println("  default: " + ours(StackWalker.getInstance()));
        System.out.println("  show hidden: " + ours(StackWalker.getInstance(StackWalker.Option.SHOW_HIDDEN_FRAMES)));
    }

    static Class<?> callerOfThis() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass();
    }

    public static void target() {
        report("through a method handle:");
        System.out.println("  LambdaForm frames hidden by default: "
                + (hiddenInvokeFrames(StackWalker.getInstance()) == 0));
    }

    public static void main(String[] args) throws Throwable {
        Runnable r = () -> report("in a lambda:");
        r.run();
        Runnable ref = StackWalkHidden::fromMethodRef;
        ref.run();
        Supplier<Class<?>> caller = () -> callerOfThis();
        System.out.println("caller class from lambda: " + caller.get().getName());
        Supplier<Class<?>> callerRef = StackWalkHidden::callerOfThis;
        System.out.println("caller class through method ref: " + callerRef.get().getName());
        MethodHandle mh = MethodHandles.lookup().findStatic(StackWalkHidden.class, "target", MethodType.methodType(void.class));
        mh.invokeExact();
        Runnable failing = () -> { throw new IllegalStateException("from lambda"); };
        try {
            failing.run();
        } catch (IllegalStateException e) {
            System.out.println("trace of exception thrown in a lambda:");
            for (StackTraceElement ste : e.getStackTrace()) {
                if (ste.getClassName().startsWith("diff.")) System.out.println("  " + ste);
            }
        }
        List<String> nested = new ArrayList<>();
        List.of(1, 2).forEach(i -> nested.add(i + ":" + ours(StackWalker.getInstance())));
        System.out.println("inside forEach lambda: " + nested);
    }

    static void fromMethodRef() {
        report("in a method reference target:");
    }
}
