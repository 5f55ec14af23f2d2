package diff.reflect;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

// Caller-sensitive methods reached through reflection and method handles:
// the caller seen must be the user class, never a reflection frame
// (Reflection.getCallerClass skipping Method.invoke and accessors).
public class CallerSensitive {
    private int secret = 17;

    public static Class<?> whoCalls() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass();
    }

    static String ourFrames(StackTraceElement[] st) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement e : st) {
            String cn = e.getClassName();
            if (cn.startsWith("diff.") || cn.startsWith("java.lang.reflect.") || cn.startsWith("jdk.internal.reflect.")) {
                sb.append("\n    ").append(e);
            }
        }
        return sb.toString();
    }

    public static String trace() {
        return ourFrames(Thread.currentThread().getStackTrace());
    }

    static class Other {
        static Object viaReflection(Method m, Object target, Object... args) throws Exception {
            return m.invoke(target, args);
        }
    }

    public static void main(String[] args) throws Throwable {
        Method forName = Class.class.getMethod("forName", String.class);
        Class<?> c = (Class<?>) forName.invoke(null, "diff.reflect.CallerSensitive$Other");
        System.out.println("Class.forName via reflection: " + c.getName() + " same loader " + (c.getClassLoader() == CallerSensitive.class.getClassLoader()));
        Method lookupM = MethodHandles.class.getMethod("lookup");
        MethodHandles.Lookup l = (MethodHandles.Lookup) lookupM.invoke(null);
        System.out.println("MethodHandles.lookup via reflection: " + l.lookupClass().getName() + " modes " + l.lookupModes());

        Method who = CallerSensitive.class.getMethod("whoCalls");
        System.out.println("getCallerClass direct: " + whoCalls().getSimpleName());
        System.out.println("getCallerClass via reflection: " + ((Class<?>) who.invoke(null)).getSimpleName());
        System.out.println("getCallerClass via Other: " + ((Class<?>) Other.viaReflection(who, null)).getSimpleName());
        MethodHandle whoMh = MethodHandles.lookup().findStatic(CallerSensitive.class, "whoCalls", MethodType.methodType(Class.class));
        System.out.println("getCallerClass via method handle: " + ((Class<?>) whoMh.invokeExact()).getSimpleName());

        Method invoke = Method.class.getMethod("invoke", Object.class, Object[].class);
        Object viaDouble = invoke.invoke(who, null, new Object[0]);
        System.out.println("getCallerClass via Method.invoke of Method.invoke: " + ((Class<?>) viaDouble).getSimpleName());

        Field secret = CallerSensitive.class.getDeclaredField("secret");
        Method fieldGet = Field.class.getMethod("get", Object.class);
        System.out.println("Field.get via reflection on a private field: " + fieldGet.invoke(secret, new CallerSensitive()));
        try {
            Other.viaReflection(fieldGet, secret, new CallerSensitive());
            System.out.println("Field.get from nestmate Other: ok");
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println("Field.get from Other: " + e.getCause());
        }
        MethodHandle forNameMh = MethodHandles.lookup().findStatic(Class.class, "forName", MethodType.methodType(Class.class, String.class));
        Class<?> viaMh = (Class<?>) forNameMh.invokeExact("diff.reflect.CallerSensitive$Other");
        System.out.println("Class.forName via method handle: " + viaMh.getSimpleName());

        System.out.println("trace direct:" + trace());
        System.out.println("trace via reflection:" + CallerSensitive.class.getMethod("trace").invoke(null));
        for (int i = 0; i < 20; i++) who.invoke(null);  // inflate to a generated accessor
        System.out.println("getCallerClass via inflated accessor: " + ((Class<?>) who.invoke(null)).getSimpleName());
        Method traceM = CallerSensitive.class.getMethod("trace");
        for (int i = 0; i < 20; i++) traceM.invoke(null);
        String inflated = (String) traceM.invoke(null);
        System.out.println("trace via inflated accessor (generated frames elided):"
                + inflated.replaceAll("GeneratedMethodAccessor\\d+", "GeneratedMethodAccessorN"));
    }
}
