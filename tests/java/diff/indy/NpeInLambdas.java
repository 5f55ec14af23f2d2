package diff.indy;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Helpful NullPointerException messages (JEP 358) computed inside lambda bodies and stream pipelines. */
public class NpeInLambdas {
  static class Node {
    Node next;
    String name;
    int[] data;

    Node(String name) { this.name = name; }
  }

  record Rec(String s, Node n) {}

  enum Color { RED, GREEN }

  static void run(String label, Runnable r) {
    try {
      r.run();
      System.out.println(label + ": no exception");
    } catch (NullPointerException e) {
      System.out.println(label + ": " + e.getMessage());
    }
  }

  static String color(Color c) {
    return switch (c) {
      case RED -> "r";
      case GREEN -> "g";
    };
  }

  public static void main(String[] args) {
    Node head = new Node("head");
    String nullString = null;
    Integer nullInt = null;
    run("field of null next", () -> System.out.println(head.next.name));
    run("array of null field", () -> System.out.println(head.data[0]));
    run("array length", () -> System.out.println(head.data.length));
    run("captured null string", () -> System.out.println(nullString.length()));
    run("unboxing captured", () -> System.out.println(nullInt + 1));
    Function<Integer, Integer> inc = x -> x + 1;
    run("unboxing parameter", () -> inc.apply(null));
    BiFunction<String, String, Boolean> eq = (a, b) -> a.equals(b);
    run("parameter receiver", () -> eq.apply(null, "x"));
    run("string switch", () -> {
      switch (nullString) {
        case "a" -> System.out.println("a");
        default -> System.out.println("other");
      }
    });
    run("enum switch", () -> color(null));
    run("record component", () -> System.out.println(new Rec(null, null).s().trim()));
    run("chained record", () -> System.out.println(new Rec("x", null).n().name));
    run("in stream map", () -> Stream.of("a", null, "c").map(String::toUpperCase).toList());
    run("in stream lambda", () -> Stream.of("a", null).map(s -> s.length()).toList());
    run("method result", () -> System.out.println(Map.of("k", "v").get("missing").length()));
    run("synchronized on null", () -> {
      Object lock = null;
      synchronized (lock) {
        System.out.println("inside");
      }
    });
    run("throw null", () -> {
      RuntimeException ex = null;
      throw ex;
    });
    run("array store into null", () -> {
      int[][] grid = new int[2][];
      grid[1][0] = 5;
    });
    run("static method result", () -> System.out.println(Objects.toString(null, null).isEmpty()));
    run("bound method ref creation", () -> {
      Supplier<Integer> s = nullString::length;
      System.out.println(s);
    });
    run("explicit requireNonNull", () -> Objects.requireNonNull(nullString, "explicit message"));
    run("Optional.of(null)", () -> Optional.of(nullString));
    run("nested lambda", () -> {
      Supplier<Supplier<Integer>> ss = () -> () -> head.next.data.length;
      ss.get().get();
    });
    run("long field chain", () -> {
      Node a = new Node("a");
      a.next = new Node("b");
      System.out.println(a.next.next.next.name);
    });
    IntUnaryOperator arrAt = i -> head.data[i];
    run("array in IntUnaryOperator", () -> arrAt.applyAsInt(0));
  }
}
