package diff.lang;

// Thread.getState through every state, waiting (bounded) for each.
public class LangThreadStates {
    static final Object LOCK = new Object();
    static final Object WAITER = new Object();

    static String awaitState(Thread t, Thread.State want) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if (t.getState() == want) return want.toString();
            Thread.sleep(10);
        }
        return "timeout waiting for " + want + ", state " + t.getState();
    }

    public static void main(String[] args) throws Exception {
        Thread sleeper = new Thread("sleeper") {
            public void run() {
                try {
                    Thread.sleep(100000);
                } catch (InterruptedException e) {
                    System.out.println("sleeper interrupted, flag now " + isInterrupted());
                }
            }
        };
        System.out.println("new: " + sleeper.getState() + " alive=" + sleeper.isAlive());
        sleeper.start();
        System.out.println("sleeping: " + awaitState(sleeper, Thread.State.TIMED_WAITING));
        sleeper.interrupt();
        sleeper.join();
        System.out.println("done: " + sleeper.getState() + " alive=" + sleeper.isAlive());

        Thread blocked = new Thread("blocked") {
            public void run() {
                synchronized (LOCK) {
                    System.out.println("blocked thread got the lock");
                }
            }
        };
        synchronized (LOCK) {
            blocked.start();
            System.out.println("blocking: " + awaitState(blocked, Thread.State.BLOCKED));
        }
        blocked.join();

        Thread waiter = new Thread("waiter") {
            public void run() {
                synchronized (WAITER) {
                    try {
                        WAITER.wait();
                        System.out.println("waiter notified");
                    } catch (InterruptedException e) {
                        System.out.println("unexpected");
                    }
                }
            }
        };
        waiter.start();
        System.out.println("waiting: " + awaitState(waiter, Thread.State.WAITING));
        synchronized (WAITER) {
            WAITER.notify();
        }
        waiter.join();

        Thread timedWaiter = new Thread("timed") {
            public void run() {
                synchronized (WAITER) {
                    try {
                        WAITER.wait(100000);
                    } catch (InterruptedException e) {
                        System.out.println("timed waiter interrupted");
                    }
                }
            }
        };
        timedWaiter.start();
        System.out.println("timed waiting: " + awaitState(timedWaiter, Thread.State.TIMED_WAITING));
        timedWaiter.interrupt();
        timedWaiter.join();

        Thread parker = new Thread("parker") {
            public void run() {
                java.util.concurrent.locks.LockSupport.park();
                System.out.println("parker unparked");
            }
        };
        parker.start();
        System.out.println("parked: " + awaitState(parker, Thread.State.WAITING));
        java.util.concurrent.locks.LockSupport.unpark(parker);
        parker.join();

        Thread joiner = new Thread("joiner") {
            public void run() {
                try {
                    parker.join();
                    Thread.currentThread().join(1);
                } catch (InterruptedException e) {
                    System.out.println("unexpected");
                }
            }
        };
        joiner.start();
        joiner.join();
        System.out.println("main: " + Thread.currentThread().getState() + " joiner: " + joiner.getState());
        Thread.currentThread().interrupt();
        System.out.println("self interrupted " + Thread.interrupted() + " " + Thread.interrupted());
        Thread.currentThread().interrupt();
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            System.out.println("sleep with pending interrupt: " + e.getMessage());
        }
        Thread.yield();
        Thread.sleep(0);
        System.out.println("end");
    }
}
