package diff.lang;

public class LangNpeMore {
    static class Holder {
        Holder inner;
        Object[] items;
        long[][] matrix;
        String text;
        Holder(Holder inner) { this.inner = inner; }
        Holder getInner() { return inner; }
        static Holder make() { return null; }
        int[] ints() { return null; }
    }

    static Holder field;
    Holder instanceField;

    static void report(String label, Throwable t) {
        System.out.println(label + " -> " + t.getClass().getSimpleName() + ": " + t.getMessage());
    }

    static void m1(Holder h) { h.inner.inner.text.length(); }
    static void m2(Holder h) { h.getInner().getInner().text = "x"; }
    static void m3() { Holder.make().items[0] = null; }
    static void m4(Holder h) { h.matrix[1][2] = 3L; }
    static void m5(Holder h) { System.out.println(h.ints()[0]); }
    static void m6() { field.inner = null; }
    void m7() { instanceField.text.isEmpty(); }
    static void m8(Object[] arr) { ((Holder) arr[0]).text.trim(); }
    static void m9(Holder a, Holder b) { a.inner = b.inner; }
    static int m10(Integer[] boxes) { return boxes[1] + 1; }
    static void m11(String s) { s.concat("x").length(); }
    static void m12(Holder h, int i) { h.items[i].toString(); }
    static long m13(Holder h) { return h.matrix.length; }
    static void m14(java.util.List<String> l) { l.size(); }
    static void m15(Holder h) { synchronized (h.inner) { System.out.println("no"); } }
    static void m16(char[] cs) { new String(cs); }
    static void m17(Holder h) { h.inner.items = new Object[h.inner.items.length]; }
    static void m18(Holder[] hs) { hs[0].inner.text = hs[1].text; }

    public static void main(String[] args) {
        Holder leaf = new Holder(null);
        Holder mid = new Holder(leaf);
        try { m1(mid); } catch (NullPointerException e) { report("m1", e); }
        try { m2(mid); } catch (NullPointerException e) { report("m2", e); }
        try { m3(); } catch (NullPointerException e) { report("m3", e); }
        leaf.matrix = new long[3][];
        try { m4(leaf); } catch (NullPointerException e) { report("m4", e); }
        try { m5(leaf); } catch (NullPointerException e) { report("m5", e); }
        try { m6(); } catch (NullPointerException e) { report("m6", e); }
        try { new LangNpeMore().m7(); } catch (NullPointerException e) { report("m7", e); }
        try { m8(new Object[] {leaf}); } catch (NullPointerException e) { report("m8", e); }
        try { m9(leaf, null); } catch (NullPointerException e) { report("m9", e); }
        try { m10(new Integer[] {1, null}); } catch (NullPointerException e) { report("m10", e); }
        try { m11(null); } catch (NullPointerException e) { report("m11", e); }
        leaf.items = new Object[2];
        try { m12(leaf, 1); } catch (NullPointerException e) { report("m12", e); }
        try { m13(new Holder(null)); } catch (NullPointerException e) { report("m13", e); }
        try { m14(null); } catch (NullPointerException e) { report("m14", e); }
        try { m15(leaf); } catch (NullPointerException e) { report("m15", e); }
        try { m16(null); } catch (NullPointerException e) { report("m16", e); }
        try { m17(leaf); } catch (NullPointerException e) { report("m17", e); }
        try { m18(new Holder[] {leaf, mid}); } catch (NullPointerException e) { report("m18", e); }
        try { m18(new Holder[] {null, mid}); } catch (NullPointerException e) { report("m18b", e); }
        NullPointerException made = new NullPointerException();
        System.out.println("constructed: " + made.getMessage());
        try { m1(leaf); } catch (NullPointerException e) {
            e.printStackTrace();
        }
        m4(leaf);
    }
}
