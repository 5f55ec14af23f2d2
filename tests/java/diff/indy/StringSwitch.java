package diff.indy;

import java.util.*;

/** switch on strings (hash collisions included), switch expressions, yield. */
public class StringSwitch {
  static int code(String s) {
    switch (s) {
      case "alpha": return 1;
      case "beta": return 2;
      case "gamma": return 3;
      case "Aa": return 10;   // "Aa" and "BB" share a hashCode
      case "BB": return 11;
      case "AaAa": return 20; // so do "AaAa", "AaBB", "BBAa", "BBBB"
      case "AaBB": return 21;
      case "BBAa": return 22;
      case "BBBB": return 23;
      case "": return 0;
      default: return -1;
    }
  }

  static String fall(String s) {
    StringBuilder sb = new StringBuilder();
    switch (s) {
      case "one":
        sb.append("1");
      case "two":
        sb.append("2");
        break;
      case "three":
        sb.append("3");
      default:
        sb.append("d");
    }
    return sb.toString();
  }

  static String expr(String cmd) {
    return switch (cmd) {
      case "add", "plus" -> "addition";
      case "sub", "minus" -> "subtraction";
      case "mul" -> {
        String r = "multi";
        yield r + "plication";
      }
      default -> "unknown:" + cmd;
    };
  }

  static int charSwitch(char c) {
    return switch (c) {
      case 'a', 'e', 'i', 'o', 'u' -> 1;
      case ' ' -> 0;
      default -> Character.isLetter(c) ? 2 : 3;
    };
  }

  public static void main(String[] args) {
    String[] inputs = {"alpha", "beta", "gamma", "delta", "Aa", "BB", "AaAa", "AaBB", "BBAa", "BBBB", "", "ALPHA", "Ab"};
    for (String s : inputs) System.out.println("'" + s + "' hash " + s.hashCode() + " -> " + code(s));
    for (String s : new String[] {"one", "two", "three", "four"}) System.out.println(s + " falls to " + fall(s));
    for (String s : new String[] {"add", "plus", "sub", "minus", "mul", "div"}) System.out.println(s + " is " + expr(s));
    String text = "the quick brown fox jumps over the lazy dog";
    int[] counts = new int[4];
    for (char c : text.toCharArray()) counts[charSwitch(c)]++;
    System.out.println("spaces " + counts[0] + " vowels " + counts[1] + " consonants " + counts[2] + " other " + counts[3]);
    Map<String, Integer> tally = new TreeMap<>();
    for (String w : text.split(" ")) {
      String cat = switch (w.length()) {
        case 1, 2, 3 -> "short";
        case 4 -> "four";
        default -> "long";
      };
      tally.merge(cat, 1, Integer::sum);
    }
    System.out.println(tally);
    String nul = null;
    try {
      code(nul);
    } catch (NullPointerException e) {
      System.out.println("NPE for switch on null string");
    }
    // Integer switch with sparse and dense cases.
    for (int i = -2; i < 1000; i = i * 3 + 5) {
      String r = switch (i) {
        case -2 -> "minus two";
        case 3 -> "three";
        case 14 -> "fourteen";
        case 47 -> "forty-seven";
        case 146 -> "146";
        case 443 -> "443";
        default -> "other " + i;
      };
      System.out.println(i + ": " + r);
    }
  }
}
