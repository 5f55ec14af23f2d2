package diff.gc;

/**
 * An OutOfMemoryError nobody catches (under -Xmx32m from
 * tests/java/jvmflags): one long[] of 64 MB, larger than the heap, fails at
 * once on any VM with "Java heap space". The main thread dies with HotSpot's
 * trace on stderr (the error, then the two frames) and the exit code is 1.
 */
public class OomUncaught {
    static long[] allocate(int length) {
        return new long[length];
    }

    public static void main(String[] args) {
        System.out.println("allocating 64 MB under -Xmx32m");
        long[] big = allocate(8 * 1024 * 1024);
        System.out.println("not reached: " + big.length);
    }
}
