package diff.lang;

// Stack traces of deep recursion: HotSpot keeps at most MaxJavaStackTraceDepth
// (1024) frames; the printed trace and getStackTrace agree with that.
public class LangDeepTrace {
    static int down(int n) {
        if (n == 0) throw new IllegalStateException("bottom");
        return down(n - 1) + 1;
    }

    static int forever(int n) { return forever(n + 1) + 1; }

    static class Custom extends RuntimeException {
        Custom(String m) { super(m); }
        @Override public synchronized Throwable fillInStackTrace() { return this; }
    }

    public static void main(String[] args) {
        int[] depths = {0, 10, 1000, 1020, 1021, 1022, 1023, 1024, 1500, 3000};
        for (int d : depths) {
            try {
                down(d);
            } catch (IllegalStateException e) {
                StackTraceElement[] st = e.getStackTrace();
                System.out.println("depth " + d + ": " + st.length + " frames, last=" + st[st.length - 1]);
            }
        }
        try {
            forever(0);
        } catch (StackOverflowError e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("SOE frames " + st.length + " top=" + st[0].getMethodName() + " line=" + st[0].getLineNumber());
        }
        Custom c = new Custom("no trace");
        System.out.println(c.getStackTrace().length);
        c.printStackTrace();
        try {
            down(1100);
        } catch (IllegalStateException e) {
            e.printStackTrace();
        }
        Throwable cause = new RuntimeException("cause");
        try {
            down(5);
        } catch (IllegalStateException e) {
            e.initCause(cause);
            e.printStackTrace();
        }
    }
}
