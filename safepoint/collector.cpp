#include "safepoint/collector.h"

#include "safepoint/oop_map.h"
#include "safepoint/safepoint.h"
#include "safepoint/stack_walk.h"
#include "vm/runtime/roots.h"
#include "vm/runtime/vm.h"

namespace minijvm::safepoint {

namespace {

// HotSpot's names of the VM operations a Serial collection runs as, which
// -Xlog:safepoint prints.
const char* operation_name(GcCause cause) {
  return cause == GcCause::kAllocationFailure ? "GenCollectForAllocation" : "GenCollectFull";
}

void collect(JavaThread* requester, GcCause cause, uint64_t seen) {
  (void)requester;  // stopped like every other thread: GlobalSafepoint blocks it
  GlobalSafepoint stopped(operation_name(cause));
  // Another thread's collection while this one waited for the safepoint
  // has made the room this allocation asked for (or not: then it grows).
  if (cause == GcCause::kAllocationFailure && vm().heap.collections() != seen) return;
  // A thread that ends unregisters itself in a safe state: the list is held
  // still for the collection (nothing else can register one meanwhile).
  std::lock_guard threads(vm().threads_mutex);
  // The heap's count before the collection includes what every thread
  // allocated and has not added yet (Heap::account).
  for (JavaThread* t : vm().threads) vm().heap.account(t->alloc_cache);
  vm().heap.collect(cause, [](const RootVisitor& visit) {
    vm_roots_do(visit);
    for (JavaThread* t : vm().threads) frame_roots_do(t, visit);
  });
}

// A slot that may hold a reference and may not (a frame without a map, a
// jsr local whose kind depends on the caller): a root if it points at an
// object. The collector does not move objects, so keeping one alive by
// mistake costs memory, never correctness.
void visit_if_object(Slot* slot, const RootVisitor& visit) {
  Object* o = slot->l;
  if (o != nullptr && vm().heap.is_object(o)) visit(&slot->l);
}

}  // namespace

void install_collector() { vm().heap.set_driver(&collect); }

void frame_roots_do(JavaThread* thread, const RootVisitor& visit) {
  walk_frames(thread, [&](const FrameInfo& info) {
    const Frame& f = *info.frame;
    if (f.method == nullptr) return true;
    if (f.is_native()) {
      // The arguments, as the caller passed them: the receiver, then the
      // parameters by the descriptor.
      uint32_t slot = 0;
      if (!f.method->is_static()) visit(&f.locals[slot++].l);
      for (const FieldType& p : f.method->signature->params) {
        if (p.is_reference()) visit(&f.locals[slot].l);
        slot += static_cast<uint32_t>(p.slots());
      }
      return true;
    }
    bool mapped = frame_oops_do(f, [&](Slot* s) { visit(&s->l); });
    if (!mapped) {
      // No map at this bci (the frame is stopped somewhere no map
      // describes): every word of the frame that is an object is a root.
      for (uint32_t i = 0; i < f.method->max_locals; ++i) visit_if_object(&f.locals[i], visit);
      for (Slot* s = f.stack_base; s < f.sp; ++s) visit_if_object(s, visit);
      return true;
    }
    if (auto maps = oop_maps_for(f.method); maps.ok())
      for (uint16_t local : maps.value()->ambiguous_locals()) visit_if_object(&f.locals[local], visit);
    return true;
  });
}

}  // namespace minijvm::safepoint
