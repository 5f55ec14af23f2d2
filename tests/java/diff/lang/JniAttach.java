package diff.lang;

import java.io.File;
import jni.JniNatives;

// JNI's AttachCurrentThread and DetachCurrentThread against HotSpot: the
// test native library (tests/jni/jni_test_lib.c) starts threads of its own,
// which attach to the VM (named or not, in a group or the main one, daemon
// or not), call fromNative on the Java side, and detach; the Thread objects
// they had are then dead, their joins return, an exception left pending at
// the detach goes to the uncaught-exception handler, and a monitor the
// thread entered through JNI and never exited is released.
public class JniAttach {
  static Thread last;

  static final Object lock = new Object();

  static String fromNative(String tag) throws InterruptedException {
    Thread t = Thread.currentThread();
    last = t;
    if (tag.equals("throw")) throw new IllegalStateException("thrown on an attached thread");
    if (tag.equals("locker")) {
      // Entered twice by the native code: wait() gives up and takes back
      // all three entries (and makes the lock a full monitor).
      synchronized (lock) {
        lock.wait(1);
      }
      tag += " holdsLock=" + Thread.holdsLock(lock);
    }
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
    // A monitor the native thread entered and never exited is released by
    // its detach: another thread takes it.
    show("holding a monitor", JniNatives.attachLockAndCall(JniAttach.class, lock));
    Thread taker = new Thread(() -> {
      synchronized (lock) {
        System.out.println("taker: entered the monitor the detached thread held");
      }
    }, "taker");
    taker.setDaemon(true);
    taker.start();
    taker.join(20000);
    System.out.println("taker done: " + !taker.isAlive());
    System.out.println("detach from a native method: " + JniNatives.detachFromJava());
    // The main thread still runs Java code after the refused detach.
    System.out.println("main: " + Thread.currentThread().getName() + " alive="
        + Thread.currentThread().isAlive());
  }
}
