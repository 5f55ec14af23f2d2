// An array-allocation loop: 2 GB in byte, int, long and reference arrays of
// 16 B to 200 KB, each kept in one of 64 slots until a later array takes
// it. Almost everything dies young; the live set stays under a few MB.
public class GcArrays {
    public static void main(String[] args) {
        int[] sizes = {16, 100, 1000, 4000, 8200, 20_000, 65_536, 200_000};
        Object[] ring = new Object[64];
        long allocated = 0, seed = 42, sum = 0;
        int count = 0;
        while (allocated < (2000L << 20)) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int r = (int) (seed >>> 33), bytes = sizes[r & 7];
            Object a;
            switch ((r >>> 3) & 3) {
                case 0: { byte[] b = new byte[bytes]; b[bytes - 1] = 1; a = b; break; }
                case 1: { int[] b = new int[bytes / 4]; b[0] = count; a = b; break; }
                case 2: { long[] b = new long[bytes / 8]; b[0] = count; a = b; break; }
                default: { Object[] b = new Object[Math.max(1, bytes / 64)]; b[0] = b; a = b; break; }
            }
            Object old = ring[(r >>> 5) & 63];
            if (old instanceof int[]) sum += ((int[]) old)[0];
            ring[(r >>> 5) & 63] = a;
            allocated += bytes;
            count++;
        }
        System.out.println(count + " arrays, " + (allocated >> 20) + " MB, sum " + sum);
    }
}
