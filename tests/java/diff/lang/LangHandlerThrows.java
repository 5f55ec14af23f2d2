package diff.lang;

// An uncaught exception whose handler throws in turn: the VM reports what the
// handler threw in HotSpot's one line, for the main thread and another one,
// so the failure is never silent.
public class LangHandlerThrows {
    static class Loud extends RuntimeException {
        Loud(String m) { super(m); }
    }

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> { throw new Loud("from worker"); }, "worker");
        t.setUncaughtExceptionHandler((th, e) -> {
            System.err.println("handler got " + e.getMessage() + " in " + th.getName());
            throw new IllegalStateException("handler fails");
        });
        t.start();
        t.join();
        // The default path: ThreadGroup.uncaughtException prints the trace,
        // and printing fails because the exception's own toString throws.
        throw new RuntimeException("main") {
            @Override
            public String toString() {
                throw new UnsupportedOperationException("no toString");
            }
        };
    }
}
