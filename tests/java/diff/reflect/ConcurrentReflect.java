package diff.reflect;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

// Reflection from several threads at once: the first annotation parse of a
// class, proxy class generation, accessor inflation, member lookups and
// stack walks racing; results are checked per thread and printed in order.
public class ConcurrentReflect {
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Info { String value(); int weight() default 1; }

    @Info(value = "shared", weight = 7)
    public static class Shared {
        public int hits;
        @Info("m") public synchronized int hit(int n) { hits += n; return hits; }
    }

    public interface Op { int apply(int x); }

    static int depth(int n) {
        if (n == 0) return StackWalker.getInstance().walk(s -> s.filter(f -> f.getMethodName().equals("depth")).count()).intValue();
        return depth(n - 1);
    }

    public static void main(String[] args) throws Exception {
        final int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        Shared shared = new Shared();
        List<Future<String>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int id = t;
            results.add(pool.submit(new Callable<String>() {
                public String call() throws Exception {
                    start.await();
                    StringBuilder sb = new StringBuilder("thread ").append(id).append(':');
                    Info info = Shared.class.getAnnotation(Info.class);
                    sb.append(' ').append(info.value()).append('/').append(info.weight());
                    Method hit = Shared.class.getMethod("hit", int.class);
                    sb.append(' ').append(hit.getAnnotation(Info.class));
                    for (int i = 0; i < 50; i++) hit.invoke(shared, 1);
                    Op op = (Op) Proxy.newProxyInstance(Op.class.getClassLoader(), new Class<?>[] {Op.class},
                            (p, m, a) -> (Integer) a[0] * (id + 1));
                    sb.append(" proxy ").append(op.apply(10));
                    sb.append(" walk ").append(depth(20 + id));
                    sb.append(" methods ").append(Shared.class.getDeclaredMethods().length);
                    sb.append(" record ").append(new Object() {}.getClass().getEnclosingMethod().getName());
                    return sb.toString();
                }
            }));
        }
        start.countDown();
        for (Future<String> f : results) System.out.println(f.get());
        pool.shutdown();
        System.out.println("total hits " + shared.hits);
        System.out.println("same proxy class for all threads: "
                + (Proxy.newProxyInstance(Op.class.getClassLoader(), new Class<?>[] {Op.class}, (p, m, a) -> 0).getClass().getName().startsWith("jdk.proxy")));
    }
}
