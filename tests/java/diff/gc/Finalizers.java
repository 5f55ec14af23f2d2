package diff.gc;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Finalization as HotSpot implements it: an object whose class overrides
 * finalize() with more than a `return` is registered when Object.<init>
 * returns (and when cloned); once unreachable, its finalize() runs once, on
 * the "Finalizer" daemon thread, with everything it references still
 * there; a weak reference to it is cleared when it becomes unreachable, a
 * phantom reference only once it is unreachable after finalization (a
 * finalize() that resurrects it delays that, and does not run again); an
 * exception thrown by finalize() is ignored. Objects are made in helper methods, so that no
 * local of main keeps them; each wait is bounded.
 */
public class Finalizers {
    static final long WAIT_S = 10;

    static final AtomicInteger finalized = new AtomicInteger();
    static volatile CountDownLatch latch;
    static volatile String finalizerThread;
    static volatile Finalizable resurrected;

    static class Finalizable implements Cloneable {
        final String name;
        final int[] payload;
        boolean resurrect;

        Finalizable(String name, int n) {
            this.name = name;
            this.payload = new int[n];
            for (int i = 0; i < n; i++) payload[i] = i;
        }

        @Override
        protected void finalize() {
            int sum = 0;
            for (int v : payload) sum += v;
            Thread t = Thread.currentThread();
            finalizerThread = t.getName() + " daemon=" + t.isDaemon() + " priority=" + t.getPriority();
            if (resurrect) resurrected = this;
            finalized.incrementAndGet();
            record(name + " sum=" + sum);
            latch.countDown();
        }

        @Override
        public Finalizable clone() throws CloneNotSupportedException {
            return (Finalizable) super.clone();
        }
    }

    /** Throws from finalize(): the Finalizer thread goes on. */
    static class Throwing extends Finalizable {
        Throwing(String name) {
            super(name, 3);
        }

        @Override
        protected void finalize() {
            super.finalize();
            throw new IllegalStateException("ignored by the Finalizer thread");
        }
    }

    static final java.util.List<String> log = new java.util.ArrayList<>();

    static synchronized void record(String s) {
        log.add(s);
    }

    static void expect(int n) {
        latch = new CountDownLatch(n);
    }

    // With `runFinalization`, finalizers may also run on a "Secondary
    // finalizer" thread that System.runFinalization() starts.
    static boolean await(boolean runFinalization) throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            System.gc();
            if (runFinalization) System.runFinalization();
            if (latch.await(WAIT_S * 1000 / 50, TimeUnit.MILLISECONDS)) return true;
        }
        return false;
    }

    static String drain() {
        synchronized (Finalizers.class) {
            java.util.List<String> copy = new java.util.ArrayList<>(log);
            log.clear();
            java.util.Collections.sort(copy);
            return copy.toString();
        }
    }

    static void makeGarbage(int n) {
        for (int i = 0; i < n; i++) new Finalizable("g" + i, 10 + i);
    }

    static WeakReference<Object> weakToFinalizable(ReferenceQueue<Object> q) {
        return new WeakReference<>(new Finalizable("weakly", 4), q);
    }

    static PhantomReference<Object> phantomToResurrecting(ReferenceQueue<Object> q) {
        Finalizable f = new Finalizable("phoenix", 5);
        f.resurrect = true;
        return new PhantomReference<>(f, q);
    }

    static void cloned() throws CloneNotSupportedException {
        Finalizable original = new Finalizable("original", 2);
        Finalizable copy = original.clone();
        System.out.println("clone: same payload=" + (copy.payload == original.payload));
    }

    public static void main(String[] args) throws Exception {
        expect(5);
        makeGarbage(5);
        System.out.println("garbage finalized: " + await(false) + " " + drain());
        System.out.println("on: " + finalizerThread);

        ReferenceQueue<Object> weakQueue = new ReferenceQueue<>();
        expect(1);
        WeakReference<Object> weak = weakToFinalizable(weakQueue);
        System.out.println("weakly: finalized " + await(true) + " " + drain() + " weak cleared="
                + (weak.get() == null) + " enqueued=" + (weakQueue.remove(WAIT_S * 1000) == weak));

        ReferenceQueue<Object> phantomQueue = new ReferenceQueue<>();
        expect(1);
        PhantomReference<Object> phantom = phantomToResurrecting(phantomQueue);
        System.out.println("phoenix: finalized " + await(true) + " " + drain() + " resurrected="
                + (resurrected != null) + " phantom not enqueued=" + (phantomQueue.remove(300) == null));
        resurrected.resurrect = false;
        resurrected = null;
        int before = finalized.get();
        Object r = null;
        for (int i = 0; i < 50 && r == null; i++) {
            System.gc();
            r = phantomQueue.remove(WAIT_S * 1000 / 50);
        }
        System.out.println("phoenix dropped: phantom enqueued=" + (r == phantom)
                + " finalize() ran again=" + (finalized.get() != before));

        expect(2);
        cloned();
        System.out.println("original and clone finalized: " + await(true) + " " + drain());

        expect(2);
        new Throwing("thrower");
        new Finalizable("after-thrower", 1);
        System.out.println("after a throwing finalize(): " + await(true) + " " + drain());
        System.out.println("total finalized: " + finalized.get());
    }
}
