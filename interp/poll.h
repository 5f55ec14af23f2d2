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

// A method entry tests every bit but kPollAsync (the async loop tests it
// at every instruction); backward branches and returns, kPollEntry neither.
// Either way one load, one test and a predictable branch.
inline bool poll_armed(const JavaThread* thread, PollKind kind) {
  uint32_t word = thread->poll_word.load(std::memory_order_relaxed);
  return (word & (kind == PollKind::kEntry ? ~kPollAsync : ~(kPollEntry | kPollAsync))) != 0;
}

inline void poll(JavaThread* thread, PollKind kind) {
  if (poll_armed(thread, kind)) [[unlikely]]
    safepoint_poll_slow(thread, kind);
}

}  // namespace minijvm::interp
