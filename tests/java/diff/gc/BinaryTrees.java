package diff.gc;

/**
 * The benchmarks game's binary trees (max depth 18, under -Xmx64m from
 * tests/java/jvmflags): a stretch tree, one long-lived tree kept through the
 * run, and many short-lived trees of every even depth, each walked for its
 * node count. Checks that the collector reclaims garbage trees while the
 * long-lived one survives intact (its check line comes last).
 */
public class BinaryTrees {
    static final class Node {
        final Node left, right;
        Node(Node left, Node right) { this.left = left; this.right = right; }
        int check() { return left == null ? 1 : 1 + left.check() + right.check(); }
    }

    static Node bottomUp(int depth) {
        return depth > 0 ? new Node(bottomUp(depth - 1), bottomUp(depth - 1)) : new Node(null, null);
    }

    public static void main(String[] args) {
        int minDepth = 4;
        int maxDepth = args.length > 0 ? Integer.parseInt(args[0]) : 18;
        int stretchDepth = maxDepth + 1;
        System.out.println("stretch tree of depth " + stretchDepth + "\t check: " + bottomUp(stretchDepth).check());

        Node longLived = bottomUp(maxDepth);
        for (int depth = minDepth; depth <= maxDepth; depth += 2) {
            int iterations = 1 << (maxDepth - depth + minDepth);
            int check = 0;
            for (int i = 0; i < iterations; i++) check += bottomUp(depth).check();
            System.out.println(iterations + "\t trees of depth " + depth + "\t check: " + check);
        }
        System.out.println("long lived tree of depth " + maxDepth + "\t check: " + longLived.check());
    }
}
