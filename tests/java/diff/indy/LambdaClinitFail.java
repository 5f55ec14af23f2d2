package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** A lambda that throws while running a static initializer: ExceptionInInitializerError, then NoClassDefFoundError, then uncaught. */
public class LambdaClinitFail {
  static class Holder {
    static final Map<String, Integer> TABLE = Stream.of("one", "two", "three", "").collect(Collectors.toMap(s -> s, s -> {
      if (s.isEmpty()) throw new IllegalStateException("empty key while building TABLE");
      return s.length();
    }));
  }

  interface Config {
    Supplier<String> NAME = () -> {
      throw new UnsupportedOperationException("interface constant lambda");
    };
    String VALUE = NAME.get();
  }

  static class Uses implements Config {}

  public static void main(String[] args) {
    try {
      System.out.println(Holder.TABLE);
    } catch (ExceptionInInitializerError e) {
      System.out.println("first use: " + e + " cause: " + e.getCause());
      e.printStackTrace(System.out);
    }
    try {
      System.out.println(Holder.TABLE);
    } catch (NoClassDefFoundError e) {
      System.out.println("second use: " + e);
      e.printStackTrace(System.out);
    }
    Runnable r = () -> System.out.println(Config.VALUE);
    try {
      r.run();
    } catch (ExceptionInInitializerError e) {
      System.out.println("interface init from lambda: " + e.getCause());
    }
    System.out.println("class implementing the broken interface can still be created: " + (new Uses() != null));
    Supplier<Integer> again = () -> Holder.TABLE.size();
    System.out.println("now uncaught through a lambda:");
    again.get();
  }
}
