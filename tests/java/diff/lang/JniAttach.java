package diff.lang;

import java.io.File;
import jni.JniNatives;

// JNI's AttachCurrentThread and DetachCurrentThread against HotSpot: the
// test native library (tests/jni/jni_test_lib.c) starts threads of its own,
// which attach to the VM (named or not, in a group or the main one, daemon
// or not), call fromNative on the Java side, and detach; the Thread objects
// they had are then dead, their joins return, and an exception left pending
// at the detach goes to the uncaught-exception handler.
public class JniAttach {
  static Thread last;

  static String fromNative(String tag) {
    Thread t = Thread.currentThread();
    last = t;
    if (tag.equals("throw")) throw new IllegalStateException("thrown on an attached thread");
    ThreadGroup g = t.getThreadGroup();
    Thread[] members = new Thread[g.activeCount() + 8];
    boolean member = false;
    for (int i = 0, n = g.enumerate(members, false); i < n; i++) member |= members[i] == t;
    return t.getName() + " group=" + g.getName() + " member=" + member + " daemon=" + t.isDaemon()
        + " state=" + t.getState() + " alive=" + t.isAlive() + " priority=" + t.getPriority()
        + " interrupted=" + t.isInterrupted() + " tag=" + tag;
  }

  static void show(String what, String result) throws InterruptedException {
    System.out.println(what + ": " + result);
    Thread t = last;
    last = null;
    if (t == null) return;
    t.join();  // returns: the thread is dead
    System.out.println("  after: alive=" + t.isAlive() + " state=" + t.getState()
        + " group=" + t.getThreadGroup() + " name=" + t.getName());
  }

  public static void main(String[] args) throws Exception {
    File classes = new File(System.getProperty("java.class.path").split(File.pathSeparator)[0]);
    System.load(new File(classes.getAbsoluteFile().getParentFile(), "libminijvm_jni_test_lib.so").getPath());

    show("no arguments", JniNatives.attachAndCall(JniAttach.class, null, null, false, false, false));
    show("named", JniNatives.attachAndCall(JniAttach.class, "native-worker", null, true, false, false));
    show("no name", JniNatives.attachAndCall(JniAttach.class, null, null, true, false, false));
    ThreadGroup group = new ThreadGroup("natives");
    show("in a group", JniNatives.attachAndCall(JniAttach.class, "grouped", group, true, false, false));
    System.out.println("group now: active=" + group.activeCount());
    show("daemon", JniNatives.attachAndCall(JniAttach.class, "daemon-one", null, true, true, false));
    show("exception left pending",
        JniNatives.attachAndCall(JniAttach.class, "thrower", null, true, false, true));
    System.out.println("detach from a native method: " + JniNatives.detachFromJava());
    // The main thread still runs Java code after the refused detach.
    System.out.println("main: " + Thread.currentThread().getName() + " alive="
        + Thread.currentThread().isAlive());
  }
}
