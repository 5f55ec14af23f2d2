package diff.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

// Identity hash codes under -XX:hashCode=2 (tests/java/jvmflags): every one
// is 1 on both VMs, so hash tables keyed by identity behave alike -- the
// iteration order of a HashSet of plain objects, a HashMap of them turned
// into tree bins, System.identityHashCode of arrays and of objects that
// override hashCode, and a hash that survives a collection.
public class IdentityHashes {
    static final class Named {
        final String name;
        Named(String name) { this.name = name; }
        @Override public String toString() { return name; }
    }

    public static void main(String[] args) {
        Object o = new Object();
        System.out.println("Object " + o.hashCode() + " again " + o.hashCode());
        System.out.println("array " + System.identityHashCode(new int[3]) + " string "
                + System.identityHashCode("overrides hashCode") + " null " + System.identityHashCode(null));
        Set<Named> set = new HashSet<>();
        for (int i = 0; i < 40; i++) set.add(new Named("n" + i));
        System.out.println("set of 40 in order: " + set);
        Map<Named, Integer> map = new HashMap<>();
        List<Named> keys = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Named k = new Named("k" + i);
            keys.add(k);
            map.put(k, i);
        }
        int sum = 0;
        for (Named k : keys) sum += map.get(k);
        map.remove(keys.get(7));
        System.out.println("map lookups " + sum + " size " + map.size() + " order " + map.keySet());
        System.gc();
        System.out.println("after gc " + o.hashCode() + " " + new Object().hashCode());
        System.out.println("toString " + o.toString().substring(o.toString().indexOf('@')));
    }
}
