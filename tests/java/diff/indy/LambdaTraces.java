package diff.indy;

import java.util.*;
import java.util.function.*;

/** Exceptions thrown from lambda bodies: messages and printStackTrace (proxy frames hidden). */
public class LambdaTraces {
  static int divide(int a, int b) {
    return a / b;
  }

  static void check(String s) {
    if (s.isEmpty()) throw new IllegalArgumentException("empty string not allowed");
  }

  public static void main(String[] args) {
    Runnable boom = () -> { throw new IllegalStateException("boom from runnable"); };
    try {
      boom.run();
    } catch (IllegalStateException e) {
      System.out.println("message: " + e.getMessage());
      e.printStackTrace(System.out);
    }
    IntBinaryOperator div = LambdaTraces::divide;
    try {
      div.applyAsInt(1, 0);
    } catch (ArithmeticException e) {
      System.out.println("message: " + e.getMessage());
      e.printStackTrace(System.out);
    }
    Consumer<String> checker = LambdaTraces::check;
    try {
      List.of("a", "b", "").forEach(checker);
    } catch (IllegalArgumentException e) {
      System.out.println("message: " + e.getMessage());
      e.printStackTrace(System.out);
    }
    Function<Integer, Integer> nested = x -> {
      Supplier<Integer> inner = () -> {
        int[] arr = new int[2];
        return arr[x];
      };
      return inner.get();
    };
    try {
      nested.apply(5);
    } catch (ArrayIndexOutOfBoundsException e) {
      System.out.println("message: " + e.getMessage());
      e.printStackTrace(System.out);
    }
    try {
      new ArrayList<>(List.of(3, 1, 2)).sort((a, b) -> { throw new UnsupportedOperationException("no compare"); });
    } catch (UnsupportedOperationException e) {
      System.out.println("message: " + e.getMessage());
      e.printStackTrace(System.out);
    }
    try {
      Map<String, Integer> m = new TreeMap<>();
      m.computeIfAbsent("k", k -> { throw new RuntimeException("compute failed for " + k); });
    } catch (RuntimeException e) {
      System.out.println("message: " + e.getMessage());
      e.printStackTrace(System.out);
    }
    Supplier<String> wrapper = () -> {
      try {
        Object o = "str";
        return String.valueOf((Integer) o);
      } catch (ClassCastException e) {
        throw new RuntimeException("wrapped", e);
      }
    };
    try {
      wrapper.get();
    } catch (RuntimeException e) {
      System.out.println("message: " + e.getMessage() + " cause: " + e.getCause().getClass().getName());
      e.printStackTrace(System.out);
    }
    // The trace printed on System.err.
    Runnable r = () -> Objects.requireNonNull(null, "required on stderr");
    try {
      r.run();
    } catch (NullPointerException e) {
      e.printStackTrace();
    }
    // getStackTrace from inside a lambda: frames of the lambda body and its caller.
    Runnable where = () -> {
      StackTraceElement[] st = new Throwable().getStackTrace();
      for (StackTraceElement el : st) System.out.println("  frame " + el.getClassName() + "." + el.getMethodName()
          + ":" + el.getLineNumber());
    };
    where.run();
    // Throwing from a lambda uncaught ends main with exit code 1.
    Runnable last = () -> { throw new Error("uncaught from lambda"); };
    last.run();
  }
}
