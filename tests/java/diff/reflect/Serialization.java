package diff.reflect;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

// java.io serialization, the JDK's heaviest reflection user: serialization
// constructors (first non-serializable superclass), private
// writeObject/readObject hooks, transient and final fields set reflectively,
// records through their canonical constructor, enums, Externalizable,
// serialVersionUID computation, and the errors.
public class Serialization {
    static class Plain {
        int plainField = 5;
        Plain() { System.out.println("  Plain() ran"); }
    }

    static class Person extends Plain implements Serializable {
        private static final long serialVersionUID = 42L;
        final String name;
        int age;
        transient String cache = "cached";
        List<String> tags = new ArrayList<>();
        Person partner;
        Person(String name, int age) { this.name = name; this.age = age; }
        public String toString() { return name + "(" + age + ",cache=" + cache + ",tags=" + tags + ",plain=" + plainField + ")"; }
    }

    static class Hooked implements Serializable {
        private static final long serialVersionUID = 1L;
        int value;
        transient int derived;
        Hooked(int v) { value = v; derived = v * 2; }
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF("extra-" + value);
        }
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            derived = value * 2;
            System.out.println("  readObject hook read " + in.readUTF());
        }
        private Object readResolve() { return value == 99 ? INSTANCE : this; }
        static final Hooked INSTANCE = new Hooked(99);
    }

    record Point(int x, int y) implements Serializable {
        Point {
            System.out.println("  canonical ctor " + x + "," + y);
        }
    }

    enum Color { RED, GREEN }

    static class Ext implements Externalizable {
        String data;
        public Ext() { System.out.println("  Ext() public no-arg ctor"); }
        Ext(String d) { data = d; }
        public void writeExternal(ObjectOutput out) throws IOException { out.writeUTF(data); }
        public void readExternal(ObjectInput in) throws IOException { data = in.readUTF() + "!"; }
    }

    static class NoSuid implements Serializable {
        int a;
        String b;
        public void m() {}
    }

    static class NotSer { }

    static class HasNotSer implements Serializable {
        private static final long serialVersionUID = 7L;
        NotSer inner = new NotSer();
    }

    static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
            return in.readObject();
        }
    }

    public static void main(String[] args) throws Exception {
        Person a = new Person("ann", 30);
        Person b = new Person("bob", 31);
        a.partner = b;
        b.partner = a;
        a.tags.add("x");
        a.plainField = 77;
        System.out.println("person round trip:");
        Person a2 = (Person) roundTrip(a);
        System.out.println("  " + a2 + " partner " + a2.partner + " cycle kept " + (a2.partner.partner == a2));
        System.out.println("hooked round trip:");
        Hooked h = (Hooked) roundTrip(new Hooked(7));
        System.out.println("  value " + h.value + " derived " + h.derived);
        System.out.println("  readResolve singleton " + (roundTrip(Hooked.INSTANCE) == Hooked.INSTANCE));
        System.out.println("record round trip:");
        System.out.println("  " + roundTrip(new Point(3, 4)));
        System.out.println("enum round trip same constant " + (roundTrip(Color.GREEN) == Color.GREEN));
        System.out.println("externalizable round trip:");
        System.out.println("  data " + ((Ext) roundTrip(new Ext("payload"))).data);
        Map<String, int[]> map = new HashMap<>();
        map.put("k", new int[] {1, 2});
        @SuppressWarnings("unchecked")
        Map<String, int[]> map2 = (Map<String, int[]>) roundTrip(map);
        System.out.println("map round trip " + Arrays.toString(map2.get("k")));
        System.out.println("suids: Person " + ObjectStreamClass.lookup(Person.class).getSerialVersionUID()
                + " NoSuid " + ObjectStreamClass.lookup(NoSuid.class).getSerialVersionUID()
                + " Point " + ObjectStreamClass.lookup(Point.class).getSerialVersionUID()
                + " String " + ObjectStreamClass.lookup(String.class).getSerialVersionUID()
                + " ArrayList " + ObjectStreamClass.lookup(ArrayList.class).getSerialVersionUID());
        for (ObjectStreamField f : ObjectStreamClass.lookup(Person.class).getFields()) {
            System.out.println("  stream field " + f.getName() + " " + f.getTypeString() + " " + f.getTypeCode());
        }
        System.out.println("NotSer descriptor " + ObjectStreamClass.lookup(NotSer.class));
        try {
            roundTrip(new HasNotSer());
        } catch (NotSerializableException e) {
            System.out.println("not serializable: " + e.getMessage());
        }
        try {
            roundTrip(new Object());
        } catch (NotSerializableException e) {
            System.out.println("Object: " + e.getMessage());
        }
        try {
            roundTrip(new Serializable() {});
        } catch (Exception e) {
            System.out.println("anonymous: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
