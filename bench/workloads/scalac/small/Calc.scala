// Workload for scalac (Scala 2.11). Main objects: small build (small/*.scala)
// workload.Calc; large build (small/*.scala large/*.scala) workload.Suite.
// This file: case classes, a sealed hierarchy and pattern matching, a tokenizer,
// parser, simplifier and evaluator for arithmetic expressions, a type class.
package workload

sealed trait Expr
case class Num(value: Long) extends Expr
case class Var(name: String) extends Expr
case class BinOp(op: Char, left: Expr, right: Expr) extends Expr
case class Neg(inner: Expr) extends Expr

/** Anything that can be shown as source text. */
trait Show[A] { def show(a: A): String }

object Expr {
  implicit val showExpr: Show[Expr] = new Show[Expr] {
    def show(e: Expr): String = e match {
      case Num(v)          => v.toString
      case Var(n)          => n
      case Neg(x)          => "-" + show(x)
      case BinOp(op, l, r) => s"(${show(l)} $op ${show(r)})"
    }
  }

  /** Constant folding and algebraic identities, bottom-up. */
  def simplify(e: Expr): Expr = e match {
    case BinOp(op, l, r) =>
      (op, simplify(l), simplify(r)) match {
        case ('+', Num(0), x)      => x
        case ('+' | '-', x, Num(0)) => x
        case ('*', Num(1), x)      => x
        case ('*', x, Num(1))      => x
        case ('*', Num(0), _) | ('*', _, Num(0)) => Num(0)
        case (o, Num(a), Num(b)) if o != '/' || b != 0 => Num(apply(o, a, b))
        case (o, a, b)             => BinOp(o, a, b)
      }
    case Neg(Neg(x)) => simplify(x)
    case Neg(x) => simplify(x) match { case Num(v) => Num(-v); case y => Neg(y) }
    case other => other
  }

  def apply(op: Char, a: Long, b: Long): Long = op match {
    case '+' => a + b
    case '-' => a - b
    case '*' => a * b
    case '/' => if (b == 0) 0 else a / b
  }

  def eval(e: Expr, env: Map[String, Long]): Long = e match {
    case Num(v)          => v
    case Var(n)          => env.getOrElse(n, 0L)
    case Neg(x)          => -eval(x, env)
    case BinOp(op, l, r) => apply(op, eval(l, env), eval(r, env))
  }
}

/** Tokens are Either a number or a symbol/name; parsing is recursive descent. */
class Parser(src: String) {
  private val tokens: List[Either[Long, String]] =
    """\d+|[a-z]+|[-+*/()]""".r.findAllIn(src).toList.map { t =>
      if (t.head.isDigit) Left(t.toLong) else Right(t)
    }
  private var rest = tokens

  private def next(): Either[Long, String] = { val t = rest.head; rest = rest.tail; t }
  private def peekIs(s: String*): Boolean = rest.headOption.exists(_.fold(_ => false, s.contains(_)))

  def expr(): Expr = {
    var e = term()
    while (peekIs("+", "-")) e = BinOp(next().right.get.head, e, term())
    e
  }
  private def term(): Expr = {
    var e = factor()
    while (peekIs("*", "/")) e = BinOp(next().right.get.head, e, factor())
    e
  }
  private def factor(): Expr = next() match {
    case Left(n)    => Num(n)
    case Right("-") => Neg(factor())
    case Right("(") => val e = expr(); next(); e
    case Right(v)   => Var(v)
  }
}

object Calc {
  val sources = List("1 + 2 * 3", "(x + 0) * (y * 1) - -z", "2 * (3 + 4) * (5 - 1) / 2",
    "x * x + y * y - 0 * z", "(a + b) * (a - b) / (1 + 1)", "-(-(x / 0 + 7))")

  def main(args: Array[String]): Unit = {
    val env = Map("x" -> 3L, "y" -> 4L, "z" -> 5L, "a" -> 10L, "b" -> 6L)
    val show = implicitly[Show[Expr]]
    for (src <- sources) {
      val e = new Parser(src).expr()
      val s = Expr.simplify(e)
      println(f"${show.show(e)}%-40s => ${show.show(s)}%-25s = ${Expr.eval(s, env)}")
    }
    val total = sources.map(s => Expr.eval(new Parser(s).expr(), env)).sum
    println(s"total = $total")
  }
}
