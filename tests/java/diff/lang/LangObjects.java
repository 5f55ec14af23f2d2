package diff.lang;

public class LangObjects {
    static class Pt implements Cloneable {
        int x, y;
        int[] hist = {1, 2};
        Pt(int x, int y) { this.x = x; this.y = y; }
        @Override public Pt clone() {
            try {
                return (Pt) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
        @Override public String toString() { return "Pt(" + x + "," + y + "," + java.util.Arrays.toString(hist) + ")"; }
    }

    static class NotCloneable {
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }

    static class Fixed {
        @Override public int hashCode() { return 0x1234; }
    }

    static class Counter {
        private int count;
        synchronized void inc() { count++; }
        int get() { synchronized (this) { return count; } }
    }

    static final Object LOCK = new Object();
    static int shared;

    public static void main(String[] args) throws Exception {
        Pt p = new Pt(1, 2);
        Pt q = p.clone();
        q.x = 10;
        q.hist[0] = 99;
        System.out.println(p + " " + q + " " + (p != q) + " " + (p.hist == q.hist) + " " + (p.getClass() == q.getClass()));
        try {
            new NotCloneable().tryClone();
        } catch (CloneNotSupportedException e) {
            System.out.println("CNSE " + e.getMessage());
        }
        Fixed f = new Fixed();
        System.out.println(f.toString().endsWith("@1234") + " " + f.toString().startsWith("diff.lang.LangObjects$Fixed@")
            + " " + new Object().equals(null) + " " + f.equals(f) + " " + f.getClass().getName());
        String s1 = "abc", s2 = new String("abc"), s3 = s2.intern();
        System.out.println((s1 == s2) + " " + (s1 == s3) + " " + s1.equals(s2) + " " + (s1.hashCode() == s2.hashCode())
            + " " + java.util.Objects.equals(null, null) + " " + java.util.Objects.hash(1, "a", null)
            + " " + java.util.Objects.hashCode(null) + " " + java.util.Objects.toString(null, "dflt")
            + " " + java.util.Objects.requireNonNullElse(null, "else"));
        System.out.println(Integer.valueOf(5).hashCode() + " " + Long.valueOf(-1).hashCode() + " " + Boolean.TRUE.hashCode()
            + " " + Character.valueOf('a').hashCode() + " " + Double.valueOf(0.5).hashCode() + " " + "".hashCode()
            + " " + java.util.List.of(1, 2, 3).hashCode() + " " + java.util.Arrays.asList("a", "b").hashCode()
            + " " + new java.util.HashMap<String, Integer>(java.util.Map.of("k", 1)).hashCode());
        // identity hash stability (value not printed)
        Object o = new Object();
        int h1 = o.hashCode(), h2 = o.hashCode(), h3 = System.identityHashCode(o);
        System.out.println("stable " + (h1 == h2) + " " + (h1 == h3) + " " + (System.identityHashCode(null) == 0));
        // synchronized across threads, deterministic result
        Counter c = new Counter();
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread("worker-" + i) {
                public void run() {
                    for (int k = 0; k < 5000; k++) {
                        c.inc();
                        synchronized (LOCK) { shared += 2; }
                    }
                }
            };
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("count " + c.get() + " shared " + shared + " names " + ts[2].getName() + " alive " + ts[0].isAlive());
        // wait/notify handshake
        final int[] box = new int[1];
        Thread producer = new Thread() {
            public void run() {
                synchronized (box) {
                    box[0] = 42;
                    box.notifyAll();
                }
            }
        };
        synchronized (box) {
            producer.start();
            while (box[0] == 0) box.wait();
        }
        producer.join();
        System.out.println("handshake " + box[0]);
        // uncaught in another thread: goes to stderr with thread name
        Thread failing = new Thread("failer") {
            public void run() { throw new IllegalStateException("thread failed"); }
        };
        failing.start();
        failing.join();
        System.out.println("after failing thread, state=" + failing.getState());
        try {
            LOCK.wait();
        } catch (IllegalMonitorStateException e) {
            System.out.println("IMSE " + e.getMessage());
        }
        try {
            LOCK.notify();
        } catch (IllegalMonitorStateException e) {
            System.out.println("IMSE " + e.getMessage());
        }
        Thread cur = Thread.currentThread();
        System.out.println(cur.getName() + " " + cur.getPriority() + " " + cur.isDaemon() + " " + cur.getThreadGroup().getName()
            + " " + cur.getState() + " " + Thread.holdsLock(LOCK));
        synchronized (LOCK) {
            System.out.println("holds " + Thread.holdsLock(LOCK));
            synchronized (LOCK) {
                System.out.println("reentrant");
            }
        }
        Thread interrupted = new Thread() {
            public void run() {
                try {
                    Thread.sleep(100000);
                } catch (InterruptedException e) {
                    System.out.println("interrupted: " + e.getMessage() + " flag=" + isInterrupted());
                }
            }
        };
        interrupted.start();
        interrupted.interrupt();
        interrupted.join();
        System.out.println("done");
    }
}
