// What the interpreter calls (DESIGN.md: it talks to profilers only through
// this header). Every entry point is guarded by recording(): one relaxed
// load. The interpreter instantiates its loop twice (interp/interpreter.cpp)
// so that the loop without profiling has no hook at all; these calls sit only
// in the profiled one and in slow paths. Allocations need no hook here: the
// session observes the heap itself (vm/runtime/heap.h), so that the VM's
// allocations count too.
#pragma once

#include <atomic>
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

namespace detail {
inline std::atomic<bool> g_recording{false};
inline std::atomic<uint32_t> g_events{0};  // the union of the profilers' events
// A sampler runs on the bytecode clock: executed bytecodes are counted.
inline std::atomic<bool> g_counting{false};
// -profile=async records: the interpreter's async loop runs.
inline std::atomic<bool> g_async{false};
// One profiler counts bytecodes, through Frame::bytecode_counter.
inline std::atomic<bool> g_direct_bytecodes{false};
// The frame slot of the exact CCT when it is the only profiler with events
// and its calls can be recorded inline (enter()); -1 otherwise.
inline std::atomic<int> g_inline_cct_slot{-1};
// That profiler's slot in JavaThread::profiler_data: the thread's tree.
inline std::atomic<int> g_inline_cct_tree_slot{-1};
}  // namespace detail

#ifdef MINIJVM_NO_PROFILER_HOOKS
// A build without hooks (CMake -DMINIJVM_PROFILER_HOOKS=OFF): nothing ever
// records, so the compiler drops every hook and the profiled loop is dead
// code. The baseline of bench/hooks_cost.sh; -profile= is refused.
constexpr bool recording() { return false; }
constexpr bool recording(Event) { return false; }
constexpr bool counting() { return false; }
constexpr bool async_sampling() { return false; }
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
// Whether a sampler takes ticks at any instruction (the async loop).
inline bool async_sampling() { return detail::g_async.load(std::memory_order_relaxed); }
#endif

void method_entry(JavaThread* thread, Frame* frame);
void method_exit(JavaThread* thread, Frame* frame, bool by_exception);
void bytecodes(JavaThread* thread, Frame* frame, uint64_t count);

// A call of a method from the interpreter or compiled counting code:
// method_entry, with the exact CCT's common case done inline. When the
// caller's context last found this callee at this call site
// (Node::last_hit), or the thread's call cache holds it (a loop calling
// several methods in turn misses the last hit on each call), the call is
// counted there and the frame takes that context, with no call into the
// profiler. So is the first call from a context with no child yet, in a
// context made here when the callee's method is registered already
// (ThreadTree::add_first_child). Anything else (another new context, a
// hidden frame, a caller with no context, a counter about to wrap) takes
// the profiler's own path, which does the same and more. Only for the
// exact CCT of cct or bcount when it is the run's only profiler with
// events (the session decides). Compiled
// counting code does the same in its own code (interp/jit/compiler.cpp,
// emit_counted_push_frame), with this layout of the node and call cache.
inline void enter(JavaThread* thread, Frame* frame) {
  int slot = detail::g_inline_cct_slot.load(std::memory_order_relaxed);
  if (slot >= 0) {
    Frame* caller = frame->caller;
    if (caller != nullptr && caller->pc != nullptr && !caller->method->is_hidden &&
        !frame->method->is_hidden) {
      auto* parent = static_cast<Node*>(caller->profiler_slot(slot));
      if (parent != nullptr) {
        const uint32_t method = frame->method->id;
        const auto site = static_cast<int32_t>(caller->pc - caller->method->code);
        Node* child = parent->last_hit_for(method, site);
        if (child == nullptr) {
          // The caller's context is in the thread's tree (the profiler's
          // thread data; null while only excluded methods ran).
          auto* tree = static_cast<ThreadTree*>(
              thread->profiler_data[detail::g_inline_cct_tree_slot.load(std::memory_order_relaxed)]);
          if (tree == nullptr || parent == &g_excluded) {
            // The profiler's path.
          } else if (parent->first_child != Node::kNone) {
            // The thread's call cache may know the call.
            const CallCache::Entry& cached = tree->call_cache.at(parent, method, site);
            if (cached.parent == parent && cached.child->method == method &&
                cached.child->site == site) {
              child = cached.child;
              parent->remember_hit(child);
            }
          } else {
            // No child yet (the callers of half of all new contexts): the
            // call makes the first, with no probe (its table entry is a
            // likely miss).
            child = tree->add_first_child(parent, method, site);
          }
        }
        if (child != nullptr && child->calls != UINT32_MAX) [[likely]] {
          ++child->calls;
          frame->profiler_slots[slot] = child;
          frame->bytecode_counter = &child->bytecodes;
          return;
        }
      }
    }
  }
  method_entry(thread, frame);
}

// The interpreter's report of `count` bytecodes executed in `frame` while a
// profiler records. When the one profiler that counts them keeps the
// frame's counter in Frame::bytecode_counter (the exact CCT's node), they
// go there with no call at all; otherwise through bytecodes().
inline void add_bytecodes(JavaThread* thread, Frame* frame, uint64_t count) {
  if (detail::g_direct_bytecodes.load(std::memory_order_relaxed)) {
    if (frame->bytecode_counter != nullptr) *frame->bytecode_counter += count;
  } else {
    bytecodes(thread, frame, count);
  }
}
// An exception is thrown at, or propagates through, the instruction at
// frame->pc (once per frame it passes, the catching one included).
void exception(JavaThread* thread, Frame* frame);

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
