package diff.reflect;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

// java.lang.StackWalker: forEach and walk, frame details, getCallerClass,
// RETAIN_CLASS_REFERENCE, SHOW_REFLECT_FRAMES, frames through reflection and
// constructors and static initializers, limits, and the errors.
public class StackWalk {
    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static final class Printer implements Consumer<StackWalker.StackFrame> {
        final String indent;
        int count;
        Printer(String indent) { this.indent = indent; }
        public void accept(StackWalker.StackFrame f) {
            count++;
            // Keep only this program's frames and the reflection ones: the
            // launcher's frames below main differ between VMs.
            String cn = f.getClassName();
            if (!cn.startsWith("diff.") && !cn.startsWith("java.lang.reflect") && !cn.startsWith("jdk.internal.reflect")) return;
            System.out.println(cat(indent, cn, ".", f.getMethodName(), " line=", f.getLineNumber(),
                    " file=", f.getFileName(), " native=", f.isNativeMethod(),
                    " descriptor=", f.getDescriptor(), " ste=", f.toStackTraceElement()));
        }
    }

    static void walkPlain(String label) {
        System.out.println(label);
        StackWalker.getInstance().forEach(new Printer("  "));
    }

    static void walkRetain(String label) {
        System.out.println(label);
        StackWalker w = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
        w.forEach(new Consumer<StackWalker.StackFrame>() {
            public void accept(StackWalker.StackFrame f) {
                if (f.getClassName().startsWith("diff.")) {
                    System.out.println(cat("  class ", f.getDeclaringClass().getSimpleName(), " ", f.getMethodName()));
                }
            }
        });
    }

    static void walkReflect(String label) {
        System.out.println(label);
        StackWalker.getInstance(StackWalker.Option.SHOW_REFLECT_FRAMES).forEach(new Printer("  "));
    }

    public static class Callee {
        public static Class<?> caller() {
            return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass();
        }
        public Callee() { walkPlain("in constructor:"); }
        public static void viaReflection() { walkPlain("via reflection (default options):"); walkReflect("via reflection (SHOW_REFLECT_FRAMES):"); }
    }

    static class Init {
        static { walkPlain("in static initializer:"); }
        static void touch() {}
    }

    static int depth(int n) {
        if (n == 0) {
            final StackWalker w = StackWalker.getInstance();
            List<String> top = w.walk(new Function<Stream<StackWalker.StackFrame>, List<String>>() {
                public List<String> apply(Stream<StackWalker.StackFrame> s) {
                    List<String> out = new ArrayList<String>();
                    Iterator<StackWalker.StackFrame> it = s.iterator();
                    while (it.hasNext() && out.size() < 4) {
                        StackWalker.StackFrame f = it.next();
                        out.add(cat(f.getMethodName(), ":", f.getLineNumber()));
                    }
                    return out;
                }
            });
            System.out.println(cat("top 4 of deep stack ", top));
            long total = w.walk(new Function<Stream<StackWalker.StackFrame>, Long>() {
                public Long apply(Stream<StackWalker.StackFrame> s) {
                    long c = 0;
                    Iterator<StackWalker.StackFrame> it = s.iterator();
                    while (it.hasNext()) { if (it.next().getMethodName().equals("depth")) c++; }
                    return c;
                }
            });
            System.out.println(cat("depth frames ", total));
            return 0;
        }
        return depth(n - 1) + 1;
    }

    public static void main(String[] args) throws Exception {
        walkPlain("from main:");
        walkRetain("retain:");
        new Callee();
        Init.touch();
        Method m = Callee.class.getMethod("viaReflection");
        m.invoke(null);
        System.out.println(cat("caller of Callee.caller: ", Callee.caller().getName()));
        Method cm = Callee.class.getMethod("caller");
        System.out.println(cat("caller via reflection: ", ((Class<?>) cm.invoke(null)).getName()));
        try {
            StackWalker.getInstance().getCallerClass();
        } catch (UnsupportedOperationException e) {
            System.out.println(cat("getCallerClass without RETAIN: ", e.getMessage()));
        }
        try {
            StackWalker.getInstance().forEach(new Consumer<StackWalker.StackFrame>() {
                public void accept(StackWalker.StackFrame f) { f.getDeclaringClass(); }
            });
        } catch (UnsupportedOperationException e) {
            System.out.println(cat("getDeclaringClass without RETAIN: ", e.getMessage()));
        }
        depth(150);
        final int[] n = new int[1];
        StackWalker.getInstance(Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE), 2).forEach(new Consumer<StackWalker.StackFrame>() {
            public void accept(StackWalker.StackFrame f) { n[0]++; }
        });
        System.out.println(cat("estimated depth walk counted ", n[0] > 0));
        try {
            StackWalker.getInstance(Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE), 0);
        } catch (IllegalArgumentException e) {
            System.out.println(cat("depth 0: ", e.getMessage()));
        }
        Thread t = new Thread(new Runnable() {
            public void run() { walkPlain("in another thread:"); }
        });
        t.start();
        t.join();
        final Object[] leaked = new Object[1];
        StackWalker.getInstance().walk(new Function<Stream<StackWalker.StackFrame>, Object>() {
            public Object apply(Stream<StackWalker.StackFrame> s) { leaked[0] = s; return null; }
        });
        try {
            ((Stream<?>) leaked[0]).count();
        } catch (IllegalStateException e) {
            System.out.println(cat("stream used after walk: ", e.getMessage()));
        }
    }
}
