// Part of the large scalac workload (compiled with small/Calc.scala).
// Generic persistent data structures: a variance-annotated leftist heap, an
// unbalanced binary search tree with fold/map, a banker's queue, and a small
// Monoid type class with context bounds and for-comprehensions over Option.
package workload

import scala.annotation.tailrec

/** A persistent leftist min-heap. */
sealed abstract class Heap[+A] {
  def rank: Int
  def isEmpty: Boolean = this eq HEmpty
  def insert[B >: A](x: B)(implicit ord: Ordering[B]): Heap[B] = Heap.merge(HNode(1, x, HEmpty, HEmpty), this)
  def min: A = this match {
    case HNode(_, x, _, _) => x
    case HEmpty            => throw new NoSuchElementException("min of empty heap")
  }
  def deleteMin[B >: A](implicit ord: Ordering[B]): Heap[B] = this match {
    case HNode(_, _, l, r) => Heap.merge[B](l, r)
    case HEmpty            => this
  }
}
case object HEmpty extends Heap[Nothing] { def rank = 0 }
case class HNode[A](rank: Int, value: A, left: Heap[A], right: Heap[A]) extends Heap[A]

object Heap {
  def merge[A](a: Heap[A], b: Heap[A])(implicit ord: Ordering[A]): Heap[A] = (a, b) match {
    case (HEmpty, h) => h
    case (h, HEmpty) => h
    case (x @ HNode(_, va, la, ra), y @ HNode(_, vb, _, _)) =>
      if (ord.lteq(va, vb)) make(va, la, merge(ra, y)) else merge(y, x)
  }
  private def make[A](v: A, a: Heap[A], b: Heap[A]): Heap[A] =
    if (a.rank >= b.rank) HNode(b.rank + 1, v, a, b) else HNode(a.rank + 1, v, b, a)

  def fromSeq[A: Ordering](xs: Seq[A]): Heap[A] = xs.foldLeft(HEmpty: Heap[A])(_ insert _)
  def drain[A: Ordering](h: Heap[A]): List[A] = {
    @tailrec def go(h: Heap[A], acc: List[A]): List[A] =
      if (h.isEmpty) acc.reverse else go(h.deleteMin, h.min :: acc)
    go(h, Nil)
  }
}

/** An unbalanced binary search tree map. */
sealed trait Tree[K, +V] {
  def fold[R](leaf: R)(node: (R, K, V, R) => R): R = this match {
    case Leaf()           => leaf
    case Node(l, k, v, r) => node(l.fold(leaf)(node), k, v, r.fold(leaf)(node))
  }
  def size: Int = fold(0)((l, _, _, r) => l + 1 + r)
  def depth: Int = fold(0)((l, _, _, r) => 1 + (l max r))
  def toList: List[(K, V)] = fold(List.empty[(K, V)])((l, k, v, r) => l ::: (k, v) :: r)
}
case class Leaf[K]() extends Tree[K, Nothing]
case class Node[K, V](left: Tree[K, V], key: K, value: V, right: Tree[K, V]) extends Tree[K, V]

object Tree {
  def empty[K, V]: Tree[K, V] = Leaf[K]()
  def insert[K, V](t: Tree[K, V], k: K, v: V)(implicit ord: Ordering[K]): Tree[K, V] = t match {
    case Leaf() => Node(Leaf(), k, v, Leaf())
    case Node(l, k2, v2, r) =>
      val c = ord.compare(k, k2)
      if (c < 0) Node(insert(l, k, v), k2, v2, r)
      else if (c > 0) Node(l, k2, v2, insert(r, k, v))
      else Node(l, k, v, r)
  }
  @tailrec def lookup[K, V](t: Tree[K, V], k: K)(implicit ord: Ordering[K]): Option[V] = t match {
    case Leaf() => None
    case Node(l, k2, v, r) =>
      val c = ord.compare(k, k2)
      if (c == 0) Some(v) else if (c < 0) lookup(l, k) else lookup(r, k)
  }
}

/** A purely functional queue made of two lists. */
final class Queue[+A] private (front: List[A], back: List[A]) {
  def enqueue[B >: A](x: B): Queue[B] = new Queue(front, x :: back)
  def dequeue: Option[(A, Queue[A])] = front match {
    case x :: rest => Some((x, new Queue(rest, back)))
    case Nil if back.nonEmpty => new Queue(back.reverse, Nil).dequeue
    case Nil => None
  }
  def isEmpty: Boolean = front.isEmpty && back.isEmpty
}
object Queue { def empty[A]: Queue[A] = new Queue[A](Nil, Nil) }

trait Monoid[A] {
  def zero: A
  def combine(a: A, b: A): A
}
object Monoid {
  implicit val intSum: Monoid[Int] = new Monoid[Int] { def zero = 0; def combine(a: Int, b: Int) = a + b }
  implicit val strConcat: Monoid[String] = new Monoid[String] { def zero = ""; def combine(a: String, b: String) = a + b }
  implicit def mapMerge[K, V: Monoid]: Monoid[Map[K, V]] = new Monoid[Map[K, V]] {
    def zero = Map.empty
    def combine(a: Map[K, V], b: Map[K, V]) = b.foldLeft(a) { case (acc, (k, v)) =>
      acc.updated(k, acc.get(k).fold(v)(implicitly[Monoid[V]].combine(_, v)))
    }
  }
  def concat[A: Monoid](xs: Seq[A]): A = xs.foldLeft(implicitly[Monoid[A]].zero)(implicitly[Monoid[A]].combine)
}

object Structures {
  /** Breadth-first numbering of a tree with the functional queue. */
  def bfsKeys[K, V](t: Tree[K, V]): List[K] = {
    @tailrec def go(q: Queue[Tree[K, V]], acc: List[K]): List[K] = q.dequeue match {
      case None => acc.reverse
      case Some((Leaf(), rest)) => go(rest, acc)
      case Some((Node(l, k, _, r), rest)) => go(rest.enqueue(l).enqueue(r), k :: acc)
    }
    go(Queue.empty[Tree[K, V]].enqueue(t), Nil)
  }

  def run(rng: Rng): Unit = {
    val xs = List.fill(200)(rng.nextInt(1000))
    val sorted = Heap.drain(Heap.fromSeq(xs))
    println(s"heap: n=${sorted.size} first=${sorted.take(5).mkString(",")} ok=${sorted == xs.sorted}")

    val tree = xs.zipWithIndex.foldLeft(Tree.empty[Int, Int]) { case (t, (k, i)) => Tree.insert(t, k, i) }
    val hits = for {
      k <- List(xs(3), xs(77), 1001)
      v <- Tree.lookup(tree, k)
    } yield k -> v
    println(s"tree: size=${tree.size} depth=${tree.depth} hits=${hits.mkString(" ")} bfs=${bfsKeys(tree).take(6).mkString(",")}")

    val words = "the quick brown fox jumps over the lazy dog the end".split(" ").toList
    val counts = Monoid.concat(words.map(w => Map(w -> 1)))
    println("monoid: " + counts.toList.sorted.map { case (k, v) => s"$k=$v" }.mkString(" ") +
      " / " + Monoid.concat(words.map(_.take(1))))
  }
}
