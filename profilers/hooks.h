// What the interpreter calls (DESIGN.md: it talks to profilers only through
// this header). Every entry point is guarded by recording(): one relaxed
// load. The interpreter instantiates its loop several times (interp/loop.inc)
// so that the loop without profiling has no hook at all; these calls sit only
// in the profiled one and in slow paths. Allocations need no hook here: the
// session observes the heap itself (vm/runtime/heap.h), so that the VM's
// allocations count too.
#pragma once

#include <atomic>
#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

#include "profilers/cct/cct_tree.h"
#include "vm/result.h"
#include "vm/runtime/frame.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/thread.h"

namespace minijvm::prof {

// The events a profiler declares (Profiler::events); the interpreter skips
// a hook no configured profiler asked for.
enum Event : uint32_t {
  kMethodEntry = 1u << 0,
  kMethodExit = 1u << 1,
  kBytecodes = 1u << 2,
  kAllocations = 1u << 3,
  kThreads = 1u << 4,
  kExceptions = 1u << 5,
};

// Where a poll is (interp/poll.h): samplers of calls take their samples at
// method entries, stack samplers at any poll.
// kAnywhere is no poll: the instruction a tick lands on, in the async loop.
enum class PollKind : uint8_t { kEntry, kBackedge, kReturn, kAnywhere };

// (Hidden: libjvm.so's own, read by the interpreter's hooks without a load
// of their address first.)
namespace detail {
[[gnu::visibility("hidden")]] inline std::atomic<bool> g_recording{false};
[[gnu::visibility("hidden")]] inline std::atomic<uint32_t> g_events{0};  // the union of the profilers' events
// A sampler runs on the bytecode clock: executed bytecodes are counted.
[[gnu::visibility("hidden")]] inline std::atomic<bool> g_counting{false};
// -profile=async records: the interpreter's async loop runs.
[[gnu::visibility("hidden")]] inline std::atomic<bool> g_async{false};
// A sampler of the run is on the bytecode clock or samples anywhere (set
// when the session is configured, before anything is compiled): the
// threads' bytecode counts are read, and compiled code keeps them.
[[gnu::visibility("hidden")]] inline std::atomic<bool> g_clock_configured{false};
// A sampler of any clock is configured for the run (set with the session,
// before anything is compiled): it takes samples at polls.
[[gnu::visibility("hidden")]] inline std::atomic<bool> g_sampler_configured{false};
// One profiler counts bytecodes, through Frame::bytecode_counter.
[[gnu::visibility("hidden")]] inline std::atomic<bool> g_direct_bytecodes{false};
// The frame slot of the exact CCT when it is the only profiler with events
// and its calls can be recorded inline (enter()); -1 otherwise.
[[gnu::visibility("hidden")]] inline std::atomic<int> g_inline_cct_slot{-1};
// That profiler's slot in JavaThread::profiler_data: the thread's tree.
[[gnu::visibility("hidden")]] inline std::atomic<int> g_inline_cct_tree_slot{-1};
// How many of Frame::profiler_slots the run's profilers use (the first
// ones): the others stay unread.
[[gnu::visibility("hidden")]] inline std::atomic<int> g_frame_slots{0};
}  // namespace detail

#ifdef MINIJVM_NO_PROFILER_HOOKS
// A build without hooks (CMake -DMINIJVM_PROFILER_HOOKS=OFF): nothing ever
// records, so the compiler drops every hook and the profiled loop is dead
// code. The baseline of bench/hooks_cost.sh; -profile= is refused.
constexpr bool recording() { return false; }
constexpr bool recording(Event) { return false; }
constexpr bool counting() { return false; }
constexpr bool async_sampling() { return false; }
constexpr bool clock_configured() { return false; }
constexpr bool sampler_configured() { return false; }
#else
// Whether any profiler is recording now.
inline bool recording() { return detail::g_recording.load(std::memory_order_relaxed); }
// Whether a profiler is recording and asked for `event`.
inline bool recording(Event event) {
  return recording() && (detail::g_events.load(std::memory_order_relaxed) & event) != 0;
}
// Whether the interpreter must count executed bytecodes (its counting loop):
// a profiler records events, or a sampler runs on the bytecode clock.
inline bool counting() { return recording() || detail::g_counting.load(std::memory_order_relaxed); }
// Whether a sampler of the run reads the threads' bytecode counts (the
// bytecode clock, or -profile=async), from configuration on.
inline bool clock_configured() { return detail::g_clock_configured.load(std::memory_order_relaxed); }
// Whether a sampler of any clock is configured for the run.
inline bool sampler_configured() { return detail::g_sampler_configured.load(std::memory_order_relaxed); }
// Whether a sampler takes ticks at any instruction (the async loop).
inline bool async_sampling() { return detail::g_async.load(std::memory_order_relaxed); }
#endif

void method_entry(JavaThread* thread, Frame* frame);
void method_exit(JavaThread* thread, Frame* frame, bool by_exception);
void bytecodes(JavaThread* thread, Frame* frame, uint64_t count);

// The interpreter's report of `count` bytecodes executed in `frame` while a
// profiler records. When the one profiler that counts them keeps the
// frame's counter in Frame::bytecode_counter (the exact CCT's: its call
// log's pending count), they go there with no call at all; otherwise
// through bytecodes().
inline void add_bytecodes(JavaThread* thread, Frame* frame, uint64_t count) {
  if (detail::g_direct_bytecodes.load(std::memory_order_relaxed)) {
    // (A frame pushed by code without counting has no counter written.)
    if (!frame->uncounted && frame->bytecode_counter != nullptr) *frame->bytecode_counter += count;
  } else {
    bytecodes(thread, frame, count);
  }
}

// A call of `method` into `frame` (pushed; `caller` is frame->caller, at
// the invoke at `site`, its bci), from the interpreter or compiled counting
// code's helpers, after `count` bytecodes of the caller not yet reported:
// add_bytecodes for the caller, then method_entry, with the exact CCT's
// common case done here. When cct or bcount is the run's only profiler
// with events (the session decides), the call is a word appended to the
// thread's call log (profilers/cct/call_log.h) with the caller's bytecodes
// -- the log's pending count plus `count` --, and the frame is marked
// counted (its slot its context word: context_word), its bytecodes going
// to the log's pending count: no context is looked up here, the tree
// builder does that. Inline is only the call of a counted caller that is
// not hidden (its counter the log's pending count) into a log with room,
// with a count and an id that fit the word; anything else -- a caller with
// no context, a hidden one, a full chunk, a count or id too large, several
// profilers -- takes enter_general, which logs the same. (The interpreter
// passes the caller and method it holds, not loaded again from the frame
// it has just written.)
// Whether a call of `method` after `pending` bytecodes of its caller fits
// one word of `log`, and the log has room for it.
inline bool call_fits(const call_log::LogCursor& log, const Method* method, uint64_t pending) {
  return log.next < log.end && pending <= call_log::kMaxCallCount &&
         method->id <= call_log::kMaxShortMethod;
}
// Appends that call's word to the log of `tree` (`rooted`: the callee
// hangs under the thread's root) and marks `frame`, the callee's, counted:
// its profiler slot `slot` its context word, its bytecodes the log's
// pending count.
inline void log_call(ThreadTree& tree, bool rooted, Frame* frame, int slot, const Method* method,
                     int32_t site, uint64_t pending) {
  call_log::put(tree.log, call_log::call(rooted, method->id, site, pending));
  tree.log.pending = 0;
  frame->profiler_slots[slot] = context_word(&tree, method->is_hidden);
  frame->bytecode_counter = &tree.log.pending;
}
void enter_general(JavaThread* thread, Frame* caller, Frame* frame, const Method* method,
                   int32_t site, uint64_t count);
inline void enter(JavaThread* thread, Frame* caller, Frame* frame, const Method* method,
                  int32_t site, uint64_t count = 0) {
  const int slot = detail::g_inline_cct_slot.load(std::memory_order_relaxed);
  if (slot >= 0) {
    void* caller_word = caller->profiler_slot(slot);
    if (caller_word != nullptr && !hidden_in(caller_word)) [[likely]] {
      auto* tree = static_cast<ThreadTree*>(caller_word);
      assert(caller->bytecode_counter == &tree->log.pending);
      const uint64_t pending = tree->log.pending + count;
      if (call_fits(tree->log, method, pending)) [[likely]] {
        log_call(*tree, false, frame, slot, method, site, pending);
        return;
      }
    }
  }
  enter_general(thread, caller, frame, method, site, count);
}
// The same, for a caller that may be native or absent (the site is its
// bci), its bytecodes reported already.
inline void enter(JavaThread* thread, Frame* frame) {
  Frame* caller = frame->caller;
  if (caller == nullptr || caller->pc == nullptr) {
    method_entry(thread, frame);
    return;
  }
  enter(thread, caller, frame, frame->method, static_cast<int32_t>(caller->pc - caller->method->code));
}

// The return or unwind of `frame` after `count` bytecodes of it not yet
// reported: add_bytecodes, then method_exit, with the exact CCT's common
// case done here as in enter(): a counted frame's return is a word of its
// thread's log, with the log's pending count plus `count` (a counted
// frame's counter is that pending count). Anything else takes
// leave_general.
void leave_general(JavaThread* thread, Frame* frame, bool by_exception, uint64_t count);
inline void leave(JavaThread* thread, Frame* frame, bool by_exception, uint64_t count = 0) {
  const int slot = detail::g_inline_cct_slot.load(std::memory_order_relaxed);
  if (slot >= 0) {
    if (void* word = frame->profiler_slot(slot)) [[likely]] {
      call_log::LogCursor& log = tree_in(word)->log;
      assert(frame->bytecode_counter == &log.pending);
      const uint64_t pending = log.pending + count;
      if (log.next < log.end && pending <= call_log::kMaxReturnCount) [[likely]] {
        call_log::put(log, call_log::return_of(frame->method->id, pending));
        log.pending = 0;
        return;
      }
    }
  }
  leave_general(thread, frame, by_exception, count);
}

// An exception is thrown at, or propagates through, the instruction at
// frame->pc (once per frame it passes, the catching one included).
void exception(JavaThread* thread, Frame* frame);
// A thread leaves the VM, on its own OS thread (Profiler::thread_end).
void thread_end(JavaThread* thread);
// Appends the return of a frame of the method whose id is `method` to the
// log of `tree`, its thread's, with the log's pending bytecodes: compiled
// code's path when its own does not fit (profilers/cct/call_log.h).
void log_return(ThreadTree& tree, uint32_t method);
// Appends the log's pending bytecodes of `tree` as a word of their own
// (kCount), if there are any: compiled code's bound on the count it keeps
// in a register (interp/jit/compiler.cpp, kCountBound).
void log_pending(ThreadTree& tree);

// --- sampling (profilers/sampling/) ------------------------------------------------

// The poll slow path found kPollSample or kPollEntry: hands the thread's
// pending ticks to its samplers and lets them sample at this poll (the
// thread's top frame, synced).
void sampling_poll(JavaThread* thread, PollKind kind);
// The counting loop, at a poll: the thread's bytecode count reached
// thread->sample_due. Delivers the bytecode clock's ticks that are due (as
// pending ticks, taken at the poll that follows) and schedules the next.
void bytecode_clock_due(JavaThread* thread);
// The async loop, at the instruction a tick lands on (the thread's frame
// synced, bytecodes_at_poll its count): the async sampler samples here.
void async_tick(JavaThread* thread);
// The check the counting loop makes at a method entry from C++.
inline void check_bytecode_clock(JavaThread* thread) {
  if (thread->bytecodes >= thread->sample_due) [[unlikely]]
    bytecode_clock_due(thread);
}

// --- the session: set up by start-up, ended at VM exit ----------------------------

// Creates the profilers of the -profile= arguments. Error: one line for the user.
Result<void> configure(const std::vector<std::string>& specs);
// Whether a profiler was configured.
bool configured();
// What the configured profilers need on the class path (the
// minijvm.profiler API jar for Java agents), or "".
std::string profiler_class_path();
// Starts recording: at main by default; at once for profilers that asked
// for startup=include (start-up calls it with `startup` true first). At
// main, on the main thread, profilers prepare first (Java agents are
// created); their error is one line for the user, and the run ends.
Result<void> start_recording(bool startup);
// Stops recording and writes every profile, each with its summary line on
// stderr (or a line saying why it could not be written); idempotent (the
// first caller writes). Called on normal exit, System.exit/halt and fatal
// signals. False when a requested profile could not be written: the run
// then exits with 1 where it would have exited with 0, so that a script
// does not take a missing profile for a written one.
bool finish();

}  // namespace minijvm::prof
