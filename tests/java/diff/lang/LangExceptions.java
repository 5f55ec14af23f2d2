package diff.lang;

public class LangExceptions {
    static class AppException extends Exception {
        final int code;
        AppException(String msg, int code) { super(msg); this.code = code; }
        AppException(String msg, Throwable cause) { super(msg, cause); this.code = -1; }
        @Override public String toString() { return "AppException[" + code + "]: " + getMessage(); }
    }

    static class Quiet extends RuntimeException {
        Quiet() { super("quiet", null, false, false); }
    }

    static class NoMsg extends RuntimeException {}

    static StringBuilder log = new StringBuilder();

    static int finallyReturn() {
        try {
            log.append("try;");
            return 1;
        } finally {
            log.append("finally;");
        }
    }

    @SuppressWarnings("finally")
    static int finallyOverrides() {
        try {
            throw new RuntimeException("lost");
        } finally {
            return 2;
        }
    }

    static int tryValue() {
        int x = 10;
        try {
            return x;
        } finally {
            x = 20;
        }
    }

    static void nested(int mode) throws AppException {
        try {
            log.append("outer-try;");
            try {
                log.append("inner-try;");
                if (mode == 1) throw new IllegalStateException("inner");
                if (mode == 2) throw new AppException("app", 2);
                if (mode == 3) return;
                log.append("inner-end;");
            } catch (IllegalStateException e) {
                log.append("inner-catch:" + e.getMessage() + ";");
                throw new AppException("wrapped", e);
            } finally {
                log.append("inner-finally;");
            }
            log.append("outer-end;");
        } finally {
            log.append("outer-finally;");
        }
    }

    static void multi(int k) {
        try {
            switch (k) {
                case 0: throw new IllegalArgumentException("iae");
                case 1: throw new UnsupportedOperationException("uoe");
                case 2: Object o = "s"; Integer n = (Integer) o; break;
                case 3: int[] a = new int[1]; a[2] = 0; break;
                default: throw new Error("err");
            }
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            System.out.println("multi1 " + e.getClass().getSimpleName() + " " + e.getMessage());
        } catch (ClassCastException | IndexOutOfBoundsException e) {
            System.out.println("multi2 " + e.getClass().getName());
        } catch (Throwable t) {
            System.out.println("throwable " + t);
        }
    }

    static class Res implements AutoCloseable {
        final String name;
        final boolean failClose;
        Res(String name, boolean failClose) { this.name = name; this.failClose = failClose; System.out.println("open " + name); }
        public void close() {
            System.out.println("close " + name);
            if (failClose) throw new IllegalStateException("close failed " + name);
        }
    }

    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

    static long deepest;
    static void recurse(long n) { deepest = n; recurse(n + 1); }

    public static void main(String[] args) {
        System.out.println(finallyReturn() + " " + log + " " + finallyOverrides() + " " + tryValue());
        for (int mode = 0; mode < 4; mode++) {
            log.setLength(0);
            try {
                nested(mode);
                System.out.println("mode " + mode + " ok " + log);
            } catch (AppException e) {
                System.out.println("mode " + mode + " " + e + " cause=" + e.getCause() + " code=" + e.code + " " + log);
            }
        }
        for (int k = 0; k < 5; k++) multi(k);
        try (Res a = new Res("a", false); Res b = new Res("b", true); Res c = new Res("c", true)) {
            System.out.println("body");
            throw new RuntimeException("body failed");
        } catch (RuntimeException e) {
            System.out.println("caught " + e.getMessage() + " suppressed=" + e.getSuppressed().length);
            for (Throwable s : e.getSuppressed()) System.out.println("  suppressed " + s);
        } finally {
            System.out.println("twr finally");
        }
        try (Res a = new Res("solo", true)) {
            System.out.println("solo body");
        } catch (IllegalStateException e) {
            System.out.println("solo caught " + e.getMessage());
        }
        Throwable t = new Throwable();
        System.out.println(t + " | " + t.getMessage() + " | " + t.getLocalizedMessage() + " | " + t.getCause());
        System.out.println(new NoMsg() + " | " + new Quiet() + " " + new Quiet().getStackTrace().length);
        Exception chained = new Exception("top", new RuntimeException("middle", new Error("bottom")));
        for (Throwable x = chained; x != null; x = x.getCause()) System.out.println("chain " + x);
        RuntimeException withCause = new RuntimeException(new IllegalStateException("root"));
        System.out.println(withCause.getMessage() + " | " + withCause);
        try {
            chained.initCause(new Error());
        } catch (IllegalStateException e) {
            System.out.println("initCause: " + e.getMessage());
        }
        Exception selfless = new Exception("s");
        try {
            selfless.initCause(selfless);
        } catch (IllegalArgumentException e) {
            System.out.println("self: " + e.getMessage());
        }
        // StackOverflowError caught and continuing
        try {
            recurse(0);
        } catch (StackOverflowError e) {
            System.out.println("SOE caught " + (deepest > 1000) + " " + e.getClass().getName() + " msg=" + e.getMessage());
        }
        System.out.println("after SOE " + depth(500));
        for (int round = 0; round < 3; round++) {
            try {
                recurse(0);
            } catch (StackOverflowError e) {
                System.out.println("SOE again " + round);
            }
        }
        // exceptions in static-like helper paths
        try {
            Object o = null;
            o.hashCode();
        } catch (NullPointerException e) {
            System.out.println("NPE " + e.getMessage());
        }
        try {
            throw null;
        } catch (NullPointerException e) {
            System.out.println("throw null: " + e.getMessage());
        }
        int counter = 0;
        for (int i = 0; i < 1000; i++) {
            try {
                if (i % 3 == 0) throw new AppException("x" + i, i);
                counter++;
            } catch (AppException e) {
                counter += e.code;
            } finally {
                counter ^= 1;
            }
        }
        System.out.println("counter " + counter);
        label:
        for (int i = 0; i < 5; i++) {
            try {
                if (i == 1) continue;
                if (i == 3) break label;
                System.out.println("loop " + i);
            } finally {
                System.out.println("loop finally " + i);
            }
        }
        Error err = new AssertionError(42);
        System.out.println(err + " " + new AssertionError("m", new Error("c")).getCause());
        System.out.println(new ExceptionInInitializerError(new RuntimeException("r")).getCause() + " " + new ArithmeticException());
    }
}
