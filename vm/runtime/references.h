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
// Finalization is not implemented: objects with a finalize() method are not
// registered with java.lang.ref.Finalizer, so finalize() never runs (it is
// deprecated for removal since JDK 18, and nothing in java.base depends on
// it). Weak and phantom references are processed in one step, which is
// only distinguishable from HotSpot's order through finalizers.
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
};
const ReferenceLayout& prepare_reference_layout();

// The kind of Reference instances of `k` are, computed on first use and
// cached in the Klass (at a safepoint: the collector's thread only).
ReferenceKind reference_kind(Klass* k);

// After marking: clears the references whose referents `is_marked` says are
// unmarked and appends them to the pending list; returns how many.
size_t process_discovered_references(const std::vector<Object*>& discovered,
                                     const std::function<bool(Object*)>& is_marked);

// The pending list (a GC root) and its consumer, the Reference Handler.
void pending_list_roots_do(const RootVisitor& visit);
Object* take_pending_references();
bool has_pending_references();
// Blocks (as a blocked thread) until the pending list is not empty.
void wait_for_pending_references(JavaThread* thread);
// Wakes the waiter after a collection that appended to the list.
void notify_pending_references();

}  // namespace minijvm
