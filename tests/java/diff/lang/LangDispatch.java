package diff.lang;

import java.util.Comparator;

public class LangDispatch {
    static class A {
        private String p() { return "A.p"; }
        String callP(A other) { return other.p(); }        // private: never overridden
        String pkg() { return "A.pkg"; }
        public String pub() { return "A.pub"; }
        protected String prot() { return "A.prot"; }
        static String st() { return "A.st"; }
        String callSt() { return st(); }
        String viaThis() { return this.pub() + "/" + this.pkg() + "/" + this.p(); }
    }

    static class B extends A {
        private String p() { return "B.p"; }                 // does not override A.p
        @Override String pkg() { return "B.pkg"; }
        @Override public String pub() { return "B.pub"; }
        @Override protected String prot() { return "B.prot>" + super.prot(); }
        static String st() { return "B.st"; }
        String callMyP() { return p(); }
    }

    static class C extends B {
        @Override public String pub() { return "C.pub>" + super.pub(); }
    }

    interface Cmp extends Comparator<String> {
        boolean equals(Object o);   // redeclares Object.equals
    }

    static class LenCmp implements Cmp {
        public int compare(String a, String b) { return a.length() - b.length(); }
        public String toString() { return "LenCmp"; }
    }

    interface Shape { String name(); }
    interface Round extends Shape { default String name() { return "round"; } }
    interface Named extends Shape { }
    static class Ball implements Round, Named { }
    static class Coin implements Named, Round { public String name() { return "coin/" + Round.super.name(); } }

    interface Counter { int count(); default int twice() { return 2 * count(); } }
    static abstract class AbstractCounter implements Counter {
        public int twice() { return 100 + count(); }     // class wins over default
    }
    static class Ten extends AbstractCounter { public int count() { return 10; } }

    // generic bridge dispatch
    static abstract class Holder<T> { abstract T get(); T twiceGet() { get(); return get(); } }
    static class StrHolder extends Holder<String> {
        int calls;
        @Override String get() { calls++; return "s" + calls; }
    }

    public static void main(String[] args) {
        A a = new A(), b = new B(), c = new C();
        for (A x : new A[] {a, b, c}) {
            System.out.println(x.getClass().getSimpleName() + ": " + a.callP(x) + " " + x.pkg() + " " + x.pub() + " " + x.prot()
                + " " + x.callSt() + " " + x.viaThis());
        }
        System.out.println(((B) b).callMyP() + " " + B.st() + " " + ((B) c).callMyP());
        Runnable r = new Runnable() {
            public void run() {}
            public String toString() { return "my runnable"; }
            public boolean equals(Object o) { return o == this || "eq".equals(o); }
            public int hashCode() { return 77; }
        };
        System.out.println(r.toString() + " " + r.hashCode() + " " + r.equals("eq") + " " + r.equals(null) + " " + (r.getClass() != null));
        Cmp cmp = new LenCmp();
        Comparator<String> asComparator = cmp;
        System.out.println(cmp.equals(cmp) + " " + cmp.equals(null) + " " + asComparator.compare("aa", "b") + " " + cmp + " "
            + asComparator.reversed().compare("aa", "b"));
        String[] words = {"ccc", "a", "bb", "dddd"};
        java.util.Arrays.sort(words, cmp);
        System.out.println(String.join(",", words));
        java.util.Arrays.sort(words, asComparator.reversed());
        System.out.println(String.join(",", words));
        Shape s1 = new Ball(), s2 = new Coin();
        System.out.println(s1.name() + " " + s2.name() + " " + ((Named) s1).name() + " " + ((Round) s2).name());
        Counter ten = new Ten();
        System.out.println(ten.count() + " " + ten.twice());
        Holder<String> h = new StrHolder();
        System.out.println(h.twiceGet() + " " + h.get() + " " + ((StrHolder) h).calls);
        Object o = words;
        System.out.println(o.getClass().getSimpleName() + " " + (o.hashCode() == System.identityHashCode(o)) + " " + o.equals(words)
            + " " + o.toString().startsWith("[Ljava.lang.String;@"));
        int[] ints = {1};
        int[] clone = ints.clone();
        System.out.println(clone.length + " " + (clone != ints) + " " + ints.getClass().getSuperclass());
    }
}
