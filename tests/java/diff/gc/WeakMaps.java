package diff.gc;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.WeakHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What the JDK builds on weak and phantom references: a WeakHashMap loses
 * the entries of keys that became unreachable after System.gc() (its size
 * is polled after short sleeps, with a bound, since the Reference Handler
 * thread enqueues the cleared references), and keeps those whose keys are
 * still reachable, with their values; the actions of a java.lang.ref.Cleaner
 * run on its own thread once their objects are unreachable, exactly once,
 * and Cleanable.clean() runs an action at once.
 */
public class WeakMaps {
    static final class Key {
        final int id;
        Key(int id) { this.id = id; }
        @Override public int hashCode() { return id * 31; }
        @Override public boolean equals(Object o) { return o instanceof Key && ((Key) o).id == id; }
    }

    /** Puts 1000 keys; every tenth is kept in `kept`, the others are garbage. */
    static void fill(WeakHashMap<Key, String> map, Key[] kept) {
        for (int i = 0; i < 1000; i++) {
            Key k = new Key(i);
            map.put(k, "v" + i);
            if (i % 10 == 0) kept[i / 10] = k;
        }
    }

    /** Waits (at most 10 s) until map.size() <= expected; returns the size. */
    static int settle(WeakHashMap<Key, String> map, int expected) throws InterruptedException {
        int size = map.size();
        for (int i = 0; i < 1000 && size > expected; i++) {
            Thread.sleep(10);
            size = map.size();
        }
        return size;
    }

    static final List<Integer> CLEANED = Collections.synchronizedList(new ArrayList<>());

    static Runnable action(int id, CountDownLatch latch) {
        return () -> { CLEANED.add(id); latch.countDown(); };
    }

    static void registerGarbage(Cleaner cleaner, CountDownLatch latch) {
        for (int id = 1; id <= 5; id++) cleaner.register(new int[100 * id], action(id, latch));
    }

    public static void main(String[] args) throws InterruptedException {
        WeakHashMap<Key, String> map = new WeakHashMap<>();
        Key[] kept = new Key[100];
        fill(map, kept);
        // (How many entries are left already depends on whether a collection
        // came during fill(): not printed.)
        System.gc();
        int size = settle(map, 100);
        System.out.println("after gc: size=" + size);
        int good = 0;
        for (int j = 0; j < kept.length; j++) if (("v" + (j * 10)).equals(map.get(kept[j]))) good++;
        System.out.println("reachable keys present with their values: " + good);
        System.out.println("unreachable key 7 absent: " + !map.containsKey(new Key(7)));
        kept = null;
        System.gc();
        System.out.println("after dropping the rest: size=" + settle(map, 0));

        Cleaner cleaner = Cleaner.create();
        CountDownLatch garbage = new CountDownLatch(5);
        registerGarbage(cleaner, garbage);
        CountDownLatch explicit = new CountDownLatch(1);
        Object live = new Object();
        Cleaner.Cleanable cleanable = cleaner.register(live, action(100, explicit));
        System.gc();
        boolean all = garbage.await(10, TimeUnit.SECONDS);
        List<Integer> cleaned;
        synchronized (CLEANED) { cleaned = new ArrayList<>(CLEANED); }
        Collections.sort(cleaned);
        System.out.println("cleaner: unreachable objects' actions ran=" + all + " ids=" + cleaned);
        System.out.println("cleaner: live object's action not run=" + (explicit.getCount() == 1));
        cleanable.clean();
        cleanable.clean();
        System.out.println("clean(): ran=" + explicit.await(0, TimeUnit.SECONDS) + " count of 100 in "
                + "cleaned ids=" + Collections.frequency(CLEANED, 100));
        java.lang.ref.Reference.reachabilityFence(live);
    }
}
