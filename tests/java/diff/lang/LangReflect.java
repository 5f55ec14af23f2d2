package diff.lang;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.TreeSet;

public class LangReflect {
    public static class Target {
        public int pub = 1;
        private String priv = "secret";
        protected static long counter;
        public final double fin = 2.5;
        public Target() { counter++; }
        public Target(int p) { this(); pub = p; }
        private Target(String s) { this(); priv = s; }
        public int add(int a, int b) { return a + b + pub; }
        public static String stat(String s, long n) { return s + n; }
        private String hidden() { return "hidden:" + priv; }
        public void fail(int code) { throw new IllegalStateException("fail " + code); }
        public Object varargs(String... xs) { return xs.length; }
        public byte prims(boolean z, char c, short s, float f, double d) { return (byte) (c + s + (z ? 1 : 0) + f + d); }
        @Override public String toString() { return "Target(" + pub + "," + priv + ")"; }
    }

    public static void main(String[] args) throws Exception {
        Class<Target> c = Target.class;
        Method add = c.getMethod("add", int.class, int.class);
        Target t = new Target(10);
        long sum = 0;
        for (int i = 0; i < 40; i++) sum += (Integer) add.invoke(t, i, 1);  // past the inflation threshold
        System.out.println("sum " + sum);
        Method stat = c.getMethod("stat", String.class, long.class);
        for (int i = 0; i < 20; i++) if (i % 7 == 0) System.out.println(stat.invoke(null, "n=", (long) i));
        Constructor<Target> ctor = c.getConstructor(int.class);
        Target last = null;
        for (int i = 0; i < 20; i++) last = ctor.newInstance(i);
        System.out.println(last + " counter=" + Target.counter);
        Constructor<Target> privCtor = c.getDeclaredConstructor(String.class);
        privCtor.setAccessible(true);
        System.out.println(privCtor.newInstance("made"));
        Method hidden = c.getDeclaredMethod("hidden");
        try {
            hidden.invoke(t);
        } catch (IllegalAccessException e) {
            System.out.println("IAE " + e.getMessage());
        }
        hidden.setAccessible(true);
        for (int i = 0; i < 20; i++) hidden.invoke(t);
        System.out.println(hidden.invoke(t));
        Method fail = c.getMethod("fail", int.class);
        for (int i = 0; i < 18; i++) {
            try {
                fail.invoke(t, i);
            } catch (InvocationTargetException e) {
                if (i % 6 == 0) System.out.println("ITE cause=" + e.getCause() + " msg=" + e.getMessage());
            }
        }
        try {
            add.invoke(t, "x", 1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE arg " + e.getMessage());
        }
        try {
            add.invoke(null, 1, 2);
        } catch (NullPointerException e) {
            System.out.println("NPE receiver");
        }
        try {
            add.invoke(t, 1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE count " + e.getMessage());
        }
        System.out.println(c.getMethod("varargs", String[].class).invoke(t, (Object) new String[] {"a", "b"}));
        System.out.println(c.getMethod("prims", boolean.class, char.class, short.class, float.class, double.class)
            .invoke(t, true, 'A', (short) 2, 1.5f, 0.25));
        Field pub = c.getField("pub");
        Field priv = c.getDeclaredField("priv");
        Field counter = c.getDeclaredField("counter");
        Field fin = c.getField("fin");
        priv.setAccessible(true);
        for (int i = 0; i < 20; i++) pub.setInt(t, pub.getInt(t) + 1);
        priv.set(t, "changed");
        counter.setLong(null, 1000);
        System.out.println(t + " " + pub.get(t) + " " + priv.get(t) + " " + Target.counter + " " + fin.getDouble(t)
            + " " + pub.getLong(t) + " " + pub.getType() + " " + priv.getType().getSimpleName());
        try {
            fin.setDouble(t, 1.0);
        } catch (IllegalAccessException e) {
            System.out.println("final: " + e.getMessage());
        }
        try {
            pub.set(t, "str");
        } catch (IllegalArgumentException e) {
            System.out.println("set wrong type: " + e.getMessage());
        }
        TreeSet<String> names = new TreeSet<>();
        for (Method m : c.getDeclaredMethods()) names.add(Modifier.toString(m.getModifiers()) + " " + m.getName() + Arrays.toString(m.getParameterTypes()) + " -> " + m.getReturnType().getSimpleName());
        for (String n : names) System.out.println("method " + n);
        names.clear();
        for (Field f : c.getDeclaredFields()) names.add(Modifier.toString(f.getModifiers()) + " " + f.getType().getSimpleName() + " " + f.getName());
        System.out.println("fields " + names);
        names.clear();
        // (Executable.toString uses streams, hence lambdas: not printed)
        for (Constructor<?> k : c.getDeclaredConstructors()) names.add(Modifier.toString(k.getModifiers()) + Arrays.toString(k.getParameterTypes()));
        System.out.println("ctors " + names);
        System.out.println(add.getName() + " | " + stat.getDeclaringClass().getName() + " | " + pub);
        Object arr = java.lang.reflect.Array.newInstance(int.class, 3);
        java.lang.reflect.Array.setInt(arr, 1, 42);
        System.out.println(Arrays.toString((int[]) arr) + " " + java.lang.reflect.Array.get(arr, 1));
        try {
            java.lang.reflect.Array.get(arr, 3);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("Array.get " + e.getMessage());
        }
        Object instance = c.getDeclaredConstructor().newInstance();
        System.out.println(instance + " " + Target.counter);
        try {
            Class.forName("diff.lang.LangReflect$Target").getMethod("nope");
        } catch (NoSuchMethodException e) {
            System.out.println("NSME " + e.getMessage());
        }
        try {
            c.getField("priv");
        } catch (NoSuchFieldException e) {
            System.out.println("NSFE " + e.getMessage());
        }
    }
}
