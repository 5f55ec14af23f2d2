package diff.reflect;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

// Member reflection over real JDK classes: counts and digests of the sorted
// declared and public members, inner-class tables, generic signatures and
// the fields the JDK filters from reflection (Reflection.fieldFilterMap).
public class JdkMembers {
    static String digest(Member[] ms) {
        TreeSet<String> sorted = new TreeSet<>();
        for (Member m : ms) sorted.add(m.toString());
        return sorted.size() + " members, digest " + String.join("\n", sorted).hashCode();
    }

    static String genericDigest(Method[] ms) {
        TreeSet<String> sorted = new TreeSet<>();
        for (Method m : ms) sorted.add(m.toGenericString());
        return Integer.toString(String.join("\n", sorted).hashCode());
    }

    static String names(Class<?>[] cs) {
        TreeSet<String> sorted = new TreeSet<>();
        for (Class<?> c : cs) sorted.add(c.getName());
        return sorted.toString();
    }

    public static void main(String[] args) throws Exception {
        Class<?>[] classes = {Object.class, String.class, StringBuilder.class, Integer.class, Character.class,
                Math.class, Thread.class, Throwable.class, Enum.class, Record.class, Class.class, ClassLoader.class,
                System.class, Runtime.class, java.util.ArrayList.class, java.util.HashMap.class,
                java.util.Map.class, java.util.List.class, java.util.Collections.class, java.util.Optional.class,
                java.util.concurrent.ConcurrentHashMap.class, java.util.concurrent.atomic.AtomicInteger.class,
                java.util.function.Function.class, java.lang.reflect.Method.class, java.lang.reflect.Proxy.class,
                java.io.File.class, java.util.regex.Pattern.class, java.time.LocalDate.class,
                java.lang.invoke.MethodHandles.Lookup.class, Thread.State.class, int[].class};
        for (Class<?> c : classes) {
            System.out.println("== " + c.getName() + " mods=" + Modifier.toString(c.getModifiers()));
            System.out.println("  declared methods " + digest(c.getDeclaredMethods()));
            System.out.println("  public methods " + digest(c.getMethods()));
            System.out.println("  declared fields " + digest(c.getDeclaredFields()));
            System.out.println("  public fields " + digest(c.getFields()));
            System.out.println("  declared ctors " + digest(c.getDeclaredConstructors()));
            System.out.println("  generic " + genericDigest(c.getDeclaredMethods()));
            System.out.println("  declared classes " + names(c.getDeclaredClasses()));
            System.out.println("  type params " + Arrays.toString(c.getTypeParameters())
                    + " generic super " + c.getGenericSuperclass()
                    + " generic interfaces " + Arrays.toString(c.getGenericInterfaces()));
        }
        System.out.println("Map.Entry enclosing " + java.util.Map.Entry.class.getEnclosingClass()
                + " declaring " + java.util.Map.Entry.class.getDeclaringClass());
        Class<?> keySet = new java.util.HashMap<String, String>().keySet().getClass();
        System.out.println("HashMap keySet class " + keySet.getName() + " simple " + keySet.getSimpleName()
                + " member " + keySet.isMemberClass() + " enclosing " + keySet.getEnclosingClass());
        Class<?> emptyList = java.util.Collections.emptyList().getClass();
        System.out.println("emptyList class " + emptyList.getName() + " mods " + Modifier.toString(emptyList.getModifiers()));
        List<String> iterCls = new ArrayList<>();
        iterCls.add(new ArrayList<String>().iterator().getClass().getName());
        iterCls.add(java.util.List.of(1).iterator().getClass().getName());
        System.out.println("iterator classes " + iterCls);
        Method valueOf = Integer.class.getMethod("valueOf", int.class);
        System.out.println("Integer.valueOf " + valueOf + " invoke " + valueOf.invoke(null, 127));
        Method compare = Comparable.class.getMethod("compareTo", Object.class);
        System.out.println("Comparable.compareTo on String " + compare.invoke("a", "b"));
        Method sbAppend = StringBuilder.class.getMethod("append", CharSequence.class);
        System.out.println("StringBuilder.append(CharSequence) " + sbAppend.invoke(new StringBuilder("x"), "yz")
                + " declaring " + sbAppend.getDeclaringClass().getSimpleName()
                + " bridge " + sbAppend.isBridge());
        Constructor<?> strCtor = String.class.getConstructor(char[].class, int.class, int.class);
        System.out.println("new String(char[],int,int) " + strCtor.newInstance(new char[] {'a', 'b', 'c'}, 1, 2));
        Field maxValue = Integer.class.getField("MAX_VALUE");
        System.out.println("Integer.MAX_VALUE " + maxValue.getInt(null) + " " + maxValue.toGenericString());
        System.out.println("Thread.State.BLOCKED field " + Thread.State.class.getField("BLOCKED").get(null));
        System.out.println("System.out field type " + System.class.getField("out").getType().getName());
    }
}
