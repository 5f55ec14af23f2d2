package diff.lib;

public class ExitFromThread {
    static class Hook extends Thread {
        public void run() { System.out.println("hook: exiting, main alive=" + mainThread.isAlive()); }
    }
    static Thread mainThread;

    static class Exiter extends Thread {
        Exiter() { super("exiter"); }
        public void run() {
            synchronized (ExitFromThread.class) { System.out.println("exiter running in " + getName()); }
            System.exit(7);
        }
    }

    public static void main(String[] args) throws Exception {
        mainThread = Thread.currentThread();
        Runtime.getRuntime().addShutdownHook(new Hook());
        Exiter e = new Exiter();
        synchronized (ExitFromThread.class) {
            e.start();
            System.out.println("main waits forever");
            ExitFromThread.class.wait();
        }
        System.out.println("never printed");
    }
}
