package diff.lang;

// A thread that join() has seen end is in no list of live threads:
// Thread.getAllStackTraces (JVM_GetAllThreads) leaves out a thread whose
// Thread no longer names it, as HotSpot's ThreadsListEnumerator leaves out
// an exiting one, though the VM may not have taken it off its own list
// yet (the joiner wakes first). A race: a thousand threads, each checked
// right after its join.
public class ThreadsAfterJoin {
  public static void main(String[] args) throws Exception {
    int listed = 0;
    for (int i = 0; i < 1000; i++) {
      Thread t = new Thread(() -> {});
      t.start();
      t.join();
      if (Thread.getAllStackTraces().containsKey(t)) listed++;
    }
    System.out.println("ended threads still listed: " + listed);
  }
}
