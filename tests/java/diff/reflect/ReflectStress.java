package diff.reflect;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

// Reflection under allocation pressure: repeated member lookups, invocation
// with boxing, annotation parsing, proxies and arrays while garbage piles up,
// so that collections happen in the middle of reflective calls.
public class ReflectStress {
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Tag { String value(); int[] nums() default {1, 2, 3}; }

    @Tag("stress")
    public static class Target {
        public long total;
        public String name = "t";
        @Tag("m") public long add(int a, long b, double c, String s) { total += a + b + (long) c + s.length(); return total; }
        public static Object make(Object[] parts) { return new ArrayList<>(List.of(parts)); }
    }

    public interface Sum { long sum(long a, int b); }

    public static void main(String[] args) throws Throwable {
        Target t = new Target();
        List<Object> keep = new ArrayList<>();
        long checksum = 0;
        for (int round = 0; round < 200; round++) {
            Method add = Target.class.getMethod("add", int.class, long.class, double.class, String.class);
            for (int i = 0; i < 20; i++) {
                checksum += (Long) add.invoke(t, i, (long) round, 0.5 * i, "abc" + i);
                keep.add(new byte[256]);
            }
            Tag tag = add.getAnnotation(Tag.class);
            checksum += tag.value().length() + tag.nums().length;
            Tag classTag = Target.class.getAnnotation(Tag.class);
            checksum += classTag.hashCode() % 1000;
            Field name = Target.class.getField("name");
            name.set(t, "name" + round);
            checksum += ((String) name.get(t)).length();
            Constructor<Target> ctor = Target.class.getConstructor();
            Target fresh = ctor.newInstance();
            checksum += fresh.name.length();
            Object arr = Array.newInstance(String.class, 3, 4);
            Array.set(Array.get(arr, 1), 2, "x" + round);
            checksum += ((String[][]) arr)[1][2].length();
            Sum s = (Sum) Proxy.newProxyInstance(ReflectStress.class.getClassLoader(), new Class<?>[] {Sum.class},
                    (p, m, a) -> (Long) a[0] + (Integer) a[1]);
            checksum += s.sum(round, 3);
            Object made = Target.class.getMethod("make", Object[].class).invoke(null, (Object) new Object[] {round, "r", 'c'});
            checksum += made.toString().length();
            checksum += Target.class.getDeclaredMethods().length + Target.class.getDeclaredFields().length;
            if (keep.size() > 2000) keep.clear();
            if (round % 40 == 0) System.out.println("round " + round + " checksum " + checksum + " total " + t.total);
        }
        System.out.println("final checksum " + checksum + " total " + t.total);
    }
}
