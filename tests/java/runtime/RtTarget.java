package runtime;

// Resolution tests: RtCaller is compiled against this class; the unit test
// compiles an incompatible version (see test_runtime_resolution.cpp).
public class RtTarget {
  public static int sfield;
  public int ifield;
  public int gone;

  public void m(int x) {}

  public static void s() {}
}
