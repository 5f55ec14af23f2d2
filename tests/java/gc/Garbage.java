package gc;

// Allocates `megabytes` MB in short-lived arrays and small objects while
// keeping a small live set, then prints a checksum. Run with a heap much
// smaller than the total (test_gc.cpp: 100x -Xmx) it completes only if the
// collector reclaims memory.
public class Garbage {
  static final class Cell {
    final Cell next;
    final int value;

    Cell(Cell next, int value) {
      this.next = next;
      this.value = value;
    }
  }

  public static void main(String[] args) {
    long megabytes = Long.parseLong(args[0]);
    Cell[] live = new Cell[1024];
    long sum = 0;
    long allocated = 0;
    for (int i = 0; allocated < megabytes << 20; i++) {
      int[] chunk = new int[1 + (i % 4096)];  // up to 16 KB: small and large objects
      chunk[chunk.length - 1] = i;
      sum += chunk[chunk.length - 1];
      live[i & 1023] = new Cell(live[(i + 1) & 1023] == null ? null : live[(i + 1) & 1023].next, i);
      allocated += 16 + 4L * chunk.length + 32;
    }
    long kept = 0;
    for (Cell c : live)
      for (Cell d = c; d != null; d = d.next) kept++;
    System.out.println("allocated " + (allocated >> 20) + " MB, checksum " + sum + ", live cells " + (kept > 0));
  }
}
