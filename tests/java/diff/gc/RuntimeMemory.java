package diff.gc;

/**
 * Runtime.maxMemory/totalMemory/freeMemory as true figures (under
 * -Xms128m -Xmx128m from tests/java/jvmflags, so that neither VM resizes
 * the heap): only relations are printed, since HotSpot's maxMemory depends
 * on its collector (G1 reports 128 MiB, Serial 128 MiB less a survivor
 * space): max >= total >= free >= 0, max within (120, 128] MiB, the used
 * part grows by a 32 MB array and shrinks again after dropping it and
 * System.gc(), free memory rising; an array that fits in the heap can be
 * allocated, one larger than -Xmx cannot.
 */
public class RuntimeMemory {
    static final long MB = 1 << 20;

    static String relations(Runtime rt) {
        long max = rt.maxMemory(), total = rt.totalMemory(), free = rt.freeMemory();
        return "max>=total " + (max >= total) + ", total>=free " + (total >= free) + ", free>=0 " + (free >= 0);
    }

    public static void main(String[] args) {
        Runtime rt = Runtime.getRuntime();
        System.out.println("start: " + relations(rt));
        long max = rt.maxMemory();
        System.out.println("max in (120, 128] MiB: " + (max > 120 * MB && max <= 128 * MB));
        System.out.println("max stable: " + (rt.maxMemory() == max));

        System.gc();
        long used0 = rt.totalMemory() - rt.freeMemory();
        byte[] big = new byte[32 << 20];
        big[big.length - 1] = 1;
        long used1 = rt.totalMemory() - rt.freeMemory();
        long free1 = rt.freeMemory();
        System.out.println("with 32 MB array: " + relations(rt) + ", used grew by >= 32 MB " + (used1 - used0 >= 32 * MB));
        big = null;
        System.gc();
        long used2 = rt.totalMemory() - rt.freeMemory();
        long free2 = rt.freeMemory();
        System.out.println("after dropping it and System.gc(): " + relations(rt)
                + ", used shrank by >= 30 MB " + (used1 - used2 >= 30 * MB) + ", free rose " + (free2 > free1));

        long[] fits = new long[8 << 20];
        fits[fits.length - 1] = 7;
        System.out.println("64 MB array allocated: " + fits.length + " " + relations(rt));
        fits = null;
        try {
            long[] tooBig = new long[25 << 20];
            System.out.println("not reached: " + tooBig.length);
        } catch (OutOfMemoryError e) {
            System.out.println("200 MB array: " + e.getMessage());
        }
        System.out.println("end: " + relations(rt));
    }
}
