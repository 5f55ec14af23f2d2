// The bump-allocating heap over one mmap'ed reservation of -Xmx bytes.
// Pages come zeroed from the kernel and are never reused, so every object
// starts zeroed. Allocation is a CAS on the bump offset: thread-safe.
#include "vm/runtime/heap.h"

#include <sys/mman.h>

#include <cstdio>
#include <cstdlib>

#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {
std::atomic<AllocationObserver> g_allocation_observer{nullptr};
}  // namespace

bool Heap::initialize(size_t /*initial_bytes*/, size_t max_bytes) {
  max_bytes = (max_bytes + 4095) & ~size_t{4095};
  void* p = mmap(nullptr, max_bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return false;
  base_ = static_cast<char*>(p);
  max_ = max_bytes;
  used_.store(0);
  return true;
}

Heap::~Heap() {
  if (base_) munmap(base_, max_);
}

size_t Heap::committed_bytes() const { return used_bytes(); }

bool Heap::contains(const void* p) const {
  const char* c = static_cast<const char*>(p);
  return base_ != nullptr && c >= base_ && c < base_ + max_;
}

Object* Heap::allocate(JavaThread* thread, Klass* klass, size_t bytes) {
  bytes = (bytes + 7) & ~size_t{7};
  size_t old = used_.load(std::memory_order_relaxed);
  for (;;) {
    if (base_ == nullptr || bytes > max_ - old) {
      // OutOfMemoryError("Java heap space"), made at start-up (bootstrap.cpp).
      Object** oom = vm().out_of_memory_error;
      if (oom == nullptr || *oom == nullptr) {
        std::fprintf(stderr, "minijvm: Java heap exhausted before start-up finished\n");
        std::abort();
      }
      throw_object(thread, *oom);
      return nullptr;
    }
    if (used_.compare_exchange_weak(old, old + bytes, std::memory_order_relaxed)) break;
  }
  Object* o = reinterpret_cast<Object*>(base_ + old);
  o->set_klass(klass);
  o->mark().store(0, std::memory_order_relaxed);
  if (AllocationObserver observer = g_allocation_observer.load(std::memory_order_relaxed))
      [[unlikely]] {
    observer(thread, o, bytes);
  }
  return o;
}

void set_allocation_observer(AllocationObserver observer) {
  g_allocation_observer.store(observer, std::memory_order_release);
}

Object* new_instance(JavaThread* thread, Klass* klass) {
  return vm().heap.allocate(thread, klass, klass->instance_size);
}

ArrayObject* new_array(JavaThread* thread, Klass* array_klass, int32_t length) {
  // arrayOopDesc::max_array_length on 64-bit HotSpot (two-word array header):
  // max_jint - 2 for every element type; longer is never "Java heap space".
  constexpr int32_t kMaxArrayLength = INT32_MAX - 2;
  if (length > kMaxArrayLength) {
    throw_new(thread, intern("java/lang/OutOfMemoryError"), "Requested array size exceeds VM limit");
    return nullptr;
  }
  size_t bytes = kArrayBaseOffset + static_cast<size_t>(length) * array_klass->element_size;
  auto* a = static_cast<ArrayObject*>(vm().heap.allocate(thread, array_klass, bytes));
  if (a) a->set_length(length);
  return a;
}

ArrayObject* new_primitive_array(JavaThread* thread, BasicType type, int32_t length) {
  Klass* k = primitive_array_klass(type);
  if (k == nullptr) {
    throw_new(thread, intern("java/lang/InternalError"), "primitive array classes not created");
    return nullptr;
  }
  return new_array(thread, k, length);
}

ArrayObject* new_object_array(JavaThread* thread, Klass* element, int32_t length) {
  Klass* k = array_klass_of(thread, element);
  if (k == nullptr) return nullptr;
  return new_array(thread, k, length);
}

size_t object_size(const Object* o) {
  const Klass* k = o->klass();
  size_t bytes;
  if (k->is_array()) {
    bytes = kArrayBaseOffset +
            static_cast<size_t>(static_cast<const ArrayObject*>(o)->length()) * k->element_size;
  } else if (k == vm().classes.Class && k != nullptr) {
    Klass* of = klass_of_mirror(const_cast<Object*>(o));
    bytes = k->instance_size + (of ? of->static_size : 0);
  } else {
    bytes = k->instance_size;
  }
  return (bytes + 7) & ~size_t{7};
}

Object* clone_object(JavaThread* thread, Object* original) {
  HandleMark hm(thread->handles());
  Handle h = thread->handles().make(original);
  size_t bytes = object_size(original);
  Object* copy = vm().heap.allocate(thread, original->klass(), bytes);
  if (copy == nullptr) return nullptr;
  std::memcpy(reinterpret_cast<char*>(copy) + kObjectHeaderSize,
              reinterpret_cast<char*>(h.get()) + kObjectHeaderSize, bytes - kObjectHeaderSize);
  return copy;
}

}  // namespace minijvm
