// Several threads computing at once: four workers, each a deterministic mix
// of a nested recursion (calls and small objects) and an array kernel
// (loops over an int array), started together and joined; the checksum is
// combined in a fixed order, so the output does not depend on the schedule.
public class BenchThreads {
    static final int WORKERS = 4;

    // A small immutable pair, allocated on every call of the recursion.
    static final class Pair {
        final long a, b;
        Pair(long a, long b) { this.a = a; this.b = b; }
        Pair add(Pair o) { return new Pair(a + o.a, (b ^ o.b) + 1); }
    }

    // A binary recursion of the given depth; the leaves mix in the seed.
    static Pair tree(int depth, long seed) {
        if (depth == 0) return new Pair(seed & 0xFF, seed * 31);
        Pair left = tree(depth - 1, seed * 3 + 1);
        Pair right = tree(depth - 1, seed * 5 + 2);
        return left.add(right);
    }

    // An array kernel: repeated prefix-mixing passes over an int array.
    static long kernel(int[] data, int passes) {
        long sum = 0;
        for (int p = 0; p < passes; p++) {
            int carry = p;
            for (int i = 0; i < data.length; i++) {
                carry = carry * 1103515245 + data[i] + 12345;
                data[i] = (carry >>> 7) & 0xFFFF;
            }
            for (int i = 0; i < data.length; i += 3) sum += data[i];
        }
        return sum;
    }

    static final class Worker extends Thread {
        final int id, rounds;
        long result;

        Worker(int id, int rounds) { this.id = id; this.rounds = rounds; }

        @Override public void run() {
            int[] data = new int[1024];
            for (int i = 0; i < data.length; i++) data[i] = i * (id + 7);
            long h = id;
            for (int r = 0; r < rounds; r++) {
                Pair p = tree(9, h + r);
                h = h * 1_000_003 + p.a + p.b;
                h += kernel(data, 2);
            }
            result = h;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1200;
        Worker[] workers = new Worker[WORKERS];
        for (int i = 0; i < WORKERS; i++) workers[i] = new Worker(i, rounds);
        for (Worker w : workers) w.start();
        long checksum = 0;
        for (Worker w : workers) {
            w.join();
            System.out.println("worker " + w.id + " " + w.result);
            checksum = checksum * 31 + w.result;
        }
        System.out.println("checksum " + checksum);
    }
}
