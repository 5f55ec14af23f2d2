// bcount's agents written in Java, against the minijvm.profiler API
// (profilers/java/: Agent, Context; minijvm-profiler.jar beside libjvm.so).
// The VM creates the agent through minijvm.profiler.AgentRunner on the main
// thread before main and calls it on each profiled thread; a Context is a
// handle on a Node of the calling thread's live tree (cct_tree.h), read by
// the natives registered here.
#pragma once

#include <cstdint>
#include <string>

#include "profilers/cct/cct_tree.h"
#include "vm/result.h"
#include "vm/runtime/thread.h"

namespace minijvm::prof {

// The path of minijvm-profiler.jar beside the VM's binary, or "" if absent.
std::string profiler_api_jar();

class JavaAgent {
 public:
  // Creates the agent of class `class_name` (binary name) with its public
  // no-argument constructor, from the system class loader. Error: one line
  // naming the Java exception.
  static Result<JavaAgent> create(JavaThread* thread, const std::string& class_name);

  // Agent.register on the current thread: the bytecodes until its first
  // report (<= 0: never).
  int64_t register_thread(JavaThread* thread, int64_t granularity) const;
  // Agent.report(root, current); `current` may be nullptr. The next
  // granularity (<= 0: no more reports on this thread).
  // The agent sees `tree` (the current thread's) while it runs.
  int64_t report(JavaThread* thread, ThreadTree* tree, const MethodIds* methods,
                 const Node* current) const;

 private:
  Object** agent_ = nullptr;  // a global handle
  Method* register_ = nullptr;
  Method* report_ = nullptr;
};

}  // namespace minijvm::prof
