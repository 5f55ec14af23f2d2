package diff.lang;

// System.exit from a non-main thread while main waits; exit status -1 -> 255.
public class LangExitInFinally {
    public static void main(String[] args) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread() {
            public void run() { System.out.println("hook 1"); }
        });
        Thread exiter = new Thread("exiter") {
            public void run() {
                try {
                    System.out.println("exiter running");
                } finally {
                    System.exit(-1);
                }
            }
        };
        exiter.start();
        exiter.join();
        System.out.println("main must not get here");
    }
}
