package diff.apps;

import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** A JSON parser, pretty-printer and query tool: records, sealed interfaces, streams, exceptions. */
public class JsonApp {
  sealed interface Json permits JNull, JBool, JNum, JStr, JArr, JObj {}

  record JNull() implements Json {}

  record JBool(boolean value) implements Json {}

  record JNum(double value) implements Json {}

  record JStr(String value) implements Json {}

  record JArr(List<Json> items) implements Json {}

  record JObj(Map<String, Json> fields) implements Json {}

  static final class ParseException extends RuntimeException {
    final int pos;

    ParseException(String msg, int pos) {
      super(msg + " at position " + pos);
      this.pos = pos;
    }
  }

  static final class Parser {
    private final String src;
    private int pos;
    private int depth;

    Parser(String src) { this.src = src; }

    Json parse() {
      Json v = value();
      ws();
      if (pos != src.length()) throw new ParseException("trailing characters", pos);
      return v;
    }

    private void ws() {
      while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) pos++;
    }

    private char peek() {
      if (pos >= src.length()) throw new ParseException("unexpected end of input", pos);
      return src.charAt(pos);
    }

    private void expect(char c) {
      if (peek() != c) throw new ParseException("expected '" + c + "' but found '" + peek() + "'", pos);
      pos++;
    }

    private Json value() {
      ws();
      char c = peek();
      if (++depth > 64) throw new ParseException("nesting too deep", pos);
      try {
        return switch (c) {
          case '{' -> object();
          case '[' -> array();
          case '"' -> new JStr(string());
          case 't' -> literal("true", new JBool(true));
          case 'f' -> literal("false", new JBool(false));
          case 'n' -> literal("null", new JNull());
          default -> {
            if (c == '-' || Character.isDigit(c)) yield number();
            throw new ParseException("unexpected character '" + c + "'", pos);
          }
        };
      } finally {
        depth--;
      }
    }

    private Json literal(String word, Json v) {
      if (!src.startsWith(word, pos)) throw new ParseException("bad literal", pos);
      pos += word.length();
      return v;
    }

    private Json number() {
      int start = pos;
      if (peek() == '-') pos++;
      while (pos < src.length() && "0123456789.eE+-".indexOf(src.charAt(pos)) >= 0) pos++;
      String text = src.substring(start, pos);
      try {
        return new JNum(Double.parseDouble(text));
      } catch (NumberFormatException e) {
        throw new ParseException("bad number '" + text + "'", start);
      }
    }

    private String string() {
      expect('"');
      StringBuilder sb = new StringBuilder();
      while (true) {
        char c = peek();
        pos++;
        if (c == '"') return sb.toString();
        if (c != '\\') {
          sb.append(c);
          continue;
        }
        char e = peek();
        pos++;
        switch (e) {
          case 'n' -> sb.append('\n');
          case 't' -> sb.append('\t');
          case 'r' -> sb.append('\r');
          case 'b' -> sb.append('\b');
          case 'f' -> sb.append('\f');
          case '/' -> sb.append('/');
          case '\\' -> sb.append('\\');
          case '"' -> sb.append('"');
          case 'u' -> {
            if (pos + 4 > src.length()) throw new ParseException("short unicode escape", pos);
            sb.append((char) Integer.parseInt(src.substring(pos, pos + 4), 16));
            pos += 4;
          }
          default -> throw new ParseException("bad escape '\\" + e + "'", pos - 1);
        }
      }
    }

    private Json array() {
      expect('[');
      List<Json> items = new ArrayList<>();
      ws();
      if (peek() == ']') {
        pos++;
        return new JArr(items);
      }
      while (true) {
        items.add(value());
        ws();
        if (peek() == ',') {
          pos++;
          continue;
        }
        expect(']');
        return new JArr(items);
      }
    }

    private Json object() {
      expect('{');
      Map<String, Json> fields = new LinkedHashMap<>();
      ws();
      if (peek() == '}') {
        pos++;
        return new JObj(fields);
      }
      while (true) {
        ws();
        String key = string();
        ws();
        expect(':');
        if (fields.put(key, value()) != null) throw new ParseException("duplicate key \"" + key + "\"", pos);
        ws();
        if (peek() == ',') {
          pos++;
          continue;
        }
        expect('}');
        return new JObj(fields);
      }
    }
  }

  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
        }
      }
    }
    return sb.append('"').toString();
  }

  static String num(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
    return Double.toString(d);
  }

  static String compact(Json j) {
    if (j instanceof JNull) return "null";
    if (j instanceof JBool b) return Boolean.toString(b.value());
    if (j instanceof JNum n) return num(n.value());
    if (j instanceof JStr s) return quote(s.value());
    if (j instanceof JArr a) return a.items().stream().map(JsonApp::compact).collect(Collectors.joining(",", "[", "]"));
    JObj o = (JObj) j;
    return o.fields().entrySet().stream().map(e -> quote(e.getKey()) + ":" + compact(e.getValue()))
        .collect(Collectors.joining(",", "{", "}"));
  }

  static void pretty(Json j, int indent, StringBuilder out) {
    String pad = "  ".repeat(indent);
    if (j instanceof JArr a && !a.items().isEmpty()) {
      out.append("[\n");
      for (int i = 0; i < a.items().size(); i++) {
        out.append(pad).append("  ");
        pretty(a.items().get(i), indent + 1, out);
        out.append(i + 1 < a.items().size() ? ",\n" : "\n");
      }
      out.append(pad).append(']');
    } else if (j instanceof JObj o && !o.fields().isEmpty()) {
      out.append("{\n");
      Iterator<Map.Entry<String, Json>> it = o.fields().entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<String, Json> e = it.next();
        out.append(pad).append("  ").append(quote(e.getKey())).append(": ");
        pretty(e.getValue(), indent + 1, out);
        out.append(it.hasNext() ? ",\n" : "\n");
      }
      out.append(pad).append('}');
    } else {
      out.append(compact(j));
    }
  }

  /** A tiny path query: a.b[2].c, with '*' over arrays. */
  static List<Json> query(Json root, String path) {
    List<Json> cur = List.of(root);
    for (String part : path.split("\\.")) {
      String name = part;
      String index = null;
      int br = part.indexOf('[');
      if (br >= 0) {
        name = part.substring(0, br);
        index = part.substring(br + 1, part.length() - 1);
      }
      final String fname = name;
      if (!fname.isEmpty()) {
        cur = cur.stream().filter(j -> j instanceof JObj).map(j -> ((JObj) j).fields().get(fname)).filter(Objects::nonNull).toList();
      }
      if (index != null) {
        final String idx = index;
        cur = cur.stream().filter(j -> j instanceof JArr).flatMap(j -> {
          List<Json> items = ((JArr) j).items();
          if (idx.equals("*")) return items.stream();
          int k = Integer.parseInt(idx);
          return k < items.size() ? Stream.of(items.get(k)) : Stream.empty();
        }).toList();
      }
    }
    return cur;
  }

  static int depth(Json j) {
    if (j instanceof JArr a) return 1 + a.items().stream().mapToInt(JsonApp::depth).max().orElse(0);
    if (j instanceof JObj o) return 1 + o.fields().values().stream().mapToInt(JsonApp::depth).max().orElse(0);
    return 0;
  }

  static Map<String, Long> typeHistogram(Json j) {
    Map<String, Long> h = new TreeMap<>();
    Deque<Json> work = new ArrayDeque<>(List.of(j));
    while (!work.isEmpty()) {
      Json x = work.pop();
      h.merge(x.getClass().getSimpleName(), 1L, Long::sum);
      if (x instanceof JArr a) a.items().forEach(work::push);
      if (x instanceof JObj o) o.fields().values().forEach(work::push);
    }
    return h;
  }

  static Json transform(Json j, UnaryOperator<Json> f) {
    if (j instanceof JArr a) return f.apply(new JArr(a.items().stream().map(x -> transform(x, f)).toList()));
    if (j instanceof JObj o) {
      Map<String, Json> m = new LinkedHashMap<>();
      o.fields().forEach((k, v) -> m.put(k, transform(v, f)));
      return f.apply(new JObj(m));
    }
    return f.apply(j);
  }

  static Json generate(Random rnd, int depth) {
    int kind = depth <= 0 ? rnd.nextInt(4) : rnd.nextInt(6);
    return switch (kind) {
      case 0 -> new JNum(rnd.nextInt(2000) - 1000 + (rnd.nextBoolean() ? 0.5 : 0));
      case 1 -> new JStr("s" + Integer.toString(rnd.nextInt(100000), 36));
      case 2 -> new JBool(rnd.nextBoolean());
      case 3 -> new JNull();
      case 4 -> new JArr(IntStream.range(0, rnd.nextInt(4)).mapToObj(i -> generate(rnd, depth - 1)).toList());
      default -> {
        Map<String, Json> m = new LinkedHashMap<>();
        int n = rnd.nextInt(4);
        for (int i = 0; i < n; i++) m.put("k" + i + "_" + rnd.nextInt(10), generate(rnd, depth - 1));
        yield new JObj(m);
      }
    };
  }

  static final String DOC = """
      {
        "store": "Corner \\"Books\\"",
        "open": true,
        "rating": 4.25,
        "tags": ["used", "rare", "caf\\u00e9"],
        "address": {"street": "12 Main St", "zip": "02139", "geo": [42.36, -71.09]},
        "books": [
          {"title": "Dune", "author": "Herbert", "year": 1965, "price": 9.99, "stock": 3},
          {"title": "Neuromancer", "author": "Gibson", "year": 1984, "price": 7.5, "stock": 0},
          {"title": "Hyperion", "author": "Simmons", "year": 1989, "price": 11.25, "stock": 5},
          {"title": "Foundation", "author": "Asimov", "year": 1951, "price": 6.0, "stock": 12},
          {"title": "Solaris", "author": "Lem", "year": 1961, "price": 8.75, "stock": 1, "notes": null}
        ],
        "empty": {}, "none": [], "escaped": "tab\\there\\nnewline \\/ slash"
      }
      """;

  public static void main(String[] args) {
    Json doc = new Parser(DOC).parse();
    StringBuilder sb = new StringBuilder();
    pretty(doc, 0, sb);
    System.out.println(sb);
    System.out.println("compact: " + compact(doc));
    System.out.println("depth " + depth(doc) + " histogram " + typeHistogram(doc));
    System.out.println("round trip equal: " + new Parser(compact(doc)).parse().equals(doc));
    for (String q : List.of("store", "books[0].title", "books[*].author", "address.geo[1]", "books[*].notes", "books[9].title", "tags[2]")) {
      System.out.println("query " + q + " -> " + query(doc, q).stream().map(JsonApp::compact).toList());
    }
    List<JObj> books = query(doc, "books[*]").stream().map(JObj.class::cast).toList();
    Function<JObj, Double> price = b -> ((JNum) b.fields().get("price")).value();
    Function<JObj, String> title = b -> ((JStr) b.fields().get("title")).value();
    ToIntFunction<JObj> stock = b -> (int) ((JNum) b.fields().get("stock")).value();
    System.out.println("in stock by price: " + books.stream().filter(b -> stock.applyAsInt(b) > 0)
        .sorted(Comparator.comparing(price)).map(title).toList());
    System.out.printf("inventory value %.2f%n", books.stream().mapToDouble(b -> price.apply(b) * stock.applyAsInt(b)).sum());
    Map<String, List<String>> byDecade = books.stream().collect(Collectors.groupingBy(
        b -> (int) ((JNum) b.fields().get("year")).value() / 10 * 10 + "s", TreeMap::new, Collectors.mapping(title, Collectors.toList())));
    System.out.println("by decade " + byDecade);
    Json discounted = transform(doc, j -> j instanceof JNum n && n.value() > 5 && n.value() < 20 ? new JNum(Math.round(n.value() * 90) / 100.0) : j);
    System.out.println("discounted prices " + query(discounted, "books[*].price").stream().map(JsonApp::compact).toList());
    Json upper = transform(doc, j -> j instanceof JStr s ? new JStr(s.value().toUpperCase()) : j);
    System.out.println("upper authors " + query(upper, "books[*].author").stream().map(JsonApp::compact).collect(Collectors.joining(" ")));
    String[] bad = {"", "{", "[1, 2", "{\"a\" 1}", "[1,]", "tru", "\"abc", "{\"a\":1,\"a\":2}", "[1] x", "\"bad \\q escape\"", "-",
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", "{\"k\": @}"};
    for (String s : bad) {
      try {
        Json j = new Parser(s).parse();
        System.out.println("parsed unexpectedly: " + compact(j));
      } catch (ParseException e) {
        System.out.println("error for " + quote(s.length() > 20 ? s.substring(0, 20) + "..." : s) + ": " + e.getMessage());
      }
    }
    Random rnd = new Random(31337);
    for (int i = 0; i < 8; i++) {
      Json g = generate(rnd, 3);
      String c = compact(g);
      Json back = new Parser(c).parse();
      System.out.println("generated #" + i + " depth " + depth(g) + " len " + c.length() + " roundtrip " + back.equals(g) + " " + (c.length() > 70 ? c.substring(0, 70) + "..." : c));
    }
    Json big = new JArr(IntStream.range(0, 200).mapToObj(i -> (Json) new JObj(new LinkedHashMap<>(Map.of("id", new JNum(i))))).toList());
    String bigText = compact(big);
    System.out.println("big array text length " + bigText.length() + " sum of ids "
        + query(new Parser(bigText).parse(), "[*].id").stream().mapToDouble(j -> ((JNum) j).value()).sum());
    System.out.println("unicode quote " + quote("snow \u2603 and tab\t and \u0001"));
  }
}
