package diff.lang;

// A class that overrides a final method (diff.gen.OverridesFinal, written
// by tests/java-gen: javac refuses it) fails to load with HotSpot's error;
// the class whose final method it is loads and runs.
public class LangFinalOverride {
  public static void main(String[] args) throws Exception {
    Object ok = Class.forName("diff.gen.HasFinal").getDeclaredConstructor().newInstance();
    System.out.println("loaded " + ok.getClass().getName());
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        Class.forName("diff.gen.OverridesFinal");
        System.out.println("loaded the overriding class");
      } catch (LinkageError e) {
        System.out.println(e);
      }
    }
  }
}
