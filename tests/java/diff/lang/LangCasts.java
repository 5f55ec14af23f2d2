package diff.lang;

public class LangCasts {
    static class A {}
    static class B extends A {}
    static class C extends A {}
    interface I {}
    static final class F {}

    static void tryCast(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": ok");
        } catch (ClassCastException e) {
            System.out.println(what + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        Object[] things = {new A(), new B(), new C(), "str", 42, new int[1], new String[1], new A[1], new B[0][0], null, new Object(),
            new Object[0], 'c', 1L, new long[0][]};
        for (Object o : things) {
            String name = o == null ? "null" : o.getClass().getName();
            System.out.println(name + " A=" + (o instanceof A) + " B=" + (o instanceof B) + " I=" + (o instanceof I)
                + " Obj[]=" + (o instanceof Object[]) + " A[]=" + (o instanceof A[]) + " Cmp=" + (o instanceof Comparable)
                + " Num=" + (o instanceof Number) + " Cln=" + (o instanceof Cloneable) + " Ser=" + (o instanceof java.io.Serializable)
                + " int[]=" + (o instanceof int[]) + " Obj[][]=" + (o instanceof Object[][]));
        }
        Object a = new A(), s = "hello", i = 5, arr = new int[3], sarr = new String[2], barr = new B[1];
        // Each cast is in its own method-local lambda-free Runnable subclass.
        tryCast("A->B", new Runnable() { public void run() { B b = (B) a; } });
        tryCast("String->Integer", new Runnable() { public void run() { Integer x = (Integer) s; } });
        tryCast("Integer->String", new Runnable() { public void run() { String x = (String) i; } });
        tryCast("int[]->Object[]", new Runnable() { public void run() { Object[] x = (Object[]) arr; } });
        tryCast("String[]->Integer[]", new Runnable() { public void run() { Integer[] x = (Integer[]) sarr; } });
        tryCast("String[]->Object[]", new Runnable() { public void run() { Object[] x = (Object[]) sarr; } });
        tryCast("B[]->A[]", new Runnable() { public void run() { A[] x = (A[]) barr; } });
        tryCast("A->I", new Runnable() { public void run() { I x = (I) a; } });
        tryCast("String->Runnable", new Runnable() { public void run() { Runnable x = (Runnable) s; } });
        tryCast("A->Comparable", new Runnable() { public void run() { Comparable<?> x = (Comparable<?>) a; } });
        tryCast("int[]->long[]", new Runnable() { public void run() { long[] x = (long[]) arr; } });
        tryCast("B[]->C[]", new Runnable() { public void run() { Object o = barr; C[] x = (C[]) o; } });
        tryCast("Class.cast", new Runnable() { public void run() { Integer.class.cast(s); } });
        tryCast("Integer->Long", new Runnable() { public void run() { Long x = (Long) i; } });
        tryCast("null->B", new Runnable() { public void run() { Object n = null; B b = (B) n; } });
        tryCast("Object->F", new Runnable() { public void run() { Object o = new Object(); F f = (F) o; } });
        // ArrayStoreException
        Object[] objs = new String[2];
        try {
            objs[0] = 1;
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        A[] as = new B[2];
        try {
            as[0] = new C();
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        Object[][] nested = new Integer[2][];
        try {
            nested[0] = new String[1];
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        try {
            System.arraycopy(new int[2], 0, new long[2], 0, 1);
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        try {
            System.arraycopy(new Object[] {"a", 1}, 0, new String[2], 0, 2);
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        try {
            System.arraycopy("notarray", 0, new String[2], 0, 2);
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        try {
            System.arraycopy(new int[2], 1, new int[2], 0, 2);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        try {
            System.arraycopy(new int[2], -1, new int[2], 0, 1);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        objs[1] = "fine";
        System.out.println(java.util.Arrays.toString(objs) + " " + objs.getClass().getSimpleName() + " " + objs.getClass().getName());
        // primitive narrowing via casts of boxed
        Object d = 3.99;
        System.out.println((int) (double) (Double) d + " " + (long) -3.99 + " " + (int) Float.NaN + " " + (int) 1e20 + " " + (long) -1e30);
        System.out.println(int.class + " " + int[].class + " " + int[][].class.getName() + " " + String[].class.getName()
            + " " + A[].class.getName() + " " + A[].class.getSimpleName() + " " + void.class + " " + Integer.TYPE
            + " " + int[].class.getComponentType() + " " + A[][].class.getComponentType().getSimpleName() + " " + int.class.isPrimitive());
    }
}
