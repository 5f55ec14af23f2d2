package gc;

// Keeps `live` MB reachable in small arrays, then allocates `churn` MB of
// short-lived ones, and prints a checksum: the heap's sizing after each
// collection (test_gc.cpp) is what a run of it shows.
public class LiveSet {
  public static void main(String[] args) {
    int liveMegabytes = Integer.parseInt(args[0]);
    long churnMegabytes = Long.parseLong(args[1]);
    long[][] live = new long[liveMegabytes * 1024 * 1024 / 1024][];
    for (int i = 0; i < live.length; i++) live[i] = new long[126];  // 1 KB with its header
    long sum = 0;
    for (long allocated = 0, i = 0; allocated < churnMegabytes << 20; allocated += 1024, i++) {
      long[] garbage = new long[126];
      garbage[(int) (i % 126)] = i;
      sum += garbage[(int) (i % 126)];
      live[(int) (i % live.length)][0] = i;
    }
    System.out.println("checksum " + sum + ", live arrays " + live.length);
  }
}
