package diff.lib;

public class ExitHook {
    static class Hook extends Thread {
        final String msg;
        Hook(String msg) { super("hook-" + msg); this.msg = msg; }
        public void run() {
            System.out.println("shutdown hook running: " + msg + " in thread " + Thread.currentThread().getName());
            System.out.flush();
        }
    }

    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Hook("only"));
        Hook removed = new Hook("removed");
        Runtime.getRuntime().addShutdownHook(removed);
        System.out.println("removed=" + Runtime.getRuntime().removeShutdownHook(removed));
        Thread running = new Thread("running") { public void run() { synchronized (ExitHook.class) { } } };
        synchronized (ExitHook.class) {
            running.start();
            try { Runtime.getRuntime().addShutdownHook(running); } catch (IllegalArgumentException e) { System.out.println("IAE: " + e.getMessage()); }
        }
        try { running.join(); } catch (InterruptedException e) { }
        Hook dup = new Hook("dup");
        Runtime.getRuntime().addShutdownHook(dup);
        try { Runtime.getRuntime().addShutdownHook(dup); } catch (IllegalArgumentException e) { System.out.println("IAE: " + e.getMessage()); }
        System.out.println("dup removed=" + Runtime.getRuntime().removeShutdownHook(dup) + " again=" + Runtime.getRuntime().removeShutdownHook(dup));
        int code = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        System.out.println("depth=" + depth(100) + " exiting with " + code);
        System.err.println("stderr before exit");
        try {
            System.exit(code);
        } finally {
            System.out.println("finally must not run");
        }
    }
}
