package diff.lib;

import java.util.*;

public class Queues {
    static class Task implements Comparable<Task> {
        final int prio; final String name;
        Task(int p, String n) { prio = p; name = n; }
        public int compareTo(Task o) { return prio != o.prio ? Integer.compare(prio, o.prio) : name.compareTo(o.name); }
        public String toString() { return name + "@" + prio; }
    }
    static class MaxFirst implements Comparator<Integer> {
        public int compare(Integer a, Integer b) { return Integer.compare(b, a); }
    }

    public static void main(String[] args) {
        ArrayDeque<String> dq = new ArrayDeque<>();
        for (int i = 0; i < 20; i++) { if (i % 3 == 0) dq.offerFirst("f" + i); else dq.offerLast("l" + i); }
        System.out.println("dq=" + dq + " size=" + dq.size());
        System.out.println("pollFirst=" + dq.pollFirst() + " pollLast=" + dq.pollLast() + " peekFirst=" + dq.peekFirst() + " peekLast=" + dq.peekLast());
        dq.push("pushed");
        System.out.println("pop=" + dq.pop() + " removeFirstOccurrence=" + dq.removeFirstOccurrence("l10") + " dq=" + dq);
        Iterator<String> di = dq.descendingIterator();
        StringBuilder sb = new StringBuilder();
        while (di.hasNext()) sb.append(di.next()).append(' ');
        System.out.println("desc=" + sb.toString().trim());
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        String expr = "3 4 + 2 * 7 - 10 5 / +";
        for (String tok : expr.split(" ")) {
            switch (tok) {
                case "+": stack.push(stack.pop() + stack.pop()); break;
                case "*": stack.push(stack.pop() * stack.pop()); break;
                case "-": { int b = stack.pop(), a = stack.pop(); stack.push(a - b); break; }
                case "/": { int b = stack.pop(), a = stack.pop(); stack.push(a / b); break; }
                default: stack.push(Integer.parseInt(tok));
            }
        }
        System.out.println("rpn=" + stack.pop());

        PriorityQueue<Integer> pq = new PriorityQueue<>();
        Random r = new Random(99);
        for (int i = 0; i < 25; i++) pq.add(r.nextInt(500));
        StringBuilder out = new StringBuilder();
        while (!pq.isEmpty()) out.append(pq.poll()).append(' ');
        System.out.println("pq order=" + out.toString().trim());
        PriorityQueue<Integer> maxq = new PriorityQueue<>(new MaxFirst());
        for (int i = 0; i < 15; i++) maxq.offer((i * 37) % 23);
        StringBuilder o2 = new StringBuilder();
        for (int i = 0; i < 5; i++) o2.append(maxq.poll()).append(' ');
        System.out.println("top5=" + o2.toString().trim() + " remaining=" + maxq.size());
        PriorityQueue<Task> tasks = new PriorityQueue<>();
        tasks.add(new Task(3, "write")); tasks.add(new Task(1, "read")); tasks.add(new Task(2, "parse"));
        tasks.add(new Task(1, "open")); tasks.add(new Task(5, "close"));
        while (!tasks.isEmpty()) System.out.println("task " + tasks.poll());

        // Dijkstra on a small graph with a PriorityQueue of int[]
        int n = 8;
        int[][] w = new int[n][n];
        Random g = new Random(5);
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) w[i][j] = (i != j && g.nextInt(3) > 0) ? 1 + g.nextInt(20) : 0;
        int[] dist = new int[n];
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[0] = 0;
        PriorityQueue<long[]> q = new PriorityQueue<>(new Comparator<long[]>() {
            public int compare(long[] a, long[] b) { return Long.compare(a[0], b[0]); }
        });
        q.add(new long[]{0, 0});
        while (!q.isEmpty()) {
            long[] cur = q.poll();
            int u = (int) cur[1];
            if (cur[0] > dist[u]) continue;
            for (int v = 0; v < n; v++) if (w[u][v] > 0 && dist[u] + w[u][v] < dist[v]) { dist[v] = dist[u] + w[u][v]; q.add(new long[]{dist[v], v}); }
        }
        System.out.println("dist=" + Arrays.toString(dist));
        Queue<String> lq = new LinkedList<>();
        lq.offer("a"); lq.offer("b"); lq.offer("c");
        System.out.println("lq poll=" + lq.poll() + " peek=" + lq.peek() + " size=" + lq.size());
        try { new ArrayDeque<String>().removeFirst(); } catch (NoSuchElementException e) { System.out.println("NSEE " + e.getMessage()); }
        try { new ArrayDeque<String>().addFirst(null); } catch (NullPointerException e) { System.out.println("NPE on null"); }
    }
}
