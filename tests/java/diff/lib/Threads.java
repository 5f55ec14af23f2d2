package diff.lib;

public class Threads {
    static int unsyncedButJoined;
    static int counter;
    static final Object LOCK = new Object();

    static synchronized void incStatic() { counter++; }

    static class Counter {
        private int n;
        synchronized void inc() { n++; }
        synchronized int get() { return n; }
    }

    static class Incrementer extends Thread {
        final Counter c; final int times;
        Incrementer(String name, Counter c, int times) { super(name); this.c = c; this.times = times; }
        public void run() {
            for (int i = 0; i < times; i++) { c.inc(); incStatic(); synchronized (LOCK) { unsyncedButJoined++; } }
        }
    }

    static class Worker implements Runnable {
        final int id; final long[] results;
        Worker(int id, long[] results) { this.id = id; this.results = results; }
        public void run() {
            long s = 0;
            for (int i = 0; i <= 10000 * (id + 1); i++) s += (long) i * i % 1000;
            results[id] = s;
        }
    }

    static class Reporter extends Thread {
        String seen;
        Reporter() { super("reporter-thread"); }
        public void run() {
            Thread t = Thread.currentThread();
            seen = t.getName() + " same=" + (t == this) + " alive=" + t.isAlive() + " daemon=" + t.isDaemon() + " prio=" + t.getPriority() + " state=" + t.getState() + " group=" + t.getThreadGroup().getName();
        }
    }

    static class Flagger extends Thread {
        volatile boolean stop;
        volatile long spins;
        public void run() { while (!stop) { spins++; Thread.yield(); } }
    }

    static class Thrower extends Thread {
        Thrower() { super("thrower"); }
        public void run() { throw new IllegalStateException("boom in " + getName()); }
    }

    static class Handler implements Thread.UncaughtExceptionHandler {
        String got;
        public void uncaughtException(Thread t, Throwable e) { got = t.getName() + " -> " + e; }
    }

    public static void main(String[] args) throws Exception {
        Thread main = Thread.currentThread();
        System.out.println("main: name=" + main.getName() + " prio=" + main.getPriority() + " daemon=" + main.isDaemon() + " state=" + main.getState() + " group=" + main.getThreadGroup().getName());
        Counter c = new Counter();
        Incrementer[] inc = new Incrementer[4];
        for (int i = 0; i < inc.length; i++) inc[i] = new Incrementer("inc-" + i, c, 5000);
        System.out.println("before start: " + inc[0].getName() + " state=" + inc[0].getState() + " alive=" + inc[0].isAlive());
        for (Incrementer t : inc) t.start();
        for (Incrementer t : inc) t.join();
        System.out.println("after join: state=" + inc[0].getState() + " alive=" + inc[0].isAlive());
        System.out.println("counter=" + c.get() + " static=" + counter + " locked=" + unsyncedButJoined);

        long[] results = new long[5];
        Thread[] ws = new Thread[5];
        for (int i = 0; i < 5; i++) { ws[i] = new Thread(new Worker(i, results), "worker-" + i); ws[i].start(); }
        for (Thread t : ws) t.join();
        for (int i = 0; i < 5; i++) System.out.println(ws[i].getName() + " -> " + results[i]);

        Reporter r = new Reporter();
        r.setDaemon(true);
        r.start(); r.join();
        System.out.println("reporter saw: " + r.seen);

        Flagger f = new Flagger();
        f.start();
        while (f.spins == 0) Thread.sleep(1);
        f.stop = true;
        f.join();
        System.out.println("flagger stopped, spun=" + (f.spins > 0));

        Thrower th = new Thrower();
        Handler h = new Handler();
        th.setUncaughtExceptionHandler(h);
        th.start(); th.join();
        System.out.println("handler: " + h.got);

        Thread named = new Thread("custom");
        named.setName("renamed");
        named.setPriority(Thread.MIN_PRIORITY);
        System.out.println("named=" + named.getName() + " prio=" + named.getPriority() + " interrupted=" + named.isInterrupted());
        named.start(); named.join(1000);
        System.out.println("named terminated=" + (named.getState() == Thread.State.TERMINATED));

        ThreadLocal<String> tl = new ThreadLocal<String>() { protected String initialValue() { return "init-" + Thread.currentThread().getName(); } };
        final String[] other = new String[1];
        Thread tlt = new Thread("tl-thread") { public void run() { other[0] = tl.get(); tl.set("changed"); } };
        tlt.start(); tlt.join();
        System.out.println("threadlocal main=" + tl.get() + " other=" + other[0]);

        Thread.currentThread().interrupt();
        System.out.println("self interrupted=" + Thread.interrupted() + " cleared=" + Thread.interrupted());
        try { Thread.currentThread().interrupt(); Thread.sleep(1000); System.out.println("no!"); } catch (InterruptedException e) { System.out.println("sleep interrupted: " + e.getMessage() + " flag=" + Thread.currentThread().isInterrupted()); }
        System.out.println("done");
    }
}
