package diff.reflect;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

// java.lang.reflect.Proxy with InvocationHandlers: dispatch of interface,
// Object and default methods, primitive returns, exceptions (declared,
// undeclared, runtime), proxies of several interfaces, isProxyClass.
public class Proxies {
    public interface Calculator {
        int add(int a, int b);
        long mul(long a, long b);
        double half(double d);
        boolean flag();
        char letter();
        void log(String s);
        String name() throws java.io.IOException;
        default String describe() { return new StringBuilder("calc:").append(add(1, 1)).toString(); }
    }

    public interface Extra {
        Object[] many(Object... xs);
        byte tiny();
    }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static final List<String> calls = new ArrayList<String>();

    static class Handler implements InvocationHandler {
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            StringBuilder sb = new StringBuilder(m.getName());
            sb.append(args == null ? "()" : Arrays.deepToString(args));
            sb.append(" from ").append(m.getDeclaringClass().getSimpleName());
            calls.add(sb.toString());
            String n = m.getName();
            if (n.equals("add")) return (Integer) args[0] + (Integer) args[1];
            if (n.equals("mul")) return (Long) args[0] * (Long) args[1];
            if (n.equals("half")) return (Double) args[0] / 2;
            if (n.equals("flag")) return Boolean.TRUE;
            if (n.equals("letter")) return 'L';
            if (n.equals("log")) return null;
            if (n.equals("name")) {
                throw new java.io.IOException("declared");
            }
            if (n.equals("describe")) return InvocationHandler.invokeDefault(proxy, m, args);
            if (n.equals("toString")) return "ProxyToString";
            if (n.equals("hashCode")) return 1234;
            if (n.equals("equals")) return proxy == args[0];
            if (n.equals("many")) return args[0];
            if (n.equals("tiny")) return (byte) 7;
            throw new IllegalStateException(n);
        }
    }

    static class BadHandler implements InvocationHandler {
        final Object result;
        final Throwable toThrow;
        BadHandler(Object result, Throwable toThrow) { this.result = result; this.toThrow = toThrow; }
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            if (toThrow != null) throw toThrow;
            return result;
        }
    }

    interface Action { Object run() throws Throwable; }

    static void attempt(String what, Action a) {
        try {
            System.out.println(cat(what, ": ok ", a.run()));
        } catch (UndeclaredThrowableException e) {
            System.out.println(cat(what, ": UndeclaredThrowableException cause=", e.getCause(), " msg=", e.getMessage()));
        } catch (Throwable t) {
            System.out.println(cat(what, ": ", t.getClass().getName(), ": ", t.getMessage()));
        }
    }

    public static void main(String[] args) throws Throwable {
        ClassLoader loader = Proxies.class.getClassLoader();
        final Calculator c = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class, Extra.class}, new Handler());
        System.out.println(cat("add ", c.add(2, 3)));
        System.out.println(cat("mul ", c.mul(6, 7)));
        System.out.println(cat("half ", c.half(5)));
        System.out.println(cat("flag ", c.flag()));
        System.out.println(cat("letter ", c.letter()));
        c.log("message");
        System.out.println(cat("describe ", c.describe()));
        System.out.println(cat("toString ", c.toString()));
        System.out.println(cat("hashCode ", c.hashCode()));
        System.out.println(cat("equals self ", c.equals(c), " other ", c.equals("x")));
        attempt("name", new Action() { public Object run() throws Throwable { return c.name(); } });
        Extra e = (Extra) c;
        System.out.println(cat("many ", Arrays.toString(e.many("a", 1)), " tiny ", e.tiny()));
        System.out.println(cat("calls ", calls.size()));
        for (String s : calls) System.out.println(cat("  ", s));
        Class<?> pc = c.getClass();
        System.out.println(cat("isProxyClass ", Proxy.isProxyClass(pc), " ", Proxy.isProxyClass(String.class)));
        System.out.println(cat("simple name starts with $Proxy ", pc.getSimpleName().startsWith("$Proxy")));
        System.out.println(cat("final ", java.lang.reflect.Modifier.isFinal(pc.getModifiers()), " public ",
                java.lang.reflect.Modifier.isPublic(pc.getModifiers())));
        System.out.println(cat("super ", pc.getSuperclass().getName(), " interfaces ", Arrays.toString(pc.getInterfaces())));
        System.out.println(cat("handler class ", Proxy.getInvocationHandler(c).getClass().getName()));
        Object c2 = Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class, Extra.class}, new Handler());
        System.out.println(cat("same proxy class ", c2.getClass() == pc));
        Object c3 = Proxy.newProxyInstance(loader, new Class<?>[] {Extra.class, Calculator.class}, new Handler());
        System.out.println(cat("order matters ", c3.getClass() != pc));
        final Calculator nullRet = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class}, new BadHandler(null, null));
        attempt("null for int", new Action() { public Object run() throws Throwable { return nullRet.add(1, 2); } });
        attempt("null for void", new Action() { public Object run() throws Throwable { nullRet.log("x"); return "void"; } });
        attempt("null for String", new Action() { public Object run() throws Throwable { return nullRet.name(); } });
        final Calculator wrongRet = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class}, new BadHandler("str", null));
        attempt("String for int", new Action() { public Object run() throws Throwable { return wrongRet.add(1, 2); } });
        attempt("String for boolean", new Action() { public Object run() throws Throwable { return wrongRet.flag(); } });
        final Calculator longRet = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class}, new BadHandler(5, null));
        attempt("Integer for long", new Action() { public Object run() throws Throwable { return longRet.mul(1, 2); } });
        final Calculator checked = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class},
                new BadHandler(null, new Exception("undeclared checked")));
        attempt("undeclared checked", new Action() { public Object run() throws Throwable { return checked.add(1, 2); } });
        attempt("undeclared checked on throws method", new Action() { public Object run() throws Throwable { return checked.name(); } });
        final Calculator runtime = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class},
                new BadHandler(null, new ArrayStoreException("runtime")));
        attempt("runtime", new Action() { public Object run() throws Throwable { return runtime.add(1, 2); } });
        final Calculator error = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class},
                new BadHandler(null, new StackOverflowError("error")));
        attempt("error", new Action() { public Object run() throws Throwable { return error.flag(); } });
        final Calculator ioe = (Calculator) Proxy.newProxyInstance(loader, new Class<?>[] {Calculator.class},
                new BadHandler(null, new java.io.FileNotFoundException("subclass of declared")));
        attempt("declared subclass", new Action() { public Object run() throws Throwable { return ioe.name(); } });
        attempt("class not interface", new Action() { public Object run() throws Throwable {
            return Proxy.newProxyInstance(Proxies.class.getClassLoader(), new Class<?>[] {String.class}, new Handler()); } });
        attempt("duplicate interface", new Action() { public Object run() throws Throwable {
            return Proxy.newProxyInstance(Proxies.class.getClassLoader(), new Class<?>[] {Extra.class, Extra.class}, new Handler()); } });
        attempt("null handler", new Action() { public Object run() throws Throwable {
            return Proxy.newProxyInstance(Proxies.class.getClassLoader(), new Class<?>[] {Extra.class}, null); } });
        attempt("getInvocationHandler non-proxy", new Action() { public Object run() throws Throwable {
            return Proxy.getInvocationHandler("x"); } });
        Runnable r = (Runnable) Proxy.newProxyInstance(null, new Class<?>[] {Runnable.class}, new BadHandler(null, null));
        r.run();
        System.out.println(cat("JDK interface proxy class loader null ", r.getClass().getClassLoader() == null,
                " package ", r.getClass().getPackageName().startsWith("jdk.proxy")));
        Comparable<?> cmp = (Comparable<?>) Proxy.newProxyInstance(loader, new Class<?>[] {Comparable.class}, new Handler() {
            public Object invoke(Object proxy, Method m, Object[] args) {
                return m.getName().equals("compareTo") ? Integer.valueOf(-1) : null;
            }
        });
        System.out.println(cat("comparable ", ((Comparable<Object>) cmp).compareTo("x")));
    }
}
