package diff.gc;

import java.util.ArrayList;

/**
 * OutOfMemoryError as a program can catch it (under -Xmx32m from
 * tests/java/jvmflags): fill the heap with 1 MB arrays until the allocation
 * fails, catch the error and print its message ("Java heap space"), drop
 * the arrays, and allocate as much again; twice, then once more without
 * failing. The heap must be usable again after each error.
 */
public class OomCaught {
    static final int MB = 1 << 20;

    /** Allocates 1 MB arrays until OutOfMemoryError; returns how many fit. */
    static int fill() {
        ArrayList<byte[]> list = new ArrayList<>(1000);
        try {
            while (true) {
                byte[] a = new byte[MB];
                a[0] = 1;
                list.add(a);
            }
        } catch (OutOfMemoryError e) {
            int n = list.size();
            list = null;
            System.out.println("caught: " + e.getClass().getName() + ": " + e.getMessage());
            return n;
        }
    }

    public static void main(String[] args) {
        for (int round = 1; round <= 2; round++) {
            int n = fill();
            System.out.println("round " + round + ": filled at least 8 MB before the error: " + (n >= 8)
                    + ", not more than 32 MB: " + (n <= 32));
        }
        ArrayList<byte[]> again = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < 8; i++) {
            byte[] a = new byte[MB];
            a[MB - 1] = (byte) i;
            again.add(a);
        }
        for (byte[] a : again) sum += a[MB - 1];
        System.out.println("allocated 8 MB again: " + again.size() + " arrays, sum=" + sum);
    }
}
