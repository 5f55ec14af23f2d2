package diff.lang;

public class LangExit {
    public static void main(String[] args) {
        System.out.println("args " + args.length);
        for (int i = 0; i < args.length; i++) System.out.println(i + ": [" + args[i] + "] len=" + args[i].length());
        Runtime.getRuntime().addShutdownHook(new Thread() {
            public void run() { System.out.println("shutdown hook ran"); }
        });
        int code = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        try {
            System.out.println("exiting with " + code);
            System.exit(code);
        } finally {
            System.out.println("finally must not run");
        }
    }
}
