package diff.lib;

import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;

public class Concurrent {
    static class Adder extends Thread {
        final AtomicInteger ai; final AtomicLong al; final ConcurrentHashMap<String, Integer> map; final CountDownLatch start, done; final int id;
        Adder(int id, AtomicInteger ai, AtomicLong al, ConcurrentHashMap<String, Integer> map, CountDownLatch start, CountDownLatch done) {
            this.id = id; this.ai = ai; this.al = al; this.map = map; this.start = start; this.done = done;
        }
        public void run() {
            try { start.await(); } catch (InterruptedException e) { return; }
            for (int i = 0; i < 2000; i++) {
                ai.incrementAndGet();
                al.addAndGet(i);
                String k = "k" + (i % 17);
                for (;;) {
                    Integer old = map.get(k);
                    if (old == null) { if (map.putIfAbsent(k, 1) == null) break; }
                    else if (map.replace(k, old, old + 1)) break;
                }
            }
            done.countDown();
        }
    }

    // Condition.await (and so blocking queues' take, CyclicBarrier, executors) goes through
    // ForkJoinPool.managedBlock, whose class initialization needs java.lang.invoke: left out.
    static class LockedCounter {
        final ReentrantLock lock = new ReentrantLock();
        int value;
        void add(int d) { lock.lock(); try { value += d; } finally { lock.unlock(); } }
    }

    static class LockUser extends Thread {
        final LockedCounter lc;
        LockUser(LockedCounter lc) { this.lc = lc; }
        public void run() { for (int i = 0; i < 1000; i++) lc.add(1); }
    }

    public static void main(String[] args) throws Exception {
        AtomicInteger ai = new AtomicInteger();
        AtomicLong al = new AtomicLong(5);
        ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1), done = new CountDownLatch(4);
        for (int i = 0; i < 4; i++) new Adder(i, ai, al, map, start, done).start();
        System.out.println("latch count before=" + done.getCount());
        start.countDown();
        done.await();
        System.out.println("ai=" + ai.get() + " al=" + al.get() + " latch=" + done.getCount());
        System.out.println("map=" + new TreeMap<>(map) + " size=" + map.size());
        System.out.println("cas: " + ai.compareAndSet(8000, 1) + " " + ai.compareAndSet(8000, 2) + " now=" + ai.get() + " getAndAdd=" + ai.getAndAdd(10) + " getAndSet=" + ai.getAndSet(-1) + " dec=" + ai.decrementAndGet());
        // AtomicReference, AtomicBoolean, AtomicIntegerArray, LongAdder and ConcurrentLinkedQueue
        // are built on VarHandles (java.lang.invoke, not supported before invokedynamic).
        System.out.println("atomicLong cas=" + al.compareAndSet(-1, 0) + " incAndGet=" + al.incrementAndGet() + " accumulate-free max=" + Math.max(al.get(), 7));

        LockedCounter lc = new LockedCounter();
        LockUser[] us = new LockUser[3];
        for (int i = 0; i < 3; i++) { us[i] = new LockUser(lc); us[i].start(); }
        for (LockUser u : us) u.join();
        System.out.println("locked value=" + lc.value + " held=" + lc.lock.isHeldByCurrentThread() + " tryLock=" + lc.lock.tryLock() + " holdCount=" + lc.lock.getHoldCount());
        lc.lock.unlock();

        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        rw.readLock().lock(); rw.readLock().lock();
        System.out.println("readers=" + rw.getReadLockCount() + " writeLocked=" + rw.isWriteLocked());
        rw.readLock().unlock(); rw.readLock().unlock();
        rw.writeLock().lock();
        System.out.println("writeLocked=" + rw.isWriteLocked() + " byMe=" + rw.isWriteLockedByCurrentThread());
        rw.writeLock().unlock();

        Semaphore sem = new Semaphore(2);
        System.out.println("sem acquire=" + sem.tryAcquire() + sem.tryAcquire() + sem.tryAcquire() + " avail=" + sem.availablePermits());
        sem.release(2);

        ConcurrentHashMap<Integer, String> chm = new ConcurrentHashMap<>();
        for (int i = 0; i < 50; i++) chm.put(i, "v" + i);
        chm.remove(10); chm.replace(11, "eleven");
        System.out.println("chm size=" + chm.size() + " get11=" + chm.get(11) + " contains=" + chm.containsKey(10) + " sorted keys sum=" + sumKeys(chm));
        CopyOnWriteArrayList<Integer> cow = new CopyOnWriteArrayList<>(Arrays.asList(3, 1, 2));
        for (Integer i : cow) cow.add(i * 10);
        System.out.println("cow=" + cow);
        LinkedBlockingQueue<Integer> lbq = new LinkedBlockingQueue<>(10);
        Thread prod = new Thread() { public void run() { try { for (int i = 0; i < 100; i++) lbq.put(i); lbq.put(-1); } catch (InterruptedException e) { } } };
        LinkedBlockingQueue<Integer> big = new LinkedBlockingQueue<>(200);
        Thread prod2 = new Thread() { public void run() { try { for (int i = 0; i < 100; i++) big.put(i); big.put(-1); } catch (InterruptedException e) { } } };
        prod2.start();
        prod2.join();
        long s = 0; int n = 0;
        for (;;) { int v = big.poll(); if (v < 0) break; s += v; n++; }
        System.out.println("blocking queue n=" + n + " sum=" + s);
        ArrayBlockingQueue<String> abq = new ArrayBlockingQueue<>(2);
        System.out.println("abq offer=" + abq.offer("a") + abq.offer("b") + abq.offer("c") + " poll timeout=" + new ArrayBlockingQueue<String>(1).poll(10, TimeUnit.MILLISECONDS));
        // a hand-made barrier on CountDownLatch (AQS shared mode parks through LockSupport)
        CountDownLatch gate = new CountDownLatch(3);
        AtomicInteger passed = new AtomicInteger();
        Thread[] bt = new Thread[3];
        for (int i = 0; i < 3; i++) { bt[i] = new Thread() { public void run() { gate.countDown(); try { gate.await(); passed.incrementAndGet(); } catch (InterruptedException e) { } } }; bt[i].start(); }
        for (Thread t : bt) t.join();
        System.out.println("gate passed=" + passed.get() + " await timeout=" + new CountDownLatch(1).await(5, TimeUnit.MILLISECONDS));
        ReentrantLock contended = new ReentrantLock();
        int[] shared = new int[1];
        Thread[] lt = new Thread[4];
        for (int i = 0; i < 4; i++) { lt[i] = new Thread() { public void run() { for (int k = 0; k < 3000; k++) { contended.lock(); try { shared[0]++; } finally { contended.unlock(); } } } }; lt[i].start(); }
        for (Thread t : lt) t.join();
        System.out.println("contended lock count=" + shared[0] + " locked=" + contended.isLocked());
        System.out.println("TimeUnit: " + TimeUnit.SECONDS.toMillis(3) + " " + TimeUnit.MILLISECONDS.toMicros(5) + " " + TimeUnit.HOURS.convert(180, TimeUnit.MINUTES));
    }

    static long sumKeys(ConcurrentHashMap<Integer, String> m) { long s = 0; for (Integer k : m.keySet()) s += k; return s; }
}
