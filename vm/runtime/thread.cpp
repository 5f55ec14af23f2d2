// JavaThread: the Java stack is one array of Slots of -Xss bytes. A frame
// is laid out as
//   [locals: max(max_locals, arg_slots)] [Frame record, rounded up to slots]
//   [operand stack: max_stack]
// and its locals begin at the caller's stack_top(), where the caller copied
// the arguments, so the arguments become the callee's first locals without
// another copy.
#include "vm/runtime/thread.h"

#include <pthread.h>

#include <algorithm>

#include "vm/runtime/monitor.h"
#include "vm/runtime/scheduler.h"

namespace minijvm {

const uint64_t JavaThread::kNoCallLog[3] = {0, 0, 0};

thread_local JavaThread* JavaThread::current_ = nullptr;

unsigned long current_os_thread() { return static_cast<unsigned long>(pthread_self()); }

uint32_t next_os_random() {
  static std::atomic<uint32_t> seed{1234567};
  uint32_t old = seed.load(std::memory_order_relaxed), next;
  do {
    next = static_cast<uint32_t>((uint64_t{16807} * old) % 2147483647u);
  } while (!seed.compare_exchange_weak(old, next, std::memory_order_relaxed));
  return next;
}

JavaThread::JavaThread(size_t stack_bytes) {
  hash_state[0] = next_os_random();
  size_t slots = std::max<size_t>(stack_bytes / sizeof(Slot), 64);
  // Not value-initialized: a frame writes its slots before anything reads
  // them, and a large stack (-Xss1g) then takes memory as it is used, as
  // HotSpot's thread stacks do, instead of being zeroed for every thread.
  stack_ = std::make_unique_for_overwrite<Slot[]>(slots + kInlinedFramesReserve / sizeof(Slot));
  stack_limit_ = stack_.get() + slots;
  if (sched::deterministic()) poll_word.store(kPollSched);
}

JavaThread::~JavaThread() {
  if (current_ == this) current_ = nullptr;
  forget_lock_owner(this);
}

// Never destroyed: at exit, daemon threads and the safepoint stress thread
// may still wait on them (destroying a condition variable with waiters
// blocks the exiting thread for good).
std::mutex& stop_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
std::condition_variable& stop_cv() {
  static auto* cv = new std::condition_variable;
  return *cv;
}

std::atomic<bool>& stop_all_requested() {
  static std::atomic<bool> requested{false};
  return requested;
}

ThreadState JavaThread::transition(ThreadState to) {
  ThreadState from = state.load(std::memory_order_relaxed);
  if (is_safepoint_safe(from) && !is_safepoint_safe(to)) {
    // Store, then look (sequentially consistent, against the requester's
    // set-the-bit-then-read-the-states): either the requester sees this
    // thread unsafe and waits for it, or this thread sees the stop and
    // goes back to being safe until it ends.
    for (;;) {
      state.store(to, std::memory_order_seq_cst);
      if ((poll_word.load(std::memory_order_seq_cst) & kPollStop) == 0) return from;
      std::unique_lock lock(stop_mutex());
      state.store(from, std::memory_order_seq_cst);
      stop_cv().notify_all();
      stop_cv().wait(lock, [&] { return (poll_word.load() & kPollStop) == 0; });
    }
  }
  state.store(to, std::memory_order_seq_cst);
  if (is_safepoint_safe(to) && !is_safepoint_safe(from) &&
      (poll_word.load(std::memory_order_seq_cst) & kPollStop) != 0) {
    std::lock_guard lock(stop_mutex());
    stop_cv().notify_all();
  }
  return from;
}

namespace {
ReturnBarrierHook g_return_barrier = nullptr;
}

void set_return_barrier_hook(ReturnBarrierHook hook) { g_return_barrier = hook; }

void JavaThread::return_barrier_hit(Frame* frame) { g_return_barrier(this, frame); }

}  // namespace minijvm
