// Deterministic scheduling (-Xsched=deterministic[:quantum=N]): every Java
// thread runs as a Boost.Context fiber on the launcher's OS thread. A fiber
// runs until it has executed a quantum of bytecodes and reaches a poll, or
// until it blocks; then the next one runs, in the order the threads were
// started. Nothing else decides the interleaving, so two runs of a program
// with the same input execute the same bytecodes in the same order.
//
// Time is virtual: one executed bytecode is one nanosecond. System.nanoTime,
// currentTimeMillis (from 2025-01-01, epoch=MS or epoch=now) and timed waits
// read this clock, and when every fiber is blocked it jumps to
// the earliest deadline. A state in which every fiber is blocked with no
// deadline is a deadlock: the VM says so and exits (HotSpot would hang).
//
// Blocking points (monitors, wait, sleep, park, class loading and
// initialization, the Reference Handler) wait through sched::wait below,
// which is a condition-variable wait with real threads and a fiber switch
// here. Without -Xsched none of this costs more than a load of a flag.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace minijvm {
class JavaThread;
}

namespace minijvm::sched {

struct Options {
  uint64_t quantum = 10000;  // bytecodes a fiber runs before it yields at a poll
  // The virtual wall clock's start, in ms since 1970: by default a fixed
  // date, 2025-01-01 UTC (recent enough for programs that check the clock
  // is sane), so that programs seeded by the clock (ThreadLocalRandom)
  // repeat too; nullopt (epoch=now) takes the real time.
  std::optional<int64_t> epoch_ms = 1'735'689'600'000;
};

// Parses the text after "-Xsched=" ("deterministic[:quantum=N][,epoch=MS|now]"),
// or returns an error line.
std::optional<Options> parse_options(std::string_view text, std::string* error);

namespace detail {
[[gnu::visibility("hidden")]] extern bool g_deterministic;  // (libjvm.so's own: read directly)

// The record of the executed (thread, method) sequence (note_entry): how
// many entries, and a hash of them in order. Compiled code updates it in
// place (interp/jit/compiler.cpp, emit_note_entry), with the same step.
struct EntryRecord {
  uint64_t entries = 0;
  uint64_t hash = 0x6a09e667f3bcc908ull;
};
extern EntryRecord g_entry_record;
}  // namespace detail

// One entry's step of that hash: the entry is the word (Thread.tid << 32 |
// Method id); a multiply by an odd constant spreads it up, the shift folds
// the high half back down. One multiply, so that compiled calls can afford
// it inline.
inline constexpr uint64_t kEntryHashMultiplier = 0x9e3779b97f4a7c15ull;
inline constexpr uint64_t entry_hash_step(uint64_t hash, uint64_t word) {
  hash = (hash ^ word) * kEntryHashMultiplier;
  return hash ^ (hash >> 32);
}

// Whether the deterministic scheduler runs the Java threads.
inline bool deterministic() { return detail::g_deterministic; }
// Whether the caller is a fiber of the scheduler (not one of the VM's own
// OS threads, such as the profile writer's, which wait as usual).
bool in_fiber();

// Runs `body` as the first fiber and the others as they are started, until
// `body` returns; returns its result. If every fiber blocks for good,
// `on_deadlock` runs (on the launcher's stack) and its result is returned.
int run(const Options& options, std::function<int()> body, std::function<int()> on_deadlock);

// Starts `body` as a fiber that runs after every fiber started before it.
void spawn(std::function<void()> body, size_t stack_bytes);

// At a poll: lets the next fiber run if this one used up its quantum.
void at_poll(JavaThread* thread);
// Thread.yield and sleep(0): the next runnable fiber runs first (the OS
// thread yields without the scheduler).
void yield();

// Switches away until `ready()` holds or the virtual clock reaches
// `deadline_ns` (negative: no deadline). `ready` is evaluated by the
// scheduler with no lock held. Returns whether it was ready.
bool block(const std::function<bool()>& ready, int64_t deadline_ns);

// Records a method entry in the (thread, method) sequence, whose hash
// -Xlog:sched prints at exit: equal hashes, equal executions.
void note_entry(const JavaThread* thread, uint32_t method_id);
// The -Xlog:sched summary line (at exit, System.exit included).
void log_summary();

// The virtual clock: nanoseconds since the VM started, and the wall clock.
int64_t now_ns();
int64_t wall_clock_ns();  // since 1970
inline int64_t current_time_millis() { return wall_clock_ns() / 1'000'000; }

// --- waits that serve both modes --------------------------------------------------

// cv.wait(lock, pred).
template <class Mutex, class Pred>
void wait(std::unique_lock<Mutex>& lock, std::condition_variable& cv, Pred pred) {
  if (!deterministic() || !in_fiber()) {
    cv.wait(lock, pred);
    return;
  }
  while (!pred()) {
    lock.unlock();
    block(pred, -1);
    lock.lock();
  }
}

// cv.wait_for(lock, timeout, pred) with the timeout in nanoseconds (of the
// virtual clock under the scheduler). Returns pred().
template <class Mutex, class Pred>
bool wait_for_ns(std::unique_lock<Mutex>& lock, std::condition_variable& cv, int64_t timeout_ns,
                 Pred pred) {
  if (!deterministic() || !in_fiber()) {
    // Bounded so that now() + timeout cannot overflow (Object.wait(Long.MAX_VALUE)).
    constexpr int64_t kLongest = int64_t{1} << 60;
    return cv.wait_for(lock, std::chrono::nanoseconds(std::min(timeout_ns, kLongest)), pred);
  }
  int64_t deadline = now_ns() + timeout_ns;
  while (!pred()) {
    if (now_ns() >= deadline) return false;
    lock.unlock();
    block(pred, deadline);
    lock.lock();
  }
  return true;
}

}  // namespace minijvm::sched
