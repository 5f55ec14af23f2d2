import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntBinaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

// Lambdas, method references, streams and string concatenation: the
// invokedynamic paths (linking once, then invoker + LambdaForm frames on
// every call) as ordinary Java 17 code uses them.
public class BenchLambdas {
  public static void main(String[] args) {
    int scale = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    IntBinaryOperator mix = (a, b) -> (a * 31 + b) & 0xFFFF;
    int acc = 0;
    for (int i = 0; i < 300_000 * scale; i++) acc = mix.applyAsInt(acc, i);
    System.out.println("mix " + acc);

    List<String> words = new ArrayList<>();
    for (int i = 0; i < 20_000 * scale; i++) words.add("w" + (i * 7919 % 1000));
    Map<Integer, Long> byLength = words.stream()
        .collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.counting()));
    System.out.println("lengths " + byLength);
    long distinct = words.stream().map(String::toUpperCase).distinct().count();
    System.out.println("distinct " + distinct);
    int sum = IntStream.range(0, 200_000 * scale).filter(i -> i % 3 == 0).map(i -> i / 3).sum();
    System.out.println("sum " + sum);
  }
}
