// java.lang.ref: how the collector treats Reference objects (HotSpot's
// ReferenceProcessor, reduced to a non-generational collector).
//
// While marking, a Reference's `referent` field is not traced (except a
// SoftReference's, which is strong unless the collection must clear soft
// references: the last attempt before an OutOfMemoryError). Every Reference
// met with a non-null referent is remembered. After marking, each whose
// referent was not marked is cleared (referent = null) and pushed onto the
// pending list, linked through Reference.discovered, whose head the
// Reference Handler thread takes (JVM_WaitForReferencePendingList,
// JVM_GetAndClearReferencePendingList) to enqueue them on their queues and
// run Cleaners, as on HotSpot.
//
// Finalization, as HotSpot does it: when java.lang.Object.<init> returns
// for an object whose class has a finalizer (Klass::has_finalizer), or
// such an object is cloned, the VM calls Finalizer.register, which makes a
// FinalReference to it. While its `next` field is null (active), a
// FinalReference's referent is not traced either; after marking, the
// references are processed in HotSpot's order: soft and weak ones to
// unmarked referents are cleared; then every active FinalReference whose
// referent is unmarked becomes pending *with* its referent, which is then
// marked with all it reaches (finalize() must see them), and its `next`
// set to itself (inactive: from now on its referent is strong, until the
// Finalizer thread has run finalize() and cleared it); last, phantom
// references to referents still unmarked are cleared.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "vm/runtime/heap.h"

namespace minijvm {

class JavaThread;
class Klass;

enum class ReferenceKind : uint8_t { kNone, kSoft, kWeak, kFinal, kPhantom, kOther };

// What marking needs of java.lang.ref.Reference; prepared at the start of
// each collection (ready is false before the class is loaded).
struct ReferenceLayout {
  bool ready = false;
  uint32_t referent = 0;
  uint32_t discovered = 0;
  uint32_t next = 0;
};
const ReferenceLayout& prepare_reference_layout();

// The kind of Reference instances of `k` are, computed on first use and
// cached in the Klass (at a safepoint: the collector's thread only).
ReferenceKind reference_kind(Klass* k);

// After marking, the references marking discovered (in the order above):
// appends those whose referents `is_marked` says are unmarked to the
// pending list, clearing all but FinalReferences, whose referents
// `keep_alive` marks with everything they reach (which may discover more
// references: appended to `discovered`, and processed too). Returns how
// many became pending.
size_t process_discovered_references(std::vector<Object*>& discovered,
                                     const std::function<bool(Object*)>& is_marked,
                                     const std::function<void(Object*)>& keep_alive);

// Hands `o`, a new object whose class has a finalizer, to
// java.lang.ref.Finalizer.register. False with an exception pending.
bool register_finalizer(JavaThread* thread, Object* o);

// The pending list (a GC root) and its consumer, the Reference Handler.
void pending_list_roots_do(const RootVisitor& visit);
Object* take_pending_references();
bool has_pending_references();
// Blocks (as a blocked thread) until the pending list is not empty.
void wait_for_pending_references(JavaThread* thread);
// Wakes the waiter after a collection that appended to the list.
void notify_pending_references();

}  // namespace minijvm
