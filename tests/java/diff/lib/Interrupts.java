package diff.lib;

public class Interrupts {
    static class Joiner extends Thread {
        final Thread target; String result;
        Joiner(Thread target) { super("joiner"); this.target = target; }
        public void run() {
            try { target.join(); result = "joined"; } catch (InterruptedException e) { result = "join interrupted, flag=" + isInterrupted(); }
        }
    }
    static class Forever extends Thread {
        final Object lock = new Object(); volatile boolean stop;
        Forever() { super("forever"); setDaemon(true); }
        public void run() { synchronized (lock) { while (!stop) { try { lock.wait(); } catch (InterruptedException e) { } } } }
    }
    static class Counter extends Thread {
        static int shared;
        static synchronized void bump() { shared++; }
        public void run() { for (int i = 0; i < 20000; i++) bump(); }
    }
    static class Pinger extends Thread {
        final Object lock; final int id; final int[] turn; final int n; final StringBuilder log;
        Pinger(Object lock, int id, int[] turn, int n, StringBuilder log) { this.lock = lock; this.id = id; this.turn = turn; this.n = n; this.log = log; }
        public void run() {
            for (int r = 0; r < 4; r++) {
                synchronized (lock) {
                    while (turn[0] % n != id) { try { lock.wait(100); } catch (InterruptedException e) { return; } }
                    log.append(id);
                    turn[0]++;
                    lock.notifyAll();
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Forever f = new Forever();
        f.start();
        Joiner j = new Joiner(f);
        j.start();
        while (j.getState() != Thread.State.WAITING) Thread.sleep(1);
        j.interrupt();
        j.join();
        System.out.println("joiner: " + j.result);

        Thread.currentThread().interrupt();
        try { synchronized (f) { f.wait(); } } catch (InterruptedException e) { System.out.println("wait with pending interrupt: " + e.getMessage() + " flag=" + Thread.currentThread().isInterrupted()); }
        Thread.currentThread().interrupt();
        try { f.join(); } catch (InterruptedException e) { System.out.println("join with pending interrupt, flag=" + Thread.currentThread().isInterrupted()); }
        Thread.currentThread().interrupt();
        java.util.concurrent.locks.LockSupport.park();
        System.out.println("park returns at once when interrupted, flag=" + Thread.interrupted());
        Thread.sleep(0, 500);
        Thread.onSpinWait();
        System.out.println("sleep(0,500) ok");

        Counter[] cs = new Counter[4];
        for (int i = 0; i < cs.length; i++) { cs[i] = new Counter(); cs[i].start(); }
        for (Counter c : cs) c.join();
        System.out.println("static synchronized counter=" + Counter.shared);

        Object lock = new Object();
        int[] turn = {0};
        StringBuilder log = new StringBuilder();
        Pinger[] ps = new Pinger[5];
        for (int i = ps.length - 1; i >= 0; i--) { ps[i] = new Pinger(lock, i, turn, ps.length, log); ps[i].start(); }
        for (Pinger p : ps) p.join();
        System.out.println("round robin=" + log + " turns=" + turn[0]);

        Thread t = new Thread("not-started");
        t.interrupt();
        System.out.println("interrupt before start: " + t.isInterrupted());
        t.start(); t.join();
        System.out.println("after run: " + t.isInterrupted() + " " + t.getState());
        f.stop = true;
        synchronized (f.lock) { f.lock.notifyAll(); }
        f.join();
        System.out.println("forever ended: " + f.getState());
    }
}
