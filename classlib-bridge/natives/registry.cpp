// register_classlib_natives and the registerNatives methods of the classes
// whose natives HotSpot registers itself (JVM_RegisterJDKInternalMiscUnsafeMethods,
// JVM_RegisterMethodHandleMethods, JVM_RegisterJDKInternalMiscScopedMemoryAccessMethods):
// for them registerNatives does nothing, every native is in a VM table.
#include "classlib-bridge/natives/registry.h"

#include "classlib-bridge/jvm/jvm_support.h"

namespace minijvm {
namespace {

void no_op(JavaThread*, Method*, Slot*, Slot*) {}

void scoped_memory_close_scope0(JavaThread* thread, Method*, Slot*, Slot*) {
  // Needs a handshake with every thread (HotSpot CloseScopedMemoryClosure).
  throw_unimplemented(thread, "jdk.internal.misc.ScopedMemoryAccess.closeScope0");
}

constexpr NativeEntry kRegistrationNatives[] = {
    {"java/lang/invoke/MethodHandleNatives", "registerNatives", "()V", &no_op},
    {"jdk/internal/misc/ScopedMemoryAccess", "registerNatives", "()V", &no_op},
    {"jdk/internal/misc/ScopedMemoryAccess", "closeScope0",
     "(Ljdk/internal/misc/ScopedMemoryAccess$Scope;"
     "Ljdk/internal/misc/ScopedMemoryAccess$Scope$ScopedAccessError;)Z",
     &scoped_memory_close_scope0},
};

}  // namespace

std::span<const NativeEntry> registration_natives() { return kRegistrationNatives; }

void register_classlib_natives() {
  register_vm_natives(unsafe_natives());
  register_vm_natives(object_natives());
  register_vm_natives(class_natives());
  register_vm_natives(system_natives());
  register_vm_natives(thread_natives());
  register_vm_natives(perf_natives());
  register_vm_natives(math_natives());
  register_vm_natives(reference_natives());
  register_vm_natives(registration_natives());
}

}  // namespace minijvm
