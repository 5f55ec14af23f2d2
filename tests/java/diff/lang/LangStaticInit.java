package diff.lang;

public class LangStaticInit {
    static StringBuilder order = new StringBuilder();
    static void log(String s) { order.append(s).append(' '); System.out.println("init: " + s); }

    static class A {
        static int a1 = next("A.a1");
        static final int CONST = 99;            // compile-time constant: no init
        static final String SCONST = "const";   // also constant
        static final Integer BOXED = next("A.BOXED");
        static { log("A.static-block"); }
        static int a2 = next("A.a2");
        int inst = next("A.inst");
        { log("A.instance-block"); }
        A() { log("A.ctor"); }
    }

    static class B extends A {
        static int b1 = next("B.b1");
        static { log("B.static-block"); }
        int binst = next("B.inst");
        B() { super(); log("B.ctor"); }
    }

    interface I {
        int I1 = next("I.I1");
        default void m() {}
    }

    interface J {
        int J1 = next("J.J1");
    }

    static class C implements I, J {
        static { log("C.static"); }
    }

    static class D {
        static { log("D.static"); }
        static void touch() { log("D.touch"); }
    }

    static class E {
        static { log("E.static"); }
        static final Object LOCK = new Object();
    }

    static class Cyclic1 {
        static int v = Cyclic2.w + 1;
        static { log("Cyclic1 v=" + v); }
    }
    static class Cyclic2 {
        static int w = Cyclic1.v + 10;
        static { log("Cyclic2 w=" + w); }
    }

    static class Holder {
        static { log("Holder.static"); }
        static final Holder INSTANCE = new Holder();
        static int counter = 5;
        Holder() { counter++; log("Holder.ctor counter=" + counter); }
    }

    static class ArrOnly {
        static { log("ArrOnly.static (should not run for array creation)"); }
    }

    static int seq;
    static int next(String what) { log(what + "=" + seq); return seq++; }

    public static void main(String[] args) {
        log("main-start");
        System.out.println("const " + A.CONST + " " + A.SCONST);
        log("after-const");
        ArrOnly[] arr = new ArrOnly[3];
        System.out.println("array made " + arr.length + " " + ArrOnly[].class.getName());
        log("before-B");
        B b = new B();
        log("after-B");
        new B();
        System.out.println("B.b1=" + B.b1 + " A.a1=" + A.a1 + " A.a2=" + A.a2 + " boxed=" + A.BOXED + " inst=" + b.inst + " binst=" + b.binst);
        C c = new C();
        log("after-C");
        c.m();
        log("after-m");
        System.out.println("I1=" + I.I1);
        System.out.println("J1=" + C.J1);
        D.touch();
        Object lock = E.LOCK;
        System.out.println("E lock null? " + (lock == null));
        System.out.println("cyclic " + Cyclic1.v + " " + Cyclic2.w);
        System.out.println("holder " + Holder.counter + " " + (Holder.INSTANCE != null));
        try {
            Class<?> k = Class.forName("diff.lang.LangStaticInit$Lazy", false, LangStaticInit.class.getClassLoader());
            log("forName(false) done " + k.getSimpleName());
            Class.forName("diff.lang.LangStaticInit$Lazy");
            log("forName(true) done");
        } catch (ClassNotFoundException e) {
            System.out.println(e);
        }
        try {
            Class.forName("diff.lang.NoSuchClassHere");
        } catch (ClassNotFoundException e) {
            System.out.println("CNFE " + e.getMessage());
        }
        System.out.println("order: " + order);
    }

    static class Lazy {
        static { log("Lazy.static"); }
    }
}
