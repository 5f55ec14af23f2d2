package diff.lang;

public class LangOom {
    public static void main(String[] args) {
        int[] sizes = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1};
        // (lengths HotSpot accepts depend on the heap size: only the fixed
        // VM limit, max_jint - 2, is compared here)
        for (int n : sizes) {
            try {
                long[] big = new long[n];
                System.out.println("allocated " + big.length);
            } catch (OutOfMemoryError e) {
                System.out.println("long[" + n + "]: " + e.getMessage());
            }
        }
        for (int n : sizes) {
            try {
                byte[] big = new byte[n];
                System.out.println("allocated " + big.length);
            } catch (OutOfMemoryError e) {
                System.out.println("byte[" + n + "]: " + e.getMessage());
            }
        }
        try {
            Object[][] big = new Object[Integer.MAX_VALUE][Integer.MAX_VALUE];
            System.out.println(big.length);
        } catch (OutOfMemoryError e) {
            System.out.println("2d: " + e.getMessage());
        }
        try {
            StringBuilder sb = new StringBuilder(Integer.MAX_VALUE);
            System.out.println(sb.capacity());
        } catch (OutOfMemoryError e) {
            System.out.println("sb: " + e.getMessage());
        }
        System.out.println("still alive");
    }
}
