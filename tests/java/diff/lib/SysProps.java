package diff.lib;

import java.util.*;

public class SysProps {
    public static void main(String[] args) {
        String[] keys = {"line.separator", "file.separator", "path.separator", "java.specification.version", "java.specification.name",
            "java.specification.vendor", "java.vm.specification.version", "java.class.version", "file.encoding", "sun.jnu.encoding",
            "native.encoding", "os.name", "os.arch", "user.dir.set", "java.io.tmpdir", "sun.arch.data.model", "java.home.set", "no.such.property"};
        for (String k : keys) {
            String v = System.getProperty(k);
            if (k.endsWith(".set")) v = String.valueOf(System.getProperty(k.substring(0, k.length() - 4)) != null);
            System.out.println(k + "=" + (v == null ? "null" : v.replace("\n", "\\n").replace("\r", "\\r")));
        }
        System.out.println("default=" + System.getProperty("no.such", "fallback"));
        System.setProperty("my.prop", "value1");
        System.out.println("my.prop=" + System.getProperty("my.prop") + " cleared=" + System.clearProperty("my.prop") + " after=" + System.getProperty("my.prop"));
        System.out.println("lineSeparator=" + System.lineSeparator().length() + " Integer.getInteger=" + Integer.getInteger("no.int", 5) + " Boolean.getBoolean=" + Boolean.getBoolean("no.bool"));
        System.out.println("args=" + Arrays.toString(args) + " count=" + args.length);
        System.out.println("env PATH set=" + (System.getenv("PATH") != null) + " env missing=" + System.getenv("MINIJVM_SURELY_UNSET_VAR"));
        Runtime rt = Runtime.getRuntime();
        System.out.println("processors>0=" + (rt.availableProcessors() > 0) + " maxMemory>0=" + (rt.maxMemory() > 0) + " total>=free=" + (rt.totalMemory() >= rt.freeMemory()));
        long a = System.currentTimeMillis(), b = System.nanoTime();
        System.out.println("time sane=" + (a > 1600000000000L) + " nano monotonic=" + (System.nanoTime() >= b));
        System.out.println("identityHashCode null=" + System.identityHashCode(null) + " same=" + (System.identityHashCode(args) == System.identityHashCode(args)));
        int[] src = {1, 2, 3, 4, 5, 6};
        System.arraycopy(src, 0, src, 2, 4);
        System.out.println("arraycopy overlap=" + Arrays.toString(src));
        try { System.arraycopy(src, 0, new long[6], 0, 1); } catch (ArrayStoreException e) { System.out.println("ASE: " + e.getMessage()); }
        try { System.arraycopy(src, 4, src, 0, 5); } catch (IndexOutOfBoundsException e) { System.out.println("AIOOBE: " + e.getMessage()); }
        Object[] objs = {"s", 1};
        try { System.arraycopy(objs, 0, new String[2], 0, 2); } catch (ArrayStoreException e) { System.out.println("ASE: " + e.getMessage()); }
        System.out.println("Locale.ROOT=[" + Locale.ROOT + "] upper=" + "title".toUpperCase(Locale.ROOT) + " Objects=" + Objects.hash(1, "a", null) + " " + Objects.equals(null, null) + " " + Objects.requireNonNullElse(null, "else") + " " + Objects.toString(null, "dflt"));
        try { Objects.requireNonNull(null, "must not be null"); } catch (NullPointerException e) { System.out.println("NPE: " + e.getMessage()); }
        System.out.println("Optional=" + Optional.of("x") + " " + Optional.empty() + " " + Optional.ofNullable(null).isPresent() + " " + Optional.of(3).orElse(4));
        System.out.println("UUID=" + new UUID(0x123456789abcdefL, 0xfedcba9876543210L) + " Base64=" + Base64.getEncoder().encodeToString("hello, base64!".getBytes()) + " dec=" + new String(Base64.getDecoder().decode("bWluaWp2bQ==")));
        BitSet bs = new BitSet();
        for (int i = 0; i < 100; i += 7) bs.set(i);
        System.out.println("BitSet=" + bs + " card=" + bs.cardinality() + " next=" + bs.nextSetBit(50) + " clear=" + bs.nextClearBit(0));
        System.out.println("CRC32=" + crc("The quick brown fox") + " Adler? hash=" + Arrays.hashCode(new long[]{1, 2, 3}));
    }
    static long crc(String s) { java.util.zip.CRC32 c = new java.util.zip.CRC32(); c.update(s.getBytes()); return c.getValue(); }
}
