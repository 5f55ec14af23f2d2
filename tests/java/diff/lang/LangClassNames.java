package diff.lang;

import java.util.ArrayList;

public class LangClassNames {
    class Inner { class Deeper {} }
    static class Nested {}
    interface Iface {}
    enum En { A, B { } }
    @interface Ann {}
    record Rec(int a) {}

    static void show(Class<?> c) {
        System.out.println(c.getName() + " | " + c.getSimpleName() + " | " + c.getCanonicalName() + " | " + c.getTypeName()
            + " | " + c.getPackageName() + " | " + c + " | iface=" + c.isInterface() + " arr=" + c.isArray() + " prim="
            + c.isPrimitive() + " enum=" + c.isEnum() + " ann=" + c.isAnnotation() + " anon=" + c.isAnonymousClass()
            + " local=" + c.isLocalClass() + " member=" + c.isMemberClass() + " synth=" + c.isSynthetic()
            + " mods=" + java.lang.reflect.Modifier.toString(c.getModifiers())
            + " super=" + (c.getSuperclass() == null ? "null" : c.getSuperclass().getName())
            + " enclosing=" + (c.getEnclosingClass() == null ? "null" : c.getEnclosingClass().getSimpleName())
            + " nestHost=" + c.getNestHost().getSimpleName()
            + " component=" + (c.getComponentType() == null ? "null" : c.getComponentType().getSimpleName()));
    }

    public static void main(String[] args) throws Exception {
        class Local {}
        Object anon = new Object() {};
        Runnable anonIface = new Runnable() { public void run() {} };
        Class<?>[] cs = {LangClassNames.class, Inner.class, Inner.Deeper.class, Nested.class, Iface.class, En.class,
            En.B.getClass(), Ann.class, Rec.class, Local.class, anon.getClass(), anonIface.getClass(), int.class, void.class,
            int[].class, long[][].class, String[].class, Inner[][].class, Local[].class, Object.class, String.class,
            ArrayList.class, java.util.Map.Entry.class, Thread.State.class, Character.UnicodeBlock.class,
            Comparable.class, Cloneable.class, Integer.class};
        for (Class<?> c : cs) show(c);
        String[] names = {"java.lang.String", "[I", "[[Ljava.lang.Object;", "[Ldiff.lang.LangClassNames$Nested;",
            "diff.lang.LangClassNames$Inner$Deeper", "java.util.Map$Entry", "int", "[Lint;", "java/lang/String",
            "diff.lang.LangClassNames.Nested", "[J", "[Z", "Ljava.lang.String;", "[", "java.lang.Thread$State"};
        for (String n : names) {
            try {
                Class<?> c = Class.forName(n);
                System.out.println("forName " + n + " -> " + c.getName() + " " + c.getSimpleName());
            } catch (ClassNotFoundException e) {
                System.out.println("forName " + n + " -> CNFE " + e.getMessage());
            }
        }
        System.out.println(LangClassNames.class.getClassLoader() != null);
        System.out.println(String.class.getClassLoader() + " " + int[].class.getClassLoader() + " " + (Local[].class.getClassLoader() != null));
        System.out.println(Integer.TYPE == int.class);
        System.out.println(Class.forName("[Ljava.lang.String;") == String[].class);
        System.out.println(java.lang.reflect.Array.newInstance(Local.class, 0).getClass() == Local[].class);
        System.out.println(int[].class.getInterfaces().length + " " + int[].class.getInterfaces()[0].getName()
            + " " + int[].class.getInterfaces()[1].getName());
        System.out.println(java.util.Arrays.toString(En.class.getEnumConstants()) + " " + En.B.getClass().getSuperclass().getSimpleName()
            + " " + En.B.getDeclaringClass().getSimpleName());
        System.out.println(Inner.class.getDeclaringClass().getSimpleName() + " " + (Local.class.getDeclaringClass() == null)
            + " " + Local.class.getEnclosingMethod().getName() + " " + anon.getClass().getEnclosingMethod().getName());
        System.out.println(Inner.Deeper.class.getNestHost().getName() + " " + Inner.class.isNestmateOf(Nested.class)
            + " " + String.class.isNestmateOf(LangClassNames.class));
        System.out.println(Number.class.isAssignableFrom(Integer.class) + " " + Object[].class.isAssignableFrom(String[][].class)
            + " " + Object[].class.isAssignableFrom(int[].class) + " " + Cloneable.class.isAssignableFrom(int[].class)
            + " " + long.class.isAssignableFrom(int.class) + " " + Comparable[].class.isInstance(new String[0]));
    }
}
