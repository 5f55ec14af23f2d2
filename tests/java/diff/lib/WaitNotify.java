package diff.lib;

import java.util.*;

public class WaitNotify {
    static class BoundedBuffer {
        private final int[] items; private int head, tail, count;
        BoundedBuffer(int cap) { items = new int[cap]; }
        synchronized void put(int v) throws InterruptedException {
            while (count == items.length) wait();
            items[tail] = v; tail = (tail + 1) % items.length; count++;
            notifyAll();
        }
        synchronized int take() throws InterruptedException {
            while (count == 0) wait();
            int v = items[head]; head = (head + 1) % items.length; count--;
            notifyAll();
            return v;
        }
    }

    static class Producer extends Thread {
        final BoundedBuffer buf; final int base, n;
        Producer(BoundedBuffer b, int base, int n) { super("producer-" + base); buf = b; this.base = base; this.n = n; }
        public void run() {
            try { for (int i = 0; i < n; i++) buf.put(base + i); buf.put(-1); } catch (InterruptedException e) { throw new RuntimeException(e); }
        }
    }

    static class Consumer extends Thread {
        final BoundedBuffer buf; final List<Integer> got = new ArrayList<>(); int producersLeft;
        Consumer(BoundedBuffer b, int producers) { super("consumer"); buf = b; producersLeft = producers; }
        public void run() {
            try {
                while (producersLeft > 0) { int v = buf.take(); if (v < 0) producersLeft--; else got.add(v); }
            } catch (InterruptedException e) { throw new RuntimeException(e); }
        }
    }

    // Strict alternation ping/pong through a shared turn variable.
    static class Turn { int turn; final StringBuilder log = new StringBuilder(); }
    static class Player extends Thread {
        final Turn t; final int me, rounds; final String word;
        Player(Turn t, int me, String word, int rounds) { this.t = t; this.me = me; this.word = word; this.rounds = rounds; }
        public void run() {
            for (int i = 0; i < rounds; i++) {
                synchronized (t) {
                    while (t.turn != me) { try { t.wait(); } catch (InterruptedException e) { return; } }
                    t.log.append(word).append(i).append(' ');
                    t.turn = (me + 1) % 3;
                    t.notifyAll();
                }
            }
        }
    }

    static class Sleeper extends Thread {
        String result = "none";
        Sleeper() { super("sleeper"); }
        public void run() {
            try { Thread.sleep(60000); result = "woke normally"; }
            catch (InterruptedException e) { result = "interrupted: " + e.getMessage() + ", flag now " + isInterrupted(); }
        }
    }

    static class Waiter extends Thread {
        final Object lock; String result;
        Waiter(Object lock) { super("waiter"); this.lock = lock; }
        public void run() {
            synchronized (lock) {
                try { lock.wait(); result = "notified"; } catch (InterruptedException e) { result = "wait interrupted"; }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        BoundedBuffer buf = new BoundedBuffer(3);
        Producer p1 = new Producer(buf, 1000, 200), p2 = new Producer(buf, 2000, 150);
        Consumer c = new Consumer(buf, 2);
        c.start(); p1.start(); p2.start();
        p1.join(); p2.join(); c.join();
        Collections.sort(c.got);
        long sum = 0; for (int v : c.got) sum += v;
        System.out.println("consumed " + c.got.size() + " sum=" + sum + " first=" + c.got.get(0) + " last=" + c.got.get(c.got.size() - 1));

        Turn t = new Turn();
        Player a = new Player(t, 0, "ping", 5), b = new Player(t, 1, "pong", 5), d = new Player(t, 2, "pang", 5);
        d.start(); b.start(); a.start();
        a.join(); b.join(); d.join();
        System.out.println(t.log.toString().trim());

        Sleeper s = new Sleeper();
        s.start();
        while (s.getState() != Thread.State.TIMED_WAITING) Thread.sleep(1);
        System.out.println("sleeper state=" + s.getState());
        s.interrupt();
        s.join();
        System.out.println("sleeper: " + s.result);

        Object lock = new Object();
        Waiter w = new Waiter(lock);
        w.start();
        while (w.getState() != Thread.State.WAITING) Thread.sleep(1);
        System.out.println("waiter state=" + w.getState());
        synchronized (lock) { lock.notify(); }
        w.join();
        System.out.println("waiter: " + w.result);
        Waiter w2 = new Waiter(lock);
        w2.start();
        while (w2.getState() != Thread.State.WAITING) Thread.sleep(1);
        w2.interrupt(); w2.join();
        System.out.println("waiter2: " + w2.result);

        long t0 = System.nanoTime();
        synchronized (lock) { lock.wait(30); }
        System.out.println("timed wait returned, elapsed>0: " + ((System.nanoTime() - t0) > 0));
        try { lock.notify(); } catch (IllegalMonitorStateException e) { System.out.println("IMSE: " + e.getMessage()); }
        try { lock.wait(); } catch (IllegalMonitorStateException e) { System.out.println("IMSE wait: " + e.getMessage()); }

        // nested + reentrant monitors
        synchronized (lock) { synchronized (lock) { synchronized (buf) { System.out.println("reentrant holdsLock=" + Thread.holdsLock(lock) + "," + Thread.holdsLock(buf)); } } }
        System.out.println("after holdsLock=" + Thread.holdsLock(lock));
        Thread daemon = new Thread("forever") { public void run() { Object o = new Object(); synchronized (o) { try { o.wait(); } catch (InterruptedException e) { } } } };
        daemon.setDaemon(true);
        daemon.start();
        System.out.println("daemon started, main exits: " + daemon.isDaemon());
    }
}
