package diff.lang;

public class LangControl {
    static int calls;
    static boolean t(String s) { System.out.print(s + " "); calls++; return true; }
    static boolean f(String s) { System.out.print(s + " "); calls++; return false; }

    static String classify(int n) {
        return n < 0 ? "neg" : n == 0 ? "zero" : n % 2 == 0 ? "even" : "odd";
    }

    @SuppressWarnings("finally")
    static String finallyThrowOverrides() {
        try {
            try {
                return "from try";
            } finally {
                throw new IllegalStateException("from finally");
            }
        } catch (IllegalStateException e) {
            return "caught " + e.getMessage();
        }
    }

    static int nestedFinally() {
        int x = 0;
        try {
            try {
                x += 1;
                throw new RuntimeException("a");
            } finally {
                x += 10;
                try {
                    x += 100;
                } finally {
                    x += 1000;
                }
            }
        } catch (RuntimeException e) {
            x += 10000;
        } finally {
            x += 100000;
        }
        return x;
    }

    public static void main(String[] args) {
        boolean r1 = f("a") && t("b");
        boolean r2 = t("c") || f("d");
        boolean r3 = f("e") & t("f");
        boolean r4 = t("g") | f("h");
        boolean r5 = t("i") ^ t("j");
        System.out.println("| " + r1 + r2 + r3 + r4 + r5 + " calls=" + calls);
        for (int i = -2; i <= 3; i++) System.out.print(classify(i) + " ");
        System.out.println();
        outer:
        for (int i = 0; i < 5; i++) {
            inner:
            for (int j = 0; j < 5; j++) {
                if (j == 3) continue outer;
                if (i == 3) break outer;
                if ((i + j) % 2 == 0) continue inner;
                System.out.print(i + "" + j + " ");
            }
        }
        System.out.println();
        int k = 0;
        do {
            k += 3;
        } while (k < 10);
        int w = 100;
        while (w > 1) w /= 3;
        System.out.println("k=" + k + " w=" + w);
        block:
        {
            if (k > 5) break block;
            System.out.println("not printed");
        }
        int count = 0;
        for (int i = 0, j = 10; i < j; i++, j--) count += j - i;
        System.out.println("count=" + count);
        long collatz = 27, steps = 0;
        while (collatz != 1) {
            collatz = (collatz & 1) == 0 ? collatz / 2 : 3 * collatz + 1;
            steps++;
        }
        System.out.println("collatz steps " + steps);
        System.out.println(finallyThrowOverrides() + " " + nestedFinally());
        // primes sieve
        boolean[] composite = new boolean[200];
        StringBuilder primes = new StringBuilder();
        for (int i = 2; i < composite.length; i++) {
            if (composite[i]) continue;
            primes.append(i).append(',');
            for (int m = i * i; m < composite.length; m += i) composite[m] = true;
        }
        System.out.println(primes);
        // nested ternaries with mixed boxing
        Integer boxedNull = null;
        Object mixed = true ? 1 : "s";
        long widened = false ? 1 : 2L;
        System.out.println(mixed + " " + widened + " " + (boxedNull == null ? "isnull" : "x") + " " + (char) (true ? 'x' : 0)
            + " " + (true ? 'y' : 0) + " " + (false ? 1.0f : 2) + " " + (true ? (Object) 'c' : 1));
        try {
            int bad = true ? boxedNull : 0;
            System.out.println(bad);
        } catch (NullPointerException e) {
            System.out.println("ternary unboxing NPE");
        }
        // integer loop with overflow
        int acc = 1;
        for (int i = 0; i < 40; i++) acc = acc * 31 + i;
        long lacc = 1;
        for (int i = 0; i < 80; i++) lacc = lacc * 1000003 ^ i;
        System.out.println("acc " + acc + " " + lacc);
        // fibonacci memo
        long[] fib = new long[93];
        fib[1] = 1;
        for (int i = 2; i < fib.length; i++) fib[i] = fib[i - 1] + fib[i - 2];
        System.out.println("fib92 " + fib[92] + " overflow " + (fib[92] + fib[91]));
        // string switch in loop with var
        var sb = new StringBuilder();
        for (var word : new String[] {"one", "two", "three", "four"}) {
            sb.append(switch (word.length()) { case 3 -> "short"; case 5 -> "long"; default -> "mid"; }).append(';');
        }
        System.out.println(sb);
        // assert disabled by default
        assert false : "assertions are disabled";
        System.out.println("assert skipped");
    }
}
