package diff.lib;

public class Outlive {
    static final StringBuffer LOG = new StringBuffer();

    // Each late thread waits for its predecessor, so the order of their lines
    // does not depend on how the OS schedules them.
    static class Late extends Thread {
        final int n;
        final Thread before;
        Late(int n, Thread before) { super("late-" + n); this.n = n; this.before = before; }
        public void run() {
            try {
                if (before != null) before.join();
                Thread.sleep(30);
            } catch (InterruptedException e) { }
            System.out.println(getName() + " finished after main returned, daemon=" + isDaemon());
        }
    }
    static class Daemon extends Thread {
        Daemon() { setDaemon(true); }
        public void run() { for (;;) { try { Thread.sleep(1000); } catch (InterruptedException e) { } } }
    }
    static class Hook extends Thread {
        public void run() { System.out.println("hook sees last late alive=" + last.isAlive()); }
    }
    static Late last;

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Hook());
        new Daemon().start();
        System.out.println("main starts three late threads and returns");
        Late prev = null;
        for (int i = 1; i <= 3; i++) {
            final Late l = new Late(i, prev);
            l.start();
            prev = l;
        }
        last = prev;
    }
}
