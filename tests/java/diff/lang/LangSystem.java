package diff.lang;

public class LangSystem {
    public static void main(String[] args) {
        String[] keys = {"java.version", "java.specification.version", "java.class.version", "java.vendor",
            "java.vm.specification.version", "java.runtime.version", "os.name", "os.arch", "file.separator",
            "path.separator", "line.separator", "file.encoding", "native.encoding", "sun.jnu.encoding",
            "stdout.encoding", "user.dir", "user.name", "user.home", "java.home", "java.io.tmpdir",
            "java.library.path", "sun.boot.library.path", "java.class.path", "sun.java.command", "user.language",
            "java.vm.specification.name", "java.specification.name", "jdk.debug", "sun.arch.data.model",
            "java.vendor.url", "nonexistent.property"};
        for (String k : keys) {
            String v = System.getProperty(k);
            System.out.println(k + "=" + (v == null ? "<null>" : v.replace("\n", "\\n")));
        }
        System.out.println(System.getProperty("nope", "default") + " " + System.lineSeparator().length());
        System.setProperty("my.prop", "set");
        System.out.println(System.getProperty("my.prop") + " " + Integer.getInteger("my.int", 17) + " " + Boolean.getBoolean("my.prop"));
        System.out.println(Runtime.version().feature() + " " + Runtime.getRuntime().availableProcessors()
            + " " + (Runtime.getRuntime().maxMemory() > 0) + " " + (Runtime.getRuntime().totalMemory() > 0)
            + " " + (Runtime.getRuntime().freeMemory() >= 0));
        System.out.println(System.getenv("HOME") + " " + System.getenv("NO_SUCH_ENV_VAR") + " " + (System.getenv().size() > 0));
        long t0 = System.currentTimeMillis(), n0 = System.nanoTime();
        long t1 = System.currentTimeMillis(), n1 = System.nanoTime();
        System.out.println((t1 >= t0) + " " + (n1 >= n0) + " " + (t0 > 1600000000000L));
        System.out.println(java.nio.charset.Charset.defaultCharset() + " " + java.util.Locale.getDefault() + " "
            + java.util.TimeZone.getDefault().getID().isEmpty() + " " + java.io.File.separatorChar + " " + java.io.File.pathSeparator);
        System.out.println(new java.io.File(".").getAbsoluteFile().getParentFile().exists() + " " + new java.io.File("/").isDirectory());
        System.gc();
        System.runFinalization();
        System.out.println("done");
    }
}
