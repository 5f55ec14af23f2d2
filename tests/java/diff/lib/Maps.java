package diff.lib;

import java.util.*;

public class Maps {
    static class Rev implements Comparator<String> {
        public int compare(String a, String b) { return b.compareTo(a); }
    }

    public static void main(String[] args) {
        HashMap<String, Integer> hm = new HashMap<>();
        String text = "the quick brown fox jumps over the lazy dog the fox barks and the dog runs over the hill";
        for (String w : text.split(" ")) {
            Integer c = hm.get(w);
            hm.put(w, c == null ? 1 : c + 1);
        }
        System.out.println("hm=" + hm);
        System.out.println("size=" + hm.size() + " the=" + hm.get("the") + " cat=" + hm.get("cat") + " dflt=" + hm.getOrDefault("cat", -1));
        hm.remove("lazy");
        hm.putIfAbsent("cat", 42);
        hm.putIfAbsent("the", 99);
        System.out.println("keys=" + hm.keySet());
        System.out.println("values=" + hm.values());
        for (Map.Entry<String, Integer> e : hm.entrySet()) if (e.getValue() > 1) e.setValue(e.getValue() * 10);
        System.out.println("entries=" + hm.entrySet());

        TreeMap<String, Integer> tm = new TreeMap<>(hm);
        System.out.println("tm=" + tm);
        System.out.println("first=" + tm.firstKey() + " last=" + tm.lastKey() + " ceil(c)=" + tm.ceilingKey("c") + " floor(m)=" + tm.floorKey("m") + " higher(fox)=" + tm.higherKey("fox") + " lower(a)=" + tm.lowerKey("a"));
        System.out.println("head(f)=" + tm.headMap("f") + " tail(r)=" + tm.tailMap("r") + " sub=" + tm.subMap("b", true, "h", false));
        System.out.println("desc=" + tm.descendingMap());
        System.out.println("pollFirst=" + tm.pollFirstEntry() + " pollLast=" + tm.pollLastEntry() + " now=" + tm);
        TreeMap<String, String> rev = new TreeMap<>(new Rev());
        rev.put("alpha", "1"); rev.put("gamma", "3"); rev.put("beta", "2"); rev.put("delta", "4");
        System.out.println("rev=" + rev);

        HashMap<Integer, String> im = new HashMap<>();
        for (int i = 0; i < 200; i += 7) im.put(i * 31 % 101, "v" + i);
        System.out.println("im=" + im);
        LinkedHashMap<String, Integer> lhm = new LinkedHashMap<>();
        lhm.put("zeta", 1); lhm.put("alpha", 2); lhm.put("mid", 3); lhm.put("alpha", 4);
        System.out.println("lhm=" + lhm);
        LinkedHashMap<Integer, Integer> lru = new LinkedHashMap<Integer, Integer>(16, 0.75f, true) {
            protected boolean removeEldestEntry(Map.Entry<Integer, Integer> e) { return size() > 4; }
        };
        for (int i = 0; i < 8; i++) { lru.put(i, i * i); lru.get(i / 2); }
        System.out.println("lru=" + lru);

        HashSet<String> hs = new HashSet<>(Arrays.asList(text.split(" ")));
        System.out.println("hs=" + hs + " size=" + hs.size());
        TreeSet<String> ts = new TreeSet<>(hs);
        System.out.println("ts=" + ts);
        System.out.println("ts head=" + ts.headSet("fox") + " tail=" + ts.tailSet("over", false) + " ceiling=" + ts.ceiling("g") + " desc=" + ts.descendingSet());
        TreeSet<Integer> nums = new TreeSet<>();
        Random r = new Random(123);
        for (int i = 0; i < 40; i++) nums.add(r.nextInt(1000));
        System.out.println("nums=" + nums);
        System.out.println("first=" + nums.first() + " last=" + nums.last() + " subSet=" + nums.subSet(200, 600));
        Set<String> a = new TreeSet<>(Arrays.asList("a", "b", "c", "d"));
        Set<String> b = new TreeSet<>(Arrays.asList("c", "d", "e"));
        Set<String> u = new TreeSet<>(a); u.addAll(b);
        Set<String> in = new TreeSet<>(a); in.retainAll(b);
        Set<String> df = new TreeSet<>(a); df.removeAll(b);
        System.out.println("union=" + u + " inter=" + in + " diff=" + df);
        Map<String, Integer> um = Collections.unmodifiableMap(tm);
        try { um.put("x", 1); } catch (UnsupportedOperationException e) { System.out.println("unmodifiable map put rejected"); }
        EnumMap<Thread.State, Integer> em = new EnumMap<>(Thread.State.class);
        em.put(Thread.State.WAITING, 3); em.put(Thread.State.NEW, 1);
        System.out.println("enumMap=" + em + " enumSet=" + EnumSet.range(Thread.State.BLOCKED, Thread.State.TIMED_WAITING));
        IdentityHashMap<String, Integer> ihm = new IdentityHashMap<>();
        ihm.put("k", 1);
        System.out.println("ihm size=" + ihm.size() + " hashes=" + "hello".hashCode() + "," + Integer.valueOf(77).hashCode() + "," + Long.valueOf(1L << 40).hashCode() + "," + Double.valueOf(1.5).hashCode() + "," + Boolean.TRUE.hashCode());
        System.out.println("map hash=" + tm.hashCode() + " set hash=" + ts.hashCode());
    }
}
