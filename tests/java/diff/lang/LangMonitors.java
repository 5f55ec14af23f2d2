package diff.lang;

// Monitors are released on every exit path of synchronized blocks and
// methods (normal, return, break, exception, nested); another thread then
// acquires each lock.
public class LangMonitors {
    static final Object A = new Object(), B = new Object(), C = new Object(), D = new Object();

    static int viaReturn() {
        synchronized (A) {
            return 1;
        }
    }

    static void viaThrow() {
        synchronized (B) {
            throw new IllegalStateException("inside B");
        }
    }

    static int viaBreak() {
        int n = 0;
        for (int i = 0; i < 5; i++) {
            synchronized (C) {
                if (i == 2) break;
                n++;
            }
        }
        return n;
    }

    static synchronized void syncStaticThrow() {
        throw new UnsupportedOperationException("static sync");
    }

    synchronized int syncInstance(int depth) {
        if (depth == 0) throw new ArithmeticException("bottom");
        return syncInstance(depth - 1);
    }

    static void nested() {
        synchronized (A) {
            synchronized (B) {
                synchronized (A) {
                    try {
                        synchronized (D) {
                            int[] x = new int[1];
                            x[5] = 1;
                        }
                    } finally {
                        System.out.println("nested finally, holds A=" + Thread.holdsLock(A) + " D=" + Thread.holdsLock(D));
                    }
                }
            }
        }
    }

    static String tryLockFromOtherThread(final Object lock) throws InterruptedException {
        final boolean[] got = new boolean[1];
        Thread t = new Thread() {
            public void run() {
                synchronized (lock) {
                    got[0] = true;
                }
            }
        };
        t.start();
        t.join(10000);
        return got[0] ? "free" : "STILL HELD";
    }

    public static void main(String[] args) throws Exception {
        System.out.println("return " + viaReturn());
        try {
            viaThrow();
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
        System.out.println("break " + viaBreak());
        try {
            syncStaticThrow();
        } catch (UnsupportedOperationException e) {
            System.out.println("caught " + e.getMessage());
        }
        LangMonitors inst = new LangMonitors();
        try {
            inst.syncInstance(5);
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            nested();
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("caught " + e.getMessage());
        }
        System.out.println("holds any: " + Thread.holdsLock(A) + Thread.holdsLock(B) + Thread.holdsLock(C) + Thread.holdsLock(D)
            + Thread.holdsLock(inst) + Thread.holdsLock(LangMonitors.class));
        for (Object lock : new Object[] {A, B, C, D, inst, LangMonitors.class}) {
            System.out.println("lock " + (lock == inst ? "inst" : lock == LangMonitors.class ? "class" : "obj") + ": " + tryLockFromOtherThread(lock));
        }
        // ping-pong with wait/notify, strictly alternating
        final int[] turn = {0};
        final StringBuilder out = new StringBuilder();
        Thread other = new Thread() {
            public void run() {
                for (int i = 0; i < 5; i++) {
                    synchronized (turn) {
                        while (turn[0] != 1) {
                            try { turn.wait(); } catch (InterruptedException e) { return; }
                        }
                        out.append("pong").append(i).append(' ');
                        turn[0] = 0;
                        turn.notifyAll();
                    }
                }
            }
        };
        other.start();
        for (int i = 0; i < 5; i++) {
            synchronized (turn) {
                while (turn[0] != 0) turn.wait();
                out.append("ping").append(i).append(' ');
                turn[0] = 1;
                turn.notifyAll();
            }
        }
        other.join();
        System.out.println(out);
    }
}
