package diff.reflect;

import java.lang.reflect.Proxy;
import java.util.Arrays;

// The boot loader's packages are those it has loaded classes from. A proxy
// of a java.base interface made with the boot loader lives in the dynamic
// module jdk.proxy1, defined to the boot loader but loaded from nowhere:
// Package.getPackages() (Jython calls it at start-up) must not list it.
public class BootPackages {
    public static void main(String[] args) {
        Runnable r = (Runnable) Proxy.newProxyInstance(null, new Class<?>[] {Runnable.class},
                (proxy, method, a) -> {
                    System.out.println("invoked " + method.getName());
                    return null;
                });
        r.run();
        Class<?> c = r.getClass();
        System.out.println("proxy module " + c.getModule().getName() + " loader " + c.getClassLoader());
        Package[] all = Package.getPackages();
        boolean lang = Arrays.stream(all).anyMatch(p -> p.getName().equals("java.lang"));
        boolean proxy = Arrays.stream(all).anyMatch(p -> p.getName().startsWith("jdk.proxy"));
        System.out.println("java.lang listed " + lang + ", jdk.proxy listed " + proxy);
        System.out.println("proxy package defined " + (c.getPackage() != null));
        // A boot package nothing has been loaded from yet is not defined.
        System.out.println("java.lang defined " + (ClassLoader.getPlatformClassLoader().getDefinedPackage("java.lang") != null));
        System.out.println("Object's package " + Object.class.getPackage().getName());
    }
}
