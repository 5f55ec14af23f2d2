package diff.reflect;

import java.lang.reflect.Field;

// Field get/set of every type: static and instance, widening, final fields
// with and without setAccessible, and the exceptions with their messages.
public class Fields {
    public static class Holder {
        public boolean z = true;
        public byte b = 1;
        public char c = 'c';
        public short s = 2;
        public int i = 3;
        public long j = 4;
        public float f = 5.5f;
        public double d = 6.5;
        public String str = "str";
        public Object obj = null;
        public Integer boxed = 10;
        private int secret = 42;
        public final int finalInt = 7;
        public final String finalStr = "fin";
        public static int sInt = 100;
        public static final int S_FINAL = 200;
        public static final Object S_FINAL_OBJ = new Object();
        public static volatile long sVolatile = 300;
        private static String sPrivate = "private static";
    }

    public static class Sub extends Holder {
        public int i = 33;  // hides Holder.i
    }

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    interface Action { void run() throws Exception; }

    static void attempt(String what, Action a) {
        try {
            a.run();
            System.out.println(cat(what, ": ok"));
        } catch (Throwable t) {
            System.out.println(cat(what, ": ", t.getClass().getName(), ": ", t.getMessage()));
        }
    }

    public static void main(String[] args) throws Exception {
        final Holder h = new Holder();
        final Class<Holder> c = Holder.class;
        String[] names = {"z", "b", "c", "s", "i", "j", "f", "d", "str", "obj", "boxed"};
        for (String n : names) {
            Field f = c.getField(n);
            System.out.println(cat(n, ": ", f.getType().getName(), " = ", f.get(h), " toString ", f));
        }
        System.out.println(cat("getInt(b) ", c.getField("b").getInt(h), " getLong(c) ", c.getField("c").getLong(h),
                " getFloat(j) ", c.getField("j").getFloat(h), " getDouble(f) ", c.getField("f").getDouble(h),
                " getShort(b) ", c.getField("b").getShort(h), " getChar ", c.getField("c").getChar(h),
                " getBoolean ", c.getField("z").getBoolean(h), " getByte ", c.getField("b").getByte(h)));
        c.getField("z").setBoolean(h, false);
        c.getField("b").setByte(h, (byte) -5);
        c.getField("c").setChar(h, 'Q');
        c.getField("s").setByte(h, (byte) 9);
        c.getField("i").setChar(h, 'A');
        c.getField("j").setInt(h, -1);
        c.getField("f").setLong(h, 123456789L);
        c.getField("d").setFloat(h, 0.25f);
        c.getField("str").set(h, "new");
        c.getField("obj").set(h, Integer.valueOf(5));
        c.getField("boxed").set(h, null);
        c.getField("i").set(h, Short.valueOf((short) 77));
        for (String n : names) System.out.println(cat("after set ", n, " = ", c.getField(n).get(h)));

        attempt("setInt on byte", new Action() { public void run() throws Exception { c.getField("b").setInt(h, 1); } });
        attempt("setLong on int", new Action() { public void run() throws Exception { c.getField("i").setLong(h, 1); } });
        attempt("setDouble on float", new Action() { public void run() throws Exception { c.getField("f").setDouble(h, 1); } });
        attempt("setBoolean on int", new Action() { public void run() throws Exception { c.getField("i").setBoolean(h, true); } });
        attempt("set String on int", new Action() { public void run() throws Exception { c.getField("i").set(h, "x"); } });
        attempt("set null on int", new Action() { public void run() throws Exception { c.getField("i").set(h, null); } });
        attempt("set Integer on String", new Action() { public void run() throws Exception { c.getField("str").set(h, 1); } });
        attempt("set Long on Integer", new Action() { public void run() throws Exception { c.getField("boxed").set(h, 1L); } });
        attempt("getInt on long", new Action() { public void run() throws Exception { c.getField("j").getInt(h); } });
        attempt("getInt on String", new Action() { public void run() throws Exception { c.getField("str").getInt(h); } });
        attempt("getBoolean on int", new Action() { public void run() throws Exception { c.getField("i").getBoolean(h); } });
        attempt("getChar on byte", new Action() { public void run() throws Exception { c.getField("b").getChar(h); } });
        attempt("get on null", new Action() { public void run() throws Exception { c.getField("i").get(null); } });
        attempt("get on wrong object", new Action() { public void run() throws Exception { c.getField("i").get("str"); } });
        attempt("set on wrong object", new Action() { public void run() throws Exception { c.getField("str").set(new Object(), "x"); } });
        attempt("get private", new Action() { public void run() throws Exception { c.getDeclaredField("secret").get(h); } });
        attempt("set private", new Action() { public void run() throws Exception { c.getDeclaredField("secret").setInt(h, 1); } });
        attempt("getField private", new Action() { public void run() throws Exception { c.getField("secret"); } });
        attempt("getDeclaredField missing", new Action() { public void run() throws Exception { c.getDeclaredField("nope"); } });
        attempt("set final", new Action() { public void run() throws Exception { c.getField("finalInt").setInt(h, 8); } });
        attempt("set final String", new Action() { public void run() throws Exception { c.getField("finalStr").set(h, "x"); } });
        attempt("set static final", new Action() { public void run() throws Exception { c.getField("S_FINAL").setInt(null, 1); } });
        attempt("set static final obj", new Action() { public void run() throws Exception { c.getField("S_FINAL_OBJ").set(null, "x"); } });
        Field secret = c.getDeclaredField("secret");
        secret.setAccessible(true);
        System.out.println(cat("secret ", secret.get(h), " ", secret.getInt(h)));
        secret.setInt(h, 43);
        System.out.println(cat("secret after ", secret.getInt(h)));
        final Field fin = c.getField("finalInt");
        fin.setAccessible(true);
        fin.setInt(h, 70);
        System.out.println(cat("finalInt via reflection ", fin.getInt(h), " (field read ", h.finalInt, ")"));
        final Field finStr = c.getField("finalStr");
        finStr.setAccessible(true);
        finStr.set(h, "changed");
        System.out.println(cat("finalStr via reflection ", finStr.get(h)));
        final Field sf = c.getField("S_FINAL");
        sf.setAccessible(true);
        attempt("set static final accessible", new Action() { public void run() throws Exception { sf.setInt(null, 2); } });
        final Field sfo = c.getField("S_FINAL_OBJ");
        sfo.setAccessible(true);
        attempt("set static final obj accessible", new Action() { public void run() throws Exception { sfo.set(null, "y"); } });
        attempt("set final wrong type accessible", new Action() { public void run() throws Exception { fin.set(h, "s"); } });
        Field sInt = c.getField("sInt");
        sInt.setInt(null, 101);
        System.out.println(cat("sInt ", sInt.get(null), " ", Holder.sInt, " with instance ", sInt.get(h)));
        Field vol = c.getField("sVolatile");
        vol.setLong(null, 301);
        System.out.println(cat("sVolatile ", vol.getLong(null), " mods ", java.lang.reflect.Modifier.toString(vol.getModifiers())));
        Field sp = c.getDeclaredField("sPrivate");
        sp.setAccessible(true);
        System.out.println(cat("sPrivate ", sp.get(null)));
        Sub sub = new Sub();
        System.out.println(cat("Sub.i ", Sub.class.getField("i").get(sub), " Holder.i on sub ", c.getField("i").get(sub),
                " declaring ", Sub.class.getField("i").getDeclaringClass().getSimpleName(),
                " inherited j declaring ", Sub.class.getField("j").getDeclaringClass().getSimpleName()));
        System.out.println(cat("Sub fields ", Sub.class.getFields().length, " declared ", Sub.class.getDeclaredFields().length));
        System.out.println(cat("field equals ", c.getField("i").equals(c.getField("i")), " hash same ",
                c.getField("i").hashCode() == c.getField("i").hashCode(), " toGenericString ",
                c.getField("str").toGenericString()));
    }
}
