package diff.reflect;

import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

// Orders HotSpot keeps from the class file: declared fields (and so public
// fields, through supertypes), inner classes, interfaces, record components,
// enum constants, type parameters, and parameter annotations.
public class DeclarationOrder {
    public interface I1 { int I1_A = 1; int I1_B = 2; }
    public interface I2 extends I1 { int I2_A = 3; }
    public static class Base implements I2 {
        public int zeta;
        public static int alpha;
        public String mid;
        public long beta;
    }
    public static class Fields extends Base implements I1, Comparable<Fields> {
        public int z;
        private int y;
        public static final String X = "x";
        protected double w;
        public Object v;
        int u;
        public int a;
        public int compareTo(Fields o) { return 0; }
        public class Zed {}
        public static class Alpha {}
        interface Mid {}
        enum Beta { B }
    }
    public record R(int zz, String aa, long mm) {}
    public enum E { ZULU, ALPHA, MIKE }

    public static void main(String[] args) {
        for (Field f : Fields.class.getDeclaredFields()) System.out.println("declared field " + f.getName());
        for (Field f : Fields.class.getFields()) System.out.println("public field " + f.getName() + " from " + f.getDeclaringClass().getSimpleName());
        for (Field f : Base.class.getFields()) System.out.println("Base public field " + f.getName());
        for (Class<?> c : Fields.class.getDeclaredClasses()) System.out.println("declared class " + c.getSimpleName());
        for (Class<?> c : Fields.class.getClasses()) System.out.println("public class " + c.getSimpleName());
        for (Class<?> c : DeclarationOrder.class.getDeclaredClasses()) System.out.println("outer declared class " + c.getSimpleName());
        System.out.println("interfaces " + Arrays.toString(Fields.class.getInterfaces()));
        System.out.println("generic interfaces " + Arrays.toString(Fields.class.getGenericInterfaces()));
        for (RecordComponent rc : R.class.getRecordComponents()) System.out.println("component " + rc.getName());
        for (Field f : R.class.getDeclaredFields()) System.out.println("record field " + f.getName());
        for (Field f : E.class.getDeclaredFields()) System.out.println("enum field " + f.getName());
        System.out.println("enum constants " + Arrays.toString(E.class.getEnumConstants()));
        for (Field f : Thread.class.getDeclaredFields()) System.out.print(f.getName() + " ");
        System.out.println();
        for (Field f : java.util.HashMap.class.getDeclaredFields()) System.out.print(f.getName() + " ");
        System.out.println();
        for (Class<?> c : java.util.HashMap.class.getDeclaredClasses()) System.out.print(c.getSimpleName() + " ");
        System.out.println();
        for (Class<?> c : Character.class.getDeclaredClasses()) System.out.print(c.getSimpleName() + " ");
        System.out.println();
        System.out.println(Arrays.toString(java.util.concurrent.ConcurrentHashMap.class.getInterfaces()));
    }
}
