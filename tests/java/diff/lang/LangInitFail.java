package diff.lang;

public class LangInitFail {
    static class Bad {
        static int value = compute();
        static int compute() {
            System.out.println("Bad.compute running");
            if (value == 0) throw new IllegalStateException("cannot init Bad");
            return 1;
        }
        static void hello() { System.out.println("never"); }
    }

    static class BadError {
        static { if (true) throw new AssertionError("assert in clinit"); }
        static int x = 5;
    }

    static class BadChecked {
        static Object o;
        static {
            try {
                o = Class.forName("diff.lang.DoesNotExist");
            } catch (ClassNotFoundException e) {
                throw new RuntimeException("wrapped", e);
            }
        }
    }

    static class Dependent {
        static int y = Bad.value + 1;
    }

    public static void main(String[] args) {
        for (int i = 0; i < 2; i++) {
            try {
                Bad.hello();
            } catch (ExceptionInInitializerError e) {
                System.out.println("EIIE msg=" + e.getMessage() + " cause=" + e.getCause() + " exc=" + e.getException());
                e.printStackTrace();
            } catch (NoClassDefFoundError e) {
                System.out.println("NCDFE " + e.getMessage() + " cause=" + e.getCause());
            }
        }
        try {
            System.out.println(Bad.value);
        } catch (NoClassDefFoundError e) {
            System.out.println("NCDFE field " + e.getMessage());
        }
        try {
            new Bad();
        } catch (NoClassDefFoundError e) {
            System.out.println("NCDFE new " + e);
        }
        try {
            System.out.println(Dependent.y);
        } catch (Throwable e) {
            System.out.println("Dependent " + e);
        }
        try {
            System.out.println(Dependent.y);
        } catch (Throwable e) {
            System.out.println("Dependent again " + e);
        }
        try {
            System.out.println(BadError.x);
        } catch (Throwable e) {
            System.out.println("BadError " + e + " cause=" + e.getCause());
        }
        try {
            System.out.println(BadError.x);
        } catch (Throwable e) {
            System.out.println("BadError again " + e);
        }
        try {
            System.out.println(BadChecked.o);
        } catch (ExceptionInInitializerError e) {
            System.out.println("BadChecked " + e.getCause() + " / " + e.getCause().getCause());
        }
        try {
            Class.forName("diff.lang.LangInitFail$Bad");
        } catch (Throwable e) {
            System.out.println("forName " + e);
        }
        Bad[] arr = new Bad[2];
        System.out.println("array still fine " + arr.length);
        System.out.println("uncaught next");
        System.out.println(BadChecked.o);
    }
}
