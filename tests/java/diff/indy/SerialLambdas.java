package diff.indy;

import java.io.*;
import java.util.Comparator;
import java.util.function.Function;
import java.util.function.Supplier;

/** Serializable lambdas and intersection casts: LambdaMetafactory.altMetafactory. */
public class SerialLambdas {
  interface Marker {}

  interface Other {
    default String other() { return "other-default"; }
  }

  interface SerFunction<A, B> extends Function<A, B>, Serializable {}

  static byte[] serialize(Object o) throws IOException {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
      oos.writeObject(o);
    }
    return bos.toByteArray();
  }

  static Object deserialize(byte[] bytes) throws IOException, ClassNotFoundException {
    try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return ois.readObject();
    }
  }

  static String greet(String s) {
    return "greet " + s;
  }

  public static void main(String[] args) throws Exception {
    Runnable r = (Runnable & Serializable) () -> System.out.println("serializable runnable ran");
    r.run();
    System.out.println("is Serializable: " + (r instanceof Serializable));
    Runnable m = (Runnable & Marker) () -> System.out.println("marker runnable ran");
    m.run();
    System.out.println("is Marker: " + (m instanceof Marker) + ", is Serializable: " + (m instanceof Serializable));
    Runnable both = (Runnable & Marker & Serializable) () -> {};
    System.out.println("both: " + (both instanceof Marker) + " " + (both instanceof Serializable));
    Runnable withDefault = (Runnable & Other) () -> {};
    System.out.println("default through marker: " + ((Other) withDefault).other());

    String prefix = "pre-";
    int n = 3;
    Supplier<String> capt = (Supplier<String> & Serializable) () -> prefix + n;
    byte[] bytes = serialize(capt);
    System.out.println("serialized some bytes: " + (bytes.length > 100));
    @SuppressWarnings("unchecked")
    Supplier<String> back = (Supplier<String>) deserialize(bytes);
    System.out.println("deserialized supplier: " + back.get());
    System.out.println("same object: " + (back == capt));

    SerFunction<String, String> ref = SerialLambdas::greet;
    @SuppressWarnings("unchecked")
    Function<String, String> refBack = (Function<String, String>) deserialize(serialize(ref));
    System.out.println(refBack.apply("world"));

    SerFunction<String, Integer> unbound = String::length;
    @SuppressWarnings("unchecked")
    Function<String, Integer> ub = (Function<String, Integer>) deserialize(serialize(unbound));
    System.out.println("length via deserialized unbound ref: " + ub.apply("seven!!"));

    Comparator<String> cmp = (Comparator<String> & Serializable) (a, b) -> b.compareTo(a);
    @SuppressWarnings("unchecked")
    Comparator<String> cmpBack = (Comparator<String>) deserialize(serialize(cmp));
    System.out.println("reverse compare: " + Integer.signum(cmpBack.compare("a", "b")));

    // The SerializedLambda form written by writeReplace.
    java.lang.reflect.Method wr = capt.getClass().getDeclaredMethod("writeReplace");
    wr.setAccessible(true);
    java.lang.invoke.SerializedLambda sl = (java.lang.invoke.SerializedLambda) wr.invoke(capt);
    System.out.println("capturingClass " + sl.getCapturingClass());
    System.out.println("functionalInterfaceClass " + sl.getFunctionalInterfaceClass());
    System.out.println("functionalInterfaceMethod " + sl.getFunctionalInterfaceMethodName() + " "
        + sl.getFunctionalInterfaceMethodSignature());
    System.out.println("implClass " + sl.getImplClass());
    System.out.println("implMethod " + sl.getImplMethodName() + " " + sl.getImplMethodSignature());
    System.out.println("implMethodKind " + sl.getImplMethodKind());
    System.out.println("instantiatedMethodType " + sl.getInstantiatedMethodType());
    System.out.println("capturedArgCount " + sl.getCapturedArgCount());
    for (int i = 0; i < sl.getCapturedArgCount(); i++) System.out.println("  arg " + i + " = " + sl.getCapturedArg(i));

    // A non-serializable lambda cannot be serialized.
    Runnable plain = () -> {};
    try {
      serialize(plain);
      System.out.println("unexpected: serialized a plain lambda");
    } catch (NotSerializableException e) {
      System.out.println("NotSerializableException as expected");
    }
  }
}
