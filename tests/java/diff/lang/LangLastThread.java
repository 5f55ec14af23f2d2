package diff.lang;

// main returns (by an uncaught exception) while a non-daemon thread still
// runs: the VM waits for it (DestroyJavaVM), then exits with 1; a daemon
// thread does not hold the VM up; shutdown hooks run in the end.
public class LangLastThread {
    public static void main(String[] args) throws Exception {
        final Object gate = new Object();
        Thread daemon = new Thread("daemon") {
            public void run() {
                try {
                    Thread.sleep(1000000);
                } catch (InterruptedException e) {
                    System.out.println("daemon interrupted");
                }
            }
        };
        daemon.setDaemon(true);
        daemon.start();
        // The worker waits for main to end (not for a while: a slow machine
        // must not change the order of the output).
        final Thread mainThread = Thread.currentThread();
        Thread worker = new Thread("worker") {
            public void run() {
                try {
                    mainThread.join();
                } catch (InterruptedException e) {
                    System.out.println("unexpected");
                }
                System.out.println("worker finishing after main");
            }
        };
        worker.start();
        Runtime.getRuntime().addShutdownHook(new Thread("hook") {
            public void run() { System.out.println("hook ran in " + Thread.currentThread().getName()); }
        });
        System.out.println("main ends with an exception; worker alive=" + worker.isAlive() + " daemon=" + daemon.isDaemon());
        throw new IllegalStateException("main is done");
    }
}
