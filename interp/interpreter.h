// The bytecode interpreter (JVMS §6.5): runs Java methods on the thread's Java
// stack (vm/runtime/thread.h, frame.h).
//
// Java-to-Java calls do not recurse on the C++ stack: the loop pushes the
// callee's frame and continues, so deep Java recursion ends in a
// StackOverflowError at -Xss, not in a C++ stack overflow. Only calls out of
// the loop (natives, class initializers, exception constructors) re-enter
// execute() through java_calls.h.
#pragma once

#include <span>

#include "vm/runtime/method.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/value.h"

namespace minijvm::interp {

// Registers execute() as the VM's JavaInvoker (set_java_invoker).
void install_interpreter();

// Runs `method` with `args` (receiver first, long/double in two slots, the
// value in the first) and stores its result, if not void, in *result (which
// may be nullptr). An exception escaping `method` stays pending on `thread`.
// The caller has initialized the method's class. A native method is bound
// and called; an abstract one gives AbstractMethodError.
void execute(JavaThread* thread, Method* method, std::span<const Slot> args, Slot* result);

}  // namespace minijvm::interp
