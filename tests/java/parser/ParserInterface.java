package parser;

// An interface with a constant, abstract, default, static and private methods.
public interface ParserInterface {
  int LIMIT = 10;

  int size();

  default boolean isEmpty() {
    return size() == 0;
  }

  static ParserInterface empty() {
    return () -> 0;
  }

  private int half() {
    return size() / 2;
  }

  default int quarter() {
    return half() / 2;
  }
}
