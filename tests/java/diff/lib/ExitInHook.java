package diff.lib;

public class ExitInHook {
    static class Hook extends Thread {
        public void run() {
            System.out.println("hook runs, halting from the hook with 9");
            System.out.flush();
            Runtime.getRuntime().halt(9);
        }
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Hook());
        System.out.println("main exits with 300 (status 44)");
        System.exit(300);
    }
}
