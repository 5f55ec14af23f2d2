package diff.lib;

public class Halt {
    static class Hook extends Thread {
        public void run() { System.out.println("hook must not run on halt"); }
    }
    static class Exiter extends Thread {
        public void run() { System.out.println("second exit while hooks run blocks forever"); }
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Hook());
        System.out.println("empty stdin read=" + readStdin());
        int code = -3;
        System.out.println("halting with " + code + " (exit status " + (code & 0xff) + ")");
        System.out.flush();
        System.err.println("err before halt");
        try {
            Runtime.getRuntime().halt(code);
        } finally {
            System.out.println("finally after halt must not run");
        }
    }

    static int readStdin() {
        try { return System.in.read(); } catch (java.io.IOException e) { return -2; }
    }
}
