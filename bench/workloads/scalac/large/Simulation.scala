// Part of the large scalac workload (compiled with small/Calc.scala).
// A deterministic LCG, a tiny stack machine compiled from Calc's Expr trees,
// an inventory simulation with traits, self types, abstract type members,
// lazy vals, by-name parameters and a Stream of generations of Life.
package workload

/** A fixed 32-bit LCG, so the output never depends on the run. */
final class Rng(seed: Long) {
  private var state = seed & 0xffffffffL
  def next(): Long = { state = (state * 1664525L + 1013904223L) & 0xffffffffL; state }
  def nextInt(n: Int): Int = ((next() >>> 8) % n).toInt
}

/** Compiles Expr to stack-machine code and runs it. */
object StackMachine {
  sealed trait Instr
  case class Push(v: Long) extends Instr
  case class Load(name: String) extends Instr
  case class Op(op: Char) extends Instr
  case object Negate extends Instr

  def compile(e: Expr): Vector[Instr] = e match {
    case Num(v)          => Vector(Push(v))
    case Var(n)          => Vector(Load(n))
    case Neg(x)          => compile(x) :+ Negate
    case BinOp(op, l, r) => compile(l) ++ compile(r) :+ Op(op)
  }

  def run(code: Seq[Instr], env: Map[String, Long]): Long = {
    val stack = new scala.collection.mutable.ArrayStack[Long]
    code.foreach {
      case Push(v)  => stack.push(v)
      case Load(n)  => stack.push(env.getOrElse(n, 0L))
      case Negate   => stack.push(-stack.pop())
      case Op(op)   => val b = stack.pop(); val a = stack.pop(); stack.push(Expr.apply(op, a, b))
    }
    stack.pop()
  }

  def randomExpr(rng: Rng, depth: Int): Expr =
    if (depth == 0 || rng.nextInt(4) == 0) {
      if (rng.nextInt(3) == 0) Var(List("x", "y", "z")(rng.nextInt(3))) else Num(rng.nextInt(100))
    } else rng.nextInt(6) match {
      case 0 => Neg(randomExpr(rng, depth - 1))
      case k => BinOp("+-*/+"(k - 1), randomExpr(rng, depth - 1), randomExpr(rng, depth - 1))
    }
}

/** Inventory simulation: traits stacked on a base with a self type. */
trait Priced { def price: Int }
abstract class Item(val name: String) extends Priced {
  type Unit_                                  // abstract type member
  def describe: String = s"$name@$price"
}
class Widget(name: String, val price: Int) extends Item(name) { type Unit_ = Int }
class Gadget(name: String, base: Int, markup: Int) extends Item(name) {
  type Unit_ = Double
  lazy val price: Int = base + base * markup / 100
}

trait Logging {
  private val log = new StringBuilder
  def record(msg: => String): Unit = if (log.length < 200) log ++= msg += ';'
  def logged: String = log.toString
}
trait Stock { self: Logging =>
  private var levels = scala.collection.immutable.TreeMap.empty[String, Int]
  def add(item: Item, n: Int): Unit = {
    levels = levels.updated(item.name, levels.getOrElse(item.name, 0) + n)
    record(s"+$n ${item.name}")
  }
  def remove(item: Item, n: Int): Boolean = {
    val have = levels.getOrElse(item.name, 0)
    if (have >= n) { levels = levels.updated(item.name, have - n); true }
    else { record(s"short ${item.name}"); false }
  }
  def level(name: String): Int = levels.getOrElse(name, 0)
  def names: List[String] = levels.keys.toList
}
class Warehouse extends Stock with Logging

object Simulation {
  def inventory(rng: Rng): Unit = {
    val items: List[Item] = List(new Widget("bolt", 2), new Widget("nut", 1),
      new Gadget("radio", 40, 25), new Gadget("lamp", 18, 50), new Widget("gear", 7))
    val w = new Warehouse
    var revenue = 0L
    var missed = 0
    for (step <- 1 to 3000) {
      val item = items(rng.nextInt(items.size))
      if (step % 3 == 0) w.add(item, 1 + rng.nextInt(20))
      else if (w.remove(item, 1 + rng.nextInt(8))) revenue += item.price
      else missed += 1
    }
    val levels = w.names.map(n => s"$n=${w.level(n)}").mkString(" ")
    println(s"inventory: revenue=$revenue missed=$missed $levels")
    println(s"inventory log: ${w.logged.take(60)}")
    println(s"items: ${items.sortBy(i => (-i.price, i.name)).map(_.describe).mkString(", ")}")
  }

  /** Conway's Life on a torus, generations as a lazy Stream. */
  def life(rng: Rng, size: Int): Unit = {
    type Board = Set[(Int, Int)]
    val start: Board = (for (x <- 0 until size; y <- 0 until size if rng.nextInt(3) == 0) yield (x, y)).toSet
    def step(b: Board): Board = {
      val counts = b.toSeq.flatMap { case (x, y) =>
        for (dx <- -1 to 1; dy <- -1 to 1 if dx != 0 || dy != 0)
          yield ((x + dx + size) % size, (y + dy + size) % size)
      }.groupBy(identity).mapValues(_.size)
      counts.iterator.collect { case (cell, n) if n == 3 || (n == 2 && b(cell)) => cell }.toSet
    }
    lazy val generations: Stream[Board] = start #:: generations.map(step)
    val pops = generations.take(12).map(_.size).toList
    println(s"life: populations=${pops.mkString(",")}")
  }

  def machine(rng: Rng): Unit = {
    val env = Map("x" -> 7L, "y" -> -3L, "z" -> 11L)
    var agree = 0
    var checksum = 0L
    for (_ <- 1 to 150) {
      val e = StackMachine.randomExpr(rng, 5)
      val direct = Expr.eval(e, env)
      val viaCode = StackMachine.run(StackMachine.compile(e), env)
      val simplified = Expr.eval(Expr.simplify(e), env)
      if (direct == viaCode && direct == simplified) agree += 1
      checksum = checksum * 31 + direct
    }
    println(s"machine: agree=$agree/150 checksum=$checksum")
  }
}
