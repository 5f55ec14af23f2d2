package diff.indy;

import java.lang.invoke.*;
import java.lang.reflect.*;
import java.util.function.*;

/** Caller-sensitive methods reached through method handles, method references and reflection. */
public class CallerSensitive {
  static class Helper {
    static MethodHandle forNameHandle() throws ReflectiveOperationException {
      return MethodHandles.lookup().findStatic(Class.class, "forName", MethodType.methodType(Class.class, String.class));
    }

    static MethodHandles.Lookup viaHandle() throws Throwable {
      MethodHandle mh = MethodHandles.lookup().findStatic(MethodHandles.class, "lookup", MethodType.methodType(MethodHandles.Lookup.class));
      return (MethodHandles.Lookup) mh.invokeExact();
    }
  }

  private static String secret() { return "private secret"; }

  public static void main(String[] args) throws Throwable {
    MethodHandle forName = Helper.forNameHandle();
    Class<?> c = (Class<?>) forName.invokeExact("diff.indy.CallerSensitive$Helper");
    System.out.println("Class.forName via handle: " + c.getName() + " loader is app " + (c.getClassLoader() == ClassLoader.getSystemClassLoader()));
    MethodHandles.Lookup l = Helper.viaHandle();
    System.out.println("MethodHandles.lookup() via handle: lookupClass hidden " + l.lookupClass().isHidden() + " host " + l.lookupClass().getNestHost().getName().replaceAll("/0x\\p{XDigit}+", "/ADDR")
        + " full privilege " + l.hasFullPrivilegeAccess());
    Supplier<MethodHandles.Lookup> sup = MethodHandles::lookup;
    MethodHandles.Lookup fromRef = sup.get();
    System.out.println("MethodHandles::lookup as method ref: hidden " + fromRef.lookupClass().isHidden() + " host " + fromRef.lookupClass().getNestHost().getName().replaceAll("/0x\\p{XDigit}+", "/ADDR"));
    MethodHandle sec = fromRef.findStatic(CallerSensitive.class, "secret", MethodType.methodType(String.class));
    System.out.println("private access through that lookup: " + (String) sec.invokeExact());
    Function<String, Class<?>> fn = name -> {
      try {
        return Class.forName(name);
      } catch (ClassNotFoundException e) {
        return null;
      }
    };
    System.out.println("forName in lambda " + fn.apply("diff.indy.CallerSensitive").getSimpleName() + " missing " + fn.apply("no.Such"));
    Method m = MethodHandles.class.getMethod("lookup");
    try {
      Object viaReflection = m.invoke(null);
      System.out.println("lookup() via reflection: " + ((MethodHandles.Lookup) viaReflection).lookupClass().getSimpleName());
    } catch (InvocationTargetException e) {
      System.out.println("lookup() via reflection: " + e.getCause());
    } catch (IllegalArgumentException e) {
      System.out.println("lookup() via reflection IAE: " + e.getMessage());
    }
    StackWalker sw = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    MethodHandle caller = MethodHandles.lookup().findVirtual(StackWalker.class, "getCallerClass", MethodType.methodType(Class.class));
    try {
      Class<?> cc = (Class<?>) caller.invokeExact(sw);
      System.out.println("getCallerClass via handle: " + cc.getSimpleName());
    } catch (UnsupportedOperationException | IllegalCallerException e) {
      System.out.println("getCallerClass via handle: " + e);
    }
    Method getCaller = StackWalker.class.getMethod("getCallerClass");
    try {
      System.out.println("getCallerClass via reflection: " + ((Class<?>) getCaller.invoke(sw)).getSimpleName());
    } catch (InvocationTargetException e) {
      System.out.println("getCallerClass via reflection: " + e.getCause());
    }
    Supplier<Class<?>> callerRef = sw::getCallerClass;
    try {
      System.out.println("getCallerClass via method ref: " + callerRef.get().getSimpleName());
    } catch (RuntimeException e) {
      System.out.println("getCallerClass via method ref: " + e);
    }
    MethodHandle getResource = MethodHandles.lookup().findVirtual(Class.class, "getResource", MethodType.methodType(java.net.URL.class, String.class));
    java.net.URL u = (java.net.URL) getResource.invokeExact(CallerSensitive.class, "CallerSensitive.class");
    System.out.println("Class.getResource via handle found: " + (u != null) + " ends " + (u != null && u.toString().endsWith("diff/indy/CallerSensitive.class")));
    Field f = CallerSensitive.class.getDeclaredField("counter");
    MethodHandle getter = MethodHandles.lookup().unreflectGetter(f);
    counter = 12;
    System.out.println("unreflectGetter private static " + (int) getter.invokeExact());
    MethodHandle newInstance = MethodHandles.lookup().findVirtual(Constructor.class, "newInstance", MethodType.methodType(Object.class, Object[].class));
    Object sb = newInstance.invoke(StringBuilder.class.getConstructor(String.class), new Object[] {"ctor via handle"});
    System.out.println("Constructor.newInstance via handle: " + sb);
    MethodHandle invoke = MethodHandles.lookup().findVirtual(Method.class, "invoke", MethodType.methodType(Object.class, Object.class, Object[].class));
    Method secretM = CallerSensitive.class.getDeclaredMethod("secret");
    try {
      System.out.println("Method.invoke via handle on private: " + invoke.invoke(secretM, null, new Object[0]));
    } catch (IllegalAccessException e) {
      String msg = e.getMessage();
      System.out.println("Method.invoke via handle on private: IllegalAccessException ..." + msg.substring(msg.indexOf(" cannot access")));
    }
    secretM.setAccessible(true);
    System.out.println("after setAccessible: " + invoke.invoke(secretM, null, new Object[0]));
  }

  private static int counter;
}
