package diff.indy;

import java.io.InputStream;
import java.lang.invoke.*;
import java.util.*;

/** Lookup.defineHiddenClass and Lookup.defineClass from class-file bytes of this test's nested classes. */
public class HiddenClasses {
  public static class Template {
    static int initCount;
    private final String tag;

    static {
      initCount++;
      System.out.println("Template <clinit> ran");
    }

    public Template(String tag) { this.tag = tag; }

    public static String hello(String who) { return "hello " + who + " from template (init " + initCount + ")"; }

    public String tag() { return "tag=" + tag; }

    @Override public String toString() { return "Template(" + tag + ")"; }
  }

  public static class Lazy {
    static {
      System.out.println("Lazy <clinit> ran");
    }

    public static int answer() { return 42; }
  }

  static byte[] bytesOf(String simple) throws Exception {
    try (InputStream in = HiddenClasses.class.getResourceAsStream("HiddenClasses$" + simple + ".class")) {
      return in.readAllBytes();
    }
  }

  public static void main(String[] args) throws Throwable {
    MethodHandles.Lookup lk = MethodHandles.lookup();
    byte[] bytes = bytesOf("Template");
    System.out.println("class file bytes read: " + (bytes.length > 200) + " magic " + Integer.toHexString(((bytes[0] & 0xff) << 24) | ((bytes[1] & 0xff) << 16) | ((bytes[2] & 0xff) << 8) | (bytes[3] & 0xff)));
    MethodHandles.Lookup hidden = lk.defineHiddenClass(bytes, true);
    Class<?> hc = hidden.lookupClass();
    System.out.println("isHidden " + hc.isHidden() + " name prefix ok " + hc.getName().startsWith("diff.indy.HiddenClasses$Template/")
        + " same as Template " + (hc == Template.class) + " package " + hc.getPackageName() + " loader is app loader " + (hc.getClassLoader() == HiddenClasses.class.getClassLoader()));
    System.out.println("canonical name " + hc.getCanonicalName() + " synthetic " + hc.isSynthetic() + " module " + hc.getModule().isNamed());
    MethodHandle hello = hidden.findStatic(hc, "hello", MethodType.methodType(String.class, String.class));
    System.out.println((String) hello.invokeExact("hidden"));
    System.out.println(Template.hello("normal"));
    System.out.println((String) hello.invokeExact("hidden again"));
    MethodHandle ctor = hidden.findConstructor(hc, MethodType.methodType(void.class, String.class));
    Object inst = ctor.invoke("h1");
    MethodHandle tag = hidden.findVirtual(hc, "tag", MethodType.methodType(String.class));
    System.out.println("instance " + inst + " " + tag.invoke(inst) + " instanceof Template " + (inst instanceof Template));
    try {
      Class.forName(hc.getName());
      System.out.println("unexpected: hidden class found by name");
    } catch (ClassNotFoundException e) {
      System.out.println("Class.forName of a hidden class: ClassNotFoundException");
    }
    MethodHandles.Lookup second = lk.defineHiddenClass(bytes, false);
    System.out.println("two hidden classes distinct " + (second.lookupClass() != hc) + " initialized? calling hello: "
        + second.findStatic(second.lookupClass(), "hello", MethodType.methodType(String.class, String.class)).invoke("second"));
    MethodHandles.Lookup nest = lk.defineHiddenClass(bytes, true, MethodHandles.Lookup.ClassOption.NESTMATE, MethodHandles.Lookup.ClassOption.STRONG);
    System.out.println("nestmate host " + nest.lookupClass().getNestHost().getSimpleName() + " isNestmateOf " + nest.lookupClass().isNestmateOf(HiddenClasses.class));
    System.out.println("lookup modes full privilege " + (nest.hasFullPrivilegeAccess()));
    try {
      lk.defineHiddenClass(new byte[] {1, 2, 3}, true);
    } catch (ClassFormatError e) {
      System.out.println("ClassFormatError for garbage bytes: " + e.getClass().getName());
    }
    try {
      lk.defineHiddenClass(bytesOf("Template").clone(), true).lookupClass();
      byte[] other = java.util.Arrays.copyOf(bytes, bytes.length);
      MethodHandles.lookup().in(String.class).defineHiddenClass(other, true);
    } catch (IllegalAccessException | IllegalArgumentException e) {
      System.out.println("defineHiddenClass from a weaker lookup: " + e.getClass().getSimpleName());
    }
    Class<?> lazy = lk.defineClass(bytesOf("Lazy"));
    System.out.println("defineClass " + lazy.getName() + " hidden " + lazy.isHidden() + " same as Lazy.class " + (lazy == Lazy.class));
    System.out.println("answer " + (int) lk.findStatic(lazy, "answer", MethodType.methodType(int.class)).invokeExact());
    try {
      lk.defineClass(bytesOf("Lazy"));
    } catch (LinkageError e) {
      System.out.println("second defineClass: " + e.getClass().getSimpleName());
    }
  }
}
