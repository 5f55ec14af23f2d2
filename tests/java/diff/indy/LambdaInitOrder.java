package diff.indy;

import java.util.*;
import java.util.function.*;

/** When do classes named by lambdas and method references get initialized? (JVMS §5.5: on first real use.) */
public class LambdaInitOrder {
  static final List<String> LOG = new ArrayList<>();

  static class Ctor {
    static { LOG.add("Ctor <clinit>"); }

    Ctor() { LOG.add("Ctor()"); }
  }

  static class Stat {
    static { LOG.add("Stat <clinit>"); }

    static int twice(int x) {
      LOG.add("Stat.twice");
      return 2 * x;
    }
  }

  static class Field {
    static { LOG.add("Field <clinit>"); }

    static String value = "field-value";
  }

  static class Broken {
    static int n = 1 / zero();

    static int zero() { return 0; }

    static String make() { return "never"; }
  }

  interface WithDefault {
    Object INIT = log("WithDefault <clinit>");

    default String hello() { return "default hello"; }
  }

  static class Impl implements WithDefault {
    static { LOG.add("Impl <clinit>"); }
  }

  static Object log(String s) {
    LOG.add(s);
    return s;
  }

  static void step(String s) {
    LOG.add("-- " + s);
  }

  public static void main(String[] args) {
    step("create Ctor::new");
    Supplier<Ctor> mk = Ctor::new;
    step("invoke it");
    mk.get();
    mk.get();
    step("create Stat::twice");
    IntUnaryOperator tw = Stat::twice;
    step("invoke it");
    tw.applyAsInt(4);
    step("create lambda reading Field.value");
    Supplier<String> f = () -> Field.value;
    step("invoke it");
    f.get();
    step("create Impl::new and the default method reference");
    Supplier<Impl> mkImpl = Impl::new;
    Function<WithDefault, String> hello = WithDefault::hello;
    step("invoke them");
    String h = hello.apply(mkImpl.get());
    step("result " + h);
    step("create Broken::make");
    Supplier<String> broken = Broken::make;
    step("invoke it twice");
    for (int i = 0; i < 2; i++) {
      try {
        broken.get();
      } catch (ExceptionInInitializerError e) {
        LOG.add("ExceptionInInitializerError cause " + e.getCause());
      } catch (NoClassDefFoundError e) {
        LOG.add("NoClassDefFoundError " + e.getMessage() + " cause " + e.getCause());
      }
    }
    step("array constructor reference of an uninitialized class");
    IntFunction<Broken[]> arr = Broken[]::new;
    LOG.add("array length " + arr.apply(3).length);
    LOG.forEach(System.out::println);
  }
}
