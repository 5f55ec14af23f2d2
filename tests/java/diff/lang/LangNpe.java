package diff.lang;

public class LangNpe {
    static class Node {
        Node next;
        int value;
        String name;
        int[] data;
        static Node staticNode;
        Node child() { return next; }
        String getName() { return name; }
    }

    interface Action { void run(); }

    static void attempt(String label, Action a) {
        try {
            a.run();
            System.out.println(label + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(label + ": " + e.getMessage());
        }
    }

    static Node nullNode() { return null; }

    public static void main(String[] args) {
        final Node n = new Node();
        final Node empty = null;
        final int[] nullArr = null;
        final Object[][] grid = new Object[2][];
        final String s = null;
        attempt("field read", new Action() { public void run() { int v = empty.value; } });
        attempt("field write", new Action() { public void run() { empty.value = 3; } });
        attempt("chain", new Action() { public void run() { int v = n.next.value; } });
        attempt("chain2", new Action() { public void run() { n.next = new Node(); int v = n.next.next.next.value; } });
        attempt("method", new Action() { public void run() { empty.child(); } });
        attempt("method result", new Action() { public void run() { nullNode().getName(); } });
        attempt("method chain", new Action() { public void run() { n.next = null; n.child().getName(); } });
        attempt("array load", new Action() { public void run() { int v = nullArr[0]; } });
        attempt("array store", new Action() { public void run() { nullArr[1] = 5; } });
        attempt("array length", new Action() { public void run() { int v = nullArr.length; } });
        attempt("field array", new Action() { public void run() { int v = n.data[2]; } });
        attempt("2d array", new Action() { public void run() { Object o = grid[1][0]; } });
        attempt("static field", new Action() { public void run() { int v = Node.staticNode.value; } });
        attempt("string method", new Action() { public void run() { s.length(); } });
        attempt("unboxing", new Action() { public void run() { Integer i = null; int v = i; } });
        attempt("unboxing long", new Action() { public void run() { Long l = null; long v = l + 1; } });
        attempt("throw null", new Action() { public void run() { RuntimeException r = null; throw r; } });
        attempt("synchronized", new Action() { public void run() { synchronized (empty) { System.out.println("x"); } } });
        attempt("name field", new Action() { public void run() { n.name.length(); } });
        attempt("getter", new Action() { public void run() { n.getName().trim(); } });
        attempt("local array", new Action() { public void run() { long[] la = null; la[0]++; } });
        attempt("explicit", new Action() { public void run() { throw new NullPointerException("my message"); } });
        attempt("explicit no msg", new Action() { public void run() { throw new NullPointerException(); } });
        attempt("requireNonNull", new Action() { public void run() { java.util.Objects.requireNonNull(null, "must not be null"); } });
        attempt("string concat null ok", new Action() { public void run() { String t = s + "x"; System.out.println(t); } });
        attempt("equals", new Action() { public void run() { s.equals("a"); } });
        attempt("interface", new Action() { public void run() { Runnable r = null; r.run(); } });
        attempt("arg", new Action() { public void run() { takeNode(null); } });
        attempt("double array", new Action() { public void run() { double[][] d = new double[1][]; d[0][0] = 1.0; } });
        attempt("foreach", new Action() { public void run() { for (int x : nullArr) System.out.println(x); } });
        attempt("switch string", new Action() { public void run() { switch (s) { case "a": break; default: break; } } });
    }

    static int takeNode(Node node) { return node.value; }
}
