// java.lang.ref.Reference.refersTo0 and PhantomReference.refersTo0, which
// HotSpot makes intrinsics (vmIntrinsics _Reference_refersTo0,
// _PhantomReference_refersTo0): a compare of the referent field, called on
// every lookup of a WeakHashMap or a ThreadLocal's entries, so it is bound
// here rather than through libjava's JNI function (JVM_ReferenceRefersTo).
// A VM-internal native runs in the Java state, so no collection can clear
// the referent between the load and the compare.
#include <atomic>

#include "classlib-bridge/jvm/jvm_support.h"
#include "classlib-bridge/natives/registry.h"

namespace minijvm {
namespace {

void refers_to(JavaThread* thread, Method*, Slot* args, Slot* result) {
  // Reference.referent's offset, the same in every subclass.
  static std::atomic<int64_t> referent_offset{-1};
  int64_t offset = referent_offset.load(std::memory_order_relaxed);
  if (offset < 0) {
    FieldDesc* f = required_field(thread, args[0].l->klass(), "referent", "Ljava/lang/Object;");
    if (f == nullptr) return;
    offset = f->offset;
    referent_offset.store(offset, std::memory_order_relaxed);
  }
  *result = slot_int(args[0].l->ref_field(static_cast<uint32_t>(offset)) == args[1].l);
}

constexpr NativeEntry kReferenceNatives[] = {
    {"java/lang/ref/Reference", "refersTo0", "(Ljava/lang/Object;)Z", &refers_to, true},
    {"java/lang/ref/PhantomReference", "refersTo0", "(Ljava/lang/Object;)Z", &refers_to, true},
};

}  // namespace

std::span<const NativeEntry> reference_natives() { return kReferenceNatives; }

}  // namespace minijvm
