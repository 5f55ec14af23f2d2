package diff.lang;

public class LangSwitch {
    enum Color { RED, GREEN, BLUE, YELLOW }

    static String dense(int i) {
        switch (i) {
            case 0: return "zero";
            case 1: return "one";
            case 2:
            case 3: return "two-three";
            case 4: return "four";
            case 5: return "five";
            default: return "other";
        }
    }

    static String sparse(int i) {
        switch (i) {
            case -1000000: return "minus-million";
            case -1: return "minus-one";
            case 10: return "ten";
            case 1000: return "thousand";
            case Integer.MAX_VALUE: return "max";
            case Integer.MIN_VALUE: return "min";
            default: return "d" + i;
        }
    }

    static int fall(int i) {
        int r = 0;
        switch (i) {
            case 1: r += 1;
            case 2: r += 10;
            case 3: r += 100; break;
            case 4: r += 1000;
            default: r += 10000;
        }
        return r;
    }

    static String str(String s) {
        switch (s) {
            case "apple": return "fruit";
            case "carrot": return "veg";
            case "Aa": return "Aa!";
            case "BB": return "BB!";
            case "": return "empty";
            default: return "unknown:" + s;
        }
    }

    static String color(Color c) {
        switch (c) {
            case RED: return "warm";
            case BLUE: return "cold";
            default: return "meh-" + c.name().toLowerCase();
        }
    }

    static int arrow(Object o, int i) {
        int r = switch (i) {
            case 1, 2, 3 -> 10;
            case 4 -> {
                int t = i * i;
                yield t;
            }
            default -> -1;
        };
        return r;
    }

    static String arrowStr(String s) {
        return switch (s) {
            case "a", "b" -> "ab";
            case "Aa", "BB" -> "collide";
            default -> "def";
        };
    }

    static int enumExpr(Color c) {
        return switch (c) {
            case RED -> 1;
            case GREEN -> 2;
            case BLUE -> 3;
            case YELLOW -> 4;
        };
    }

    static String charSw(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u': return "vowel";
            case ' ': return "space";
            default: return Character.isDigit(c) ? "digit" : "cons";
        }
    }

    public static void main(String[] args) {
        for (int i = -2; i < 8; i++) System.out.println(i + " " + dense(i) + " " + fall(i) + " " + arrow(null, i));
        int[] sp = {-1000000, -1, 0, 10, 1000, Integer.MAX_VALUE, Integer.MIN_VALUE, 999};
        for (int i : sp) System.out.println(i + " " + sparse(i));
        String[] ss = {"apple", "carrot", "Aa", "BB", "", "banana", "a", "b", "APPLE"};
        for (String s : ss) System.out.println(s + " " + str(s) + " " + arrowStr(s));
        for (Color c : Color.values()) System.out.println(c + " " + color(c) + " " + enumExpr(c));
        for (char c : "hi 2u".toCharArray()) System.out.println(c + " " + charSw(c));
        try {
            str(null);
        } catch (NullPointerException e) {
            System.out.println("NPE on null string switch");
        }
        try {
            color(null);
        } catch (NullPointerException e) {
            System.out.println("NPE on null enum switch");
        }
        Byte bb = 3;
        switch (bb) {
            case 3: System.out.println("boxed byte 3"); break;
            default: System.out.println("boxed other");
        }
        long total = 0;
        for (int i = 0; i < 10000; i++) {
            switch (i % 7) {
                case 0: total += i; break;
                case 3: total -= i; break;
                case 6: total ^= i; break;
                default: total++;
            }
        }
        System.out.println("total " + total);
    }
}
