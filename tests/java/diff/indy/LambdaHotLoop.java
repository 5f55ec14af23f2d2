package diff.indy;

import java.util.function.*;

/** Call sites executed very often: each indy links once; lambdas and concat in hot loops. */
public class LambdaHotLoop {
  static long viaInterface(LongUnaryOperator op, int n) {
    long acc = 0;
    for (int i = 0; i < n; i++) acc = op.applyAsLong(acc + i);
    return acc;
  }

  public static void main(String[] args) {
    long acc = 0;
    for (int i = 0; i < 200000; i++) {
      IntBinaryOperator add = (a, b) -> a + b; // non-capturing: the same instance every time
      acc += add.applyAsInt(i, 1);
      if (i % 25000 == 0) System.out.println("  checkpoint " + i + " acc " + acc);
    }
    System.out.println("non-capturing in loop " + acc);
    acc = 0;
    for (int i = 0; i < 200000; i++) {
      final int k = i;
      IntSupplier s = () -> k * 2; // capturing: a new instance each time
      acc += s.getAsInt();
      if (i % 40000 == 0) System.out.println("  capturing checkpoint " + i + " acc " + acc);
    }
    System.out.println("capturing in loop " + acc);
    System.out.println("through interface " + viaInterface(x -> (x * 31) % 1000003, 300000));
    int len = 0;
    for (int i = 0; i < 50000; i++) {
      String k = "k" + i + ":" + (i & 7);
      len += k.length();
      if (i % 10000 == 9999) System.out.println("  concat checkpoint " + k + " len " + len);
    }
    System.out.println("concat in loop total length " + len);
    Function<Integer, Integer> f = x -> x + 1;
    for (int i = 0; i < 10; i++) {
      final int k = i;
      f = f.andThen(x -> (x * 3 + k) % 1009);
    }
    int r = 0;
    for (int i = 0; i < 20000; i++) {
      r = f.apply(r);
      if (i % 4000 == 0) System.out.println("  chain checkpoint " + i + " r " + r);
    }
    System.out.println("composed chain " + r);
    Supplier<Runnable> sup = () -> () -> {};
    Runnable first = sup.get();
    boolean same = true;
    for (int i = 0; i < 1000; i++) same &= sup.get() == first;
    System.out.println("nested non-capturing lambda is a singleton " + same);
    StringBuilder sb = new StringBuilder();
    BiConsumer<StringBuilder, Integer> app = StringBuilder::append;
    for (int i = 0; i < 1000; i++) app.accept(sb, i % 10);
    System.out.println("method ref in loop length " + sb.length() + " digest " + sb.toString().hashCode());
  }
}
