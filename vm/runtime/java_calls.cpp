// The hook through which vm/ runs Java code (the interpreter installs it).
#include "vm/runtime/java_calls.h"

#include <atomic>

#include "vm/runtime/exceptions.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/thread.h"

namespace minijvm {

namespace {
std::atomic<JavaInvoker> g_invoker{nullptr};
}

void set_java_invoker(JavaInvoker invoker) { g_invoker.store(invoker); }

JavaInvoker java_invoker() { return g_invoker.load(); }

bool has_java_invoker() { return g_invoker.load() != nullptr; }

void call_java(JavaThread* thread, Method* method, std::span<const Slot> args, Slot* result) {
  JavaInvoker invoker = g_invoker.load();
  if (invoker == nullptr) {
    // Loud, never a silent default: no interpreter is installed.
    throw_new(thread, intern("java/lang/InternalError"),
              "no Java invoker installed: cannot run " + method->external_name());
    return;
  }
  invoker(thread, method, args, result);
}

}  // namespace minijvm
