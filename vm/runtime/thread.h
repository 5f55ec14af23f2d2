// Java threads: one per OS thread that runs Java code (DESIGN.md "Threads"),
// or one per fiber under the deterministic scheduler (scheduler.h), which
// sets the current thread at every switch.
//
// A JavaThread owns its Java stack (frames, locals, operand stacks), its
// handle area, its pending exception and its JNI environment. The current
// thread is found through a thread_local; hot paths pass it explicitly.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "vm/runtime/frame.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/scheduler.h"

namespace minijvm {

// The states a safepoint or a sampler reads (safepoint/ drives the
// transitions; DESIGN.md "Execution").
enum class ThreadState : uint8_t {
  kNew,
  kInJava,      // running interpreted code: stops only at a poll
  kInNative,    // in a JNI native or blocking call: counts as stopped
  kInVm,        // in the VM's C++ code
  kBlocked,     // waiting on a monitor, sleeping, parked
  kStopped,     // held at a poll by the VM (a safepoint, a handshake, a sampler's
                // pause): it was running Java code and goes on when released
  kTerminated,
};

// Whether a thread in `state` counts as stopped for a safepoint: it runs no
// Java code and touches no Java object until it leaves the state, and
// leaving it waits while a stop is requested (JavaThread::transition).
constexpr bool is_safepoint_safe(ThreadState state) {
  return state == ThreadState::kNew || state == ThreadState::kInNative ||
         state == ThreadState::kBlocked || state == ThreadState::kStopped ||
         state == ThreadState::kTerminated;
}

// The poll word's bits. Every poll tests the word against zero; only on
// that rare path does a backward branch or a return look further and ignore
// kPollEntry alone (interp/poll.h).
//
// A sampler asks for the thread's next method-entry poll only (timer and
// CBS, which sample calls): backward branches and returns do not see it, so
// a thread in a long loop does not take the slow path while it waits for a
// call -- the encoding Jikes RVM's yieldpoints use (Arnold & Grove §5.1).
inline constexpr uint32_t kPollEntry = 1u << 0;
// Asks the thread to stop (a safepoint or a handshake: safepoint/safepoint.h).
inline constexpr uint32_t kPollStop = 1u << 1;
// Always set under the deterministic scheduler: every poll asks it whether
// the thread's quantum is used up (vm/runtime/scheduler.h).
inline constexpr uint32_t kPollSched = 1u << 2;
// A sampler asks for the thread's next poll of any kind (profilers/sampling/).
inline constexpr uint32_t kPollSample = 1u << 3;
// A sampler asks for the thread's next instruction (-profile=async): the
// async loop tests it at every instruction, before any poll could; a poll
// that sees it anyway (a thread outside that loop) finds no tick for it.
inline constexpr uint32_t kPollAsync = 1u << 4;

// Called by pop_frame when the frame that becomes the top one carries a
// return barrier (Frame::return_barrier): incremental stack tracing
// (profilers/sampling/incremental_trace.h) captures it there, on returns and
// unwinds alike.
using ReturnBarrierHook = void (*)(JavaThread* thread, Frame* frame);
void set_return_barrier_hook(ReturnBarrierHook hook);

// pthread_self() (thread.cpp: keeps <pthread.h> out of this header).
unsigned long current_os_thread();

// HotSpot's os::random: Park and Miller's minimal standard generator,
// seeded with 1234567 (os::init_random), one draw per thread created (its
// identity-hash seed) and per identity hash under -XX:hashCode=0.
uint32_t next_os_random();

class JavaThread {
 public:
  // `stack_bytes` is -Xss: the size of this thread's Java stack.
  explicit JavaThread(size_t stack_bytes);
  ~JavaThread();
  JavaThread(const JavaThread&) = delete;
  JavaThread& operator=(const JavaThread&) = delete;

  static JavaThread* current() { return current_; }
  static void set_current(JavaThread* t) {
    current_ = t;
    if (t != nullptr) t->os_thread.store(current_os_thread(), std::memory_order_relaxed);
  }

  // --- Java stack ---------------------------------------------------------
  // Pushes a frame for `method` with room for its locals and operand stack.
  // Returns nullptr if the stack is exhausted (the caller throws
  // StackOverflowError). Inline: both tiers push at every call. The layout
  // (thread.cpp) is what compiled code's inline push repeats
  // (interp/jit/compiler.cpp).
  Frame* push_frame(Method* method) {
    Slot* locals = stack_top();
    size_t local_slots = frame_local_slots(method);
    size_t needed = frame_total_slots(method);
    // (The top frame may be an inlined one in the reserve past the limit.)
    if (locals > stack_limit_ || needed > static_cast<size_t>(stack_limit_ - locals)) return nullptr;
    // Default-initialized (each member its initializer): value-initializing
    // would clear the record with `rep stos`, slower than its few stores.
    Frame* frame = new (locals + local_slots) Frame;
    frame->caller = top_frame_;
    frame->method = method;
    frame->pc = method->code;
    frame->locals = locals;
    frame->stack_base = locals + local_slots + kFrameSlots;
    frame->sp = frame->stack_base;
    top_frame_ = frame;
    return frame;
  }
  // Pops the top frame. Inline: the interpreter pops at every return, and
  // the frame that becomes the top one is read right after anyway. A return
  // barrier on it runs the incremental stack tracing's hook.
  void pop_frame(Frame* frame) {
    Frame* caller = frame->caller;
    top_frame_ = caller;
    frame->~Frame();
    if (caller != nullptr && caller->return_barrier) [[unlikely]]
      return_barrier_hit(caller);
  }
  Frame* top_frame() const { return top_frame_; }
  // The Java stack's room past its limit: compiled code may write the
  // frame of a callee it inlined there (interp/jit/compiler.cpp), a frame
  // that lies no further past its caller's end than this; no frame is
  // pushed there (push_frame's limit is -Xss's).
  static constexpr size_t kInlinedFramesReserve = 64 * 1024;
  // The first slot above the top frame's operand stack: arguments for a
  // call are copied here to become the callee's first locals.
  Slot* stack_top() const { return top_frame_ ? top_frame_->sp : stack_.get(); }
  // Where compiled code finds the top frame and the stack's end: it pushes
  // and pops frames itself, as push_frame and pop_frame do.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // GCC and Clang support it
  static constexpr size_t top_frame_offset() { return offsetof(JavaThread, top_frame_); }
  static constexpr size_t stack_limit_offset() { return offsetof(JavaThread, stack_limit_); }
#pragma GCC diagnostic pop

  // --- Exceptions (vm/runtime/exceptions.h) -------------------------------
  Object* pending_exception() const { return pending_exception_; }
  bool has_pending_exception() const { return pending_exception_ != nullptr; }
  void set_pending_exception(Object* e) { pending_exception_ = e; }
  void clear_pending_exception() { pending_exception_ = nullptr; }
  Object** pending_exception_slot() { return &pending_exception_; }  // a GC root

  HandleArea& handles() { return handles_; }
  // Free cells this thread allocates from without a lock (heap.cpp).
  AllocationCache alloc_cache;

  // invokeinterface's selections (receiver class, resolved method) ->
  // selected method, direct-mapped (interp/runtime.cpp
  // select_interface_method): the interpreter's sites and compiled sites
  // past their inline cache's two ways skip the itable walk on a repeat.
  // One per thread, so an entry is never read half written.
  struct InterfaceSelection {
    const void* klass = nullptr;
    const void* resolved = nullptr;
    Method* selected = nullptr;
  };
  static constexpr size_t kInterfaceSelections = 256;
  std::array<InterfaceSelection, kInterfaceSelections> interface_selections{};

  // --- The Java side ------------------------------------------------------
  Object* thread_object = nullptr;   // java.lang.Thread (a GC root: roots.cpp)
  int64_t id = 0;                    // Thread.tid once known
  std::string name;                  // for logs and profiles
  bool daemon = false;               // Thread.daemon, fixed when it starts

  std::atomic<ThreadState> state{ThreadState::kNew};
  // Moves the thread to `to` and returns the state it left. Leaving a safe
  // state for an unsafe one waits while a stop is requested (kPollStop), so
  // a thread the safepoint counted as stopped stays stopped; entering a safe
  // state wakes a waiting safepoint. Never call it holding a lock that a
  // thread in an unsafe state may wait for.
  ThreadState transition(ThreadState to);
  // The safepoint poll word: non-zero asks the thread to stop at its next
  // poll (method entry, backward branch, return). One load on the hot path.
  std::atomic<uint32_t> poll_word{0};
  // Identity hash codes: HotSpot's hashCode=5, Marsaglia's xor-shift with
  // per-thread state, X drawn from the VM's Park-Miller sequence seeded
  // with 1234567 (os::random) when the thread is created. So a thread's
  // hashes repeat run after run, and the main thread's are HotSpot's.
  uint32_t hash_state[4] = {0, 842502087u, 0x8767u, 273326509u};
  // Set by Thread.interrupt, read by sleep/wait/park (java.lang.Thread).
  std::atomic<bool> interrupted{false};
  // The monitor this thread waits in (monitor.cpp), so that an interrupt
  // can wake it; nullptr when not waiting.
  std::atomic<void*> waiting_monitor{nullptr};
  // This thread's number in the mark words of the objects it holds thin
  // locks on (monitor.cpp): given at its first lock, 0 until then.
  uint32_t lock_id = 0;

  // Executed bytecodes, counted when a profiler records or the deterministic
  // scheduler runs (interp/interpreter.cpp): added at calls, returns and
  // unwinds, and as of the last poll. The scheduler's quantum ends at
  // `quantum_end`.
  uint64_t bytecodes = 0;
  uint64_t bytecodes_at_poll = 0;
  uint64_t quantum_end = 0;

  // Per-thread state of the VM's own code, here rather than in thread_locals
  // because several Java threads share one OS thread under the
  // deterministic scheduler:
  // the monitors of the synchronized frames this thread runs (interp/)
  struct MethodLock {
    Frame* frame;
    Object* object;  // kept alive while locked: monitor_roots_do roots owned monitors
  };
  std::vector<MethodLock> method_locks;
  // the classes whose superclass chain it is defining (ClassCircularityError)
  std::vector<std::pair<const Symbol*, Object*>> defining_classes;
  // how deeply it is creating exceptions (vm/runtime/exceptions.cpp)
  int exception_depth = 0;

  // The JNIEnv handed to natives; the classlib bridge installs it.
  void* jni_env = nullptr;
  // Per-thread profiler state (profilers/), opaque to the VM: one slot per
  // profiler of the run, written by this thread only. It dies with the
  // thread, so a thread that reuses a dead one's memory starts clean.
  static constexpr int kProfilerThreadSlots = 8;
  void* profiler_data[kProfilerThreadSlots] = {};
  // The call log compiled counting code appends the exact CCT's words to
  // (profilers/cct/call_log.h: the cursor at the front of this thread's
  // tree) while that profiler records, and kNoCallLog otherwise: a cursor
  // whose next and end are null, so that every append fails to the
  // profiler's own path, and compiled code tests neither for a tree nor
  // for recording. Written by this thread, and by the thread that stops
  // recording (prof::finish).
  static const uint64_t kNoCallLog[3];
  std::atomic<void*> call_log{no_call_log()};
  static void* no_call_log() { return const_cast<uint64_t*>(kNoCallLog); }
  void stop_call_log() { call_log.store(no_call_log(), std::memory_order_seq_cst); }
  // Sampling (profilers/sampling/): ticks not yet taken, one bit per
  // profiler slot (a tick also sets kPollSample or kPollEntry), and when
  // each came (steady-clock ns, for the latency of the sample).
  std::atomic<uint32_t> sample_ticks{0};
  std::atomic<int64_t> sample_tick_ns[kProfilerThreadSlots]{};
  // The bytecode clock: the count of `bytecodes` at which the thread's next
  // tick is due. The counting loop compares at method entries; 0 means "not
  // yet scheduled" (the first entry schedules it).
  uint64_t sample_due = 0;
  // The OS thread running this Java thread (set_current), for CPU clocks.
  std::atomic<unsigned long> os_thread{0};

 private:
  void return_barrier_hit(Frame* frame);  // out of line: rare
  static thread_local JavaThread* current_;
  std::unique_ptr<Slot[]> stack_;
  Slot* stack_limit_ = nullptr;
  Frame* top_frame_ = nullptr;
  Object* pending_exception_ = nullptr;  // a GC root
  HandleArea handles_;
};

// RAII transition (a native call, a blocking wait, a JNI function entering
// the VM), restoring the previous state on every path.
class ThreadStateScope {
 public:
  ThreadStateScope(JavaThread* thread, ThreadState state)
      : thread_(thread), saved_(thread->transition(state)) {}
  ~ThreadStateScope() { thread_->transition(saved_); }
  ThreadStateScope(const ThreadStateScope&) = delete;
  ThreadStateScope& operator=(const ThreadStateScope&) = delete;

 private:
  JavaThread* thread_;
  ThreadState saved_;
};

// Locks a VM mutex that its holder may keep across an allocation (and so a
// collection): a thread that finds it taken waits for it as a blocked
// thread, which a safepoint counts as stopped. (A plain lock would leave the
// waiter running as far as the safepoint knows, and the holder, waiting for
// the safepoint, would never release it.) The collector itself takes no VM
// mutex, so returning to the old state while holding it is safe.
template <class Mutex>
std::unique_lock<Mutex> lock_safepoint_aware(JavaThread* thread, Mutex& mutex) {
  std::unique_lock<Mutex> lock(mutex, std::try_to_lock);
  if (!lock.owns_lock()) {
    if (sched::in_fiber()) {
      // Its holder is a switched-out fiber: the others run until it is free.
      sched::block([&] { return lock.try_lock(); }, -1);
    } else if (thread == nullptr) {
      lock.lock();
    } else {
      ThreadState saved = thread->transition(ThreadState::kBlocked);
      lock.lock();
      thread->transition(saved);
    }
  }
  return lock;
}

// The lock and condition of stops (safepoint/ requests them): a thread
// waits on it to leave a safe state while kPollStop is set, and a requester
// waits on it for threads to become safe.
std::mutex& stop_mutex();
std::condition_variable& stop_cv();
// True while a global safepoint is in effect: a thread registered in
// vm().threads then starts with kPollStop set (read under threads_mutex).
std::atomic<bool>& stop_all_requested();

}  // namespace minijvm
