package diff.apps;

import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;
import java.util.stream.*;

/**
 * A multi-threaded bank: accounts with ReentrantLocks, transfers run on an ExecutorService,
 * audit counters in atomics and a ConcurrentHashMap. Every printed value is independent of
 * thread interleaving (totals, sorted results, per-account sums computed from deterministic plans).
 */
public class BankSim {
  static final class InsufficientFunds extends Exception {
    InsufficientFunds(String msg) { super(msg); }
  }

  static final class Account {
    final int id;
    final String owner;
    private long balance;
    final ReentrantLock lock = new ReentrantLock();
    final AtomicInteger ops = new AtomicInteger();

    Account(int id, String owner, long balance) {
      this.id = id;
      this.owner = owner;
      this.balance = balance;
    }

    long balance() {
      lock.lock();
      try {
        return balance;
      } finally {
        lock.unlock();
      }
    }

    void deposit(long amount) {
      if (amount <= 0) throw new IllegalArgumentException("deposit must be positive: " + amount);
      lock.lock();
      try {
        balance += amount;
        ops.incrementAndGet();
      } finally {
        lock.unlock();
      }
    }

    void withdraw(long amount) throws InsufficientFunds {
      lock.lock();
      try {
        if (balance < amount) throw new InsufficientFunds("account " + id + " has " + balance + ", needs " + amount);
        balance -= amount;
        ops.incrementAndGet();
      } finally {
        lock.unlock();
      }
    }
  }

  record Transfer(int from, int to, long amount) {}

  record Result(Transfer t, boolean ok) {}

  static final class Bank {
    final List<Account> accounts = new ArrayList<>();
    final AtomicLong transfersOk = new AtomicLong();
    final AtomicLong transfersFailed = new AtomicLong();
    final LongAdder volume = new LongAdder();
    final ConcurrentHashMap<String, LongAdder> byOwner = new ConcurrentHashMap<>();

    Account open(String owner, long initial) {
      Account a = new Account(accounts.size(), owner, initial);
      accounts.add(a);
      return a;
    }

    /** Locks both accounts in id order: no deadlock. */
    boolean transfer(Transfer t) {
      Account a = accounts.get(t.from()), b = accounts.get(t.to());
      if (a == b) return false;
      Account first = a.id < b.id ? a : b, second = a.id < b.id ? b : a;
      first.lock.lock();
      try {
        second.lock.lock();
        try {
          a.withdraw(t.amount());
          b.deposit(t.amount());
          transfersOk.incrementAndGet();
          volume.add(t.amount());
          byOwner.computeIfAbsent(a.owner, k -> new LongAdder()).add(t.amount());
          return true;
        } catch (InsufficientFunds e) {
          transfersFailed.incrementAndGet();
          return false;
        } finally {
          second.lock.unlock();
        }
      } finally {
        first.lock.unlock();
      }
    }

    long total() { return accounts.stream().mapToLong(Account::balance).sum(); }
  }

  static List<Transfer> plan(long seed, int n, int accounts, long max) {
    Random r = new Random(seed);
    List<Transfer> out = new ArrayList<>();
    for (int i = 0; i < n; i++) out.add(new Transfer(r.nextInt(accounts), r.nextInt(accounts), 1 + r.nextInt((int) max)));
    return out;
  }

  public static void main(String[] args) throws Exception {
    String[] owners = {"ada", "bob", "cyd", "dee", "eve", "fay", "gus", "hal"};
    Bank bank = new Bank();
    for (int i = 0; i < 16; i++) bank.open(owners[i % owners.length], 1_000 + 250L * i);
    long initialTotal = bank.total();
    System.out.println("accounts " + bank.accounts.size() + " initial total " + initialTotal);
    bank.accounts.forEach(a -> System.out.printf("  #%02d %-4s %,8d%n", a.id, a.owner, a.balance()));

    // Phase 1: transfers that can never fail (amount 1, all balances large): every final balance is exact.
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Transfer> safe = plan(1, 4000, 16, 1).stream().map(t -> new Transfer(t.from(), t.to(), 1)).toList();
    List<Future<Boolean>> futures = new ArrayList<>();
    for (Transfer t : safe) futures.add(pool.submit(() -> bank.transfer(t)));
    long okCount = 0;
    for (Future<Boolean> f : futures) if (f.get()) okCount++;
    long[] expected = new long[16];
    for (int i = 0; i < 16; i++) expected[i] = 1_000 + 250L * i;
    for (Transfer t : safe) {
      if (t.from() != t.to()) {
        expected[t.from()] -= 1;
        expected[t.to()] += 1;
      }
    }
    System.out.println("phase 1: ok " + okCount + " self-transfers " + safe.stream().filter(t -> t.from() == t.to()).count()
        + " total " + bank.total() + " conserved " + (bank.total() == initialTotal));
    boolean allMatch = true;
    for (int i = 0; i < 16; i++) {
      long b = bank.accounts.get(i).balance();
      System.out.printf("  #%02d %,8d expected %,8d %s%n", i, b, expected[i], b == expected[i] ? "ok" : "MISMATCH");
      allMatch &= b == expected[i];
    }
    System.out.println("phase 1 balances exact: " + allMatch);

    // Phase 2: deposits and withdrawals by many threads via CompletableFuture; totals are exact.
    AtomicLong deposited = new AtomicLong();
    List<CompletableFuture<Void>> cfs = IntStream.range(0, 16).mapToObj(i -> CompletableFuture.runAsync(() -> {
      for (int k = 1; k <= 100; k++) {
        bank.accounts.get((i + k) % 16).deposit(k);
        deposited.addAndGet(k);
      }
    }, pool)).toList();
    CompletableFuture.allOf(cfs.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    System.out.println("phase 2: deposited " + deposited.get() + " total " + bank.total() + " expected " + (initialTotal + deposited.get()));
    for (int i = 0; i < 16; i++) {
      long sum = 0;
      for (int j = 0; j < 16; j++) for (int k = 1; k <= 100; k++) if ((j + k) % 16 == i) sum += k;
      expected[i] += sum;
    }
    System.out.println("phase 2 balances exact: " + IntStream.range(0, 16).allMatch(i -> bank.accounts.get(i).balance() == expected[i]));

    // Phase 3: random transfers that may fail; conservation of money is deterministic, counts of ok+failed too.
    bank.transfersOk.set(0);
    bank.transfersFailed.set(0);
    List<Transfer> risky = plan(7, 3000, 16, 3000).stream().filter(t -> t.from() != t.to()).toList();
    CountDownLatch done = new CountDownLatch(risky.size());
    for (Transfer t : risky) {
      pool.execute(() -> {
        try {
          bank.transfer(t);
        } finally {
          done.countDown();
        }
      });
    }
    System.out.println("phase 3 latch completed: " + done.await(60, TimeUnit.SECONDS));
    long before3 = initialTotal + deposited.get();
    System.out.println("phase 3: attempted " + risky.size() + " ok+failed " + (bank.transfersOk.get() + bank.transfersFailed.get())
        + " total conserved " + (bank.total() == before3) + " no negative balances "
        + bank.accounts.stream().allMatch(a -> a.balance() >= 0));

    // Phase 4: a sequential replay of the same risky plan on a fresh bank gives an exact, printable result.
    Bank replay = new Bank();
    for (int i = 0; i < 16; i++) replay.open(owners[i % owners.length], 1_000 + 250L * i);
    List<Result> results = risky.stream().map(t -> new Result(t, replay.transfer(t))).toList();
    System.out.println("replay: ok " + replay.transfersOk.get() + " failed " + replay.transfersFailed.get() + " volume " + replay.volume.sum());
    System.out.println("replay first failures: " + results.stream().filter(r -> !r.ok()).limit(5).map(Result::t).toList());
    replay.accounts.forEach(a -> System.out.printf("  #%02d %-4s %,8d ops %d%n", a.id, a.owner, a.balance(), a.ops.get()));
    Map<String, Long> sent = new TreeMap<>();
    replay.byOwner.forEach((k, v) -> sent.put(k, v.sum()));
    System.out.println("replay sent by owner " + sent);
    Map<String, Long> holdings = replay.accounts.stream().collect(Collectors.groupingBy(a -> a.owner, TreeMap::new, Collectors.summingLong(Account::balance)));
    System.out.println("replay holdings by owner " + holdings);
    Optional<Account> richest = replay.accounts.stream().max(Comparator.comparingLong(Account::balance).thenComparing(a -> -a.id));
    System.out.println("richest " + richest.map(a -> "#" + a.id + " " + a.owner + " " + a.balance()).orElse("none"));

    // Phase 5: invokeAll of interest computations, each on its own account (no sharing).
    List<Callable<String>> interest = new ArrayList<>();
    for (Account a : replay.accounts) {
      interest.add(() -> {
        long b = a.balance();
        long withInterest = b;
        for (int year = 0; year < 5; year++) withInterest += withInterest * 3 / 100;
        return String.format("#%02d %8d -> %8d", a.id, b, withInterest);
      });
    }
    for (Future<String> f : pool.invokeAll(interest)) System.out.println("  interest " + f.get());

    statements(replay, owners);

    // Phase 6: errors.
    try {
      replay.accounts.get(0).deposit(-5);
    } catch (IllegalArgumentException e) {
      System.out.println("error: " + e.getMessage());
    }
    try {
      replay.accounts.get(1).withdraw(1_000_000);
    } catch (InsufficientFunds e) {
      System.out.println("error: " + e.getMessage());
    }
    Future<?> failing = pool.submit(() -> {
      throw new IllegalStateException("audit failed");
    });
    try {
      failing.get();
    } catch (ExecutionException e) {
      System.out.println("error from task: " + e.getCause().getMessage());
    }
    // Read-write lock protected ledger.
    ReadWriteLock rw = new ReentrantReadWriteLock();
    List<String> ledger = new ArrayList<>();
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      final int id = w;
      writers.add(pool.submit(() -> {
        for (int i = 0; i < 25; i++) {
          rw.writeLock().lock();
          try {
            ledger.add("w" + id + ":" + i);
          } finally {
            rw.writeLock().unlock();
          }
        }
      }));
    }
    for (Future<?> f : writers) f.get();
    rw.readLock().lock();
    try {
      System.out.println("ledger entries " + ledger.size() + " sorted head " + ledger.stream().sorted().limit(4).toList());
    } finally {
      rw.readLock().unlock();
    }
    Semaphore sem = new Semaphore(2);
    AtomicInteger maxConcurrent = new AtomicInteger();
    AtomicInteger current = new AtomicInteger();
    List<Future<?>> limited = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      limited.add(pool.submit(() -> {
        sem.acquireUninterruptibly();
        try {
          maxConcurrent.accumulateAndGet(current.incrementAndGet(), Math::max);
          Thread.sleep(2);
          current.decrementAndGet();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          sem.release();
        }
      }));
    }
    for (Future<?> f : limited) f.get();
    System.out.println("semaphore respected: " + (maxConcurrent.get() <= 2));
    pool.shutdown();
    System.out.println("terminated " + pool.awaitTermination(30, TimeUnit.SECONDS));
  }

  enum Tier { BASIC, SILVER, GOLD, PLATINUM }

  record Statement(int account, String owner, long opening, long closing, Tier tier, long fee) {
    String line() {
      return String.format("#%02d %-4s %9d -> %9d  %-8s fee %4d  %s", account, owner, opening, closing, tier, fee,
          closing >= opening ? "+" + (closing - opening) : String.valueOf(closing - opening));
    }
  }

  static Tier tierOf(long balance) {
    if (balance >= 8_000) return Tier.PLATINUM;
    if (balance >= 3_000) return Tier.GOLD;
    if (balance >= 1_000) return Tier.SILVER;
    return Tier.BASIC;
  }

  /** Month-end statements computed in parallel from a sequential, deterministic replay. */
  static void statements(Bank replay, String[] owners) throws Exception {
    List<Statement> st = IntStream.range(0, replay.accounts.size()).parallel().mapToObj(i -> {
      Account a = replay.accounts.get(i);
      long opening = 1_000 + 250L * i;
      Tier tier = tierOf(a.balance());
      long fee = switch (tier) {
        case BASIC -> 25;
        case SILVER -> 10;
        case GOLD, PLATINUM -> 0;
      };
      return new Statement(a.id, a.owner, opening, a.balance() - fee, tier, fee);
    }).sorted(Comparator.comparingInt(Statement::account)).toList();
    st.forEach(x -> System.out.println("  " + x.line()));
    Map<Tier, Long> perTier = st.stream().collect(Collectors.groupingBy(Statement::tier, () -> new EnumMap<>(Tier.class), Collectors.counting()));
    System.out.println("accounts per tier " + perTier + " fees collected " + st.stream().mapToLong(Statement::fee).sum());
  }
}
