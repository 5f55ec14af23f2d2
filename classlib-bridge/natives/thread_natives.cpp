// java.lang.Thread natives the VM implements (HotSpot: JVM_StartThread,
// JVM_CurrentThread, JVM_SetThreadPriority, JVM_Yield, JVM_Sleep,
// JVM_Interrupt, JVM_HoldsLock, JVM_GetAllThreads, JVM_SetNativeThreadName,
// JVM_DumpThreads, bound by libjava's Thread.registerNatives; these are the
// direct paths).

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/natives/native_support.h"
#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/scheduler.h"

namespace minijvm {
namespace {

void current_thread(JavaThread* thread, Method*, Slot*, Slot* result) {
  *result = slot_ref(thread->thread_object);
}

void start0(JavaThread* thread, Method*, Slot* args, Slot*) {
  HandleMark mark(thread->handles());
  start_thread(thread, thread->handles().make(args[0].l));
}

void set_priority0(JavaThread*, Method*, Slot*, Slot*) {
  // See JVM_SetThreadPriority: OS priorities are left alone, as on HotSpot/Linux.
}

void yield(JavaThread*, Method*, Slot*, Slot*) { sched::yield(); }

void sleep(JavaThread* thread, Method*, Slot* args, Slot*) { sleep_millis(thread, args[0].j); }

void interrupt0(JavaThread*, Method*, Slot* args, Slot*) { interrupt_java_thread(args[0].l); }

void clear_interrupt_event(JavaThread* thread, Method*, Slot*, Slot*) {
  // Thread.interrupted() cleared the Java field and calls this (in libjava it
  // does something only on Windows); clear the VM's copy of the flag too, so
  // that a later wait/sleep/park does not see a stale interrupt.
  thread->interrupted.store(false);
}

void holds_lock(JavaThread* thread, Method*, Slot* args, Slot* result) {
  if (args[0].l == nullptr) {
    throw_npe(thread);
    return;
  }
  *result = slot_int(minijvm::holds_lock(thread, args[0].l) ? 1 : 0);
}

void get_threads(JavaThread* thread, Method*, Slot*, Slot* result) {
  *result = slot_ref(all_thread_objects(thread));
}

void set_native_name(JavaThread* thread, Method*, Slot* args, Slot*) {
  LocalScope scope(thread);
  JVM_SetNativeThreadName(scope.env(), scope.ref(args[0].l), scope.ref<jstring>(args[1].l));
}

void dump_threads(JavaThread* thread, Method*, Slot* args, Slot* result) {
  HandleMark mark(thread->handles());
  *result = slot_ref(dump_thread_stacks(thread, thread->handles().make(args[0].l)));
}

void unimplemented(JavaThread* thread, Method* method, Slot*, Slot*) {
  throw_unimplemented(thread, "java.lang.Thread." + method->name->str());
}

#define T "java/lang/Thread"
constexpr NativeEntry kThreadNatives[] = {
    {T, "currentThread", "()Ljava/lang/Thread;", &current_thread, true},
    {T, "start0", "()V", &start0},
    {T, "setPriority0", "(I)V", &set_priority0},
    {T, "yield", "()V", &yield},
    {T, "sleep", "(J)V", &sleep},
    {T, "interrupt0", "()V", &interrupt0},
    {T, "clearInterruptEvent", "()V", &clear_interrupt_event},
    {T, "holdsLock", "(Ljava/lang/Object;)Z", &holds_lock},
    {T, "getThreads", "()[Ljava/lang/Thread;", &get_threads},
    {T, "setNativeName", "(Ljava/lang/String;)V", &set_native_name},
    {T, "dumpThreads", "([Ljava/lang/Thread;)[[Ljava/lang/StackTraceElement;", &dump_threads},
    {T, "stop0", "(Ljava/lang/Object;)V", &unimplemented},
    {T, "suspend0", "()V", &unimplemented},
    {T, "resume0", "()V", &unimplemented},
};
#undef T

}  // namespace

std::span<const NativeEntry> thread_natives() { return kThreadNatives; }

}  // namespace minijvm
