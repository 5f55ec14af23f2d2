package diff.indy;

import java.util.*;
import java.util.function.*;

/** Private access between nestmates from lambdas and method references (JDK 11+ nest-based access). */
public class NestMates {
  private int secret = 42;
  private static String staticSecret = "static-secret";

  private int twice() { return secret * 2; }

  private static String shout(String s) { return s.toUpperCase() + "!"; }

  private NestMates() {}

  private NestMates(int s) { secret = s; }

  static class StaticNested {
    private String hidden = "nested-hidden";

    private String peek(NestMates outer) {
      Supplier<Integer> s = () -> outer.secret + outer.twice();
      return hidden + " sees " + s.get() + " and " + staticSecret;
    }
  }

  class Inner {
    private int innerPriv = 7;

    private IntSupplier sum() {
      return () -> secret + innerPriv;
    }
  }

  interface Visitor {
    String visit(NestMates n);
  }

  public static void main(String[] args) throws Exception {
    NestMates n = new NestMates();
    StaticNested sn = new StaticNested();
    System.out.println(sn.peek(n));
    System.out.println("outer reads nested private: " + sn.hidden);
    Inner in = n.new Inner();
    System.out.println("inner sum " + in.sum().getAsInt() + " innerPriv " + in.innerPriv);
    Function<String, String> sh = NestMates::shout;
    System.out.println(sh.apply("private static ref"));
    Supplier<NestMates> ctor = NestMates::new;
    IntFunction<NestMates> ctor1 = NestMates::new;
    System.out.println("private ctor refs " + ctor.get().secret + " " + ctor1.apply(5).secret);
    ToIntFunction<NestMates> tw = NestMates::twice;
    System.out.println("private instance unbound ref " + tw.applyAsInt(ctor1.apply(10)));
    Visitor v = new Visitor() {
      @Override public String visit(NestMates x) {
        x.secret++;
        return "anon visitor sees " + x.secret + " " + x.twice();
      }
    };
    System.out.println(v.visit(n));
    Visitor lv = x -> "lambda visitor sees " + (x.secret += 100);
    System.out.println(lv.visit(n));
    // Nest host and members reflection.
    System.out.println("nest host of Inner: " + Inner.class.getNestHost().getName());
    System.out.println("nest host of StaticNested: " + StaticNested.class.getNestHost().getName());
    System.out.println("isNestmateOf " + Inner.class.isNestmateOf(StaticNested.class) + " " + Inner.class.isNestmateOf(String.class));
    List<String> members = new ArrayList<>();
    for (Class<?> c : NestMates.class.getNestMembers()) members.add(c.getName());
    Collections.sort(members);
    System.out.println("nest members: " + members);
    // Private field update through a nested class loop.
    StaticNested[] arr = new StaticNested[3];
    for (int i = 0; i < arr.length; i++) {
      arr[i] = new StaticNested();
      arr[i].hidden = "h" + i;
    }
    StringBuilder sb = new StringBuilder();
    Arrays.stream(arr).map(s -> s.hidden).forEach(h -> sb.append(h).append(' '));
    System.out.println(sb.toString().trim());
    staticSecret = "changed";
    System.out.println(new StaticNested().peek(ctor1.apply(1)));
  }
}
