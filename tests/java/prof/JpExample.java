package prof;

// The example of the JP paper (Binder, Hulaas): f() loops i = 1..10 calling
// h() then g(i), and g(i) calls h() i times. Under f: h has 10 calls from one
// site and g 10 calls; under f -> g: h has 1 + 2 + ... + 10 = 55 calls.
public class JpExample {
  static int sink;

  static void h() { sink++; }

  static void g(int i) {
    for (int k = 0; k < i; k++) h();
  }

  static void f() {
    for (int i = 1; i <= 10; i++) {
      h();
      g(i);
    }
  }

  public static void main(String[] args) {
    f();
    System.out.println(sink);
  }
}
