package diff.lib;

public class DeepThreads {
    static int depth;
    static void recurse() { depth++; recurse(); }

    static class Deep implements Runnable {
        String result;
        public void run() {
            depth = 0;
            try { recurse(); } catch (StackOverflowError e) { result = "StackOverflowError caught, depth>1000=" + (depth > 1000) + " message=" + e.getMessage(); }
            // the thread is still usable afterwards
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 5; i++) sb.append(fib(15 + i)).append(' ');
            result += " after: " + sb.toString().trim();
        }
    }
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static class Ackermann extends Thread {
        long value;
        Ackermann() { super(null, null, "ackermann", 64L << 20); }
        public void run() { value = ack(2, 2000); }
        static long ack(long m, long n) { return m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1)); }
    }

    public static void main(String[] args) throws Exception {
        Deep d = new Deep();
        Thread t = new Thread(null, d, "deep", 512 * 1024);
        t.start(); t.join();
        System.out.println("thread: " + d.result);
        Deep m = new Deep();
        m.run();
        System.out.println("main: " + m.result);
        Ackermann a = new Ackermann();
        a.start(); a.join();
        System.out.println("ackermann(2,2000)=" + a.value);
        Thread.UncaughtExceptionHandler prev = Thread.getDefaultUncaughtExceptionHandler();
        System.out.println("default handler=" + prev);
        Thread boom = new Thread("boom") { public void run() { recurse(); } };
        boom.setUncaughtExceptionHandler(new Thread.UncaughtExceptionHandler() {
            public void uncaughtException(Thread th, Throwable e) { System.out.println(th.getName() + " died of " + e.getClass().getName()); }
        });
        boom.start(); boom.join();
        System.out.println("done");
    }
}
