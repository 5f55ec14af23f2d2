package diff.lang;

// The main class's own static initializer fails: the launcher loads it
// without initializing, and invoking main raises ExceptionInInitializerError.
public class LangMainInit {
    static int value;

    static {
        System.out.println("static init of main class");
        value = Integer.parseInt("12x".substring(0, 2));
        System.out.println("value " + value);
        if (value == 12) fail();
    }

    static void fail() {
        throw new IllegalStateException("main class init fails");
    }

    public static void main(String[] args) {
        System.out.println("main never runs");
    }
}
