// Monitors. The mark word holds, when bit 0 is 0, the identity hash (bits
// 1..31, 0 = none yet) and a thin lock: the owning thread's lock_id (bits
// 32..55, 0 = free) and its entries beyond the first (bits 56..62). When
// bit 0 is 1 it holds a Monitor* that keeps the hash. A monitor lives as
// long as its object: the collector roots the objects of monitors in use
// and frees the monitors of objects it found dead.
//
// Most objects are only ever locked by one thread at a time: entering and
// leaving is then a compare-and-swap on the object's own mark word (the
// thin lock, as HotSpot's stack locks), and no Monitor is made (a malloc
// per locked object, and a separate cache line at every enter and exit:
// the monitor functions were about 7 % of Xalan's run with the JIT). A
// thread that finds the object thin-locked by another, that waits on it,
// or that nests more than 127 entries inflates it: a Monitor takes over
// the owner and count, and the owner's next exit, whose swap fails on the
// changed mark word, goes through it.
//
// Entering a free Monitor and leaving one nobody waits for take no lock:
// the owner is one atomic word, claimed by compare-and-swap and given up
// by a store, and only a thread that must block takes the monitor's mutex
// (a lock and an unlock on every enter and every exit were 8-9 % of
// Xalan's run). A thread about to block counts itself in `entering` before
// it looks at the owner, and an exit clears the owner before it looks at
// `entering` (both sequentially consistent): either the blocking thread
// sees the monitor free, or the exit sees it coming and wakes it under the
// mutex, so no wake-up is lost. Under the deterministic scheduler every
// enter and exit of a Monitor takes the mutex, as the hand-over to the
// longest waiter (release) needs; thin locks have no waiters to hand to.
#include "vm/runtime/monitor.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <list>
#include <mutex>
#include <vector>

#include "vm/runtime/exceptions.h"
#include "vm/runtime/object.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"
#include "vm/symbols.h"

namespace minijvm {

namespace {

struct Waiter {
  JavaThread* thread;
  bool notified = false;
};

struct Monitor {
  std::mutex mutex;
  std::condition_variable entry_cv;  // the monitor became free
  std::condition_variable wait_cv;   // notify / interrupt
  // Set by the thread that takes the monitor (or by the exit that hands
  // it over, under the deterministic scheduler: release) and cleared by
  // its owner (the file comment). A thread outside await_entry reads its
  // own ownership without the mutex: no other thread gives it the monitor
  // or takes it away meanwhile.
  std::atomic<JavaThread*> owner{nullptr};
  int64_t recursions = 0;      // entries beyond the first; the owner's alone
  std::list<Waiter*> waiters;  // the wait set, FIFO
  int32_t blocked = 0;         // threads waiting to enter or in wait()
  std::atomic<int32_t> entering{0};  // threads in await_entry
  // Under the deterministic scheduler, the threads waiting to enter, FIFO:
  // an exit hands the monitor to the first (see release). (A list, not a
  // deque: libstdc++'s deque allocates half a kilobyte when it is made,
  // and every object that is ever locked inflates a monitor.)
  std::list<JavaThread*> entry_queue;
  std::atomic<int32_t> hash{0};
  Object* object = nullptr;    // whose monitor this is
};

Monitor* as_monitor(uint64_t mark) { return reinterpret_cast<Monitor*>(mark & ~uint64_t{1}); }

using thin_lock::kCountMask, thin_lock::kCountOne, thin_lock::kCountShift, thin_lock::kOwnerMask,
    thin_lock::kOwnerShift;
// Past this many threads, threads lock through Monitors only.
constexpr uint32_t kMaxLockId = 0xFFFFFF;
uint32_t thin_owner(uint64_t mark) { return static_cast<uint32_t>((mark & kOwnerMask) >> kOwnerShift); }

// The threads by lock_id, for inflation to find a thin lock's owner.
struct LockOwners {
  std::mutex mutex;
  std::vector<JavaThread*> by_id{nullptr};  // id 0: none
};
LockOwners& lock_owners() {
  static auto* owners = new LockOwners();  // threads may end after exit()
  return *owners;
}

// `thread`'s lock_id, given on first use (ids are never reused, so a dead
// thread's id cannot name a new thread); 0 past kMaxLockId.
uint32_t lock_id(JavaThread* thread) {
  if (thread->lock_id != 0) return thread->lock_id;
  LockOwners& owners = lock_owners();
  std::lock_guard lock(owners.mutex);
  if (owners.by_id.size() > kMaxLockId) return 0;
  thread->lock_id = static_cast<uint32_t>(owners.by_id.size());
  owners.by_id.push_back(thread);
  return thread->lock_id;
}

JavaThread* thread_with_lock_id(uint32_t id) {
  if (id == 0) return nullptr;
  LockOwners& owners = lock_owners();
  std::lock_guard lock(owners.mutex);
  return id < owners.by_id.size() ? owners.by_id[id] : nullptr;
}

// HotSpot's hashCode=5: Marsaglia's xor-shift on the current thread's state
// (thread.h); a thread that is not a Java thread uses one shared state of
// its own.
uint32_t xor_shift_hash() {
  static uint32_t shared_state[4] = {1234567u, 842502087u, 0x8767u, 273326509u};
  static std::mutex shared_mutex;
  JavaThread* current = JavaThread::current();
  std::unique_lock<std::mutex> lock;
  if (current == nullptr) lock = std::unique_lock(shared_mutex);
  uint32_t* s = current != nullptr ? current->hash_state : shared_state;
  uint32_t t = s[0];
  t ^= t << 11;
  s[0] = s[1];
  s[1] = s[2];
  s[2] = s[3];
  uint32_t v = s[3];
  v = (v ^ (v >> 19)) ^ (t ^ (t >> 8));
  s[3] = v;
  return v;
}

// A new identity hash for `o`, as -XX:hashCode= says (VmOptions::hash_code):
// 31 bits, never 0, as HotSpot's get_next_hash makes them.
int32_t next_hash(const Object* o) {
  static std::atomic<uint32_t> sequence{0};
  const auto address = reinterpret_cast<uintptr_t>(o);
  uint64_t value;
  switch (vm().options.hash_code) {
    case 0: value = next_os_random(); break;
    case 1: {
      // Mode 1's word, which HotSpot renews at each safepoint: drawn once
      // here, and only in this mode (a draw moves the threads' seeds).
      static const uint32_t address_salt = next_os_random();
      value = (address >> 3) ^ (address >> 5) ^ address_salt;
      break;
    }
    case 2: value = 1; break;
    case 3: value = sequence.fetch_add(1, std::memory_order_relaxed) + 1; break;
    case 4: value = address; break;
    default: value = xor_shift_hash(); break;
  }
  auto h = static_cast<int32_t>(value & 0x7FFFFFFF);
  return h != 0 ? h : 0xBAD;
}

// Every inflated monitor, for the collector (monitor_roots_do,
// deflate_monitors).
struct MonitorList {
  std::mutex mutex;
  std::vector<Monitor*> all;
};
MonitorList& monitor_list() {
  static MonitorList* list = new MonitorList();
  return *list;
}

// The Monitor of `o`, made if it has none: it keeps the hash, and the owner
// and count of a thin lock (the swap fails if either changed meanwhile).
Monitor* inflate(Object* o) {
  uint64_t mark = o->mark().load(std::memory_order_acquire);
  for (;;) {
    if (mark & 1) return as_monitor(mark);
    auto* m = new Monitor();
    m->object = o;
    m->hash.store(static_cast<int32_t>((mark >> 1) & 0x7FFFFFFF));
    // A thread that ended holding a thin lock (forget_lock_owner) leaves it free.
    if (JavaThread* owner = thread_with_lock_id(thin_owner(mark)); owner != nullptr) {
      m->owner.store(owner);
      m->recursions = static_cast<int64_t>((mark & kCountMask) >> kCountShift);
    }
    uint64_t inflated = reinterpret_cast<uint64_t>(m) | 1;
    if (o->mark().compare_exchange_strong(mark, inflated, std::memory_order_acq_rel)) {
      MonitorList& list = monitor_list();
      std::lock_guard lock(list.mutex);
      list.all.push_back(m);
      return m;
    }
    delete m;  // lost the race; `mark` now holds the winner's value
  }
}

void throw_imse(JavaThread* thread) {
  throw_new(thread, intern("java/lang/IllegalMonitorStateException"),
            "current thread is not owner");
}

// A thread waiting for a monitor is blocked: a safepoint counts it as
// stopped. It enters the state holding the monitor's mutex (entering a safe
// state never waits) and leaves it after releasing the mutex, because
// leaving may wait for a safepoint to end and other threads need the mutex
// to get to theirs.

// java.lang.Thread.threadStatus while contending for a monitor:
// BLOCKED_ON_MONITOR_ENTER (ALIVE | 0x400), as HotSpot's
// JavaThreadBlockedOnMonitorEnterState, so Thread.getState() says BLOCKED.
class BlockedOnMonitorStatus {
 public:
  explicit BlockedOnMonitorStatus(JavaThread* t) : t_(t) {
    Object* to = t->thread_object;
    if (to == nullptr) return;
    field_ = lookup_field(to->klass(), intern("threadStatus"), intern("I"));
    if (field_ == nullptr) return;
    old_ = to->field<int32_t>(field_->offset);
    to->set_field<int32_t>(field_->offset, 0x0401);
  }
  ~BlockedOnMonitorStatus() {
    if (field_ != nullptr && t_->thread_object != nullptr) {
      t_->thread_object->set_field<int32_t>(field_->offset, old_);
    }
  }

 private:
  JavaThread* t_;
  FieldDesc* field_ = nullptr;
  int32_t old_ = 0;
};

// The monitor's owner gives it up (m->mutex held). Under the
// deterministic scheduler it goes straight to the thread that has waited
// longest to enter: fibers switch only at polls after a quantum, so a
// thread that releases and takes a monitor again in a loop would otherwise
// hold it at every switch whose phase in the loop repeats, and a thread
// contending for it would never get it (real threads do, by timing).
void release(Monitor* m) {
  m->recursions = 0;
  if (sched::deterministic() && !m->entry_queue.empty()) {
    m->owner.store(m->entry_queue.front());
    m->entry_queue.pop_front();
    m->entry_cv.notify_all();
    return;
  }
  m->owner.store(nullptr);
  if (m->entering.load() > 0) m->entry_cv.notify_one();
}

// The exit of the last entry, without the mutex: the owner is cleared, and
// only a thread counted in `entering` (the file comment) makes the exit
// take the mutex to wake it.
void release_unlocked(Monitor* m) {
  m->recursions = 0;
  m->owner.store(nullptr);
  if (m->entering.load() > 0) {
    std::lock_guard lock(m->mutex);
    m->entry_cv.notify_one();
  }
}

// Takes `m` for `thread` if it is free.
bool try_claim(Monitor* m, JavaThread* thread) {
  JavaThread* free = nullptr;
  return m->owner.compare_exchange_strong(free, thread);
}

// Waits until `thread` owns `m` (m->mutex held by `lock`): it is free, or
// (deterministic scheduler) an exit handed it over. (Under the scheduler a
// monitor is never free while threads wait to enter it.)
void await_entry(std::unique_lock<std::mutex>& lock, Monitor* m, JavaThread* thread) {
  m->entering.fetch_add(1);  // before the owner is read: the file comment
  if (try_claim(m, thread)) {
    // free (wait() re-entering after a notify, or an exit in between)
  } else if (sched::deterministic()) {
    m->entry_queue.push_back(thread);
    sched::wait(lock, m->entry_cv, [&] { return m->owner.load() == thread; });
  } else {
    sched::wait(lock, m->entry_cv, [&] { return try_claim(m, thread); });
  }
  m->entering.fetch_sub(1);
  m->recursions = 0;
}

}  // namespace

void forget_lock_owner(JavaThread* thread) {
  if (thread->lock_id == 0) return;
  LockOwners& owners = lock_owners();
  std::lock_guard lock(owners.mutex);
  owners.by_id[thread->lock_id] = nullptr;
}

void release_monitors_of(JavaThread* thread) {
  std::vector<Monitor*> owned;
  {
    MonitorList& list = monitor_list();
    std::lock_guard lock(list.mutex);
    for (Monitor* m : list.all) {
      if (m->owner.load(std::memory_order_relaxed) == thread) owned.push_back(m);
    }
  }
  for (Monitor* m : owned) {
    std::lock_guard lock(m->mutex);
    release(m);
  }
}

void monitor_enter(JavaThread* thread, Object* o) {
  const uint64_t id = lock_id(thread);
  uint64_t mark = o->mark().load(std::memory_order_relaxed);
  while (!(mark & 1) && id != 0) {
    uint32_t owner = thin_owner(mark);
    if (owner == 0) {
      if (o->mark().compare_exchange_weak(mark, mark | id << kOwnerShift, std::memory_order_acquire,
                                          std::memory_order_relaxed))
        return;
    } else if (owner == id && (mark & kCountMask) != kCountMask) {
      if (o->mark().compare_exchange_weak(mark, mark + kCountOne, std::memory_order_relaxed)) return;
    } else {
      break;  // another thread's (inflated to wait for it), or 127 entries deep
    }
  }
  Monitor* m = inflate(o);
  // Only this thread makes itself the owner, so the test needs no lock.
  if (m->owner.load(std::memory_order_relaxed) == thread) {
    ++m->recursions;
    return;
  }
  if (!sched::deterministic() && try_claim(m, thread)) {
    m->recursions = 0;
    return;
  }
  std::unique_lock lock(m->mutex);
  if (!try_claim(m, thread)) {
    ThreadState saved = thread->transition(ThreadState::kBlocked);
    ++m->blocked;
    {
      BlockedOnMonitorStatus status(thread);
      await_entry(lock, m, thread);
    }
    --m->blocked;
    lock.unlock();
    thread->transition(saved);
    return;
  }
  m->recursions = 0;
}

bool monitor_exit(JavaThread* thread, Object* o) {
  uint64_t mark = o->mark().load(std::memory_order_relaxed);
  while (!(mark & 1)) {
    if (thread->lock_id == 0 || thin_owner(mark) != thread->lock_id) {
      throw_imse(thread);
      return false;
    }
    uint64_t next = (mark & kCountMask) != 0 ? mark - kCountOne : mark & ~kOwnerMask;
    if (o->mark().compare_exchange_weak(mark, next, std::memory_order_release, std::memory_order_relaxed))
      return true;
  }
  std::atomic_thread_fence(std::memory_order_acquire);
  Monitor* m = as_monitor(mark);
  if (m->owner.load(std::memory_order_relaxed) != thread) {
    throw_imse(thread);
    return false;
  }
  if (m->recursions > 0) {
    --m->recursions;
    return true;
  }
  if (!sched::deterministic()) {
    release_unlocked(m);
    return true;
  }
  std::lock_guard lock(m->mutex);
  release(m);
  return true;
}

bool holds_lock(JavaThread* thread, Object* o) {
  uint64_t mark = o->mark().load(std::memory_order_acquire);
  if (!(mark & 1)) return thread->lock_id != 0 && thin_owner(mark) == thread->lock_id;
  return as_monitor(mark)->owner.load(std::memory_order_relaxed) == thread;
}

void monitor_wait(JavaThread* thread, Object* o, int64_t millis) {
  if (millis < 0) {
    throw_new(thread, intern("java/lang/IllegalArgumentException"), "timeout value is negative");
    return;
  }
  // A thin lock of this thread's is inflated: the wait set is the Monitor's.
  if (!holds_lock(thread, o)) {
    throw_imse(thread);
    return;
  }
  Monitor* m = inflate(o);
  std::unique_lock lock(m->mutex);
  if (m->owner != thread) {
    lock.unlock();
    throw_imse(thread);
    return;
  }
  if (thread->interrupted.exchange(false)) {
    lock.unlock();
    throw_new_no_message(thread, intern("java/lang/InterruptedException"));
    return;
  }
  Waiter self{thread};
  auto it = m->waiters.insert(m->waiters.end(), &self);
  int64_t saved = m->recursions;
  release(m);
  thread->waiting_monitor.store(m);
  ThreadState saved_state = thread->transition(ThreadState::kBlocked);
  ++m->blocked;
  {
    auto woken = [&] { return self.notified || thread->interrupted.load(); };
    if (millis == 0) {
      sched::wait(lock, m->wait_cv, woken);
    } else {
      constexpr int64_t kMaxMillis = INT64_MAX / 1'000'000;
      sched::wait_for_ns(lock, m->wait_cv, std::min(millis, kMaxMillis) * 1'000'000, woken);
    }
    if (!self.notified) m->waiters.erase(it);
    thread->waiting_monitor.store(nullptr);
    await_entry(lock, m, thread);
  }
  --m->blocked;
  m->recursions = saved;
  bool interrupted = !self.notified && thread->interrupted.exchange(false);
  lock.unlock();
  thread->transition(saved_state);
  if (interrupted) throw_new_no_message(thread, intern("java/lang/InterruptedException"));
}

void monitor_notify(JavaThread* thread, Object* o, bool all) {
  uint64_t mark = o->mark().load(std::memory_order_acquire);
  if (!(mark & 1)) {
    // Thin-locked: nobody waits (waiting inflates); not this thread's: IMSE.
    if (!holds_lock(thread, o)) throw_imse(thread);
    return;
  }
  Monitor* m = as_monitor(mark);
  std::unique_lock lock(m->mutex);
  if (m->owner != thread) {
    lock.unlock();
    throw_imse(thread);
    return;
  }
  while (!m->waiters.empty()) {
    m->waiters.front()->notified = true;
    m->waiters.pop_front();
    if (!all) break;
  }
  m->wait_cv.notify_all();
}

void interrupt_thread(JavaThread* thread) {
  thread->interrupted.store(true);
  if (auto* m = static_cast<Monitor*>(thread->waiting_monitor.load())) {
    std::lock_guard lock(m->mutex);
    m->wait_cv.notify_all();
  }
}

int32_t identity_hash(Object* o) {
  uint64_t mark = o->mark().load(std::memory_order_acquire);
  for (;;) {
    if (mark & 1) {
      Monitor* m = as_monitor(mark);
      int32_t h = m->hash.load();
      if (h != 0) return h;
      int32_t fresh = next_hash(o);
      if (m->hash.compare_exchange_strong(h, fresh)) return fresh;
      return h;
    }
    int32_t h = static_cast<int32_t>((mark >> 1) & 0x7FFFFFFF);
    if (h != 0) return h;
    int32_t fresh = next_hash(o);
    uint64_t with_hash =
        (mark & ~(uint64_t{0x7FFFFFFF} << 1)) | (static_cast<uint64_t>(fresh) << 1);
    if (o->mark().compare_exchange_weak(mark, with_hash, std::memory_order_acq_rel)) return fresh;
  }
}

void monitor_roots_do(const RootVisitor& visit) {
  MonitorList& list = monitor_list();
  std::lock_guard list_lock(list.mutex);
  for (Monitor* m : list.all) {
    std::lock_guard lock(m->mutex);
    if (m->owner != nullptr || m->blocked > 0 || !m->waiters.empty()) visit(&m->object);
  }
}

void deflate_monitors(const std::function<bool(Object*)>& is_live) {
  MonitorList& list = monitor_list();
  std::lock_guard list_lock(list.mutex);
  std::erase_if(list.all, [&](Monitor* m) {
    if (is_live(m->object)) return false;
    delete m;
    return true;
  });
}

}  // namespace minijvm
