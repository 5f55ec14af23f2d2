package diff.reflect;

import java.util.Arrays;
import java.util.Comparator;

// Inner-class metadata: InnerClasses, EnclosingMethod and NestHost/NestMembers
// attributes seen through Class.
public class NestedClasses {
    public static class StaticMember {
        public class InnerOfStatic {}
    }

    protected class InnerMember {
        private interface DeepIface {}
    }

    private enum PrivEnum { A }

    interface LocalHolder { Class<?> get(); }

    static Class<?> anonInStatic = new Object() {}.getClass();
    Class<?> anonInField = new Object() {}.getClass();

    static Class<?> localInMethod() {
        class LocalInMethod {}
        return LocalInMethod.class;
    }

    NestedClasses() {
        class LocalInCtor {}
        ctorLocal = LocalInCtor.class;
        ctorAnon = new Runnable() { public void run() {} }.getClass();
    }

    Class<?> ctorLocal;
    Class<?> ctorAnon;

    static Class<?> anonInMethod(final int x) {
        return new LocalHolder() {
            public Class<?> get() { return getClass(); }
        }.get();
    }

    static Class<?> localInInit;
    static {
        class LocalInInit {}
        localInInit = LocalInInit.class;
    }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static String names(Class<?>[] cs) {
        Class<?>[] copy = cs.clone();
        Arrays.sort(copy, new Comparator<Class<?>>() {
            public int compare(Class<?> a, Class<?> b) { return a.getName().compareTo(b.getName()); }
        });
        StringBuilder sb = new StringBuilder("[");
        for (Class<?> c : copy) sb.append(c.getName()).append(' ');
        return sb.append(']').toString();
    }

    static void show(String label, Class<?> c) {
        System.out.println(cat("== ", label));
        System.out.println(cat("  getName ", c.getName()));
        System.out.println(cat("  getSimpleName '", c.getSimpleName(), "'"));
        System.out.println(cat("  getCanonicalName ", c.getCanonicalName()));
        System.out.println(cat("  getTypeName ", c.getTypeName()));
        System.out.println(cat("  getPackageName ", c.getPackageName()));
        System.out.println(cat("  isAnonymous ", c.isAnonymousClass(), " isLocal ", c.isLocalClass(),
                " isMember ", c.isMemberClass()));
        System.out.println(cat("  getEnclosingClass ", c.getEnclosingClass()));
        System.out.println(cat("  getDeclaringClass ", c.getDeclaringClass()));
        System.out.println(cat("  getEnclosingMethod ", c.getEnclosingMethod()));
        System.out.println(cat("  getEnclosingConstructor ", c.getEnclosingConstructor()));
        System.out.println(cat("  getNestHost ", c.getNestHost().getName()));
        System.out.println(cat("  modifiers ", java.lang.reflect.Modifier.toString(c.getModifiers())));
        System.out.println(cat("  getDeclaredClasses ", names(c.getDeclaredClasses())));
        System.out.println(cat("  getClasses ", names(c.getClasses())));
    }

    public static void main(String[] args) throws Exception {
        NestedClasses self = new NestedClasses();
        show("top", NestedClasses.class);
        show("static member", StaticMember.class);
        show("inner of static", StaticMember.InnerOfStatic.class);
        show("inner member", InnerMember.class);
        show("deep iface", Class.forName("diff.reflect.NestedClasses$InnerMember$DeepIface"));
        show("private enum", PrivEnum.class);
        show("anon in static init", anonInStatic);
        show("anon in field", self.anonInField);
        show("local in method", localInMethod());
        show("local in ctor", self.ctorLocal);
        show("anon in ctor", self.ctorAnon);
        show("anon in method", anonInMethod(3));
        show("local in init", localInInit);
        show("array of member", StaticMember[][].class);
        show("array of anon", java.lang.reflect.Array.newInstance(anonInStatic, 0).getClass());
        show("primitive", int.class);
        show("jdk nested", java.util.Map.Entry.class);
        System.out.println(cat("nest members ", names(NestedClasses.class.getNestMembers())));
        System.out.println(cat("nest members of member ", names(StaticMember.class.getNestMembers())));
        System.out.println(cat("nestmates ", NestedClasses.class.isNestmateOf(StaticMember.InnerOfStatic.class),
                " ", NestedClasses.class.isNestmateOf(String.class)));
        System.out.println(cat("String nest host ", String.class.getNestHost().getName()));
        System.out.println(cat("int nest host ", int.class.getNestHost().getName()));
    }
}
