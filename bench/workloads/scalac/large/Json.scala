// Part of the large scalac workload (compiled with small/Calc.scala).
// A JSON value ADT, a character-level parser, a printer, and type-class based
// encoders resolved through implicits (including derived instances for
// Option, List and Map).
package workload

sealed abstract class Json
case object JNull extends Json
case class JBool(value: Boolean) extends Json
case class JNum(value: Double) extends Json
case class JStr(value: String) extends Json
case class JArr(items: Vector[Json]) extends Json
case class JObj(fields: List[(String, Json)]) extends Json

object Json {
  def render(j: Json): String = {
    val sb = new StringBuilder
    def quote(s: String): Unit = {
      sb += '"'
      s.foreach {
        case '"'  => sb ++= "\\\""
        case '\\' => sb ++= "\\\\"
        case '\n' => sb ++= "\\n"
        case c if c < ' ' => sb ++= f"\\u${c.toInt}%04x"
        case c    => sb += c
      }
      sb += '"'
    }
    def go(j: Json): Unit = j match {
      case JNull     => sb ++= "null"
      case JBool(b)  => sb ++= b.toString
      case JNum(d)   => sb ++= (if (d == d.floor && math.abs(d) < 1e15) d.toLong.toString else d.toString)
      case JStr(s)   => quote(s)
      case JArr(xs) =>
        sb += '['
        xs.zipWithIndex.foreach { case (x, i) => if (i > 0) sb += ','; go(x) }
        sb += ']'
      case JObj(fs) =>
        sb += '{'
        fs.zipWithIndex.foreach { case ((k, v), i) => if (i > 0) sb += ','; quote(k); sb += ':'; go(v) }
        sb += '}'
    }
    go(j)
    sb.toString
  }

  class ParseError(msg: String, pos: Int) extends Exception(s"$msg at $pos")

  /** A hand-written recursive-descent parser over a string. */
  def parse(text: String): Json = {
    var pos = 0
    def ws(): Unit = while (pos < text.length && text(pos).isWhitespace) pos += 1
    def expect(c: Char): Unit = {
      ws()
      if (pos >= text.length || text(pos) != c) throw new ParseError(s"expected '$c'", pos)
      pos += 1
    }
    def literal(word: String, value: Json): Json = {
      if (!text.startsWith(word, pos)) throw new ParseError(s"expected $word", pos)
      pos += word.length
      value
    }
    def string(): String = {
      expect('"')
      val sb = new StringBuilder
      while (text(pos) != '"') {
        if (text(pos) == '\\') {
          pos += 1
          text(pos) match {
            case 'n' => sb += '\n'
            case 'u' => sb += Integer.parseInt(text.substring(pos + 1, pos + 5), 16).toChar; pos += 4
            case c   => sb += c
          }
        } else sb += text(pos)
        pos += 1
      }
      pos += 1
      sb.toString
    }
    def number(): Json = {
      val start = pos
      while (pos < text.length && "+-.eE0123456789".indexOf(text(pos)) >= 0) pos += 1
      if (start == pos) throw new ParseError(s"unexpected '${text(pos)}'", pos)
      JNum(text.substring(start, pos).toDouble)
    }
    def value(): Json = {
      ws()
      text(pos) match {
        case '{' =>
          pos += 1; ws()
          if (text(pos) == '}') { pos += 1; JObj(Nil) }
          else {
            val fields = List.newBuilder[(String, Json)]
            do { ws(); val k = string(); expect(':'); fields += (k -> value()); ws() }
            while (text(pos) == ',' && { pos += 1; true })
            expect('}')
            JObj(fields.result())
          }
        case '[' =>
          pos += 1; ws()
          if (text(pos) == ']') { pos += 1; JArr(Vector.empty) }
          else {
            val items = Vector.newBuilder[Json]
            do { items += value(); ws() } while (text(pos) == ',' && { pos += 1; true })
            expect(']')
            JArr(items.result())
          }
        case '"' => JStr(string())
        case 't' => literal("true", JBool(true))
        case 'f' => literal("false", JBool(false))
        case 'n' => literal("null", JNull)
        case _   => number()
      }
    }
    val v = value()
    ws()
    if (pos != text.length) throw new ParseError("trailing input", pos)
    v
  }
}

/** Type-class encoding: an Encoder[A] turns an A into Json. */
trait Encoder[-A] { def encode(a: A): Json }

object Encoder {
  def apply[A](implicit e: Encoder[A]): Encoder[A] = e
  def instance[A](f: A => Json): Encoder[A] = new Encoder[A] { def encode(a: A) = f(a) }

  implicit val intEnc: Encoder[Int] = instance(i => JNum(i))
  implicit val longEnc: Encoder[Long] = instance(l => JNum(l.toDouble))
  implicit val doubleEnc: Encoder[Double] = instance(JNum(_))
  implicit val stringEnc: Encoder[String] = instance(JStr(_))
  implicit val boolEnc: Encoder[Boolean] = instance(JBool(_))
  implicit def optionEnc[A: Encoder]: Encoder[Option[A]] =
    instance(_.fold[Json](JNull)(Encoder[A].encode))
  implicit def listEnc[A: Encoder]: Encoder[List[A]] =
    instance(xs => JArr(xs.map(Encoder[A].encode).toVector))
  implicit def mapEnc[A: Encoder]: Encoder[Map[String, A]] =
    instance(m => JObj(m.toList.sortBy(_._1).map { case (k, v) => k -> Encoder[A].encode(v) }))
  implicit val exprEnc: Encoder[Expr] = instance {
    case Num(v)          => JObj(List("num" -> JNum(v.toDouble)))
    case Var(n)          => JObj(List("var" -> JStr(n)))
    case Neg(x)          => JObj(List("neg" -> exprEnc.encode(x)))
    case BinOp(op, l, r) => JObj(List("op" -> JStr(op.toString), "l" -> exprEnc.encode(l), "r" -> exprEnc.encode(r)))
  }

  implicit class EncoderOps[A](val a: A) extends AnyVal {
    def toJson(implicit e: Encoder[A]): Json = e.encode(a)
  }
}
