package diff.lib;

import java.io.*;
import java.util.*;
import java.util.zip.*;

public class Zips {
    public static void main(String[] args) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) sb.append("line ").append(i % 37).append(" of some highly repetitive text\n");
        byte[] input = sb.toString().getBytes("UTF-8");
        Deflater def = new Deflater(Deflater.BEST_COMPRESSION);
        def.setInput(input);
        def.finish();
        byte[] buf = new byte[input.length];
        int clen = def.deflate(buf);
        System.out.println("input=" + input.length + " deflated=" + clen + " finished=" + def.finished() + " totalIn=" + def.getTotalIn() + " adler=" + def.getAdler());
        def.end();
        Inflater inf = new Inflater();
        inf.setInput(buf, 0, clen);
        byte[] out = new byte[input.length + 10];
        int n = inf.inflate(out);
        System.out.println("inflated=" + n + " equal=" + Arrays.equals(input, Arrays.copyOf(out, n)) + " finished=" + inf.finished() + " remaining=" + inf.getRemaining());
        inf.end();

        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bos)) { gz.write(input); }
        byte[] gzBytes = bos.toByteArray();
        System.out.println("gzip size=" + gzBytes.length + " magic=" + (gzBytes[0] & 0xff) + "," + (gzBytes[1] & 0xff));
        ByteArrayOutputStream round = new ByteArrayOutputStream();
        try (GZIPInputStream gin = new GZIPInputStream(new ByteArrayInputStream(gzBytes))) {
            byte[] b = new byte[1000]; int r;
            while ((r = gin.read(b)) > 0) round.write(b, 0, r);
        }
        System.out.println("gunzip=" + round.size() + " equal=" + Arrays.equals(input, round.toByteArray()));

        CRC32 crc = new CRC32(); crc.update(input);
        Adler32 adler = new Adler32(); adler.update(input);
        CRC32C crcc = new CRC32C(); crcc.update(input, 0, 100);
        System.out.println("crc32=" + crc.getValue() + " adler32=" + adler.getValue() + " crc32c=" + crcc.getValue());

        File zf = new File(System.getProperty("user.dir"), "test.zip");
        try (ZipOutputStream zos = new ZipOutputStream(new FileOutputStream(zf))) {
            String[] names = {"a.txt", "dir/b.txt", "dir/sub/c.bin"};
            for (int i = 0; i < names.length; i++) {
                ZipEntry e = new ZipEntry(names[i]);
                e.setTime(0L);
                zos.putNextEntry(e);
                for (int k = 0; k <= i * 100; k++) zos.write(("entry " + i + " row " + k + "\n").getBytes("UTF-8"));
                zos.closeEntry();
            }
            zos.setComment("made by Zips");
        }
        try (ZipFile z = new ZipFile(zf)) {
            System.out.println("zip entries=" + z.size() + " comment=" + z.getComment());
            Enumeration<? extends ZipEntry> en = z.entries();
            while (en.hasMoreElements()) {
                ZipEntry e = en.nextElement();
                BufferedReader r = new BufferedReader(new InputStreamReader(z.getInputStream(e), "UTF-8"));
                String first = r.readLine(), line, last = first; int lines = 1;
                while ((line = r.readLine()) != null) { last = line; lines++; }
                System.out.println(" " + e.getName() + " size=" + e.getSize() + " compressed<size=" + (e.getCompressedSize() < e.getSize()) + " crc=" + e.getCrc() + " method=" + e.getMethod() + " lines=" + lines + " last=" + last);
            }
            System.out.println("getEntry missing=" + z.getEntry("nope") + " dir/b.txt=" + z.getEntry("dir/b.txt").getSize());
        }
        try (ZipInputStream zin = new ZipInputStream(new FileInputStream(zf))) {
            ZipEntry e; StringBuilder names = new StringBuilder();
            while ((e = zin.getNextEntry()) != null) { long c = 0; while (zin.read() >= 0) c++; names.append(e.getName()).append('=').append(c).append(' '); }
            System.out.println("zipInputStream: " + names.toString().trim());
        }
        System.out.println("deleted=" + zf.delete());
        try { Inflater bad = new Inflater(); bad.setInput(new byte[]{1, 2, 3, 4}); bad.inflate(new byte[10]); } catch (DataFormatException e) { System.out.println("DataFormatException: " + e.getMessage()); }
    }
}
