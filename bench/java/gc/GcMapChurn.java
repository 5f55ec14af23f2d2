// A HashMap of 100,000 live entries churned for a million operations: each
// removes a random key and puts a new key with a new value, so a large,
// scattered live set is traced at every collection while entries die.
import java.util.HashMap;

public class GcMapChurn {
    static final class Key {
        final long id;
        Key(long id) { this.id = id; }
        @Override public int hashCode() { long h = id * 0x9E3779B97F4A7C15L; return (int) (h ^ (h >>> 32)); }
        @Override public boolean equals(Object o) { return o instanceof Key && ((Key) o).id == id; }
    }

    public static void main(String[] args) {
        int live = 100_000, ops = 1_000_000;
        HashMap<Key, int[]> map = new HashMap<>();
        long[] ids = new long[live];
        long next = 0, seed = 7, sum = 0;
        for (int i = 0; i < live; i++) { ids[i] = next; map.put(new Key(next), new int[1 + (int) (next % 8)]); next++; }
        for (int op = 0; op < ops; op++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int slot = (int) ((seed >>> 33) % live);
            sum += map.remove(new Key(ids[slot])).length;
            ids[slot] = next;
            map.put(new Key(next), new int[1 + (int) (next % 8)]);
            next++;
        }
        System.out.println("size " + map.size() + " removed lengths " + sum);
    }
}
