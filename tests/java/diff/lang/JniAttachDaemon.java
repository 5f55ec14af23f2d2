package diff.lang;

import java.io.File;
import jni.JniNatives;

// A daemon thread the JNI test library starts and attaches calls Java code
// without end, allocating, while the program runs a collection and ends:
// the VM exits with the program's status (System.exit's too, with an
// argument) while that thread is still in Java code, as under `java`.
public class JniAttachDaemon {
  static volatile long ticks;
  static Object kept;

  static void tick() {
    long n = ++ticks;
    if ((n & 0xfff) == 0) kept = new byte[256];
  }

  public static void main(String[] args) throws Exception {
    File classes = new File(System.getProperty("java.class.path").split(File.pathSeparator)[0]);
    System.load(new File(classes.getAbsoluteFile().getParentFile(), "libminijvm_jni_test_lib.so").getPath());
    System.out.println("started: " + JniNatives.startSpinner(JniAttachDaemon.class));
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (ticks < 200_000 && System.nanoTime() < deadline) Thread.sleep(1);
    System.gc();
    Thread spinner = null;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals("spinner")) spinner = t;
    }
    System.out.println("ticking: " + (ticks >= 200_000) + ", spinner: "
        + (spinner == null ? "none" : "daemon=" + spinner.isDaemon() + " alive=" + spinner.isAlive()
            + " group=" + spinner.getThreadGroup().getName()));
    if (args.length > 0) System.exit(Integer.parseInt(args[0]));
  }
}
