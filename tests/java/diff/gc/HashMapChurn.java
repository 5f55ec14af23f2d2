package diff.gc;

import java.util.HashMap;
import java.util.Map;

/**
 * A HashMap of 200,000 live entries churned for millions of operations
 * (under -Xmx64m from tests/java/jvmflags): each step removes a random live
 * key and puts a fresh key with a fresh value, so the old entries, keys and
 * values become garbage while the map's table and the other entries live
 * on. Every removed value is checked against its key (a value the collector
 * freed or overwrote while still reachable shows up as a mismatch), and the
 * checksums of the live map are printed along the way and at the end.
 */
public class HashMapChurn {
    static final class Key {
        final long id;
        Key(long id) { this.id = id; }
        @Override public int hashCode() { long h = id * 0x9E3779B97F4A7C15L; return (int) (h ^ (h >>> 32)); }
        @Override public boolean equals(Object o) { return o instanceof Key && ((Key) o).id == id; }
    }

    /** A value of 1 to 8 ints derived from its key. */
    static int[] valueFor(long id) {
        int[] v = new int[1 + (int) (id % 8)];
        for (int i = 0; i < v.length; i++) v[i] = (int) (id * 31 + i);
        return v;
    }

    static boolean matches(long id, int[] v) {
        if (v == null || v.length != 1 + (int) (id % 8)) return false;
        for (int i = 0; i < v.length; i++) if (v[i] != (int) (id * 31 + i)) return false;
        return true;
    }

    static long checksum(HashMap<Key, int[]> map) {
        long sum = 0;
        for (Map.Entry<Key, int[]> e : map.entrySet()) {
            int[] v = e.getValue();
            sum += e.getKey().id * 7 + v.length + v[v.length - 1];
        }
        return sum;
    }

    public static void main(String[] args) {
        int live = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
        HashMap<Key, int[]> map = new HashMap<>();
        long[] ids = new long[live];
        long nextId = 0;
        for (int i = 0; i < live; i++) {
            ids[i] = nextId;
            map.put(new Key(nextId), valueFor(nextId));
            nextId++;
        }
        System.out.println("filled: size=" + map.size() + " checksum=" + checksum(map));

        long seed = 12345, removedSum = 0;
        int mismatches = 0;
        for (int op = 1; op <= ops; op++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int slot = (int) ((seed >>> 33) % live);
            long old = ids[slot];
            int[] v = map.remove(new Key(old));
            if (!matches(old, v)) mismatches++;
            else removedSum += v[0];
            ids[slot] = nextId;
            map.put(new Key(nextId), valueFor(nextId));
            nextId++;
            if (op % 500_000 == 0) {
                System.out.println("ops=" + op + " size=" + map.size() + " removedSum=" + removedSum
                        + " mismatches=" + mismatches);
            }
        }
        int missing = 0;
        for (long id : ids) if (!matches(id, map.get(new Key(id)))) missing++;
        System.out.println("end: size=" + map.size() + " nextId=" + nextId + " missing=" + missing
                + " checksum=" + checksum(map));
    }
}
