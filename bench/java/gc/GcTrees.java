// The benchmarks game's binary trees at depth 16: a long-lived tree kept
// through the run while short-lived trees of every even depth are built,
// walked and dropped. Small objects, a live set of a few MB.
public class GcTrees {
    static final class Node {
        final Node left, right;
        Node(Node left, Node right) { this.left = left; this.right = right; }
        int check() { return left == null ? 1 : 1 + left.check() + right.check(); }
    }

    static Node bottomUp(int depth) {
        return depth > 0 ? new Node(bottomUp(depth - 1), bottomUp(depth - 1)) : new Node(null, null);
    }

    public static void main(String[] args) {
        int minDepth = 4, maxDepth = 16;
        System.out.println("stretch tree of depth " + (maxDepth + 1) + "\t check: " + bottomUp(maxDepth + 1).check());
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
