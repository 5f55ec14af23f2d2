package diff.lang;

public class LangInitMore {
    static void log(String s) { System.out.println("  [" + s + "]"); }

    static class Parent {
        static int parentField = value("Parent.parentField", 1);
        static { log("Parent init"); }
        static void parentStatic() { log("Parent.parentStatic"); }
    }
    static class Child extends Parent {
        static int childField = value("Child.childField", 2);
        static { log("Child init"); }
    }

    interface WithConst {
        int CONST = 5;                               // constant: no init
        Object OBJ = valueObj("WithConst.OBJ");      // non-constant
        static void stat() { log("WithConst.stat"); }
    }
    static class Implementor implements WithConst {
        static { log("Implementor init"); }
    }

    interface FailingIface {
        Object X = fail("FailingIface");
        default void d() {}
    }
    static class UsesFailing implements FailingIface {
        static { log("UsesFailing init (must not run)"); }
    }

    static class DeepInit {
        static int deep = deep(0);
        static int deep(int n) { return deep(n + 1); }
    }

    static class ViaReflection {
        static { log("ViaReflection init"); }
        public ViaReflection() { log("ViaReflection ctor"); }
    }

    enum Mode { ON, OFF }
    static class SwitchUser {
        static String name(Mode m) {
            switch (m) {
                case ON: return "on";
                default: return "off";
            }
        }
    }

    static class InstanceOrder {
        int a = trace("field a", 1);
        int b;
        { b = trace("init block b", a + 1); }
        int c = trace("field c", b + 1);
        InstanceOrder() { this(0); trace("no-arg ctor", c); }
        InstanceOrder(int x) { super(); trace("int ctor x=" + x, c); }
        static int trace(String s, int v) { log(s + " = " + v); return v; }
    }

    static class Base {
        Base() { log("Base ctor calls describe(): " + describe()); }
        String describe() { return "base"; }
    }
    static class Derived extends Base {
        final String name = "derived-field";
        final String computed = String.valueOf(42);
        Derived() { log("Derived ctor: " + describe()); }
        @Override String describe() { return "derived name=" + name + " computed=" + computed; }
    }

    static int value(String what, int v) { log(what); return v; }
    static Object valueObj(String what) { log(what); return what; }
    static Object fail(String what) { log(what + " failing"); throw new UnsupportedOperationException(what); }

    public static void main(String[] args) throws Exception {
        System.out.println("1: Child.parentField via subclass");
        System.out.println(Child.parentField);
        System.out.println("2: Child.childField");
        System.out.println(Child.childField);
        System.out.println("3: interface constant");
        System.out.println(WithConst.CONST + " " + Implementor.CONST);
        System.out.println("4: new Implementor");
        new Implementor();
        System.out.println("5: WithConst.OBJ");
        System.out.println(WithConst.OBJ);
        WithConst.stat();
        System.out.println("6: class with failing default-method interface");
        try {
            new UsesFailing();
        } catch (ExceptionInInitializerError e) {
            System.out.println("EIIE " + e.getCause());
        }
        try {
            new UsesFailing();
        } catch (NoClassDefFoundError e) {
            System.out.println("NCDFE " + e.getMessage());
        }
        System.out.println("7: StackOverflowError in <clinit> is not wrapped");
        try {
            System.out.println(DeepInit.deep);
        } catch (StackOverflowError e) {
            System.out.println("SOE from clinit: " + e.getClass().getName());
        } catch (ExceptionInInitializerError e) {
            System.out.println("wrapped?! " + e);
        }
        try {
            System.out.println(DeepInit.deep);
        } catch (NoClassDefFoundError e) {
            System.out.println("NCDFE " + e.getMessage() + " cause=" + e.getCause());
        }
        System.out.println("8: reflection");
        Class<?> k = Class.forName("diff.lang.LangInitMore$ViaReflection", false, LangInitMore.class.getClassLoader());
        System.out.println("loaded " + k.getSimpleName());
        Object o = k.getDeclaredConstructor().newInstance();
        System.out.println("9: enum switch " + SwitchUser.name(Mode.ON) + " " + SwitchUser.name(Mode.OFF));
        System.out.println("10: instance order");
        new InstanceOrder();
        System.out.println("11: virtual call from super constructor");
        new Derived();
    }
}
