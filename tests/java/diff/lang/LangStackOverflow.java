package diff.lang;

public class LangStackOverflow {
    static int depth;

    static int recurse(int n) {
        depth = n;
        return recurse(n + 1) + 1;
    }

    static class SelfToString {
        public String toString() { return "me:" + this; }
    }

    static class Ctor {
        Ctor next;
        Ctor() { next = new Ctor(); }
    }

    interface Node { int walk(); }
    static class Loop implements Node {
        Node other;
        public int walk() { return other.walk() + 1; }
    }

    static long deepSum(long n) { return n == 0 ? 0 : n + deepSum(n - 1); }

    static int withFinally(int n) {
        try {
            return withFinally(n + 1);
        } finally {
            depth = n;
        }
    }

    static synchronized int syncRecurse(int n) { return syncRecurse(n + 1); }

    public static void main(String[] args) {
        try {
            recurse(0);
        } catch (StackOverflowError e) {
            System.out.println("plain recursion: SOE, deep=" + (depth > 1000) + " msg=" + e.getMessage());
        }
        try {
            String s = new SelfToString().toString();
            System.out.println(s.length());
        } catch (StackOverflowError e) {
            System.out.println("toString recursion: SOE");
        }
        try {
            new Ctor();
        } catch (StackOverflowError e) {
            System.out.println("constructor recursion: SOE");
        }
        Loop a = new Loop(), b = new Loop();
        a.other = b;
        b.other = a;
        try {
            a.walk();
        } catch (StackOverflowError e) {
            System.out.println("interface ping-pong: SOE");
        }
        try {
            withFinally(0);
        } catch (StackOverflowError e) {
            System.out.println("with finally: SOE, depth reset to " + depth);
        }
        try {
            syncRecurse(0);
        } catch (StackOverflowError e) {
            System.out.println("synchronized recursion: SOE");
        }
        Object lock = new Object();
        synchronized (lock) {
            System.out.println("monitors still usable");
        }
        System.out.println("deepSum(2000) = " + deepSum(2000));
        try {
            recurse(0);
        } catch (Throwable t) {
            System.out.println("again: " + t.getClass().getName() + " is Error: " + (t instanceof Error)
                + " is VirtualMachineError: " + (t instanceof VirtualMachineError));
        }
        System.out.println("finished");
    }
}
