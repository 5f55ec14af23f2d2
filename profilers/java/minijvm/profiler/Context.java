package minijvm.profiler;

import java.util.ArrayList;
import java.util.List;

/**
 * A node of a thread's live calling context tree, as a {@link Agent} sees it
 * during {@link Agent#register} and {@link Agent#report}: a method, the call
 * site in its parent's method, and the counts so far. Only the thread that
 * owns the tree changes it, and the agent runs on that thread, so the values
 * are consistent while the agent runs.
 */
public final class Context {
  private final long node;

  Context(long node) {
    this.node = node;
  }

  /** Whether this is the thread's root (no method). */
  public boolean isRoot() {
    return parent0(node) == 0;
  }

  /** The method's class, as a binary name ({@code java.lang.String}); "" at the root. */
  public String className() {
    return name0(node, 0);
  }

  /** The method's name; "" at the root. */
  public String methodName() {
    return name0(node, 1);
  }

  /** The method's descriptor, such as {@code (I)V}; "" at the root. */
  public String descriptor() {
    return name0(node, 2);
  }

  /** The bytecode index of the call in the parent's method; -1 at a thread's entry. */
  public int site() {
    return (int) count0(node, 2);
  }

  /** The calls of this method from this context. */
  public long calls() {
    return count0(node, 0);
  }

  /** The bytecodes executed in this context since the start or the last reset. */
  public long bytecodes() {
    return count0(node, 1);
  }

  /** The calling context, or {@code null} at the root. */
  public Context parent() {
    long p = parent0(node);
    return p == 0 ? null : new Context(p);
  }

  /** The contexts called from this one, in the order they were first entered. */
  public List<Context> children() {
    long[] nodes = children0(node);
    List<Context> result = new ArrayList<>(nodes.length);
    for (long n : nodes) result.add(new Context(n));
    return result;
  }

  /** Sets the bytecode counts of this context and of every context below it to 0. */
  public void resetBytecodes() {
    reset0(node);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Context && ((Context) other).node == node;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(node);
  }

  /** {@code pkg.Class.method@site}, or {@code <root>}. */
  @Override
  public String toString() {
    return isRoot() ? "<root>" : className() + "." + methodName() + "@" + site();
  }

  // what: 0 class, 1 method name, 2 descriptor.
  private static native String name0(long node, int what);
  // what: 0 calls, 1 bytecodes, 2 site.
  private static native long count0(long node, int what);
  // 0 for the root.
  private static native long parent0(long node);
  private static native long[] children0(long node);
  private static native void reset0(long node);
}
