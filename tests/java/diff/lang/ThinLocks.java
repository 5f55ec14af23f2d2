package diff.lang;

// Locks held by one thread at a time live in the object's mark word (thin
// locks) and become monitors when another thread contends, when the owner
// waits, or past 127 nested entries. Every path between the two keeps the
// owner, the entry count and the identity hash.
public class ThinLocks {
    static int depthReached;

    static void nest(Object o, int depth) {
        synchronized (o) {
            if (!Thread.holdsLock(o)) throw new AssertionError("not held at depth " + depth);
            depthReached = Math.max(depthReached, depth);
            if (depth < 200) nest(o, depth + 1);
        }
    }

    static void nestThenThrow(Object o, int depth) {
        synchronized (o) {
            if (depth == 0) throw new IllegalStateException("at the bottom");
            nestThenThrow(o, depth - 1);
        }
    }

    static String imse(Runnable r) {
        try {
            r.run();
            return "no exception";
        } catch (IllegalMonitorStateException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    static int counter;

    public static void main(String[] args) throws Exception {
        // 1. The hash survives a thin lock, nesting past the thin count, and
        //    the monitor that nesting made.
        Object a = new Object();
        int hash = System.identityHashCode(a);
        synchronized (a) {
            System.out.println("hash kept under a thin lock: " + (System.identityHashCode(a) == hash));
        }
        nest(a, 1);
        System.out.println("nested " + depthReached + " deep; held after: " + Thread.holdsLock(a)
                + "; hash kept: " + (System.identityHashCode(a) == hash));

        // 2. A hash taken while the lock is held (thin), kept after exit.
        Object b = new Object();
        int inside;
        synchronized (b) {
            synchronized (b) {
                inside = b.hashCode();
            }
            System.out.println("held once more after the inner exit: " + Thread.holdsLock(b));
        }
        System.out.println("hash taken inside kept outside: " + (b.hashCode() == inside)
                + "; held: " + Thread.holdsLock(b));

        // 3. An exception unwinds nested entries; the lock is free after.
        Object c = new Object();
        try {
            nestThenThrow(c, 150);
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage() + "; held: " + Thread.holdsLock(c));
        }
        try {
            nestThenThrow(c, 3);
        } catch (IllegalStateException e) {
            System.out.println("again, shallow; held: " + Thread.holdsLock(c));
        }

        // 4. Not the owner: wait and notify throw; the owner's notify on a
        //    lock nobody waits for does nothing.
        Object d = new Object();
        System.out.println(imse(() -> d.notify()));
        System.out.println(imse(() -> d.notifyAll()));
        System.out.println(imse(() -> {
            try {
                d.wait(1);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }));
        synchronized (d) {
            System.out.println("owner's notify: " + imse(() -> d.notify()));
        }

        // 5. The owner waits (its thin lock becomes a monitor) and another
        //    thread notifies; both go on holding the lock in turn.
        Object e = new Object();
        boolean[] ready = {false};
        Thread notifier = new Thread(() -> {
            synchronized (e) {
                ready[0] = true;
                e.notifyAll();
            }
        });
        synchronized (e) {
            synchronized (e) {
                notifier.start();
                while (!ready[0]) e.wait();
                System.out.println("woken, still held twice: " + Thread.holdsLock(e));
            }
            System.out.println("held after the inner exit: " + Thread.holdsLock(e));
        }
        notifier.join();
        System.out.println("held after both: " + Thread.holdsLock(e));

        // 6. Two threads contend for one lock: every increment counts.
        Object lock = new Object();
        int lockHash = lock.hashCode();
        Runnable add = () -> {
            for (int i = 0; i < 20000; i++) {
                synchronized (lock) {
                    counter++;
                }
            }
        };
        Thread t1 = new Thread(add), t2 = new Thread(add);
        t1.start();
        t2.start();
        add.run();
        t1.join();
        t2.join();
        System.out.println("counter " + counter + "; hash kept: " + (lock.hashCode() == lockHash));

        // 7. A lock a thread holds while another blocks on it.
        Object held = new Object();
        StringBuilder order = new StringBuilder();
        Thread waiter;
        synchronized (held) {
            waiter = new Thread(() -> {
                synchronized (held) {
                    order.append("waiter ");
                }
            });
            waiter.start();
            while (waiter.getState() != Thread.State.BLOCKED) Thread.yield();
            order.append("owner ");
        }
        waiter.join();
        System.out.println("order: " + order.toString().trim());

        // 8. Many objects locked once each (StringBuffer's methods).
        StringBuffer sb = new StringBuffer();
        for (int i = 0; i < 3000; i++) new StringBuffer().append(i).append(',');
        for (int i = 0; i < 10; i++) sb.append(i);
        System.out.println(sb);
    }
}
