package diff.lib;

import java.io.*;
import java.nio.*;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class NioFiles {
    public static void main(String[] args) throws IOException {
        Path dir = Paths.get("").toAbsolutePath().resolve("nio-dir");
        Files.createDirectories(dir.resolve("a/b"));
        System.out.println("isDirectory=" + Files.isDirectory(dir.resolve("a/b")) + " exists(x)=" + Files.exists(dir.resolve("x")) + " notExists(x)=" + Files.notExists(dir.resolve("x")));
        Path f = dir.resolve("a/lines.txt");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 50; i++) lines.add("row " + i + " \u00e9\u00e8 " + Integer.toBinaryString(i));
        Files.write(f, lines, StandardCharsets.UTF_8);
        List<String> back = Files.readAllLines(f, StandardCharsets.UTF_8);
        System.out.println("lines=" + back.size() + " equal=" + back.equals(lines) + " size=" + Files.size(f) + " first=" + back.get(0) + " last=" + back.get(49));
        Files.write(f, "appended\n".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        byte[] all = Files.readAllBytes(f);
        System.out.println("bytes=" + all.length + " tail=" + new String(all, all.length - 9, 8, StandardCharsets.UTF_8));
        Path s = dir.resolve("a/b/s.txt");
        Files.writeString(s, "string content \u4e2d\n");
        System.out.println("readString=" + Files.readString(s).trim() + " isRegular=" + Files.isRegularFile(s) + " readable=" + Files.isReadable(s));
        Path c = dir.resolve("copy.txt");
        Files.copy(s, c);
        try { Files.copy(s, c); } catch (FileAlreadyExistsException e) { System.out.println("FileAlreadyExistsException: " + dir.relativize(Paths.get(e.getFile()))); }
        Files.copy(f, c, StandardCopyOption.REPLACE_EXISTING);
        Path m = dir.resolve("moved.txt");
        Files.move(c, m);
        System.out.println("moved exists=" + Files.exists(m) + " source gone=" + !Files.exists(c) + " same size=" + (Files.size(m) == Files.size(f)));
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("w.txt"))) { w.write("via newBufferedWriter"); w.newLine(); }
        try (BufferedReader r = Files.newBufferedReader(dir.resolve("w.txt"))) { System.out.println("newBufferedReader=" + r.readLine()); }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            List<String> names = new ArrayList<>();
            for (Path p : ds) names.add(p.getFileName().toString() + (Files.isDirectory(p) ? "/" : ""));
            Collections.sort(names);
            System.out.println("listing=" + names);
        }
        try (FileChannel ch = FileChannel.open(dir.resolve("chan.bin"), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
            ByteBuffer bb = ByteBuffer.allocate(64);
            bb.putInt(0xCAFEBABE).putLong(Long.MIN_VALUE).putDouble(Math.E).putShort((short) -2).put((byte) 7).flip();
            int n = ch.write(bb);
            System.out.println("channel wrote=" + n + " size=" + ch.size() + " pos=" + ch.position());
            ByteBuffer rb = ByteBuffer.allocateDirect(64).order(ByteOrder.BIG_ENDIAN);
            ch.read(rb, 0);
            rb.flip();
            System.out.println("read back=" + Integer.toHexString(rb.getInt()) + " " + rb.getLong() + " " + rb.getDouble() + " " + rb.getShort() + " " + rb.get() + " remaining=" + rb.remaining());
            ch.truncate(4);
            System.out.println("truncated size=" + ch.size());
        }
        ByteBuffer le = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        le.putInt(0x01020304);
        System.out.println("little endian bytes=" + Arrays.toString(Arrays.copyOf(le.array(), 4)) + " native=" + ByteOrder.nativeOrder());
        CharBuffer cb = StandardCharsets.UTF_8.decode(ByteBuffer.wrap("d\u00e9code".getBytes(StandardCharsets.UTF_8)));
        ByteBuffer enc = StandardCharsets.ISO_8859_1.encode("enc\u00f6de");
        System.out.println("decode=" + cb + " encode remaining=" + enc.remaining());
        Path p = Paths.get("/usr/./local/../lib/file.tar.gz");
        System.out.println("path normalize=" + p.normalize() + " name=" + p.getFileName() + " root=" + p.getRoot() + " count=" + p.getNameCount() + " sub=" + p.subpath(1, 3) + " startsWith=" + p.startsWith("/usr") + " endsWith=" + p.endsWith("file.tar.gz") + " relativize=" + Paths.get("/a/b").relativize(Paths.get("/a/c/d")) + " resolve=" + Paths.get("x").resolve("y/z") + " absolute=" + p.isAbsolute());
        try { Files.delete(dir); } catch (DirectoryNotEmptyException e) { System.out.println("DirectoryNotEmptyException"); }
        try { Files.readAllBytes(dir.resolve("missing")); } catch (NoSuchFileException e) { System.out.println("NoSuchFileException: " + Paths.get(e.getFile()).getFileName()); }
        String[] rm = {"a/b/s.txt", "a/b", "a/lines.txt", "a", "moved.txt", "w.txt", "chan.bin", ""};
        for (String r : rm) Files.delete(r.isEmpty() ? dir : dir.resolve(r));
        System.out.println("cleaned=" + !Files.exists(dir) + " deleteIfExists=" + Files.deleteIfExists(dir));
    }
}
