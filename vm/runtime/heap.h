// The Java heap. Issue 3: a bump allocator over one region reserved at the
// -Xmx size; issue 6 replaces it with a collector behind the same calls.
//
// Allocation never throws a C++ exception: on exhaustion it returns nullptr
// after making OutOfMemoryError("Java heap space") pending.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "vm/descriptor.h"
#include "vm/runtime/object.h"

namespace minijvm {

class JavaThread;
class Klass;

class Heap {
 public:
  // Reserves `max_bytes` of address space; commits lazily.
  bool initialize(size_t initial_bytes, size_t max_bytes);
  ~Heap();

  // Zeroed memory for an object of `bytes` (8-byte aligned), with its
  // header set. nullptr + pending OutOfMemoryError on exhaustion.
  Object* allocate(JavaThread* thread, Klass* klass, size_t bytes);

  size_t max_bytes() const { return max_; }
  size_t used_bytes() const { return used_.load(std::memory_order_relaxed); }
  size_t committed_bytes() const;
  bool contains(const void* p) const;

 private:
  char* base_ = nullptr;
  size_t max_ = 0;
  std::atomic<size_t> used_{0};
};

// Told of every object the heap hands out, after its header is set, on the
// allocating thread (the profilers' allocation event). One relaxed load per
// allocation when none is set. Set before threads start allocating for the
// profilers, cleared never.
using AllocationObserver = void (*)(JavaThread* thread, Object* object, size_t bytes);
void set_allocation_observer(AllocationObserver observer);

// Instances and arrays, with the header filled in. A reference array's
// class is the array class of `element`; primitive arrays use the VM's
// primitive array classes (vm.h). Negative lengths are the caller's check.
Object* new_instance(JavaThread* thread, Klass* klass);
ArrayObject* new_array(JavaThread* thread, Klass* array_klass, int32_t length);
ArrayObject* new_primitive_array(JavaThread* thread, BasicType type, int32_t length);
ArrayObject* new_object_array(JavaThread* thread, Klass* element, int32_t length);
// A shallow copy (Object.clone).
Object* clone_object(JavaThread* thread, Object* original);
// Bytes an object of this class (or this array) occupies.
size_t object_size(const Object* o);

}  // namespace minijvm
