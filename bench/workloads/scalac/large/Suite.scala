// Part of the large scalac workload: the main object of the large build,
// workload.Suite. It runs Calc's main, then the other parts, with one fixed
// random seed; everything printed is deterministic.
package workload

import Encoder._

case class Employee(name: String, age: Int, manager: Option[String], skills: List[String])

object Suite {
  /** Round-trips a few values through Json and checks the parse. */
  def json(rng: Rng): Unit = {
    val staff = List(
      Employee("Ada", 36, None, List("math", "engines")),
      Employee("Grace", 45, Some("Ada"), List("cobol", "compilers")),
      Employee("Linus \"L\"", 28, Some("Grace"), Nil))
    implicit val employeeEnc: Encoder[Employee] = Encoder.instance { e =>
      JObj(List("name" -> e.name.toJson, "age" -> e.age.toJson,
        "manager" -> e.manager.toJson, "skills" -> e.skills.toJson))
    }
    val doc = JObj(List(
      "staff" -> staff.toJson,
      "ages" -> staff.map(e => e.name.take(3) -> e.age).toMap.toJson,
      "expr" -> (new Parser("(x + 2) * -y").expr(): Expr).toJson,
      "noise" -> List.fill(8)(rng.nextInt(1000)).toJson))
    val text = Json.render(doc)
    val back = Json.parse(text)
    println(s"json: ${text.length} chars, round-trip ok=${back == doc}")
    println(s"json: ${text.take(72)}")
    val names = back match {
      case JObj(fields) => fields.collectFirst { case ("staff", JArr(xs)) =>
        xs.collect { case JObj(fs) => fs.collectFirst { case ("name", JStr(n)) => n }.getOrElse("?") }
      }.getOrElse(Vector.empty)
      case _ => Vector.empty
    }
    println(s"json names: ${names.mkString("|")}")
    val bad = try { Json.parse("{\"a\": [1, 2,, 3]}"); "parsed" } catch { case e: Json.ParseError => e.getMessage }
    println(s"json error: $bad")
  }

  /** Collections: grouping, folding, sorting, views and ranges. */
  def collections(rng: Rng): Unit = {
    val words = Vector.fill(500)(Calc.sources(rng.nextInt(Calc.sources.size)).split(" ")(rng.nextInt(3)))
    val freq = words.groupBy(identity).map { case (w, ws) => w -> ws.size }.toList.sortBy { case (w, n) => (-n, w) }
    println(s"collections: distinct=${freq.size} top=${freq.take(4).map { case (w, n) => s"$w:$n" }.mkString(",")}")
    val primes = (2 to 2000).view.filter(n => (2 to math.sqrt(n.toDouble).toInt).forall(n % _ != 0)).toList
    val (even, odd) = primes.partition(p => (p / 10) % 2 == 0)
    println(s"primes: count=${primes.size} last=${primes.last} evenTens=${even.size} oddTens=${odd.size}")
    val triangles = for (a <- 1 to 40; b <- a to 40; c <- b to 40 if a * a + b * b == c * c) yield (a, b, c)
    println(s"pythagorean: ${triangles.size} largest=${triangles.maxBy(_._3)}")
    val folded = (1 to 100).foldRight(List.empty[Int])((i, acc) => if (i % 7 == 0) i :: acc else acc)
    println(s"folded: ${folded.sum} ${folded.sliding(2).map { case List(a, b) => b - a; case _ => 0 }.toSet}")
  }

  def main(args: Array[String]): Unit = {
    Calc.main(args)
    val rng = new Rng(20240601L)
    json(rng)
    collections(rng)
    Structures.run(rng)
    Simulation.inventory(rng)
    Simulation.life(rng, 16)
    Simulation.machine(rng)
    println("done")
  }
}
