// java.lang.Object natives (HotSpot: JVM_IHashCode, JVM_MonitorWait/Notify/
// NotifyAll, JVM_Clone, bound by libjava's Object.registerNatives; these
// direct bindings are the VM-internal fast path the interpreter calls).
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/natives/native_support.h"
#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/monitor.h"

namespace minijvm {
namespace {

void get_class(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_ref(args[0].l->klass()->mirror);
}

void hash_code(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_int(identity_hash(args[0].l));
}

void clone(JavaThread* thread, Method*, Slot* args, Slot* result) {
  *result = slot_ref(clone_checked(thread, args[0].l));
}

void notify(JavaThread* thread, Method*, Slot* args, Slot*) {
  monitor_notify(thread, args[0].l, false);
}

void notify_all(JavaThread* thread, Method*, Slot* args, Slot*) {
  monitor_notify(thread, args[0].l, true);
}

void wait(JavaThread* thread, Method*, Slot* args, Slot*) {
  // Object.wait(long): a negative timeout is IllegalArgumentException (JVM_MonitorWait).
  if (args[1].j < 0) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "timeout value is negative");
    return;
  }
  {
    ThreadStatusScope status(thread, ThreadStatusScope::Kind::kObjectWait, args[1].j != 0);
    monitor_wait(thread, args[0].l, args[1].j);
  }
  // The interrupt was consumed: clear Thread.interrupted too (JDK 17 keeps
  // the status in that field; HotSpot clears it when it throws).
  Object* e = thread->pending_exception();
  if (e && e->klass()->name->equals("java/lang/InterruptedException")) {
    HandleMark mark(thread->handles());
    Handle pending = thread->handles().make(e);
    thread->clear_pending_exception();
    clear_interrupted_status(thread);
    thread->set_pending_exception(pending.get());
  }
}

constexpr NativeEntry kObjectNatives[] = {
    {"java/lang/Object", "getClass", "()Ljava/lang/Class;", &get_class},
    {"java/lang/Object", "hashCode", "()I", &hash_code},
    {"java/lang/Object", "clone", "()Ljava/lang/Object;", &clone},
    {"java/lang/Object", "notify", "()V", &notify},
    {"java/lang/Object", "notifyAll", "()V", &notify_all},
    {"java/lang/Object", "wait", "(J)V", &wait},
};

}  // namespace

std::span<const NativeEntry> object_natives() { return kObjectNatives; }

}  // namespace minijvm
