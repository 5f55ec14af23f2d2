package diff.lib;

import java.util.concurrent.locks.LockSupport;

public class ThreadStates {
    static final Object LOCK = new Object();

    static class Blocker extends Thread {
        final int mode; volatile boolean ready;
        Blocker(int mode) { super("blocker-" + mode); this.mode = mode; }
        public void run() {
            try {
                switch (mode) {
                    case 0: Thread.sleep(60000); break;
                    case 1: synchronized (LOCK) { ready = true; LOCK.wait(); } break;
                    case 2: synchronized (LOCK) { ready = true; LOCK.wait(60000); } break;
                    case 3: ready = true; while (!isInterrupted()) LockSupport.park(); break;
                    case 4: ready = true; while (!isInterrupted()) LockSupport.parkNanos(60_000_000_000L); break;
                    case 5: ready = true; Thread.currentThread().join(); break;
                    default: break;
                }
            } catch (InterruptedException e) {
                System.out.println(getName() + " interrupted: " + e.getMessage());
            }
            if (mode >= 3 && mode != 5) System.out.println(getName() + " unparked, interrupted=" + isInterrupted());
        }
    }

    static Thread.State settle(Thread t, Thread.State want) throws InterruptedException {
        for (int i = 0; i < 5000 && t.getState() != want; i++) Thread.sleep(1);
        return t.getState();
    }

    public static void main(String[] args) throws Exception {
        Thread.State[] expect = {Thread.State.TIMED_WAITING, Thread.State.WAITING, Thread.State.TIMED_WAITING, Thread.State.WAITING, Thread.State.TIMED_WAITING, Thread.State.WAITING};
        for (int mode = 0; mode < 6; mode++) {
            Blocker b = new Blocker(mode);
            System.out.println(b.getName() + " before start: " + b.getState() + " alive=" + b.isAlive());
            b.start();
            System.out.println(b.getName() + " blocked: " + settle(b, expect[mode]));
            if (mode == 1 || mode == 2) {
                synchronized (LOCK) { LOCK.notifyAll(); }
            } else {
                b.interrupt();
            }
            b.join();
            System.out.println(b.getName() + " after join: " + b.getState() + " alive=" + b.isAlive());
        }
        System.out.println("main: " + Thread.currentThread().getState());
        Thread self = Thread.currentThread();
        LockSupport.unpark(self);
        LockSupport.park();
        System.out.println("park with permit returned at once");
        LockSupport.parkNanos(20_000_000L);  // may return early (spuriously): print no timing
        System.out.println("parkNanos returned");
        Thread joiner = new Thread("joiner") { public void run() { try { self.join(50); } catch (InterruptedException e) { } } };
        joiner.start();
        System.out.println("joiner: " + settle(joiner, Thread.State.TIMED_WAITING));
        joiner.join();
        Thread contender = new Thread("contender") { public void run() { synchronized (LOCK) { System.out.println("contender got the lock"); } } };
        synchronized (LOCK) {
            contender.start();
            System.out.println("contender: " + settle(contender, Thread.State.BLOCKED));
        }
        contender.join();
        System.out.println("contender after join: " + contender.getState());
        try { Thread.sleep(-1); } catch (IllegalArgumentException e) { System.out.println("sleep(-1): " + e.getMessage()); }
        try { synchronized (LOCK) { LOCK.wait(-1); } } catch (IllegalArgumentException e) { System.out.println("wait(-1): " + e.getMessage()); }
        Thread started = new Thread("twice");
        started.start(); started.join();
        try { started.start(); } catch (IllegalThreadStateException e) { System.out.println("start twice: " + e.getClass().getName()); }
    }
}
