package jvm;

// Helpful NullPointerException fixture for tests/unit/test_jvm_npe.cpp: each
// method raises one NPE; the expected messages were measured on HotSpot 17.
public class JvmNpeSample {
  JvmNpeSample next;
  String name;
  int[] arr;
  static JvmNpeSample stat;

  static JvmNpeSample make() { return null; }

  int val() { return 1; }

  static void local() { String s = null; s.length(); }

  static void chain(JvmNpeSample n) { n.next.val(); }

  static void ret() { make().val(); }

  static void stat() { stat.name.length(); }

  static void store(JvmNpeSample n) { n.arr[0] = 1; }

  static void length(int[] a) { int x = a.length; }

  static void element(int k, JvmNpeSample[] ns) { ns[k].val(); }

  static void assign(JvmNpeSample n) { n.name = "x"; }

  static void sync(Object o) { synchronized (o) { o.hashCode(); } }

  static void thrw(RuntimeException e) { throw e; }

  static void explicit() { throw new NullPointerException(); }

  static void merged(boolean b, String p, String q) { (b ? p : q).length(); }

  static void deep(JvmNpeSample m) { m.next.next.next.next.next.next.val(); }

  void self() { this.next.val(); }

  static void longs(long[] a) { a[0] = 1L; }

  static void cast(Object o) { ((String) o).length(); }

  static void map(java.util.Map<String, Object> m) { m.get("x"); }
}
