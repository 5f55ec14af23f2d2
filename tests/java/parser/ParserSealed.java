package parser;

// A sealed hierarchy: PermittedSubclasses on the interface.
public sealed interface ParserSealed permits ParserSealed.Circle, ParserSealed.Square {
  double area();

  record Circle(double r) implements ParserSealed {
    public double area() {
      return Math.PI * r * r;
    }
  }

  final class Square implements ParserSealed {
    final double side = 2.0;

    public double area() {
      return side * side;
    }
  }
}
