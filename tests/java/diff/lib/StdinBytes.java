package diff.lib;

import java.io.*;

public class StdinBytes {
    public static void main(String[] args) throws IOException {
        InputStream in = System.in;
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buf = new byte[7];
        int n, reads = 0;
        int first = in.read();
        if (first >= 0) all.write(first);
        while ((n = in.read(buf, 0, buf.length)) > 0) { all.write(buf, 0, n); reads++; }
        byte[] data = all.toByteArray();
        long sum = 0; int lines = 0, nonAscii = 0;
        for (byte b : data) { sum = sum * 31 + (b & 0xff); if (b == '\n') lines++; if (b < 0) nonAscii++; }
        System.out.println("bytes=" + data.length + " lines=" + lines + " nonAscii=" + nonAscii + " hash=" + sum + " first=" + first + " eof=" + in.read() + " again=" + in.read(buf));
        String text = new String(data, "UTF-8");
        StringBuilder sb = new StringBuilder();
        for (int i = text.length() - 1; i >= 0; i--) { char c = text.charAt(i); if (c != '\n') sb.append(Character.toUpperCase(c)); else sb.append('|'); }
        System.out.println("reversed upper=" + sb);
        System.out.write("raw write through System.out\n".getBytes("UTF-8"));
        System.out.flush();
    }
}
