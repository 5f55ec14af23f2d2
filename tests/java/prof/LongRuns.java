package prof;

// Runs of bytecodes longer than a call's word of the call log holds
// (2^21 - 1 of the caller's since its last word, profilers/cct/call_log.h):
// spin(n) runs its first loop, calls h(), then runs its second loop, so the
// call's word and the return's both carry 5 + 9n bytecodes of spin.
public class LongRuns {
  static int sink;

  static void h() { sink++; }

  static void spin(int n) {
    for (int k = 0; k < n; k++) sink += k;
    h();
    for (int k = 0; k < n; k++) sink += k;
  }

  public static void main(String[] args) {
    spin(1_000_000);
    h();
    System.out.println(sink);
  }
}
