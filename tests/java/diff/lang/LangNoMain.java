package diff.lang;

// No suitable main method: the launcher's error and exit code 1.
public class LangNoMain {
    static { System.out.println("static init runs? (no: launcher validates first)"); }

    public void main(String[] args) {
        System.out.println("instance main is not a launcher entry point in 17");
    }
}
