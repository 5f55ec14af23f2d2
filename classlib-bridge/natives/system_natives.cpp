// java.lang.System natives the VM implements (HotSpot: JVM_ArrayCopy,
// JVM_NanoTime, JVM_CurrentTimeMillis, JVM_IHashCode -- bound by libjava's
// System.registerNatives; these are the direct fast paths).
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/natives/native_support.h"
#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/monitor.h"

namespace minijvm {
namespace {

void arraycopy(JavaThread* thread, Method*, Slot* args, Slot*) {
  // (Object src, int srcPos, Object dest, int destPos, int length), static.
  array_copy(thread, args[0].l, args[1].i, args[2].l, args[3].i, args[4].i);
}

void nano_time(JavaThread*, Method*, Slot*, Slot* result) {
  *result = slot_long(minijvm::nano_time());
}

void current_time_millis(JavaThread*, Method*, Slot*, Slot* result) {
  *result = slot_long(minijvm::current_time_millis());
}

void identity_hash_code(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_int(args[0].l ? identity_hash(args[0].l) : 0);
}

constexpr NativeEntry kSystemNatives[] = {
    {"java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", &arraycopy, true},
    {"java/lang/System", "nanoTime", "()J", &nano_time, true},
    {"java/lang/System", "currentTimeMillis", "()J", &current_time_millis, true},
    {"java/lang/System", "identityHashCode", "(Ljava/lang/Object;)I", &identity_hash_code, true},
};

}  // namespace

std::span<const NativeEntry> system_natives() { return kSystemNatives; }

}  // namespace minijvm
