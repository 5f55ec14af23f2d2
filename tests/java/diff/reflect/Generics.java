package diff.reflect;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

// Generic signatures through java.lang.reflect: Signature attributes of
// classes, fields and methods, parsed into ParameterizedType & co.
public class Generics {
    public interface Shape<T extends Number & Comparable<T>> {}

    public static class Box<T> implements Comparable<Box<T>>, Serializable {
        public T value;
        public List<? extends T> extendsList;
        public List<? super Integer> superList;
        public Map<String, List<T>> nested;
        public T[] array;
        public List<String>[] listArray;
        public List<?> unbounded;
        public int plain;
        public String str;

        public int compareTo(Box<T> o) { return 0; }

        public <U extends Comparable<? super U>> U max(List<? extends U> xs, Map.Entry<T, U> e) { return null; }

        public static <K, V extends List<K>> Map<K, V> make(K[] keys, V... values) { return null; }

        public <E extends Exception> void thrower() throws E, RuntimeException {}

        public Box(T initial) {}

        public <X> Box(X a, T b) {}
    }

    public static class IntBox extends Box<Integer> implements Shape<Integer> {
        public IntBox() { super(0); }
    }

    public static class Outer<A> {
        public class Inner<B> {
            public Outer<A>.Inner<B> self;
            public Map<A, B> map;
        }
    }

    public static abstract class StrList extends ArrayList<String> {}

    static String cat(Object... xs) {
        StringBuilder sb = new StringBuilder();
        for (Object x : xs) sb.append(x);
        return sb.toString();
    }

    static String describe(Type t) {
        if (t instanceof Class) return cat("Class[", ((Class<?>) t).getName(), "]");
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            StringBuilder sb = new StringBuilder("Param[raw=");
            sb.append(describe(p.getRawType())).append(" owner=");
            sb.append(p.getOwnerType() == null ? "null" : describe(p.getOwnerType()));
            sb.append(" args=");
            for (Type a : p.getActualTypeArguments()) sb.append(describe(a)).append(';');
            return sb.append(']').toString();
        }
        if (t instanceof TypeVariable) {
            TypeVariable<?> v = (TypeVariable<?>) t;
            StringBuilder sb = new StringBuilder("Var[");
            sb.append(v.getName()).append(" bounds=").append(Arrays.toString(v.getBounds()));
            Object d = v.getGenericDeclaration();
            sb.append(" decl=").append(d instanceof Class ? ((Class<?>) d).getSimpleName() : ((java.lang.reflect.Member) d).getName());
            return sb.append(']').toString();
        }
        if (t instanceof WildcardType) {
            WildcardType w = (WildcardType) t;
            return cat("Wild[upper=", Arrays.toString(w.getUpperBounds()), " lower=", Arrays.toString(w.getLowerBounds()), "]");
        }
        if (t instanceof GenericArrayType) {
            return cat("Array[", describe(((GenericArrayType) t).getGenericComponentType()), "]");
        }
        return cat("?", t);
    }

    static void show(String what, Type t) {
        System.out.println(cat(what, " = ", t.getTypeName()));
        System.out.println(cat("    ", describe(t)));
    }

    public static void main(String[] args) throws Exception {
        Class<?> box = Box.class;
        System.out.println(cat("Box type params ", Arrays.toString(box.getTypeParameters())));
        show("Box superclass", box.getGenericSuperclass());
        for (Type t : box.getGenericInterfaces()) show("Box interface", t);
        Field[] fields = box.getFields();
        Arrays.sort(fields, new Comparator<Field>() {
            public int compare(Field a, Field b) { return a.getName().compareTo(b.getName()); }
        });
        for (Field f : fields) {
            show(cat("field ", f.getName()), f.getGenericType());
            System.out.println(cat("    toGenericString ", f.toGenericString()));
        }
        Method max = box.getMethod("max", List.class, Map.Entry.class);
        System.out.println(cat("max ", max.toGenericString()));
        System.out.println(cat("max type params ", Arrays.toString(max.getTypeParameters())));
        show("max return", max.getGenericReturnType());
        for (Type t : max.getGenericParameterTypes()) show("max param", t);
        Method make = box.getMethod("make", Object[].class, List[].class);
        System.out.println(cat("make ", make.toGenericString()));
        show("make return", make.getGenericReturnType());
        for (Type t : make.getGenericParameterTypes()) show("make param", t);
        for (TypeVariable<Method> v : make.getTypeParameters()) show("make type param", v);
        Method thrower = box.getMethod("thrower");
        System.out.println(cat("thrower ", thrower.toGenericString()));
        for (Type t : thrower.getGenericExceptionTypes()) show("thrower throws", t);
        System.out.println(cat("ctor ", box.getConstructor(Object.class).toGenericString()));
        System.out.println(cat("ctor2 ", box.getConstructor(Object.class, Object.class).toGenericString()));
        for (Type t : box.getConstructor(Object.class, Object.class).getGenericParameterTypes()) show("ctor2 param", t);
        show("IntBox superclass", IntBox.class.getGenericSuperclass());
        for (Type t : IntBox.class.getGenericInterfaces()) show("IntBox interface", t);
        TypeVariable<?> st = Shape.class.getTypeParameters()[0];
        show("Shape T", st);
        for (Type b : st.getBounds()) show("Shape T bound", b);
        show("StrList super", StrList.class.getGenericSuperclass());
        Field self = Outer.Inner.class.getField("self");
        show("Inner.self", self.getGenericType());
        show("Inner.map", Outer.Inner.class.getField("map").getGenericType());
        System.out.println(cat("Inner type params ", Arrays.toString(Outer.Inner.class.getTypeParameters())));
        System.out.println(cat("Object super ", Object.class.getGenericSuperclass()));
        System.out.println(cat("int super ", int.class.getGenericSuperclass()));
        System.out.println(cat("String interfaces ", Arrays.toString(String.class.getGenericInterfaces())));
        System.out.println(cat("ArrayList super ", ArrayList.class.getGenericSuperclass()));
        System.out.println(cat("Box toGenericString ", box.toGenericString()));
        System.out.println(cat("Shape toGenericString ", Shape.class.toGenericString()));
        System.out.println(cat("Map.Entry toGenericString ", Map.Entry.class.toGenericString()));
        ParameterizedType p1 = (ParameterizedType) box.getField("nested").getGenericType();
        ParameterizedType p2 = (ParameterizedType) box.getField("nested").getGenericType();
        System.out.println(cat("param equals ", p1.equals(p2), " same hash ", p1.hashCode() == p2.hashCode()));
        TypeVariable<?> t1 = box.getTypeParameters()[0];
        System.out.println(cat("var equals ", t1.equals(((TypeVariable<?>) box.getField("value").getGenericType()))));
    }
}
