// RAII thread-state transition for code that leaves native code (a JNI
// function entering the VM) or enters it (the native invoker), restoring the
// previous state on every path. safepoint/ reads the state (thread.h).
#pragma once

#include "vm/runtime/thread.h"

namespace minijvm {

class ThreadStateScope {
 public:
  ThreadStateScope(JavaThread* thread, ThreadState state)
      : thread_(thread), saved_(thread->state.exchange(state, std::memory_order_acq_rel)) {}
  ~ThreadStateScope() { thread_->state.store(saved_, std::memory_order_release); }
  ThreadStateScope(const ThreadStateScope&) = delete;
  ThreadStateScope& operator=(const ThreadStateScope&) = delete;

 private:
  JavaThread* thread_;
  ThreadState saved_;
};

}  // namespace minijvm
