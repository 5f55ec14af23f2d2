package diff.gc;

import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;

/**
 * java.lang.ref as the collector must implement it (under -Xmx32m from
 * tests/java/jvmflags): after System.gc() a weak or phantom reference to an
 * unreachable object is cleared and enqueued on its ReferenceQueue (through
 * the Reference Handler thread), one to a reachable object is kept and not
 * enqueued, a weak reference to an object still softly reachable is kept; a
 * soft reference survives System.gc() but is cleared (and enqueued) before
 * an OutOfMemoryError is thrown; refersTo, clear() and enqueue() behave as
 * specified. Referents are made in helper methods, so that no local of main
 * keeps them.
 */
public class References {
    static final long WAIT_MS = 10_000;

    static WeakReference<Object> unreachableWeak(ReferenceQueue<Object> q) {
        return new WeakReference<>(new int[1000], q);
    }

    static PhantomReference<Object> unreachablePhantom(ReferenceQueue<Object> q) {
        Object o = new StringBuilder("phantom");
        PhantomReference<Object> p = new PhantomReference<>(o, q);
        System.out.println("phantom: get()=" + p.get() + " refersTo(referent)=" + p.refersTo(o)
                + " refersTo(null)=" + p.refersTo(null));
        return p;
    }

    /** A weak reference whose referent is reachable only through a soft reference. */
    static WeakReference<Object> softlyReachableWeak(ArrayList<SoftReference<Object>> softs) {
        Object o = new long[64];
        softs.add(new SoftReference<>(o));
        return new WeakReference<>(o);
    }

    static SoftReference<Object> bigSoft(ReferenceQueue<Object> q) {
        return new SoftReference<>(new byte[4 << 20], q);
    }

    /** Allocates 1 MB arrays until OutOfMemoryError; true if it came. */
    static boolean exhaustHeap() {
        ArrayList<byte[]> list = new ArrayList<>(1000);
        try {
            while (true) list.add(new byte[1 << 20]);
        } catch (OutOfMemoryError e) {
            list = null;
            return true;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ReferenceQueue<Object> weakQueue = new ReferenceQueue<>();
        ReferenceQueue<Object> keptQueue = new ReferenceQueue<>();
        ReferenceQueue<Object> phantomQueue = new ReferenceQueue<>();
        ReferenceQueue<Object> softQueue = new ReferenceQueue<>();
        Object strong = new Object();
        Object other = new Object();

        WeakReference<Object> weak = unreachableWeak(weakQueue);
        WeakReference<Object> kept = new WeakReference<>(strong, keptQueue);
        PhantomReference<Object> phantom = unreachablePhantom(phantomQueue);
        ArrayList<SoftReference<Object>> softs = new ArrayList<>();
        WeakReference<Object> viaSoft = softlyReachableWeak(softs);
        SoftReference<Object> soft = bigSoft(softQueue);
        // (Whether `weak` is cleared yet depends on whether a collection came
        // since it was made: not printed.)
        System.out.println("before System.gc(): kept=" + (kept.get() == strong) + " soft=" + (soft.get() != null)
                + " viaSoft=" + (viaSoft.get() != null));

        System.gc();
        System.out.println("weak: cleared=" + (weak.get() == null) + " refersTo(null)=" + weak.refersTo(null));
        Reference<?> r = weakQueue.remove(WAIT_MS);
        System.out.println("weak: enqueued=" + (r == weak) + " then empty=" + (weakQueue.poll() == null));
        System.out.println("kept: get()==strong " + (kept.get() == strong) + " refersTo(strong)=" + kept.refersTo(strong)
                + " refersTo(other)=" + kept.refersTo(other) + " refersTo(null)=" + kept.refersTo(null));
        System.out.println("kept: not enqueued=" + (keptQueue.remove(200) == null));
        r = phantomQueue.remove(WAIT_MS);
        System.out.println("phantom: enqueued=" + (r == phantom) + " refersTo(null)=" + phantom.refersTo(null));
        System.out.println("viaSoft: kept while softly reachable=" + (viaSoft.get() != null));
        System.out.println("soft: kept after System.gc()=" + (soft.get() != null)
                + " not enqueued=" + (softQueue.poll() == null));

        // clear(): the referent goes, and the collector does not enqueue it.
        ReferenceQueue<Object> clearQueue = new ReferenceQueue<>();
        WeakReference<Object> cleared = new WeakReference<>(strong, clearQueue);
        cleared.clear();
        System.out.println("clear: get()=" + cleared.get() + " refersTo(null)=" + cleared.refersTo(null)
                + " refersTo(strong)=" + cleared.refersTo(strong));
        System.gc();
        System.out.println("clear: not enqueued after gc=" + (clearQueue.remove(200) == null));

        // enqueue(): clears the referent and enqueues at once, only the first time.
        ReferenceQueue<Object> enqueueQueue = new ReferenceQueue<>();
        WeakReference<Object> enqueued = new WeakReference<>(strong, enqueueQueue);
        boolean first = enqueued.enqueue();
        boolean second = enqueued.enqueue();
        System.out.println("enqueue: first=" + first + " second=" + second + " get()=" + enqueued.get()
                + " polled=" + (enqueueQueue.poll() == enqueued) + " then empty=" + (enqueueQueue.poll() == null));
        WeakReference<Object> noQueue = new WeakReference<>(strong);
        System.out.println("enqueue without a queue: " + noQueue.enqueue());

        // A soft reference is cleared before OutOfMemoryError is thrown.
        boolean oom = exhaustHeap();
        System.out.println("soft: OutOfMemoryError=" + oom + " cleared before it=" + (soft.get() == null)
                + " refersTo(null)=" + soft.refersTo(null));
        r = softQueue.remove(WAIT_MS);
        System.out.println("soft: enqueued=" + (r == soft));
        System.out.println("kept still: " + (kept.get() == strong));
        Reference.reachabilityFence(strong);
        Reference.reachabilityFence(other);
    }
}
