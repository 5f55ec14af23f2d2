package diff.lib;

public class Groups {
    static class Parked extends Thread {
        final Object gate; String result = "none";
        Parked(ThreadGroup g, String name, Object gate) { super(g, name); this.gate = gate; }
        public void run() { synchronized (gate) { try { gate.wait(); } catch (InterruptedException e) { result = getName() + " interrupted in group " + getThreadGroup().getName(); } } }
    }

    public static void main(String[] args) throws Exception {
        ThreadGroup main = Thread.currentThread().getThreadGroup();
        System.out.println("main group=" + main.getName() + " parent=" + main.getParent().getName() + " parent.parent=" + main.getParent().getParent() + " maxPriority=" + main.getMaxPriority());
        ThreadGroup workers = new ThreadGroup("workers");
        ThreadGroup sub = new ThreadGroup(workers, "sub");
        System.out.println("workers parent=" + workers.getParent().getName() + " sub parent=" + sub.getParent().getName() + " parentOf=" + workers.parentOf(sub));
        Object gate = new Object();
        Parked[] ts = {new Parked(workers, "w1", gate), new Parked(workers, "w2", gate), new Parked(sub, "s1", gate)};
        for (Parked t : ts) t.start();
        for (Parked t : ts) while (t.getState() != Thread.State.WAITING) Thread.sleep(1);
        Thread[] found = new Thread[10];
        int n = workers.enumerate(found, true);
        java.util.Arrays.sort(found, 0, n, new java.util.Comparator<Thread>() { public int compare(Thread a, Thread b) { return a.getName().compareTo(b.getName()); } });
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append(found[i].getName()).append('@').append(found[i].getThreadGroup().getName()).append(' ');
        System.out.println("enumerate(recursive)=" + n + " " + sb.toString().trim() + " non-recursive=" + workers.enumerate(new Thread[10], false) + " activeGroups=" + workers.activeGroupCount());
        workers.interrupt();
        for (Parked t : ts) { t.join(); System.out.println(t.result); }
        System.out.println("after join enumerate=" + workers.enumerate(new Thread[10]));
        workers.setMaxPriority(3);
        Thread hi = new Thread(workers, "hi");
        hi.setPriority(9);
        System.out.println("clamped priority=" + hi.getPriority() + " group max=" + workers.getMaxPriority() + " sub max=" + sub.getMaxPriority());
    }
}
