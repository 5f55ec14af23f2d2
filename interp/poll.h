// The safepoint poll (DESIGN.md "Execution", STYLE.md principle 5): one load
// of the thread's poll word and a predictable branch, at method entry,
// backward branches and returns. The same helper serves the interpreter and,
// later, the JIT.
#pragma once

#include <atomic>

#include "profilers/hooks.h"
#include "vm/runtime/thread.h"

namespace minijvm::interp {

using prof::PollKind;

// Out of line: reached only when another party armed the poll word; stops
// the thread for a safepoint, runs a handshake (safepoint/safepoint.h),
// lets a sampler sample (profilers/hooks.h) or the deterministic scheduler
// switch. The caller has written its frame's pc and sp back.
void safepoint_poll_slow(JavaThread* thread, PollKind kind);

// Whether the poll word asks for anything at all: one load, one compare and
// a predictable branch, the same at every poll.
inline bool poll_armed(const JavaThread* thread) {
  return thread->poll_word.load(std::memory_order_relaxed) != 0;
}
// On that rare path: whether this poll must act. A backward branch or a
// return ignores kPollEntry alone, so a thread that waits for its next call
// (timer, CBS) runs its loops without calling out (vm/runtime/thread.h).
inline bool poll_wanted(const JavaThread* thread, PollKind kind) {
  return kind == PollKind::kEntry ||
         thread->poll_word.load(std::memory_order_relaxed) != kPollEntry;
}

inline void poll(JavaThread* thread, PollKind kind) {
  if (poll_armed(thread)) [[unlikely]]
    if (poll_wanted(thread, kind)) safepoint_poll_slow(thread, kind);
}

// The counting tiers' report of the `executed` instructions of `frame` not
// yet reported, when the frame changes (a call, a return, an unwind): to
// the thread's total, whose bytecode clock the polls check (unless
// `keep_total` is false: the exact profilers' loop, which keeps none), and
// to the profilers; `executed` starts again at zero.
inline void flush_count(JavaThread* thread, Frame* frame, uint64_t& executed, bool keep_total = true) {
  if (keep_total) thread->bytecodes += executed;
  if (executed != 0 && prof::recording()) prof::add_bytecodes(thread, frame, executed);
  executed = 0;
}

}  // namespace minijvm::interp
