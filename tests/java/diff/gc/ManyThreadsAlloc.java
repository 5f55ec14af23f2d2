package diff.gc;

import java.util.ArrayList;

/**
 * Eight threads allocating at once: each makes many short-lived objects
 * (small nodes, lists of them, int and long arrays of many sizes, strings)
 * and keeps a few long-lived arrays that it replaces now and then, so that
 * collections stop all threads in the middle of their allocation. Each
 * thread checks its long-lived arrays at the end; main joins the threads and
 * prints their checksums in thread order.
 */
public class ManyThreadsAlloc {
    static final int THREADS = 8;

    static final class Node {
        final long value;
        final Node next;
        Node(long value, Node next) { this.value = value; this.next = next; }
    }

    static long[] longLivedArray(int t, int k) {
        long[] a = new long[512 + k * 16];
        for (int i = 0; i < a.length; i++) a[i] = t * 1_000_003L + k * 7919L + i;
        return a;
    }

    static boolean intact(long[] a, int t, int k) {
        if (a.length != 512 + k * 16) return false;
        for (int i = 0; i < a.length; i++) if (a[i] != t * 1_000_003L + k * 7919L + i) return false;
        return true;
    }

    static final class Worker extends Thread {
        final int t, iterations;
        long checksum;
        String verdict;

        Worker(int t, int iterations) { super("alloc-" + t); this.t = t; this.iterations = iterations; }

        @Override public void run() {
            ArrayList<long[]> kept = new ArrayList<>();
            int[] keptIds = new int[32];
            for (int k = 0; k < 32; k++) { kept.add(longLivedArray(t, k)); keptIds[k] = k; }
            long sum = 0, seed = 1 + t;
            for (int i = 0; i < iterations; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int r = (int) (seed >>> 40);
                Node list = null;
                for (int j = 0; j < 8 + (r & 7); j++) list = new Node(r + j, list);
                for (Node n = list; n != null; n = n.next) sum += n.value;
                int[] ints = new int[1 + (r & 255)];
                ints[ints.length - 1] = r;
                sum += ints[ints.length - 1] + ints.length;
                if ((i & 15) == 0) {
                    long[] longs = new long[1 + (r & 4095)];
                    longs[0] = i;
                    sum += longs[0] + longs.length;
                    sum += Integer.toString(r).length();
                }
                if ((i & 1023) == 0) {
                    int k = (r >>> 8) & 31;
                    int id = keptIds[k] + 32;
                    kept.set(k, longLivedArray(t, id));
                    keptIds[k] = id;
                }
            }
            int bad = 0;
            for (int k = 0; k < 32; k++) {
                if (!intact(kept.get(k), t, keptIds[k])) bad++;
                sum += kept.get(k).length;
            }
            checksum = sum;
            verdict = bad == 0 ? "long-lived intact" : bad + " long-lived arrays corrupt";
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Worker[] workers = new Worker[THREADS];
        for (int t = 0; t < THREADS; t++) workers[t] = new Worker(t, iterations);
        for (Worker w : workers) w.start();
        for (Worker w : workers) w.join();
        for (Worker w : workers) System.out.println(w.getName() + ": checksum=" + w.checksum + " " + w.verdict);
    }
}
