package diff.lib;

import java.util.*;

public class Lists {
    static class ByLengthThenAlpha implements Comparator<String> {
        public int compare(String a, String b) {
            if (a.length() != b.length()) return a.length() - b.length();
            return a.compareTo(b);
        }
    }
    static class Desc implements Comparator<Integer> {
        public int compare(Integer a, Integer b) { return b.compareTo(a); }
    }

    public static void main(String[] args) {
        List<String> al = new ArrayList<>();
        String[] words = {"pear", "apple", "fig", "banana", "kiwi", "cherry", "date", "elderberry", "grape"};
        for (String w : words) al.add(w);
        System.out.println("al=" + al + " size=" + al.size());
        al.add(2, "lime");
        al.remove("kiwi");
        al.remove(0);
        System.out.println("after edits=" + al);
        System.out.println("indexOf fig=" + al.indexOf("fig") + " contains date=" + al.contains("date"));
        Collections.sort(al);
        System.out.println("sorted=" + al);
        Collections.sort(al, new ByLengthThenAlpha());
        System.out.println("byLen=" + al);
        Collections.reverse(al);
        System.out.println("reversed=" + al);
        Collections.shuffle(al, new Random(42));
        System.out.println("shuffled=" + al);
        System.out.println("max=" + Collections.max(al) + " min=" + Collections.min(al, new ByLengthThenAlpha()));
        List<String> sub = al.subList(1, 4);
        System.out.println("sub=" + sub);
        sub.clear();
        System.out.println("after sub clear=" + al);

        LinkedList<Integer> ll = new LinkedList<>();
        for (int i = 0; i < 10; i++) { if (i % 2 == 0) ll.addFirst(i); else ll.addLast(i); }
        System.out.println("ll=" + ll + " first=" + ll.getFirst() + " last=" + ll.getLast());
        ll.removeFirst(); ll.removeLast();
        System.out.println("ll trimmed=" + ll + " peek=" + ll.peek());
        ListIterator<Integer> li = ll.listIterator();
        while (li.hasNext()) {
            int idx = li.nextIndex();
            int v = li.next();
            if (v % 3 == 0) li.set(v * 100);
            else if (v == 5) li.remove();
            else if (idx == 1) li.add(-1);
        }
        System.out.println("ll after listIterator=" + ll);
        StringBuilder back = new StringBuilder();
        while (li.hasPrevious()) back.append(li.previous()).append(' ');
        System.out.println("backwards=" + back.toString().trim());
        Iterator<Integer> it = ll.descendingIterator();
        StringBuilder d = new StringBuilder();
        while (it.hasNext()) d.append(it.next()).append(',');
        System.out.println("desc=" + d);

        List<Integer> nums = new ArrayList<>();
        Random r = new Random(7);
        for (int i = 0; i < 30; i++) nums.add(r.nextInt(100));
        System.out.println("nums=" + nums);
        Collections.sort(nums, new Desc());
        System.out.println("desc sorted=" + nums);
        Collections.sort(nums);
        System.out.println("asc sorted=" + nums);
        System.out.println("binarySearch 50=" + Collections.binarySearch(nums, 50) + " of " + nums.get(10) + "=" + Collections.binarySearch(nums, nums.get(10)));
        System.out.println("frequency " + nums.get(0) + "=" + Collections.frequency(nums, nums.get(0)));
        Collections.rotate(nums, 5);
        System.out.println("rotated=" + nums);
        Collections.swap(nums, 0, 29);
        System.out.println("swapped=" + nums.get(0) + "," + nums.get(29));

        List<String> fixed = Arrays.asList("x", "y", "z");
        try { fixed.add("w"); } catch (UnsupportedOperationException e) { System.out.println("asList add: " + e.getClass().getName()); }
        fixed.set(1, "Y");
        System.out.println("fixed=" + fixed);
        List<String> um = Collections.unmodifiableList(new ArrayList<>(fixed));
        try { um.set(0, "q"); } catch (UnsupportedOperationException e) { System.out.println("unmodifiable set: " + e.getClass().getName()); }
        System.out.println("nCopies=" + Collections.nCopies(4, "ab") + " empty=" + Collections.emptyList() + " singleton=" + Collections.singletonList(9));

        int[] arr = {9, 3, 7, 1, 8, 2, 6, 4, 5, 0};
        Arrays.sort(arr);
        System.out.println("arr=" + Arrays.toString(arr) + " bs7=" + Arrays.binarySearch(arr, 7) + " bs11=" + Arrays.binarySearch(arr, 11));
        Integer[] boxed = {5, 3, 9, 1};
        Arrays.sort(boxed, new Desc());
        System.out.println("boxed=" + Arrays.toString(boxed));
        long[] la = new long[5];
        Arrays.fill(la, 77L);
        System.out.println("fill=" + Arrays.toString(la) + " eq=" + Arrays.equals(arr, arr.clone()) + " hash=" + Arrays.hashCode(arr));
        int[][] deep = {{1, 2}, {3}};
        System.out.println("deep=" + Arrays.deepToString(deep) + " copyOf=" + Arrays.toString(Arrays.copyOfRange(arr, 2, 12)));
        String[] sa = words.clone();
        Arrays.sort(sa, new ByLengthThenAlpha());
        System.out.println("sa=" + String.join("|", sa));
        try {
            Iterator<String> i2 = al.iterator();
            i2.next(); al.add("boom"); i2.next();
        } catch (ConcurrentModificationException e) { System.out.println("CME " + (e.getMessage() == null)); }
        System.out.println("hashCode list=" + al.hashCode() + " equals=" + al.equals(new ArrayList<>(al)));
    }
}
