// Safepoints (DESIGN.md "Execution"): stopping threads that run Java code
// at their next poll, and running operations while they are stopped.
//
// A thread is stopped when it waits at a poll (method entry, backward
// branch, return: interp/poll.h) or is in a safe state (in native, blocked,
// new, terminated: vm/runtime/thread.h is_safepoint_safe); leaving a safe
// state waits while it is asked to stop (JavaThread::transition). The
// requester sets kPollStop in the poll words, then waits until every
// thread it asked is stopped.
//
//   * a global safepoint stops every Java thread (the collector, full
//     safepoint sampling); -Xlog:safepoint prints each one with the time it
//     took to reach it, as HotSpot does;
//   * a handshake stops one thread and runs a closure on it: by the thread
//     itself at its poll, or by the requester on its behalf while it is
//     blocked or in native (HotSpot's handshakes; the base of partial
//     safepoints and self-sampling).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "vm/runtime/thread.h"

namespace minijvm::safepoint {

// While alive, every Java thread except the requester's own is stopped.
// The requester must not be a thread in an unsafe state that another
// requester could wait for; Java threads that request one count as stopped
// themselves (they are blocked while they wait).
class GlobalSafepoint {
 public:
  explicit GlobalSafepoint(std::string reason);
  ~GlobalSafepoint();
  GlobalSafepoint(const GlobalSafepoint&) = delete;
  GlobalSafepoint& operator=(const GlobalSafepoint&) = delete;

  // Nanoseconds from the request to the last thread stopped.
  int64_t time_to_safepoint_ns() const { return reached_ns_ - begun_ns_; }
  int threads_stopped() const { return static_cast<int>(armed_.size()); }

 private:
  std::string reason_;
  JavaThread* requester_;          // nullptr for a VM thread
  ThreadState requester_state_{};  // the requester's state before it blocked
  std::vector<JavaThread*> armed_;  // alive until their stop bit clears
  int64_t begun_ns_ = 0;
  int64_t reached_ns_ = 0;
};

// Runs `closure(target)` while `target` is stopped: on the target at its
// next poll, or on the caller's thread while the target is blocked or in
// native. Returns false (and runs nothing) if the target has terminated.
// The caller must not be `target`.
// -Xlog:handshake prints each with `name`.
bool handshake(JavaThread* target, const std::function<void(JavaThread*)>& closure,
               const char* name);

// The interpreter's poll slow path: runs the thread's pending handshake
// closures, then waits while the thread is asked to stop. The caller has
// written its frame's pc and sp back.
void poll_slow(JavaThread* thread);

// Stress and test modes (-XX:+SafepointALot, -XX:GuaranteedSafepointInterval=MS):
// a VM thread that brings all threads to a global safepoint every
// `interval_ms` (0: continuously) and, at each, handshakes every thread
// with a walk of its stack that checks each frame. Runs until the process
// ends.
void start_safepoint_stress(int interval_ms);

// Safepoints and handshakes done so far (for -Xlog and tests).
struct Counters {
  uint64_t safepoints = 0;
  uint64_t handshakes = 0;
  uint64_t frames_walked = 0;
};
Counters counters();

}  // namespace minijvm::safepoint
