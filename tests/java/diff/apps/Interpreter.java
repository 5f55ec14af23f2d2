package diff.apps;

import java.util.*;
import java.util.function.*;
import java.util.regex.*;
import java.util.stream.*;

/**
 * An interpreter for a small expression language: regex tokenizer, recursive-descent parser,
 * AST of records, evaluator with closures implemented as lambdas and environments as maps.
 */
public class Interpreter {
  // ---- tokens ----
  enum Kind { NUM, STR, ID, OP, KW, EOF }

  record Token(Kind kind, String text, int line) {
    @Override public String toString() { return kind + "(" + text + ")"; }
  }

  static final Pattern TOKEN = Pattern.compile(
      "\\s*(?:(?<num>\\d+(?:\\.\\d+)?)|(?<str>\"[^\"]*\")|(?<id>[A-Za-z_][A-Za-z_0-9]*)|(?<op>==|!=|<=|>=|&&|\\|\\||->|[-+*/%<>=(){},;!\\[\\]])|(?<comment>#[^\\n]*))");
  static final Set<String> KEYWORDS = Set.of("let", "fn", "if", "else", "while", "return", "true", "false", "nil", "print");

  static List<Token> tokenize(String src) {
    List<Token> out = new ArrayList<>();
    Matcher m = TOKEN.matcher(src);
    int pos = 0;
    int line = 1;
    while (pos < src.length()) {
      if (!m.find(pos) || m.start() != pos) {
        if (src.substring(pos).isBlank()) break;
        throw new LangError("unexpected character '" + src.substring(pos).strip().charAt(0) + "' on line " + line);
      }
      line += (int) src.substring(pos, m.end()).chars().filter(c -> c == '\n').count();
      pos = m.end();
      if (m.group("num") != null) out.add(new Token(Kind.NUM, m.group("num"), line));
      else if (m.group("str") != null) out.add(new Token(Kind.STR, m.group("str").substring(1, m.group("str").length() - 1), line));
      else if (m.group("id") != null) out.add(new Token(KEYWORDS.contains(m.group("id")) ? Kind.KW : Kind.ID, m.group("id"), line));
      else if (m.group("op") != null) out.add(new Token(Kind.OP, m.group("op"), line));
      else if (m.group("comment") == null && pos < src.length()) throw new LangError("tokenizer stuck on line " + line);
    }
    out.add(new Token(Kind.EOF, "<eof>", line));
    return out;
  }

  static final class LangError extends RuntimeException {
    LangError(String msg) { super(msg); }
  }

  // ---- AST ----
  sealed interface Expr permits Num, Str, Var, Bin, Unary, Call, Lambda, IfExpr, ListLit, Index, BoolLit, NilLit {}

  record Num(double v) implements Expr {}

  record Str(String v) implements Expr {}

  record BoolLit(boolean v) implements Expr {}

  record NilLit() implements Expr {}

  record Var(String name) implements Expr {}

  record Bin(String op, Expr l, Expr r) implements Expr {}

  record Unary(String op, Expr e) implements Expr {}

  record Call(Expr fn, List<Expr> args) implements Expr {}

  record Lambda(List<String> params, List<Stmt> body) implements Expr {}

  record IfExpr(Expr cond, Expr then, Expr other) implements Expr {}

  record ListLit(List<Expr> items) implements Expr {}

  record Index(Expr target, Expr index) implements Expr {}

  sealed interface Stmt permits Let, Assign, ExprStmt, While, Return, Print, IfStmt {}

  record Let(String name, Expr value) implements Stmt {}

  record Assign(String name, Expr value) implements Stmt {}

  record ExprStmt(Expr e) implements Stmt {}

  record While(Expr cond, List<Stmt> body) implements Stmt {}

  record Return(Expr value) implements Stmt {}

  record Print(List<Expr> values) implements Stmt {}

  record IfStmt(Expr cond, List<Stmt> then, List<Stmt> other) implements Stmt {}

  // ---- parser ----
  static final class Parser {
    private final List<Token> toks;
    private int p;

    Parser(List<Token> toks) { this.toks = toks; }

    Token peek() { return toks.get(p); }

    boolean at(String text) { return peek().text().equals(text) && peek().kind() != Kind.STR; }

    Token next() { return toks.get(p++); }

    void expect(String text) {
      if (!at(text)) throw new LangError("line " + peek().line() + ": expected '" + text + "' but found " + peek());
      p++;
    }

    List<Stmt> program() {
      List<Stmt> out = new ArrayList<>();
      while (peek().kind() != Kind.EOF) out.add(statement());
      return out;
    }

    List<Stmt> block() {
      expect("{");
      List<Stmt> out = new ArrayList<>();
      while (!at("}")) {
        if (peek().kind() == Kind.EOF) throw new LangError("unterminated block");
        out.add(statement());
      }
      expect("}");
      return out;
    }

    Stmt statement() {
      if (at("let")) {
        next();
        String name = next().text();
        expect("=");
        Expr v = expr();
        expect(";");
        return new Let(name, v);
      }
      if (at("while")) {
        next();
        Expr c = expr();
        return new While(c, block());
      }
      if (at("if")) {
        next();
        Expr c = expr();
        List<Stmt> t = block();
        List<Stmt> o = List.of();
        if (at("else")) {
          next();
          o = at("if") ? List.of(statement()) : block();
        }
        return new IfStmt(c, t, o);
      }
      if (at("return")) {
        next();
        Expr v = at(";") ? new NilLit() : expr();
        expect(";");
        return new Return(v);
      }
      if (at("print")) {
        next();
        List<Expr> vs = new ArrayList<>(List.of(expr()));
        while (at(",")) {
          next();
          vs.add(expr());
        }
        expect(";");
        return new Print(vs);
      }
      if (peek().kind() == Kind.ID && toks.get(p + 1).text().equals("=")) {
        String name = next().text();
        next();
        Expr v = expr();
        expect(";");
        return new Assign(name, v);
      }
      Expr e = expr();
      expect(";");
      return new ExprStmt(e);
    }

    static final List<List<String>> LEVELS = List.of(List.of("||"), List.of("&&"), List.of("==", "!="),
        List.of("<", "<=", ">", ">="), List.of("+", "-"), List.of("*", "/", "%"));

    Expr expr() { return binary(0); }

    Expr binary(int level) {
      if (level == LEVELS.size()) return unary();
      Expr l = binary(level + 1);
      while (peek().kind() == Kind.OP && LEVELS.get(level).contains(peek().text())) {
        String op = next().text();
        l = new Bin(op, l, binary(level + 1));
      }
      return l;
    }

    Expr unary() {
      if (at("-") || at("!")) {
        String op = next().text();
        return new Unary(op, unary());
      }
      return postfix(primary());
    }

    Expr postfix(Expr e) {
      while (true) {
        if (at("(")) {
          next();
          List<Expr> args = new ArrayList<>();
          if (!at(")")) {
            args.add(expr());
            while (at(",")) {
              next();
              args.add(expr());
            }
          }
          expect(")");
          e = new Call(e, args);
        } else if (at("[")) {
          next();
          Expr i = expr();
          expect("]");
          e = new Index(e, i);
        } else {
          return e;
        }
      }
    }

    Expr primary() {
      Token t = next();
      switch (t.kind()) {
        case NUM: return new Num(Double.parseDouble(t.text()));
        case STR: return new Str(t.text());
        case ID: return new Var(t.text());
        case KW:
          switch (t.text()) {
            case "true": return new BoolLit(true);
            case "false": return new BoolLit(false);
            case "nil": return new NilLit();
            case "fn": {
              expect("(");
              List<String> ps = new ArrayList<>();
              while (!at(")")) {
                ps.add(next().text());
                if (at(",")) next();
              }
              expect(")");
              if (at("->")) {
                next();
                return new Lambda(ps, List.of(new Return(expr())));
              }
              return new Lambda(ps, block());
            }
            case "if": {
              Expr c = expr();
              expect("->");
              Expr th = expr();
              expect("else");
              return new IfExpr(c, th, expr());
            }
            default: break;
          }
          break;
        case OP:
          if (t.text().equals("(")) {
            Expr e = expr();
            expect(")");
            return e;
          }
          if (t.text().equals("[")) {
            List<Expr> items = new ArrayList<>();
            while (!at("]")) {
              items.add(expr());
              if (at(",")) next();
            }
            expect("]");
            return new ListLit(items);
          }
          break;
        default: break;
      }
      throw new LangError("line " + t.line() + ": unexpected " + t);
    }
  }

  // ---- evaluator ----
  interface Fn {
    Object call(List<Object> args);
  }

  static final class Env {
    final Map<String, Object> vars = new HashMap<>();
    final Env parent;

    Env(Env parent) { this.parent = parent; }

    Object get(String n) {
      for (Env e = this; e != null; e = e.parent) if (e.vars.containsKey(n)) return e.vars.get(n);
      throw new LangError("undefined variable '" + n + "'");
    }

    void set(String n, Object v) {
      for (Env e = this; e != null; e = e.parent) {
        if (e.vars.containsKey(n)) {
          e.vars.put(n, v);
          return;
        }
      }
      throw new LangError("assignment to undeclared '" + n + "'");
    }
  }

  static final class ReturnSignal extends RuntimeException {
    final Object value;

    ReturnSignal(Object value) {
      super(null, null, false, false);
      this.value = value;
    }
  }

  final StringBuilder out = new StringBuilder();
  int calls;

  static String show(Object v) {
    if (v == null) return "nil";
    if (v instanceof Double d) return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue()) : d.toString();
    if (v instanceof List<?> l) return l.stream().map(Interpreter::show).collect(Collectors.joining(", ", "[", "]"));
    if (v instanceof Fn) return "<fn>";
    return v.toString();
  }

  static boolean truthy(Object v) { return v != null && !Boolean.FALSE.equals(v); }

  static double num(Object v, String op) {
    if (v instanceof Double d) return d;
    throw new LangError("operator " + op + " needs numbers, got " + show(v));
  }

  Object eval(Expr e, Env env) {
    if (e == null) throw new LangError("null expression");
    return evalInner(e, env);
  }

  Object evalInner(Expr e, Env env) {
    if (e instanceof Num n) return n.v();
    if (e instanceof Str s) return s.v();
    if (e instanceof BoolLit b) return b.v();
    if (e instanceof NilLit) return null;
    if (e instanceof Var v) return env.get(v.name());
    if (e instanceof Unary u) {
      Object x = eval(u.e(), env);
      return u.op().equals("-") ? (Object) (-num(x, "-")) : (Object) !truthy(x);
    }
    if (e instanceof Bin b) {
      if (b.op().equals("&&")) return truthy(eval(b.l(), env)) ? eval(b.r(), env) : Boolean.FALSE;
      if (b.op().equals("||")) {
        Object l = eval(b.l(), env);
        return truthy(l) ? l : eval(b.r(), env);
      }
      Object l = eval(b.l(), env), r = eval(b.r(), env);
      return switch (b.op()) {
        case "+" -> (l instanceof String || r instanceof String) ? show(l) + show(r)
            : (l instanceof List<?> la && r instanceof List<?> lb) ? Stream.concat(la.stream(), lb.stream()).collect(Collectors.toList())
            : (Object) (num(l, "+") + num(r, "+"));
        case "-" -> num(l, "-") - num(r, "-");
        case "*" -> num(l, "*") * num(r, "*");
        case "/" -> {
          double d = num(r, "/");
          if (d == 0) throw new LangError("division by zero");
          yield num(l, "/") / d;
        }
        case "%" -> num(l, "%") % num(r, "%");
        case "<" -> num(l, "<") < num(r, "<");
        case "<=" -> num(l, "<=") <= num(r, "<=");
        case ">" -> num(l, ">") > num(r, ">");
        case ">=" -> num(l, ">=") >= num(r, ">=");
        case "==" -> Objects.equals(l, r);
        case "!=" -> !Objects.equals(l, r);
        default -> throw new LangError("bad operator " + b.op());
      };
    }
    if (e instanceof IfExpr i) return truthy(eval(i.cond(), env)) ? eval(i.then(), env) : eval(i.other(), env);
    if (e instanceof ListLit l) return l.items().stream().map(x -> eval(x, env)).collect(Collectors.toList());
    if (e instanceof Index ix) {
      Object t = eval(ix.target(), env);
      int k = (int) num(eval(ix.index(), env), "[]");
      if (t instanceof List<?> l) {
        if (k < 0 || k >= l.size()) throw new LangError("index " + k + " out of range for list of " + l.size());
        return l.get(k);
      }
      if (t instanceof String s) return String.valueOf(s.charAt(k));
      throw new LangError("cannot index " + show(t));
    }
    if (e instanceof Lambda lam) {
      Fn f = args -> {
        if (args.size() != lam.params().size()) throw new LangError("arity mismatch: expected " + lam.params().size() + ", got " + args.size());
        Env local = new Env(env);
        for (int i = 0; i < args.size(); i++) local.vars.put(lam.params().get(i), args.get(i));
        try {
          exec(lam.body(), local);
        } catch (ReturnSignal r) {
          return r.value;
        }
        return null;
      };
      return f;
    }
    Call c = (Call) e;
    Object f = eval(c.fn(), env);
    List<Object> args = c.args().stream().map(a -> eval(a, env)).collect(Collectors.toList());
    if (!(f instanceof Fn fn)) throw new LangError("not a function: " + show(f));
    calls++;
    return fn.call(args);
  }

  void exec(List<Stmt> stmts, Env env) {
    for (Stmt s : stmts) {
      if (s instanceof Let l) env.vars.put(l.name(), eval(l.value(), env));
      else if (s instanceof Assign a) env.set(a.name(), eval(a.value(), env));
      else if (s instanceof ExprStmt x) eval(x.e(), env);
      else if (s instanceof Print p) out.append(p.values().stream().map(v -> show(eval(v, env))).collect(Collectors.joining(" "))).append('\n');
      else if (s instanceof Return r) throw new ReturnSignal(eval(r.value(), env));
      else if (s instanceof While w) {
        int guard = 0;
        while (truthy(eval(w.cond(), env))) {
          if (++guard > 100000) throw new LangError("loop limit exceeded");
          exec(w.body(), new Env(env));
        }
      } else if (s instanceof IfStmt i) exec(truthy(eval(i.cond(), env)) ? i.then() : i.other(), new Env(env));
    }
  }

  Env globals() {
    Env g = new Env(null);
    Map<String, Fn> natives = new TreeMap<>();
    natives.put("len", a -> a.get(0) instanceof String s ? (double) s.length() : (double) ((List<?>) a.get(0)).size());
    natives.put("map", a -> ((List<?>) a.get(1)).stream().map(x -> ((Fn) a.get(0)).call(List.of(x))).collect(Collectors.toList()));
    natives.put("filter", a -> ((List<?>) a.get(1)).stream().filter(x -> truthy(((Fn) a.get(0)).call(List.of(x)))).collect(Collectors.toList()));
    natives.put("reduce", a -> {
      Object acc = a.get(1);
      for (Object x : (List<?>) a.get(2)) acc = ((Fn) a.get(0)).call(Arrays.asList(acc, x));
      return acc;
    });
    natives.put("range", a -> IntStream.range(0, (int) num(a.get(0), "range")).mapToObj(i -> (Object) (double) i).collect(Collectors.toList()));
    natives.put("sqrt", a -> Math.sqrt(num(a.get(0), "sqrt")));
    natives.put("floor", a -> Math.floor(num(a.get(0), "floor")));
    natives.put("str", a -> show(a.get(0)));
    natives.put("upper", a -> show(a.get(0)).toUpperCase());
    natives.put("push", a -> {
      List<Object> l = new ArrayList<>((List<?>) a.get(0));
      l.add(a.get(1));
      return l;
    });
    natives.put("sort", a -> ((List<?>) a.get(0)).stream().map(Double.class::cast).sorted().collect(Collectors.toList()));
    natives.forEach(g.vars::put);
    return g;
  }

  static final String[] PROGRAMS = {
    """
    # arithmetic and precedence
    print 1 + 2 * 3, (1 + 2) * 3, 10 / 4, 10 % 4, -3 * -3, 2 * 3 + 4 * 5 - 6 / 2;
    print 1 < 2, 2 <= 1, 3 == 3, "a" == "a", "a" != "b", !true, !nil, 1 && 2, nil || "default";
    print "concat " + 42 + " " + [1, 2] + " " + nil + " " + true;
    """,
    """
    # closures and counters
    let makeCounter = fn() { let n = 0; return fn() { n = n + 1; return n; }; };
    let c1 = makeCounter();
    let c2 = makeCounter();
    c1(); c1();
    print "c1", c1(), "c2", c2();
    let adder = fn(x) -> fn(y) -> x + y;
    let add5 = adder(5);
    print add5(10), adder(1)(2), map(add5, [1, 2, 3]);
    """,
    """
    # recursion
    let fib = fn(n) -> if n < 2 -> n else fib(n - 1) + fib(n - 2);
    print map(fib, range(15));
    let fact = fn(n) { if n <= 1 { return 1; } return n * fact(n - 1); };
    print fact(10), fact(20);
    let gcd = fn(a, b) -> if b == 0 -> a else gcd(b, a % b);
    print gcd(1071, 462), gcd(270, 192);
    """,
    """
    # loops and lists
    let i = 0;
    let squares = [];
    while i < 10 { squares = push(squares, i * i); i = i + 1; }
    print squares, len(squares), squares[3];
    print filter(fn(x) -> x % 2 == 0, squares);
    print reduce(fn(a, b) -> a + b, 0, squares);
    let primes = filter(fn(n) { if n < 2 { return false; } let d = 2; while d * d <= n { if n % d == 0 { return false; } d = d + 1; } return true; }, range(60));
    print "primes", primes;
    print sort([5, 3, 9, 1, 7]), upper("shout"), str(1.5) + "!", sqrt(2), floor(7.9);
    """,
    """
    # higher order composition
    let compose = fn(f, g) -> fn(x) -> f(g(x));
    let inc = fn(x) -> x + 1;
    let dbl = fn(x) -> x * 2;
    print compose(inc, dbl)(5), compose(dbl, inc)(5);
    let pipeline = reduce(fn(acc, f) -> compose(f, acc), fn(x) -> x, [inc, dbl, inc, dbl]);
    print pipeline(1), map(pipeline, range(5));
    let s = "hello";
    let k = 0;
    let rev = "";
    while k < len(s) { rev = s[k] + rev; k = k + 1; }
    print rev;
    if len(rev) > 3 { print "long"; } else if len(rev) > 1 { print "medium"; } else { print "short"; }
    """,
    "print 1 / 0;",
    "print undefinedVar;",
    "let f = fn(a) -> a; print f(1, 2);",
    "print [1, 2][5];",
    "print 1 + ;",
    "let x = 1 $ 2;",
    "print \"a\" - 1;",
    "y = 3;",
    "print (1 + 2;",
    "let loop = fn() { while true { } }; loop();",
  };

  public static void main(String[] args) {
    List<Token> sample = tokenize("let x = fn(a, b) -> a * (b + 2.5); # comment\nprint x(\"s\", 3) >= 4;");
    System.out.println(sample.size() + " tokens: " + sample);
    Map<Kind, Long> kinds = sample.stream().collect(Collectors.groupingBy(Token::kind, () -> new EnumMap<>(Kind.class), Collectors.counting()));
    System.out.println("kinds " + kinds);
    List<Stmt> ast = new Parser(tokenize("let f = fn(n) -> if n < 2 -> n else f(n - 1) * 2; print f(3), [1, \"two\"][1];")).program();
    ast.forEach(s -> System.out.println("ast: " + s));
    int n = 0;
    for (String prog : PROGRAMS) {
      Interpreter in = new Interpreter();
      System.out.println("--- program " + (n++) + " ---");
      try {
        in.exec(new Parser(tokenize(prog)).program(), in.globals());
        System.out.print(in.out);
        System.out.println("(calls: " + in.calls + ")");
      } catch (LangError e) {
        System.out.print(in.out);
        System.out.println("error: " + e.getMessage());
      }
    }
  }
}
