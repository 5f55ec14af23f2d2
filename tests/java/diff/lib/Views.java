package diff.lib;

import java.util.*;

public class Views {
    static class Even implements Comparator<Integer> {
        public int compare(Integer a, Integer b) {
            int pa = a % 2 == 0 ? 0 : 1, pb = b % 2 == 0 ? 0 : 1;
            return pa != pb ? pa - pb : Integer.compare(a, b);
        }
    }

    public static void main(String[] args) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 20; i++) list.add(i * 7 % 20);
        Iterator<Integer> it = list.iterator();
        while (it.hasNext()) if (it.next() % 3 == 0) it.remove();
        System.out.println("after iterator.remove=" + list);
        ListIterator<Integer> li = list.listIterator(list.size());
        StringBuilder sb = new StringBuilder();
        while (li.hasPrevious()) { int idx = li.previousIndex(); int v = li.previous(); if (idx % 4 == 0) li.set(-v); sb.append(v).append(' '); }
        System.out.println("backwards=" + sb.toString().trim() + " list=" + list);
        list.sort(new Even());
        System.out.println("sorted evens first=" + list);

        Map<String, Integer> m = new TreeMap<>();
        String[] keys = {"one", "two", "three", "four", "five", "six", "seven", "eight"};
        for (int i = 0; i < keys.length; i++) m.put(keys[i], i + 1);
        m.keySet().remove("three");
        m.values().remove(8);
        Iterator<Map.Entry<String, Integer>> ei = m.entrySet().iterator();
        while (ei.hasNext()) { Map.Entry<String, Integer> e = ei.next(); if (e.getKey().startsWith("f")) ei.remove(); }
        System.out.println("map after view removals=" + m + " containsValue(2)=" + m.containsValue(2));

        HashMap<String, List<String>> groups = new HashMap<>();
        String[] words = {"tea", "eat", "ate", "tan", "nat", "bat", "tab", "abt", "cat"};
        for (String w : words) {
            char[] cs = w.toCharArray();
            Arrays.sort(cs);
            String k = new String(cs);
            List<String> g = groups.get(k);
            if (g == null) { g = new ArrayList<>(); groups.put(k, g); }
            g.add(w);
        }
        System.out.println("anagram groups=" + new TreeMap<>(groups));

        Set<String> lhs = new LinkedHashSet<>();
        for (String w : words) lhs.add(w.substring(0, 1));
        System.out.println("linkedHashSet=" + lhs);
        List<String> sync = Collections.synchronizedList(new ArrayList<String>());
        Collections.addAll(sync, "c", "a", "b");
        synchronized (sync) { Collections.sort(sync); }
        System.out.println("synchronizedList=" + sync + " disjoint=" + Collections.disjoint(sync, Arrays.asList("x", "y")) + " indexOfSubList=" + Collections.indexOfSubList(Arrays.asList(1, 2, 3, 2, 3), Arrays.asList(2, 3)) + " lastIndexOfSubList=" + Collections.lastIndexOfSubList(Arrays.asList(1, 2, 3, 2, 3), Arrays.asList(2, 3)));
        List<Object> checked = Collections.checkedList(new ArrayList<Object>(), Object.class);
        checked.add("ok");
        @SuppressWarnings({"unchecked", "rawtypes"})
        List<String> raw = (List) Collections.checkedList(new ArrayList<String>(), String.class);
        try { ((List) raw).add(42); } catch (ClassCastException e) { System.out.println("checked list CCE: " + e.getMessage()); }
        System.out.println("emptyMap=" + Collections.emptyMap() + " singletonMap=" + Collections.singletonMap("k", "v") + " emptySet=" + Collections.emptySet() + " reverseOrder=" + sortedWith(Collections.reverseOrder()));
        List<Integer> fill = new ArrayList<>(Collections.nCopies(5, 0));
        Collections.fill(fill, 9);
        Collections.copy(fill, Arrays.asList(1, 2));
        System.out.println("fill/copy=" + fill + " replaceAll=" + Collections.replaceAll(fill, 9, 8) + " " + fill);
        List<Integer> big = new ArrayList<>();
        for (int i = 0; i < 10000; i++) big.add((i * 7919) % 10007);
        Collections.sort(big);
        long s = 0; for (int i = 0; i < big.size(); i += 100) s += big.get(i);
        System.out.println("big sorted sample sum=" + s + " bs=" + Collections.binarySearch(big, 5000) + " uniq=" + new HashSet<>(big).size());
        Object[] arr = big.subList(0, 5).toArray();
        Integer[] typed = big.subList(5, 10).toArray(new Integer[0]);
        System.out.println("toArray=" + Arrays.toString(arr) + " typed=" + Arrays.toString(typed) + " class=" + typed.getClass().getSimpleName());
        NavigableMap<Integer, String> nm = new TreeMap<>();
        for (int i = 0; i < 10; i++) nm.put(i * 10, "v" + i);
        System.out.println("navigable floorEntry(35)=" + nm.floorEntry(35) + " ceilingEntry(35)=" + nm.ceilingEntry(35) + " headMap(30,true)=" + nm.headMap(30, true) + " descKeys=" + nm.descendingKeySet());
        Map<String, Integer> unmod = Collections.unmodifiableMap(new TreeMap<>(m));
        try { unmod.entrySet().iterator().next().setValue(0); } catch (UnsupportedOperationException e) { System.out.println("unmodifiable entry setValue rejected"); }
        List<Integer> ll = new LinkedList<>(Arrays.asList(5, 1, 4));
        ll.addAll(1, Arrays.asList(9, 9));
        System.out.println("linked addAll=" + ll + " lastIndexOf=" + ll.lastIndexOf(9) + " removeAll=" + ll.removeAll(Arrays.asList(9)) + " " + ll + " retain=" + ll.retainAll(Arrays.asList(1, 4, 7)) + " " + ll);
        Vector<String> v = new Vector<>(Arrays.asList("v1", "v2"));
        Enumeration<String> en = v.elements();
        StringBuilder es = new StringBuilder();
        while (en.hasMoreElements()) es.append(en.nextElement());
        Stack<Integer> st = new Stack<>();
        st.push(1); st.push(2); st.push(3);
        Hashtable<String, Integer> ht = new Hashtable<>();
        ht.put("a", 1); ht.put("b", 2);
        System.out.println("vector enum=" + es + " stack pop=" + st.pop() + " peek=" + st.peek() + " search=" + st.search(1) + " hashtable=" + new TreeMap<>(ht));
    }
    static List<String> sortedWith(Comparator<String> c) {
        List<String> l = new ArrayList<>(Arrays.asList("m", "z", "a"));
        Collections.sort(l, c);
        return l;
    }
}
