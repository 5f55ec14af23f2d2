package diff.reflect;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.function.Supplier;

// Proxy class names, packages and modules as HotSpot assigns them: public
// interfaces go to a dynamic module (jdk.proxyN), package-private ones to
// the interface's package; annotations are proxies too; names count up.
public class ProxyNames {
    interface PackagePrivate { void a(); }
    public interface Public { void b(); }

    @Deprecated
    static class Annotated {}

    static void show(String label, Object p) {
        Class<?> c = p.getClass();
        System.out.println(label + ": " + c.getName() + " package " + c.getPackageName() + " module " + c.getModule().getName()
                + " named " + c.getModule().isNamed() + " loader is app " + (c.getClassLoader() == ProxyNames.class.getClassLoader()));
    }

    public static void main(String[] args) throws Exception {
        InvocationHandler h = (p, m, a) -> null;
        ClassLoader app = ProxyNames.class.getClassLoader();
        show("JDK interface, app loader", Proxy.newProxyInstance(app, new Class<?>[] {Runnable.class}, h));
        show("package-private interface", Proxy.newProxyInstance(app, new Class<?>[] {PackagePrivate.class}, h));
        show("public interface", Proxy.newProxyInstance(app, new Class<?>[] {Public.class}, h));
        show("JDK interface, boot loader", Proxy.newProxyInstance(null, new Class<?>[] {Runnable.class}, h));
        show("mixed public and package-private", Proxy.newProxyInstance(app, new Class<?>[] {Supplier.class, PackagePrivate.class}, h));
        show("two public", Proxy.newProxyInstance(app, new Class<?>[] {Supplier.class, Public.class}, h));
        show("again JDK interface, app loader (cached)", Proxy.newProxyInstance(app, new Class<?>[] {Runnable.class}, h));
        show("annotation", Annotated.class.getAnnotation(Deprecated.class));
        show("annotation of another type", ProxyNames.class.getDeclaredClasses().length > 0
                ? Thread.class.getMethod("stop").getAnnotation(Deprecated.class) : null);
        Object p = Proxy.newProxyInstance(app, new Class<?>[] {Public.class}, h);
        System.out.println("proxy toString through null-returning handler: " + p);
        System.out.println("proxy class getSimpleName " + p.getClass().getSimpleName() + " canonical " + p.getClass().getCanonicalName()
                + " enclosing " + p.getClass().getEnclosingClass() + " interfaces " + java.util.Arrays.toString(p.getClass().getInterfaces()));
    }
}
