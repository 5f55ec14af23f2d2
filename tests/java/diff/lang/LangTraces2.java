package diff.lang;

public class LangTraces2 {
    static class Loud extends RuntimeException {
        Loud(String m) { super(m); }
        @Override public String getLocalizedMessage() { return "localized(" + getMessage() + ")"; }
    }

    static class Renamed extends Exception {
        Renamed(String m, Throwable c) { super(m, c); }
        @Override public String toString() { return "Renamed!" + getMessage(); }
    }

    static void thrower(int n) {
        if (n == 0) throw new Loud("deep");
        thrower(n - 1);
    }

    static void circular() {
        Exception a = new Exception("a");
        Exception b = new Exception("b", a);
        a.initCause(b);
        a.printStackTrace();
    }

    static void suppressedWithCause() {
        Exception top = new Exception("top");
        Exception sup = new IllegalStateException("sup", new Error("sup cause"));
        sup.addSuppressed(new RuntimeException("nested suppressed"));
        top.addSuppressed(sup);
        top.addSuppressed(top.getCause() == null ? new Exception("second") : null);
        top.printStackTrace();
    }

    public static void main(String[] args) throws Exception {
        try {
            thrower(3);
        } catch (Loud e) {
            e.printStackTrace();
            System.out.println(e + " / " + e.getMessage() + " / " + e.getLocalizedMessage());
        }
        Renamed r = new Renamed("msg", new Loud("inner"));
        r.printStackTrace();
        circular();
        suppressedWithCause();
        try {
            new Exception().addSuppressed(null);
        } catch (NullPointerException e) {
            System.out.println("addSuppressed(null): " + e.getMessage());
        }
        Exception self = new Exception("self");
        try {
            self.addSuppressed(self);
        } catch (IllegalArgumentException e) {
            System.out.println("self-suppression: " + e.getMessage());
        }
        StackTraceElement[] here = new Throwable().getStackTrace();
        System.out.println(here.length + " " + here[0]);
        StackTraceElement[] threadTrace = Thread.currentThread().getStackTrace();
        System.out.println("thread trace top " + threadTrace[0].getMethodName() + " next " + threadTrace[1]);
        Thread t = new Thread("with-handler") {
            public void run() { throw new Loud("from thread"); }
        };
        t.setUncaughtExceptionHandler(new Thread.UncaughtExceptionHandler() {
            public void uncaughtException(Thread th, Throwable e) {
                System.out.println("handler got " + e + " in " + th.getName());
            }
        });
        t.start();
        t.join();
        Thread.setDefaultUncaughtExceptionHandler(new Thread.UncaughtExceptionHandler() {
            public void uncaughtException(Thread th, Throwable e) {
                System.out.println("default handler: " + e.getMessage() + " in " + th.getName());
            }
        });
        Thread t2 = new Thread("default-handled") {
            public void run() { throw new IllegalStateException("t2 failed"); }
        };
        t2.start();
        t2.join();
        ThreadGroup group = new ThreadGroup("custom-group") {
            @Override public void uncaughtException(Thread th, Throwable e) {
                System.out.println("group " + getName() + " handles " + e.getMessage());
            }
        };
        Thread t3 = new Thread(group, "grouped") {
            public void run() { throw new IllegalStateException("t3 failed"); }
        };
        t3.start();
        t3.join();
        System.out.println("main continues; now throwing into the default handler");
        throw new Renamed("main failure", null);
    }
}
