package diff.lang;

import java.io.File;
import java.io.FileWriter;
import java.net.URL;
import java.security.AccessControlContext;
import java.security.AccessController;
import java.security.Permissions;
import java.security.PrivilegedAction;
import java.security.PrivilegedExceptionAction;
import java.security.ProtectionDomain;
import java.util.PropertyPermission;

// Stack-based access control under a SecurityManager: the protection domains
// of the classes on the stack decide, a doPrivileged frame ends the walk (so
// system code acting for the program may do what the program may not), a
// context given to doPrivileged restricts it, and a thread inherits the
// context it was created in. The policy grants this class's code base
// permissions on "granted.*" properties only.
@SuppressWarnings("removal")
public class LangSecurity {
    static void attempt(String what, PrivilegedExceptionAction<?> action) {
        try {
            Object result = action.run();
            System.out.println(what + ": allowed" + (result == null ? "" : " (" + result + ")"));
        } catch (SecurityException e) {
            System.out.println(what + ": " + e);
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println(what + ": invoked, threw " + e.getCause());
        } catch (Exception e) {
            System.out.println(what + ": failed " + e.getClass().getName());
        }
    }

    public static void main(String[] args) throws Exception {
        attempt("before: set property x", () -> System.setProperty("x", "1"));
        URL codeBase = LangSecurity.class.getProtectionDomain().getCodeSource().getLocation();
        System.out.println("code base is a " + codeBase.getProtocol() + " URL");
        File policy = File.createTempFile("minijvm-security", ".policy");
        policy.deleteOnExit();
        try (FileWriter w = new FileWriter(policy)) {
            w.write("grant codeBase \"" + codeBase + "-\" {\n"
                    + "  permission java.util.PropertyPermission \"granted.*\", \"read,write\";\n"
                    + "};\n");
        }
        System.setProperty("java.security.policy", policy.getPath());
        System.setSecurityManager(new SecurityManager());

        attempt("set property x", () -> System.setProperty("x", "2"));
        attempt("set property granted.a", () -> System.setProperty("granted.a", "3"));
        attempt("read property granted.a", () -> System.getProperty("granted.a"));
        attempt("read java.version (default policy)", () -> System.getProperty("java.version").isEmpty());
        attempt("read user.home", () -> System.getProperty("user.home"));
        attempt("read /etc/hostname", () -> new java.io.FileInputStream("/etc/hostname").read());
        attempt("exec true", () -> Runtime.getRuntime().exec("true").waitFor());
        attempt("delete /etc/hostname", () -> new File("/etc/hostname").delete());
        attempt("create class loader", () -> new ClassLoader() {});
        attempt("setSecurityManager(null)", () -> { System.setSecurityManager(null); return null; });

        // The program's own doPrivileged cannot raise it above its domain.
        attempt("doPrivileged set x", () -> AccessController.doPrivileged(
                (PrivilegedAction<Object>) () -> System.setProperty("x", "4")));
        // System code's doPrivileged acts for it: the default time zone reads
        // user.timezone and java.home, which the program may not.
        attempt("ZoneId.systemDefault", () -> java.time.ZoneId.systemDefault() != null);
        // A context handed to doPrivileged restricts the action to it.
        AccessControlContext none = new AccessControlContext(
                new ProtectionDomain[] {new ProtectionDomain(null, new Permissions())});
        attempt("doPrivileged(none) set granted.b", () -> AccessController.doPrivileged(
                (PrivilegedAction<Object>) () -> System.setProperty("granted.b", "5"), none));
        Permissions some = new Permissions();
        some.add(new PropertyPermission("granted.c", "write"));
        AccessControlContext onlyC = new AccessControlContext(
                new ProtectionDomain[] {new ProtectionDomain(null, some)});
        attempt("doPrivileged(onlyC) set granted.c", () -> AccessController.doPrivileged(
                (PrivilegedAction<Object>) () -> System.setProperty("granted.c", "6"), onlyC));
        attempt("doPrivileged(onlyC) set granted.d", () -> AccessController.doPrivileged(
                (PrivilegedAction<Object>) () -> System.setProperty("granted.d", "7"), onlyC));
        // The snapshot of the current context checks as the stack does.
        AccessControlContext here = AccessController.getContext();
        attempt("getContext check granted.e", () -> {
            here.checkPermission(new PropertyPermission("granted.e", "write"));
            return null;
        });
        attempt("getContext check x", () -> {
            here.checkPermission(new PropertyPermission("x", "write"));
            return null;
        });
        // A thread created under a restricted context inherits it.
        Thread[] made = new Thread[1];
        AccessController.doPrivileged((PrivilegedAction<Object>) () -> {
            made[0] = new Thread(() -> attempt("inheriting thread set granted.f",
                    () -> System.setProperty("granted.f", "8")));
            return null;
        }, none);
        made[0].start();
        made[0].join();
        Thread free = new Thread(() -> attempt("plain thread set granted.g",
                () -> System.setProperty("granted.g", "9")));
        free.start();
        free.join();
        // Reflection frames do not count: the check sees the program's domain.
        attempt("reflective set x", () -> System.class.getMethod("setProperty", String.class, String.class)
                .invoke(null, "x", "10"));
        System.out.println("granted: " + System.getProperty("granted.a") + System.getProperty("granted.c")
                + System.getProperty("granted.g"));
    }
}
