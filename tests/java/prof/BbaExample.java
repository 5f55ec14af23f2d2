package prof;

// bcount's two basic-block accountings (test_profile_cct.cpp). risky's body
// is one block of 14 instructions; when iaload throws (the third), JP's
// default BBA has counted the whole block, so it over-counts by 11; the
// caller's try block is over-counted by what follows the invoke in it.
public class BbaExample {
  static int risky(int[] a, int i) {
    int x = a[i];
    x = x * 2;
    x = x + 1;
    return x;
  }

  static int caller(int[] a, int i) {
    int s = 0;
    try {
      s = risky(a, i);
      s++;
    } catch (ArrayIndexOutOfBoundsException e) {
      s = -1;
    }
    return s;
  }

  public static void main(String[] args) {
    int[] a = {1, 2, 3};
    int total = 0;
    for (int i = 0; i < 5; i++) total += caller(a, i);  // i = 3, 4 throw
    System.out.println(total);
  }
}
