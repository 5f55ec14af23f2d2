package diff.lib;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class FileIO {
    public static void main(String[] args) throws IOException {
        File f = new File(new File(System.getProperty("user.dir")), "minijvm-diff-" + Long.toHexString(System.nanoTime()) + ".txt");
        System.out.println("createNewFile=" + f.createNewFile() + " again=" + f.createNewFile());
        System.out.println("exists=" + f.exists() + " isFile=" + f.isFile() + " isDir=" + f.isDirectory() + " name ok=" + (f.getName().startsWith("minijvm-diff") && f.getName().endsWith(".txt")) + " len=" + f.length() + " canRead=" + f.canRead() + " absolute=" + f.isAbsolute());
        try (FileOutputStream out = new FileOutputStream(f)) {
            for (int i = 0; i < 256; i++) out.write(i);
            out.write("hello bytes\n".getBytes(StandardCharsets.US_ASCII));
        }
        System.out.println("len after bytes=" + f.length());
        try (FileInputStream in = new FileInputStream(f)) {
            byte[] buf = new byte[100];
            int n = in.read(buf);
            long skipped = in.skip(100);
            int next = in.read();
            System.out.println("read n=" + n + " buf[99]=" + buf[99] + " skipped=" + skipped + " next=" + next + " available=" + in.available());
            int total = 0, b;
            while ((b = in.read()) != -1) total += b;
            System.out.println("rest sum=" + total + " eof=" + in.read());
        }
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(f), StandardCharsets.UTF_8))) {
            for (int i = 1; i <= 20; i++) { w.write("line " + i + ": " + "x".repeat(i) + " \u00e9\u4e2d"); w.newLine(); }
        }
        System.out.println("len after text=" + f.length());
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new FileInputStream(f), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) lines.add(line);
        }
        System.out.println("lines=" + lines.size() + " first=" + lines.get(0) + " last=" + lines.get(lines.size() - 1));
        try (PrintWriter pw = new PrintWriter(new FileWriter(f, true))) {
            pw.print("appended "); pw.print(7); pw.print(' '); pw.println(2.5);
            pw.println("end");
        }
        try (BufferedReader r = new BufferedReader(new FileReader(f))) {
            String line, last2 = null, last = null; int n = 0;
            while ((line = r.readLine()) != null) { last2 = last; last = line; n++; }
            System.out.println("after append lines=" + n + " tail=" + last2 + "|" + last);
        }
        try (RandomAccessFile raf = new RandomAccessFile(f, "rw")) {
            raf.setLength(0);
            raf.writeInt(0xCAFEBABE); raf.writeLong(-2L); raf.writeDouble(Math.PI); raf.writeUTF("utf string \u00fc"); raf.writeShort(-7); raf.writeBoolean(true);
            System.out.println("raf length=" + raf.length() + " pointer=" + raf.getFilePointer());
            raf.seek(4);
            System.out.println("long=" + raf.readLong() + " double=" + raf.readDouble() + " utf=" + raf.readUTF() + " short=" + raf.readShort() + " bool=" + raf.readBoolean());
            raf.seek(0);
            System.out.println("int=" + Integer.toHexString(raf.readInt()));
            raf.seek(0); raf.write(0x11);
            raf.seek(0);
            System.out.println("patched first byte=" + raf.read());
        }
        try (DataOutputStream dos = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(f)))) {
            for (int i = 0; i < 10; i++) dos.writeInt(i * i * i);
            dos.writeFloat(1.25f);
        }
        try (DataInputStream dis = new DataInputStream(new BufferedInputStream(new FileInputStream(f)))) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 10; i++) sb.append(dis.readInt()).append(',');
            sb.append(dis.readFloat());
            System.out.println("data=" + sb);
            try { dis.readInt(); } catch (EOFException e) { System.out.println("EOFException at end"); }
        }
        File dir = new File(f.getParentFile(), f.getName() + ".d");
        System.out.println("mkdir=" + dir.mkdir() + " isDir=" + dir.isDirectory());
        for (String n : new String[]{"b.txt", "a.txt", "c.txt"}) try (FileWriter fw = new FileWriter(new File(dir, n))) { fw.write(n); }
        String[] names = dir.list();
        Arrays.sort(names);
        System.out.println("list=" + Arrays.toString(names));
        File renamed = new File(dir, "z.txt");
        System.out.println("rename=" + new File(dir, "a.txt").renameTo(renamed) + " exists=" + renamed.exists() + " len=" + renamed.length());
        for (File c : dir.listFiles()) c.delete();
        System.out.println("rmdir=" + dir.delete() + " delete=" + f.delete() + " exists=" + f.exists());
        try { new FileInputStream(new File(dir, "missing")); } catch (FileNotFoundException e) { System.out.println("FNFE ok: " + e.getMessage().endsWith("missing (No such file or directory)")); }
        System.out.println("parent of /a/b/c=" + new File("/a/b/c").getParent() + " name=" + new File("/a/b/c.txt").getName() + " path=" + new File("x/../y").getPath());
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bos, true, "UTF-8")) { ps.print("in memory "); ps.println(42); }
        System.out.println("baos=" + bos.toString("UTF-8").trim() + " size=" + bos.size());
        StringWriter sw = new StringWriter();
        new PrintWriter(sw, true).println("string writer");
        System.out.print(sw);
        StringReader sr = new StringReader("a\nbb\nccc");
        LineNumberReader lnr = new LineNumberReader(sr);
        while (lnr.readLine() != null) { }
        System.out.println("lineNumber=" + lnr.getLineNumber());
        System.err.println("to stderr: done");
    }
}
