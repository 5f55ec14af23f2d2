package prof;

// Runs of bytecodes longer than a call's word of the call log holds
// (2^21 - 1 of the caller's since its last word, profilers/cct/call_log.h):
// spin(n) runs its first loop, calls h(), then runs its second loop, so the
// call's word and the return's both carry 5 + 9n bytecodes of spin.
// caller() runs loopThenCall(n), which compiled code inlines (its loop
// inside the caller's code), with as many before its call of h().
public class LongRuns {
  static int sink;

  static void h() { sink++; }

  static void spin(int n) {
    for (int k = 0; k < n; k++) sink += k;
    h();
    for (int k = 0; k < n; k++) sink += k;
  }

  // Small enough for compiled code to run in its caller's code (inlined):
  // its loop's 9n bytecodes then h()'s call, 2 + 9n + 3 + 1 of them before
  // the call's word.
  static void loopThenCall(int n) {
    for (int k = 0; k < n; k++) sink += k;
    h();
  }

  static void caller() { loopThenCall(300_000); }

  public static void main(String[] args) {
    spin(1_000_000);
    caller();
    caller();
    h();
    System.out.println(sink);
  }
}
