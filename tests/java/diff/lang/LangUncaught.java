package diff.lang;

public class LangUncaught {
    static class MyFailure extends RuntimeException {
        MyFailure(String m, Throwable c) { super(m, c); }
    }

    static void inner(String[] args) {
        throw new IllegalArgumentException("bad args: " + args.length);
    }

    static void outer(String[] args) {
        try {
            inner(args);
        } catch (IllegalArgumentException e) {
            throw new MyFailure("outer failed", e);
        } finally {
            System.out.println("outer finally");
        }
    }

    public static void main(String[] args) {
        System.out.println("start " + String.join("+", args));
        System.err.println("to stderr");
        outer(args);
        System.out.println("unreachable");
    }
}
