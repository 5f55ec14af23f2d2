package diff.lang;

// Runtime.halt skips shutdown hooks; exit codes wrap modulo 256.
public class LangHalt {
    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread() {
            public void run() { System.out.println("hook must not run on halt"); }
        });
        System.out.println("halting");
        System.out.flush();
        Runtime.getRuntime().halt(261);
    }
}
