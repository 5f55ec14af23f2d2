package diff.lib;

public class MonitorStress {
    static class Mailbox {
        private Integer slot;
        synchronized void put(int v) throws InterruptedException { while (slot != null) wait(); slot = v; notifyAll(); }
        synchronized int take() throws InterruptedException { while (slot == null) wait(5); int v = slot; slot = null; notifyAll(); return v; }
    }
    static class Sender extends Thread {
        final Mailbox box; final int id, n;
        Sender(Mailbox box, int id, int n) { this.box = box; this.id = id; this.n = n; }
        public void run() { try { for (int i = 0; i < n; i++) box.put(id * 100000 + i); } catch (InterruptedException e) { } }
    }
    static class Receiver extends Thread {
        final Mailbox box; final int n; long sum; int count;
        Receiver(Mailbox box, int n) { this.box = box; this.n = n; }
        public void run() { try { for (int i = 0; i < n; i++) { sum += box.take(); count++; } } catch (InterruptedException e) { } }
    }
    static class Nested extends Thread {
        static final Object A = new Object(), B = new Object();
        static long total;
        final int id;
        Nested(int id) { this.id = id; }
        public void run() {
            for (int i = 0; i < 3000; i++) {
                synchronized (A) { synchronized (B) { synchronized (A) { total += id; } } }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Mailbox box = new Mailbox();
        Sender[] ss = new Sender[6];
        Receiver[] rs = new Receiver[3];
        for (int i = 0; i < rs.length; i++) { rs[i] = new Receiver(box, 600); rs[i].start(); }
        for (int i = 0; i < ss.length; i++) { ss[i] = new Sender(box, i + 1, 300); ss[i].start(); }
        for (Sender s : ss) s.join();
        long sum = 0; int count = 0;
        for (Receiver r : rs) { r.join(); sum += r.sum; count += r.count; }
        System.out.println("mailbox count=" + count + " sum=" + sum);
        Nested[] ns = new Nested[4];
        for (int i = 0; i < ns.length; i++) { ns[i] = new Nested(i + 1); ns[i].start(); }
        for (Nested n : ns) n.join();
        System.out.println("nested total=" + Nested.total);
        final Object o = new Object();
        final int[] woken = new int[1];
        Thread[] waiters = new Thread[5];
        for (int i = 0; i < waiters.length; i++) {
            waiters[i] = new Thread() { public void run() { synchronized (o) { try { o.wait(); woken[0]++; } catch (InterruptedException e) { } } } };
            waiters[i].start();
        }
        for (Thread w : waiters) while (w.getState() != Thread.State.WAITING) Thread.sleep(1);
        synchronized (o) { o.notify(); o.notify(); }
        while (true) { synchronized (o) { if (woken[0] == 2) break; } Thread.sleep(1); }
        System.out.println("after two notify: woken=" + woken[0]);
        synchronized (o) { o.notifyAll(); }
        for (Thread w : waiters) w.join();
        System.out.println("after notifyAll: woken=" + woken[0]);
    }
}
