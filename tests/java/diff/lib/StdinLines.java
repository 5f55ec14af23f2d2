package diff.lib;

import java.io.*;
import java.util.*;

public class StdinLines {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String header = in.readLine();
        System.out.println("header=[" + header + "]");
        int n = Integer.parseInt(in.readLine().trim());
        long sum = 0; int max = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            StringTokenizer st = new StringTokenizer(in.readLine());
            while (st.hasMoreTokens()) { int v = Integer.parseInt(st.nextToken()); sum += v; max = Math.max(max, v); }
        }
        System.out.println("rows=" + n + " sum=" + sum + " max=" + max);
        TreeMap<String, Integer> words = new TreeMap<>();
        String line; int lines = 0, chars = 0;
        while ((line = in.readLine()) != null) {
            lines++; chars += line.length();
            StringBuilder w = new StringBuilder();
            String low = line.toLowerCase(Locale.ROOT) + " ";
            for (int i = 0; i < low.length(); i++) {
                char c = low.charAt(i);
                if (Character.isLetter(c)) w.append(c);
                else if (w.length() > 0) { String k = w.toString(); words.put(k, words.getOrDefault(k, 0) + 1); w.setLength(0); }
            }
        }
        System.out.println("text lines=" + lines + " chars=" + chars);
        System.out.println("words=" + words);
        System.out.println("stdin read again=" + System.in.read());
    }
}
