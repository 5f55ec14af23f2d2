package diff.reflect;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;

// Deep stacks walked in many batches (JVM_MoreStackWalk), with hidden frames
// (lambda proxies) interleaved every level: frame counts per class with and
// without SHOW_HIDDEN_FRAMES, dropWhile/skip/limit over the stream, and
// walks started inside walks.
public class StackWalkDeep {
    static IntUnaryOperator viaLambda;
    static MethodHandle viaHandle;

    static String kind(StackWalker.StackFrame f) {
        String cn = f.getClassName();
        if (cn.contains("$$Lambda$")) return "lambda-proxy";
        if (cn.startsWith("java.lang.invoke.")) return "java.lang.invoke";
        return cn.startsWith("diff.") ? f.getMethodName() : "other";
    }

    static Map<String, Long> census(StackWalker w) {
        return w.walk(s -> s.collect(Collectors.groupingBy(StackWalkDeep::kind, TreeMap::new, Collectors.counting())));
    }

    static int lambdaLevel(int n) {
        if (n == 0) {
            System.out.println("lambda recursion, default:     " + census(StackWalker.getInstance()));
            Map<String, Long> all = census(StackWalker.getInstance(StackWalker.Option.SHOW_HIDDEN_FRAMES));
            all.remove("java.lang.invoke");
            System.out.println("lambda recursion, show hidden: " + all);
            List<String> skipped = StackWalker.getInstance().walk(s -> s.skip(295).limit(4).map(StackWalkDeep::kind).collect(Collectors.toList()));
            System.out.println("skip 295 limit 4: " + skipped);
            long afterDrop = StackWalker.getInstance().walk(s -> s.dropWhile(f -> !f.getMethodName().equals("main")).count());
            System.out.println("frames from main down: " + afterDrop);
            List<Integer> nested = new ArrayList<>();
            StackWalker.getInstance().forEach(f -> {
                if (nested.size() < 3) nested.add(StackWalker.getInstance().walk(s -> (int) s.count()));
            });
            System.out.println("walks inside a walk see depths " + nested);
            return 0;
        }
        return viaLambda.applyAsInt(n - 1) + 1;
    }

    static int handleLevel(int n) throws Throwable {
        if (n == 0) {
            Map<String, Long> c = census(StackWalker.getInstance());
            System.out.println("method handle recursion, default: " + c);
            return 0;
        }
        return (int) viaHandle.invokeExact(n - 1) + 1;
    }

    public static void main(String[] args) throws Throwable {
        viaLambda = StackWalkDeep::lambdaLevel;
        System.out.println("depth " + lambdaLevel(300));
        viaHandle = MethodHandles.lookup().findStatic(StackWalkDeep.class, "handleLevel", MethodType.methodType(int.class, int.class));
        System.out.println("depth " + handleLevel(120));
        Thread t = new Thread(() -> System.out.println("in thread: " + census(StackWalker.getInstance())));
        t.start();
        t.join();
    }
}
