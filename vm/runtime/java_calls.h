// Calls from the VM's C++ code into Java methods (class initializers,
// exception constructors, Thread.run, callbacks from natives).
//
// vm/ does not know the interpreter (DESIGN.md: arrows point one way), so the
// interpreter registers itself here at start-up; vm/ calls through the hook.
#pragma once

#include <span>

#include "vm/runtime/method.h"
#include "vm/runtime/value.h"

namespace minijvm {

class JavaThread;

// Executes `method` with `args` (receiver first; long/double take two slots)
// and stores its result, if any, in *result. A Java exception is left pending
// on the thread. The caller has checked the arguments and initialized the class.
using JavaInvoker = void (*)(JavaThread* thread, Method* method, std::span<const Slot> args,
                             Slot* result);

void set_java_invoker(JavaInvoker invoker);
// The installed invoker, or nullptr.
JavaInvoker java_invoker();
// Whether an invoker is installed (VM-core-only tools and tests run without).
bool has_java_invoker();
void call_java(JavaThread* thread, Method* method, std::span<const Slot> args, Slot* result);

}  // namespace minijvm
