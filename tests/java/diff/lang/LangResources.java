package diff.lang;

import java.io.InputStream;

// Resources from the class path through the application class loader.
public class LangResources {
    static int count(InputStream in) throws java.io.IOException {
        if (in == null) return -1;
        int n = 0;
        byte[] buf = new byte[512];
        for (int r; (r = in.read(buf)) > 0; ) n += r;
        in.close();
        return n;
    }

    public static void main(String[] args) throws Exception {
        InputStream self = LangResources.class.getResourceAsStream("LangResources.class");
        byte[] head = new byte[4];
        int got = self.read(head);
        System.out.println(got + " " + Integer.toHexString(((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff)));
        self.close();
        System.out.println(count(LangResources.class.getResourceAsStream("LangResources.class")) > 1000);
        System.out.println(count(LangResources.class.getResourceAsStream("/diff/lang/LangResources.class"))
            == count(ClassLoader.getSystemResourceAsStream("diff/lang/LangResources.class")));
        System.out.println(count(LangResources.class.getResourceAsStream("missing.txt")));
        java.net.URL url = LangResources.class.getResource("LangResources.class");
        System.out.println(url.getProtocol() + " " + url.getPath().endsWith("/diff/lang/LangResources.class"));
        System.out.println(LangResources.class.getClassLoader().getResource("diff/lang/nothing") == null);
        System.out.println(LangResources.class.getProtectionDomain().getCodeSource().getLocation().getProtocol());
    }
}
