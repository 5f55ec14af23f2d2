package parser;

// Nested classes: an inner class, a static nested class and an anonymous
// class share a nest (NestHost/NestMembers) and appear in InnerClasses.
public class ParserOuter {
  private int secret = 42;

  public class Inner {
    int peek() {
      return secret;
    }
  }

  public static class Nested {
    static final String GREETING = "hi";
  }

  public Runnable anonymous() {
    return new Runnable() {
      @Override
      public void run() {
        secret++;
      }
    };
  }

  public int viaInner() {
    return new Inner().peek();
  }
}
