package diff.lang;

import java.io.BufferedReader;
import java.io.InputStreamReader;

// Standard input (tests/java/stdin/diff.lang.LangStdin.txt): raw bytes, then
// lines through a BufferedReader; numbers parsed by hand (Scanner needs regex).
public class LangStdin {
    public static void main(String[] args) throws Exception {
        int first = System.in.read();
        int second = System.in.read();
        System.out.println("raw " + first + " " + (char) second + " available>=0 " + (System.in.available() >= 0));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8));
        String line;
        int lines = 0;
        long sum = 0;
        StringBuilder words = new StringBuilder();
        while ((line = in.readLine()) != null) {
            lines++;
            String trimmed = line.trim();
            if (trimmed.isEmpty()) {
                System.out.println("line " + lines + ": <blank>");
                continue;
            }
            try {
                long v = Long.parseLong(trimmed);
                sum += v;
                System.out.println("line " + lines + ": number " + v);
            } catch (NumberFormatException e) {
                System.out.println("line " + lines + ": text [" + line + "] len=" + line.length() + " upper=" + line.toUpperCase());
                words.append(trimmed.charAt(0));
            }
        }
        System.out.println("lines=" + lines + " sum=" + sum + " initials=" + words + " eof=" + System.in.read());
    }
}
