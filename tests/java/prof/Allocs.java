package prof;

import java.lang.reflect.Array;

// Allocations with sizes derivable by hand (test_profile_cct.cpp): objects
// have a 16-byte header, arrays a 24-byte one, and sizes round up to 8.
public class Allocs {
  static Object keep;

  static class Pair {
    int a;
    long b;
  }

  // 10 objects of 16 bytes.
  static void objects() {
    for (int i = 0; i < 10; i++) keep = new Object();
  }

  // Pair: header 16 + int 4 + long 8 = 28, rounded to 32; 5 of them.
  static void pairs() {
    for (int i = 0; i < 5; i++) keep = new Pair();
  }

  // int[10]: 24 + 40 = 64; byte[3]: 24 + 3 = 27 -> 32; long[3][4]: the
  // outer Object[3]-like array 24 + 3*8 = 48 and three long[4] of 24 + 32
  // = 56, made by the VM for multianewarray: 4 objects, 216 bytes.
  static void arrays() {
    keep = new int[10];
    keep = new byte[3];
    keep = new long[3][4];
  }

  // The copy is made inside the native Object.clone: 24 + 16 = 40 bytes.
  static void copies() {
    int[] a = {1, 2, 3, 4};
    keep = a.clone();
  }

  // The array is made inside the native Array.newArray: 24 + 5*4 = 44 -> 48.
  static void reflective() {
    keep = Array.newInstance(int.class, 5);
  }

  static void all() {
    objects();
    pairs();
    arrays();
    copies();
    reflective();
  }

  // The first round also loads classes, whose names, mirrors and array
  // classes the VM allocates in the frame that needs them; the second round,
  // a context of its own, allocates exactly what the comments say.
  public static void main(String[] args) {
    all();
    all();
    System.out.println(keep != null);
  }
}
