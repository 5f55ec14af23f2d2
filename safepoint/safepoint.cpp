#include "safepoint/safepoint.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

#include "safepoint/stack_walk.h"
#include "vm/log.h"
#include "vm/runtime/vm.h"

namespace minijvm::safepoint {

namespace {

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// One request at a time: a global safepoint or a handshake.
std::mutex& request_mutex() {
  static auto* m = new std::mutex;  // never destroyed: the stress thread outlives exit
  return *m;
}

// The handshake in progress (guarded by stop_mutex()).
struct Handshake {
  JavaThread* target = nullptr;
  const std::function<void(JavaThread*)>* closure = nullptr;
  bool claimed = false;  // by the target at its poll, or by the requester
  bool done = false;
};
Handshake g_handshake;

std::atomic<uint64_t> g_safepoints{0}, g_handshakes{0}, g_frames{0};
int64_t g_last_safepoint_end_ns = 0;

// A Java thread that requests a stop waits as a blocked thread, so that
// another requester can count it stopped.
class RequesterBlocked {
 public:
  RequesterBlocked() : thread_(JavaThread::current()) {
    if (thread_ != nullptr) saved_ = thread_->transition(ThreadState::kBlocked);
  }
  ~RequesterBlocked() {
    if (thread_ != nullptr) thread_->transition(saved_);
  }

 private:
  JavaThread* thread_;
  ThreadState saved_ = ThreadState::kInVm;
};

}  // namespace

GlobalSafepoint::GlobalSafepoint(std::string reason)
    : reason_(std::move(reason)), requester_(JavaThread::current()) {
  if (requester_ != nullptr) requester_state_ = requester_->transition(ThreadState::kBlocked);
  request_mutex().lock();
  begun_ns_ = now_ns();
  {
    std::lock_guard threads(vm().threads_mutex);
    stop_all_requested().store(true);
    for (JavaThread* t : vm().threads) {
      if (t == requester_) continue;
      t->poll_word.fetch_or(kPollStop, std::memory_order_seq_cst);
      armed_.push_back(t);
    }
  }
  // Every armed thread stops at a poll or is in a safe state. A thread that
  // registers meanwhile starts stopped (stop_all_requested); one that ends
  // waits for its stop bit to clear before it is freed.
  std::unique_lock lock(stop_mutex());
  for (;;) {
    bool all = std::all_of(armed_.begin(), armed_.end(), [](JavaThread* t) {
      return is_safepoint_safe(t->state.load(std::memory_order_seq_cst));
    });
    if (all) break;
    stop_cv().wait_for(lock, std::chrono::milliseconds(1));
  }
  reached_ns_ = now_ns();
}

GlobalSafepoint::~GlobalSafepoint() {
  int64_t end = now_ns();
  {
    std::lock_guard lock(stop_mutex());
    {
      std::lock_guard threads(vm().threads_mutex);
      stop_all_requested().store(false);
      // Threads registered during the safepoint started stopped too.
      for (JavaThread* t : vm().threads)
        if (std::find(armed_.begin(), armed_.end(), t) == armed_.end())
          t->poll_word.fetch_and(~kPollStop, std::memory_order_seq_cst);
    }
    for (JavaThread* t : armed_) t->poll_word.fetch_and(~kPollStop, std::memory_order_seq_cst);
    stop_cv().notify_all();
  }
  ++g_safepoints;
  if (log::enabled(log::Set::safepoint, log::Level::info)) {
    // HotSpot 17's SafepointTracing line.
    char line[256];
    std::snprintf(line, sizeof line,
                  "Safepoint \"%s\", Time since last: %lld ns, Reaching safepoint: %lld ns, At "
                  "safepoint: %lld ns, Total: %lld ns",
                  reason_.c_str(),
                  static_cast<long long>(g_last_safepoint_end_ns ? begun_ns_ - g_last_safepoint_end_ns
                                                                 : 0),
                  static_cast<long long>(reached_ns_ - begun_ns_),
                  static_cast<long long>(end - reached_ns_),
                  static_cast<long long>(end - begun_ns_));
    log::write(log::Set::safepoint, log::Level::info, line);
  }
  g_last_safepoint_end_ns = end;
  request_mutex().unlock();
  if (requester_ != nullptr) requester_->transition(requester_state_);
}

bool handshake(JavaThread* target, const std::function<void(JavaThread*)>& closure,
               const char* name) {
  RequesterBlocked blocked;
  std::lock_guard request(request_mutex());
  int64_t begun = now_ns();
  bool by_requester = false;
  {
    std::lock_guard threads(vm().threads_mutex);
    auto& all = vm().threads;
    if (std::find(all.begin(), all.end(), target) == all.end()) return false;
    std::lock_guard lock(stop_mutex());
    g_handshake = Handshake{target, &closure, false, false};
    target->poll_word.fetch_or(kPollStop, std::memory_order_seq_cst);
  }
  std::unique_lock lock(stop_mutex());
  for (;;) {
    if (g_handshake.done) break;
    if (!g_handshake.claimed && is_safepoint_safe(target->state.load(std::memory_order_seq_cst))) {
      // Blocked or in native: it cannot leave while its stop bit is set.
      g_handshake.claimed = true;
      by_requester = true;
      lock.unlock();
      closure(target);
      lock.lock();
      g_handshake.done = true;
      break;
    }
    stop_cv().wait_for(lock, std::chrono::milliseconds(1));
  }
  g_handshake = Handshake{};
  target->poll_word.fetch_and(~kPollStop, std::memory_order_seq_cst);
  stop_cv().notify_all();
  lock.unlock();
  ++g_handshakes;
  if (log::enabled(log::Set::handshake, log::Level::info)) {
    // HotSpot 17's line for a handshake with one thread.
    char line[200];
    std::snprintf(line, sizeof line,
                  "Handshake \"%s\", Targeted threads: 1, Executed by requesting thread: %d, "
                  "Total completion time: %lld ns",
                  name, by_requester ? 1 : 0, static_cast<long long>(now_ns() - begun));
    log::write(log::Set::handshake, log::Level::info, line);
  }
  return true;
}

void poll_slow(JavaThread* thread) {
  std::unique_lock lock(stop_mutex());
  for (;;) {
    if (g_handshake.target == thread && !g_handshake.claimed && !g_handshake.done) {
      g_handshake.claimed = true;
      const auto* closure = g_handshake.closure;
      lock.unlock();
      (*closure)(thread);
      lock.lock();
      g_handshake.done = true;
      stop_cv().notify_all();
      continue;
    }
    if ((thread->poll_word.load(std::memory_order_seq_cst) & kPollStop) == 0) return;
    // Stopped: blocked at the poll until the request ends. The state
    // changes under stop_mutex, which the requester holds while it looks.
    ThreadState saved = thread->state.load(std::memory_order_relaxed);
    thread->state.store(ThreadState::kStopped, std::memory_order_seq_cst);
    stop_cv().notify_all();
    stop_cv().wait(lock, [&] {
      return (thread->poll_word.load() & kPollStop) == 0 ||
             (g_handshake.target == thread && !g_handshake.claimed && !g_handshake.done);
    });
    thread->state.store(saved, std::memory_order_seq_cst);
  }
}

namespace {

// The stress mode's handshake: walks the stack, checking every frame.
void check_stack(JavaThread* thread) {
  int frames = walk_frames(thread, [&](const FrameInfo& f) {
    if (f.method == nullptr ||
        (f.bci >= 0 && static_cast<uint32_t>(f.bci) >= f.method->code_length)) {
      std::fprintf(stderr, "minijvm: safepoint stress: a bad frame on thread \"%s\"\n",
                   thread->name.c_str());
      std::abort();
    }
    return true;
  });
  g_frames += static_cast<uint64_t>(frames);
}

}  // namespace

void start_safepoint_stress(int interval_ms) {
  std::thread([interval_ms] {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::max(interval_ms, 1)));
      std::vector<JavaThread*> threads;
      {
        GlobalSafepoint safepoint(interval_ms == 0 ? "SafepointALot" : "Cleanup");
        std::lock_guard lock(vm().threads_mutex);
        for (JavaThread* t : vm().threads) {
          check_stack(t);
          threads.push_back(t);
        }
      }
      for (JavaThread* t : threads) handshake(t, check_stack, "StackWalk");  // false once ended
    }
  }).detach();
}

Counters counters() { return Counters{g_safepoints.load(), g_handshakes.load(), g_frames.load()}; }

}  // namespace minijvm::safepoint
