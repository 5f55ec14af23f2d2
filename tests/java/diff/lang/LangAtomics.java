package diff.lang;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

// Atomics (Unsafe CAS and friends), single- and multi-threaded, plus NaN
// payloads through fields, arrays and conversions; object clone of every
// field type.
public class LangAtomics {
    volatile int ifield;
    volatile long lfield;
    volatile String rfield = "init";

    static class AllTypes implements Cloneable {
        boolean z = true; byte b = -3; short s = -300; char c = 'q'; int i = 123456; long l = -1234567890123L;
        float f = 1.25f; double d = -2.5e300; Object o = "ref"; int[] arr = {9};
        public AllTypes clone() throws CloneNotSupportedException { return (AllTypes) super.clone(); }
        public String toString() { return z + " " + b + " " + s + " " + c + " " + i + " " + l + " " + f + " " + d + " " + o + " " + arr[0]; }
    }

    public static void main(String[] args) throws Exception {
        AtomicInteger ai = new AtomicInteger(5);
        System.out.println(ai.getAndIncrement() + " " + ai.incrementAndGet() + " " + ai.compareAndSet(7, 10) + " " + ai.compareAndSet(7, 11)
            + " " + ai.getAndAdd(-3) + " " + ai.addAndGet(100) + " " + ai.getAndSet(-1) + " " + ai + " " + ai.weakCompareAndSetPlain(-1, 2) + " " + ai.get());
        AtomicLong al = new AtomicLong(Long.MAX_VALUE);
        System.out.println(al.incrementAndGet() + " " + al.compareAndSet(Long.MIN_VALUE, 1L << 40) + " " + al.getAndAdd(5) + " " + al.get()
            + " " + al.getAndDecrement() + " " + al.decrementAndGet());
        // (AtomicBoolean, AtomicReference and the Atomic*Arrays use VarHandles: java.lang.invoke, issue 4)
        LangAtomics holder = new LangAtomics();
        AtomicIntegerFieldUpdater<LangAtomics> iu = AtomicIntegerFieldUpdater.newUpdater(LangAtomics.class, "ifield");
        AtomicLongFieldUpdater<LangAtomics> lu = AtomicLongFieldUpdater.newUpdater(LangAtomics.class, "lfield");
        AtomicReferenceFieldUpdater<LangAtomics, String> ru = AtomicReferenceFieldUpdater.newUpdater(LangAtomics.class, String.class, "rfield");
        System.out.println(iu.incrementAndGet(holder) + " " + iu.compareAndSet(holder, 1, 50) + " " + lu.addAndGet(holder, 1L << 35)
            + " " + ru.compareAndSet(holder, "init", "updated") + " " + holder.ifield + " " + holder.lfield + " " + holder.rfield);
        try {
            AtomicIntegerFieldUpdater.newUpdater(LangAtomics.class, "nope");
        } catch (RuntimeException e) {
            System.out.println("updater: " + e.getClass().getSimpleName() + " " + e.getCause());
        }
        // contended counters
        final AtomicInteger shared = new AtomicInteger();
        final AtomicLong sharedL = new AtomicLong();
        Thread[] ts = new Thread[4];
        for (int t = 0; t < ts.length; t++) {
            ts[t] = new Thread() {
                public void run() {
                    for (int k = 0; k < 20000; k++) {
                        shared.incrementAndGet();
                        sharedL.addAndGet(3);
                        iu.getAndIncrement(holder);
                    }
                }
            };
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("contended " + shared.get() + " " + sharedL.get() + " " + holder.ifield);
        // NaN payloads
        float snan = Float.intBitsToFloat(0x7f800001);
        float qnan = Float.intBitsToFloat(0x7fc12345);
        float[] fa = {snan, qnan};
        double dnan = Double.longBitsToDouble(0x7ff8000000abcdefL);
        double[] da = {dnan};
        System.out.println(Integer.toHexString(Float.floatToRawIntBits(fa[0])) + " " + Integer.toHexString(Float.floatToRawIntBits(fa[1]))
            + " " + Long.toHexString(Double.doubleToRawLongBits(da[0])) + " " + Integer.toHexString(Float.floatToRawIntBits(-qnan))
            + " " + Long.toHexString(Double.doubleToRawLongBits((double) qnan)) + " " + Integer.toHexString(Float.floatToRawIntBits((float) dnan))
            + " " + Integer.toHexString(Float.floatToIntBits(qnan)) + " " + Long.toHexString(Double.doubleToLongBits(dnan)));
        AllTypes orig = new AllTypes();
        AllTypes copy = orig.clone();
        orig.arr[0] = 10;
        orig.l = 0;
        System.out.println(copy + " | " + orig + " | " + (copy.arr == orig.arr));
        long[] la = {Long.MIN_VALUE, -1, 0x0123456789abcdefL};
        double[] dd = {Double.MIN_VALUE, -0.0, Double.NaN};
        Object[][] oo = {{"a"}, null};
        long[] lc = la.clone();
        double[] dc = dd.clone();
        Object[][] oc = oo.clone();
        System.out.println(java.util.Arrays.toString(lc) + java.util.Arrays.toString(dc) + java.util.Arrays.deepToString(oc) + (oc[0] == oo[0])
            + oc.getClass().getSimpleName());
    }
}
