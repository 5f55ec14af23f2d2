package parser;

import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

// Lambdas, a method reference and string concatenation: InvokeDynamic
// constants, MethodHandle/MethodType entries and a BootstrapMethods attribute.
public class ParserLambda {
  static int apply(IntBinaryOperator op, int a, int b) {
    return op.applyAsInt(a, b);
  }

  public static String run(int k) {
    int sum = apply((a, b) -> a + b + k, 1, 2);
    Supplier<String> s = String::new;
    return "sum=" + sum + s.get();
  }

  public static void main(String[] args) {
    System.out.println(run(3));
  }
}
