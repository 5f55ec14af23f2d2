// The safepoint poll (DESIGN.md "Execution", STYLE.md principle 5): one load
// of the thread's poll word and a predictable branch, at method entry,
// backward branches and returns. The same helper serves the interpreter and,
// later, the JIT.
#pragma once

#include <atomic>

#include "vm/runtime/thread.h"

namespace minijvm::interp {

// Out of line: reached only when another party armed the poll word; stops
// the thread for a safepoint or runs a handshake (safepoint/safepoint.h).
// The caller has written its frame's pc and sp back.
void safepoint_poll_slow(JavaThread* thread);

inline bool poll_armed(const JavaThread* thread) {
  return thread->poll_word.load(std::memory_order_relaxed) != 0;
}

inline void poll(JavaThread* thread) {
  if (poll_armed(thread)) [[unlikely]]
    safepoint_poll_slow(thread);
}

}  // namespace minijvm::interp
