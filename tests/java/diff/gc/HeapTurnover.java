package diff.gc;

/**
 * Allocation a hundred times the heap (-Xmx16m from tests/java/jvmflags,
 * 1.6 GB allocated): short-lived arrays of many sizes and kinds (bytes,
 * ints, longs, references to small objects), each kept in one of 64 slots
 * until a later array takes the slot (chosen at random), and checked then,
 * so that arrays live through some collections and die in a later one. The
 * program must complete without OutOfMemoryError, with every array intact.
 */
public class HeapTurnover {
    static final int[] SIZES = {16, 100, 1000, 4000, 8200, 20_000, 65_536, 200_000};

    static final class Box {
        final int v;
        Box(int v) { this.v = v; }
    }

    /** An array of about `bytes` bytes of payload, of a kind chosen by `kind`, stamped with `stamp`. */
    static Object make(int kind, int bytes, int stamp) {
        switch (kind) {
            case 0: { byte[] a = new byte[bytes]; a[0] = (byte) stamp; a[bytes - 1] = (byte) ~stamp; return a; }
            case 1: { int[] a = new int[bytes / 4]; a[0] = stamp; a[a.length - 1] = ~stamp; return a; }
            case 2: { long[] a = new long[bytes / 8]; a[0] = stamp; a[a.length - 1] = ~stamp; return a; }
            default: {
                Object[] a = new Object[Math.min(bytes / 8, 256)];
                a[0] = new Box(stamp);
                a[a.length - 1] = new Box(~stamp);
                return a;
            }
        }
    }

    static boolean intact(Object o, int stamp) {
        if (o instanceof byte[]) { byte[] a = (byte[]) o; return a[0] == (byte) stamp && a[a.length - 1] == (byte) ~stamp; }
        if (o instanceof int[]) { int[] a = (int[]) o; return a[0] == stamp && a[a.length - 1] == ~stamp; }
        if (o instanceof long[]) { long[] a = (long[]) o; return a[0] == stamp && a[a.length - 1] == ~stamp; }
        Object[] a = (Object[]) o;
        return ((Box) a[0]).v == stamp && ((Box) a[a.length - 1]).v == ~stamp;
    }

    public static void main(String[] args) {
        long target = args.length > 0 ? Long.parseLong(args[0]) << 20 : 1600L << 20;
        Object[] ring = new Object[64];
        int[] stamps = new int[64];
        long allocated = 0, checksum = 0;
        int count = 0, corrupt = 0;
        long seed = 42;
        while (allocated < target) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int r = (int) (seed >>> 33);
            int bytes = SIZES[r & 7];
            int kind = (r >>> 3) & 3;
            int slot = (r >>> 5) & 63;
            if (ring[slot] != null) {
                if (!intact(ring[slot], stamps[slot])) corrupt++;
                checksum += stamps[slot];
            }
            ring[slot] = make(kind, bytes, count);
            stamps[slot] = count;
            allocated += bytes;
            count++;
        }
        System.out.println("allocated >= " + (target >> 20) + " MB in " + count + " arrays, checksum=" + checksum
                + ", corrupt=" + corrupt);
    }
}
