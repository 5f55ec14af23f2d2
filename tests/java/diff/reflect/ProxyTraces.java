package diff.reflect;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.UndeclaredThrowableException;

// Stack traces through proxies: the generated $ProxyN frames (in a dynamic
// module for public interfaces, in the interface's package otherwise), the
// handler frames, exceptions thrown by a delegate reached with
// Method.invoke, UndeclaredThrowableException wrapping, and StackWalker
// frames seen from inside a handler.
public class ProxyTraces {
    public interface Service { String call(String s) throws java.io.IOException; }
    interface Hidden { void run(); }

    static class Real implements Service {
        public String call(String s) throws java.io.IOException {
            if (s.equals("io")) throw new java.io.IOException("real io");
            if (s.equals("rt")) throw new IllegalStateException("real rt");
            return s.toUpperCase();
        }
    }

    static class Forwarding implements InvocationHandler {
        final Object target;
        Forwarding(Object target) { this.target = target; }
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            try {
                return m.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Service s = (Service) Proxy.newProxyInstance(ProxyTraces.class.getClassLoader(), new Class<?>[] {Service.class}, new Forwarding(new Real()));
        System.out.println(s.call("ok"));
        try {
            s.call("io");
        } catch (java.io.IOException e) {
            System.out.println("--- declared checked exception through the proxy");
            e.printStackTrace(System.out);
        }
        try {
            s.call("rt");
        } catch (IllegalStateException e) {
            System.out.println("--- runtime exception through the proxy");
            e.printStackTrace(System.out);
        }
        Hidden h = (Hidden) Proxy.newProxyInstance(ProxyTraces.class.getClassLoader(), new Class<?>[] {Hidden.class}, (p, m, a) -> {
            StackWalker.getInstance().forEach(f -> {
                if (!f.getClassName().startsWith("java.lang.invoke")) System.out.println("  walk: " + f);
            });
            throw new Exception("checked, undeclared");
        });
        try {
            h.run();
        } catch (UndeclaredThrowableException e) {
            System.out.println("--- undeclared checked exception wrapped");
            e.printStackTrace(System.out);
        }
    }
}
