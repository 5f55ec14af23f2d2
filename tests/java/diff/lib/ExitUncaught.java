package diff.lib;

public class ExitUncaught {
    static class Hook extends Thread {
        public void run() { System.out.println("hook after uncaught exception"); }
    }
    static class Bad extends RuntimeException {
        Bad(String m, Throwable cause) { super(m, cause); }
    }
    static void level3(int x) { if (x > 2) throw new IllegalArgumentException("x too big: " + x); }
    static void level2(int x) { try { level3(x); } catch (IllegalArgumentException e) { throw new Bad("wrapped", e); } }
    static void level1(int x) { level2(x + 1); }

    public static void main(String[] args) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Hook());
        try { level1(5); } catch (Bad e) {
            System.out.println("caught: " + e + " cause=" + e.getCause().getMessage());
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("top frame: " + st[0].getMethodName() + " line>0=" + (st[0].getLineNumber() > 0) + " class=" + st[0].getClassName());
        }
        Thread t = new Thread("bg") { public void run() { level1(10); } };
        t.start(); t.join();
        System.out.println("main continues after thread death");
        level1(7);
    }
}
