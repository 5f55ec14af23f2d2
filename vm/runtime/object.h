// The object model (DESIGN.md "Object model and heap").
//
// Every Java object starts with a 16-byte header: its class and a mark word.
//   mark bit 0 = 1   the object has an inflated monitor; mark & ~1 is the
//                    Monitor* (which also keeps the identity hash)
//   mark bit 0 = 0   bits 1..31 hold the identity hash, 0 until first asked
// Instance fields follow the header at offsets the linker assigns
// (Klass::instance_size, FieldDesc::offset). Arrays add a 32-bit length and
// their elements start at kArrayBaseOffset, aligned for 8-byte elements.
// Statics live in the java.lang.Class mirror, after its own fields, as in
// HotSpot, so Unsafe.staticFieldBase returns the mirror.
//
// The collector (heap.h) is a non-moving mark-sweep: an Object* stays valid
// while the object is reachable, but C++ code must still keep every
// reference it holds across a call that may allocate, or block, in a Handle
// (vm/runtime/handles.h) so that the collector can find it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace minijvm {

class Klass;

class Object {
 public:
  Klass* klass() const { return klass_; }
  void set_klass(Klass* k) { klass_ = k; }
  std::atomic<uint64_t>& mark() { return mark_; }

  // Raw field access at a byte offset from the object's start. Offsets come
  // from the linker; callers have checked the type.
  template <class T>
  T field(uint32_t offset) const {
    T v;
    std::memcpy(&v, reinterpret_cast<const char*>(this) + offset, sizeof(T));
    return v;
  }
  template <class T>
  void set_field(uint32_t offset, T v) {
    std::memcpy(reinterpret_cast<char*>(this) + offset, &v, sizeof(T));
  }
  Object* ref_field(uint32_t offset) const { return field<Object*>(offset); }
  void set_ref_field(uint32_t offset, Object* v) { set_field<Object*>(offset, v); }
  char* address_at(uint32_t offset) { return reinterpret_cast<char*>(this) + offset; }

  // Where the header's two words are, for compiled code (interp/jit).
  static constexpr int kKlassOffset = 0;
  static constexpr int kMarkOffset = 8;

 private:
  Klass* klass_;
  std::atomic<uint64_t> mark_;

  static void check_layout() {
    static_assert(offsetof(Object, klass_) == kKlassOffset && offsetof(Object, mark_) == kMarkOffset);
  }
};

inline constexpr uint32_t kObjectHeaderSize = 16;
static_assert(sizeof(Object) == kObjectHeaderSize);

class ArrayObject : public Object {
 public:
  int32_t length() const { return length_; }
  void set_length(int32_t n) { length_ = n; }
  // Element storage (kArrayBaseOffset from the object start).
  template <class T>
  T* data() { return reinterpret_cast<T*>(reinterpret_cast<char*>(this) + 24); }
  template <class T>
  const T* data() const {
    return reinterpret_cast<const T*>(reinterpret_cast<const char*>(this) + 24);
  }

 private:
  int32_t length_;
  int32_t padding_;
};

inline constexpr uint32_t kArrayLengthOffset = 16;
inline constexpr uint32_t kArrayBaseOffset = 24;
static_assert(sizeof(ArrayObject) == kArrayBaseOffset);

}  // namespace minijvm
