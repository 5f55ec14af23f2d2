// jdk.internal.misc.Unsafe (HotSpot: prims/unsafe.cpp, registered by
// JVM_RegisterJDKInternalMiscUnsafeMethods -- inside the VM, not libjava).
//
// Addressing: (base, offset) is base + offset for a Java object (offsets come
// from objectFieldOffset / arrayBaseOffset, object.h layout), or the absolute
// address `offset` when base is null (off-heap memory).
//
// Memory model (JLS §17.4, JEP 193): plain accesses are single copies of
// naturally aligned values (no tearing of references or 32-bit values);
// the *Volatile natives are sequentially consistent atomics; CAS is a
// sequentially consistent compare-and-exchange; the fences map to C++
// fences. Acquire/Release/Opaque are Java methods over these in JDK 17.
#include <sys/mman.h>
#include <unistd.h>

#include <bit>
#include <cstdlib>
#include <cstring>
#include <string>

#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

// Argument slots of an instance native (args[0] is the Unsafe receiver):
// (Object base, long offset[, value]) -> base = 1, offset = 2, value = 4.
constexpr int kBase = 1, kOffset = 2, kValue = 4;

inline char* address(const Slot* args) {
  Object* base = args[kBase].l;
  const int64_t offset = args[kOffset].j;
  return base ? reinterpret_cast<char*>(base) + offset : reinterpret_cast<char*>(offset);
}

// A Java boolean in memory: one byte, read as 0 or 1 (HotSpot's
// normalize_for_read), never as a C++ bool (any other byte would be UB).
using JBoolean = uint8_t;

// Java-typed values in slots: sub-int types travel as int.
template <class T>
T from_slot(const Slot& s) {
  if constexpr (std::is_same_v<T, int64_t>)
    return s.j;
  else if constexpr (std::is_same_v<T, float>)
    return s.f;
  else if constexpr (std::is_same_v<T, double>)
    return s.d;
  else if constexpr (std::is_same_v<T, Object*>)
    return s.l;
  else if constexpr (std::is_same_v<T, JBoolean>)
    return static_cast<JBoolean>(s.i & 1);
  else
    return static_cast<T>(s.i);
}

template <class T>
Slot to_slot(T v) {
  if constexpr (std::is_same_v<T, int64_t>)
    return slot_long(v);
  else if constexpr (std::is_same_v<T, float>)
    return slot_float(v);
  else if constexpr (std::is_same_v<T, double>)
    return slot_double(v);
  else if constexpr (std::is_same_v<T, Object*>)
    return slot_ref(v);
  else if constexpr (std::is_same_v<T, JBoolean>)
    return slot_int(v != 0 ? 1 : 0);
  else
    return slot_int(static_cast<int32_t>(v));
}

// The integer type of the same size, for atomics on float/double/bool.
template <class T>
using Bits =
    std::conditional_t<sizeof(T) == 1, uint8_t,
                       std::conditional_t<sizeof(T) == 2, uint16_t,
                                          std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;

template <class T>
void get_plain(JavaThread*, Method*, Slot* args, Slot* result) {
  T v;
  std::memcpy(&v, address(args), sizeof(T));
  *result = to_slot<T>(v);
}

template <class T>
void put_plain(JavaThread*, Method*, Slot* args, Slot*) {
  T v = from_slot<T>(args[kValue]);
  std::memcpy(address(args), &v, sizeof(T));
}

template <class T>
void get_volatile(JavaThread*, Method*, Slot* args, Slot* result) {
  auto bits = __atomic_load_n(reinterpret_cast<Bits<T>*>(address(args)), __ATOMIC_SEQ_CST);
  T v;
  std::memcpy(&v, &bits, sizeof(T));
  *result = to_slot<T>(v);
}

template <class T>
void put_volatile(JavaThread*, Method*, Slot* args, Slot*) {
  T v = from_slot<T>(args[kValue]);
  Bits<T> bits;
  std::memcpy(&bits, &v, sizeof(T));
  __atomic_store_n(reinterpret_cast<Bits<T>*>(address(args)), bits, __ATOMIC_SEQ_CST);
}

// compareAndSet/compareAndExchange (Object o, long offset, T expected, T x):
// expected at slot 4, x after it (slot 5, or 6 for a long).
template <class T>
T compare_and_exchange(Slot* args) {
  constexpr int kNew = std::is_same_v<T, int64_t> ? kValue + 2 : kValue + 1;
  T expected = from_slot<T>(args[kValue]);
  T desired = from_slot<T>(args[kNew]);
  __atomic_compare_exchange_n(reinterpret_cast<T*>(address(args)), &expected, desired, false,
                              __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;  // the witness value
}

template <class T>
void cas(JavaThread*, Method*, Slot* args, Slot* result) {
  T expected = from_slot<T>(args[kValue]);
  *result = slot_int(compare_and_exchange<T>(args) == expected ? 1 : 0);
}

template <class T>
void cax(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = to_slot<T>(compare_and_exchange<T>(args));
}

// Unsafe.registerNatives (first statement of Unsafe.<clinit>): every Unsafe
// native is in the table below; this is where HotSpot's UnsafeConstants
// fixup happens for minijvm, before Unsafe's static initializer reads them.
void register_natives(JavaThread* thread, Method*, Slot*, Slot*) { set_unsafe_constants(thread); }

void load_fence(JavaThread*, Method*, Slot*, Slot*) { __atomic_thread_fence(__ATOMIC_ACQUIRE); }
void store_fence(JavaThread*, Method*, Slot*, Slot*) { __atomic_thread_fence(__ATOMIC_RELEASE); }
void full_fence(JavaThread*, Method*, Slot*, Slot*) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

Klass* class_arg(JavaThread* thread, Object* mirror) {
  if (mirror == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  return klass_of_mirror(mirror);
}

void array_base_offset(JavaThread* thread, Method*, Slot* args, Slot* result) {
  Klass* k = class_arg(thread, args[1].l);
  if (thread->has_pending_exception()) return;
  if (k == nullptr || !k->is_array()) {
    throw_new_no_message(thread, intern("java/lang/InvalidClassException"));
    return;
  }
  *result = slot_int(static_cast<int32_t>(kArrayBaseOffset));
}

void array_index_scale(JavaThread* thread, Method*, Slot* args, Slot* result) {
  Klass* k = class_arg(thread, args[1].l);
  if (thread->has_pending_exception()) return;
  if (k == nullptr || !k->is_array()) {
    throw_new_no_message(thread, intern("java/lang/InvalidClassException"));
    return;
  }
  const int32_t scale = k->kind == Klass::Kind::kPrimitiveArray
                            ? k->element_size
                            : static_cast<int32_t>(sizeof(Object*));
  *result = slot_int(scale);
}

// objectFieldOffset1(Class, String): a field declared by the class itself
// (HotSpot find_field_offset); InternalError when there is none.
void object_field_offset1(JavaThread* thread, Method*, Slot* args, Slot* result) {
  Klass* k = class_arg(thread, args[1].l);
  if (thread->has_pending_exception()) return;
  if (args[2].l == nullptr) {
    throw_npe(thread);
    return;
  }
  const std::string name = utf8_of(args[2].l);
  if (k != nullptr) {
    for (const FieldDesc& f : k->fields) {
      if (f.name->equals(name)) {
        *result = slot_long(f.offset);
        return;
      }
    }
  }
  throw_new_no_message(thread, intern("java/lang/InternalError"));
}

// The FieldDesc behind a java.lang.reflect.Field: its declaring class and slot
// (the index in Klass::fields, as jvm_reflection.cpp builds them).
FieldDesc* field_of(JavaThread* thread, Object* field) {
  if (field == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  Object* clazz = get_ref_field(thread, field, "clazz", "Ljava/lang/Class;");
  if (thread->has_pending_exception()) return nullptr;
  int32_t slot = get_int_field(thread, field, "slot");
  if (thread->has_pending_exception()) return nullptr;
  Klass* k = klass_from_mirror(clazz);
  if (k == nullptr || slot < 0 || static_cast<size_t>(slot) >= k->fields.size()) {
    throw_by_name(thread, "java/lang/InternalError", "bad java.lang.reflect.Field slot");
    return nullptr;
  }
  return &k->fields[slot];
}

void object_field_offset0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  if (FieldDesc* f = field_of(thread, args[1].l)) *result = slot_long(f->offset);
}

void static_field_offset0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  if (FieldDesc* f = field_of(thread, args[1].l)) *result = slot_long(f->offset);
}

void static_field_base0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  // Statics live in the mirror (object.h).
  if (FieldDesc* f = field_of(thread, args[1].l)) *result = slot_ref(f->holder->mirror);
}

void should_be_initialized0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  Klass* k = class_arg(thread, args[1].l);
  if (thread->has_pending_exception()) return;
  *result = slot_int(k != nullptr && !k->is_initialized() ? 1 : 0);
}

void ensure_class_initialized0(JavaThread* thread, Method*, Slot* args, Slot*) {
  Klass* k = class_arg(thread, args[1].l);
  if (k == nullptr || k->is_array()) return;
  if (link_class(thread, k)) initialize_class(thread, k);
}

void allocate_instance(JavaThread* thread, Method*, Slot* args, Slot* result) {
  // Unsafe_AllocateInstance -> InstanceKlass::check_valid_for_instantiation.
  Klass* k = class_arg(thread, args[1].l);
  if (thread->has_pending_exception()) return;
  if (k == nullptr || k->is_array() || k->is_interface() || k->is_abstract() ||
      k == vm().classes.Class) {
    std::string name =
        k ? k->external_name() : std::string(java_name(primitive_type_of_mirror(args[1].l)));
    throw_by_name(thread, "java/lang/InstantiationException", name);
    return;
  }
  if (!link_class(thread, k) || !initialize_class(thread, k)) return;
  *result = slot_ref(new_instance(thread, k));
}

void throw_exception(JavaThread* thread, Method*, Slot* args, Slot*) {
  if (args[1].l == nullptr) {
    throw_npe(thread);
    return;
  }
  throw_object(thread, args[1].l);
}

void define_class0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  // (String name, byte[] b, int off, int len, ClassLoader loader, ProtectionDomain pd)
  auto* bytes = static_cast<ArrayObject*>(args[2].l);
  const int32_t off = args[3].i, len = args[4].i;
  if (bytes == nullptr) {
    throw_npe(thread);
    return;
  }
  if (off < 0 || len < 0 || off > bytes->length() - len) {
    throw_new_no_message(thread, intern("java/lang/ArrayIndexOutOfBoundsException"));
    return;
  }
  std::string name;
  if (args[1].l) {
    name = utf8_of(args[1].l);
    for (char& c : name) c = c == '.' ? '/' : c;
  }
  std::vector<uint8_t> copy(bytes->data<uint8_t>() + off, bytes->data<uint8_t>() + off + len);
  Klass* k = define_class(thread, name.empty() ? nullptr : intern(name), copy, args[5].l, args[6].l,
                          "__Unsafe_DefineClass__");
  if (k == nullptr) return;
  *result = slot_ref(k->mirror);
}

void park(JavaThread* thread, Method*, Slot* args, Slot*) {
  minijvm::park(thread, args[1].i != 0, args[2].j);
}

void unpark(JavaThread*, Method*, Slot* args, Slot*) {
  if (args[1].l) minijvm::unpark(args[1].l);
}

// --- off-heap memory -----------------------------------------------------------

void allocate_memory0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  void* p = std::malloc(static_cast<size_t>(args[1].j));
  if (p == nullptr && args[1].j != 0) {
    throw_by_name(thread, "java/lang/OutOfMemoryError",
                  "Unable to allocate " + std::to_string(args[1].j) + " bytes");
    return;
  }
  *result = slot_long(reinterpret_cast<int64_t>(p));
}

void reallocate_memory0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  void* p = std::realloc(reinterpret_cast<void*>(args[1].j), static_cast<size_t>(args[3].j));
  if (p == nullptr && args[3].j != 0) {
    throw_by_name(thread, "java/lang/OutOfMemoryError",
                  "Unable to allocate " + std::to_string(args[3].j) + " bytes");
    return;
  }
  *result = slot_long(reinterpret_cast<int64_t>(p));
}

void free_memory0(JavaThread*, Method*, Slot* args, Slot*) {
  std::free(reinterpret_cast<void*>(args[1].j));
}

void set_memory0(JavaThread*, Method*, Slot* args, Slot*) {
  // (Object o, long offset, long bytes, byte value)
  std::memset(address(args), static_cast<uint8_t>(args[6].i), static_cast<size_t>(args[4].j));
}

char* address_of(Object* base, int64_t offset) {
  return base ? reinterpret_cast<char*>(base) + offset : reinterpret_cast<char*>(offset);
}

void copy_memory0(JavaThread*, Method*, Slot* args, Slot*) {
  // (Object srcBase, long srcOffset, Object destBase, long destOffset, long bytes)
  std::memmove(address_of(args[4].l, args[5].j), address_of(args[1].l, args[2].j),
               static_cast<size_t>(args[7].j));
}

void copy_swap_memory0(JavaThread*, Method*, Slot* args, Slot*) {
  // (... long bytes, long elemSize): copy elements of 2, 4 or 8 bytes, byte-swapped.
  const char* src = address_of(args[1].l, args[2].j);
  char* dst = address_of(args[4].l, args[5].j);
  const size_t bytes = static_cast<size_t>(args[7].j);
  const size_t size = static_cast<size_t>(args[9].j);
  for (size_t i = 0; i + size <= bytes; i += size) {
    char tmp[8];
    for (size_t b = 0; b < size; ++b) tmp[b] = src[i + size - 1 - b];
    std::memcpy(dst + i, tmp, size);
  }
}

void get_uncompressed_object(JavaThread*, Method*, Slot* args, Slot* result) {
  Object* o;
  std::memcpy(&o, reinterpret_cast<void*>(args[1].j), sizeof(o));
  *result = slot_ref(o);
}

void writeback(JavaThread* thread, Method* method, Slot*, Slot*) {
  throw_unimplemented(thread, "Unsafe." + method->name->str() + " (persistent memory)");
}

void get_load_average0(JavaThread*, Method*, Slot* args, Slot* result) {
  auto* array = static_cast<ArrayObject*>(args[1].l);
  const int32_t n = args[2].i;
  double values[3];
  int got = (array && n >= 1 && n <= 3 && n <= array->length()) ? getloadavg(values, n) : -1;
  for (int i = 0; i < got; ++i) array->data<double>()[i] = values[i];
  *result = slot_int(got);
}

#define U "jdk/internal/misc/Unsafe"
#define ACCESSORS(Name, T, desc)                                                    \
  {U, "get" Name, "(Ljava/lang/Object;J)" desc, &get_plain<T>},                     \
      {U, "put" Name, "(Ljava/lang/Object;J" desc ")V", &put_plain<T>},             \
      {U, "get" Name "Volatile", "(Ljava/lang/Object;J)" desc, &get_volatile<T>}, { \
    U, "put" Name "Volatile", "(Ljava/lang/Object;J" desc ")V", &put_volatile<T>    \
  }

constexpr NativeEntry kUnsafeNatives[] = {
    {U, "registerNatives", "()V", &register_natives},
    ACCESSORS("Reference", Object*, "Ljava/lang/Object;"),
    ACCESSORS("Boolean", JBoolean, "Z"),
    ACCESSORS("Byte", int8_t, "B"),
    ACCESSORS("Short", int16_t, "S"),
    ACCESSORS("Char", uint16_t, "C"),
    ACCESSORS("Int", int32_t, "I"),
    ACCESSORS("Long", int64_t, "J"),
    ACCESSORS("Float", float, "F"),
    ACCESSORS("Double", double, "D"),
    {U, "compareAndSetReference", "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z",
     &cas<Object*>},
    {U, "compareAndExchangeReference",
     "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", &cax<Object*>},
    {U, "compareAndSetInt", "(Ljava/lang/Object;JII)Z", &cas<int32_t>},
    {U, "compareAndExchangeInt", "(Ljava/lang/Object;JII)I", &cax<int32_t>},
    {U, "compareAndSetLong", "(Ljava/lang/Object;JJJ)Z", &cas<int64_t>},
    {U, "compareAndExchangeLong", "(Ljava/lang/Object;JJJ)J", &cax<int64_t>},
    {U, "loadFence", "()V", &load_fence},
    {U, "storeFence", "()V", &store_fence},
    {U, "fullFence", "()V", &full_fence},
    {U, "arrayBaseOffset0", "(Ljava/lang/Class;)I", &array_base_offset},
    {U, "arrayIndexScale0", "(Ljava/lang/Class;)I", &array_index_scale},
    {U, "objectFieldOffset0", "(Ljava/lang/reflect/Field;)J", &object_field_offset0},
    {U, "objectFieldOffset1", "(Ljava/lang/Class;Ljava/lang/String;)J", &object_field_offset1},
    {U, "staticFieldOffset0", "(Ljava/lang/reflect/Field;)J", &static_field_offset0},
    {U, "staticFieldBase0", "(Ljava/lang/reflect/Field;)Ljava/lang/Object;", &static_field_base0},
    {U, "shouldBeInitialized0", "(Ljava/lang/Class;)Z", &should_be_initialized0},
    {U, "ensureClassInitialized0", "(Ljava/lang/Class;)V", &ensure_class_initialized0},
    {U, "allocateInstance", "(Ljava/lang/Class;)Ljava/lang/Object;", &allocate_instance},
    {U, "throwException", "(Ljava/lang/Throwable;)V", &throw_exception},
    {U, "defineClass0",
     "(Ljava/lang/String;[BIILjava/lang/ClassLoader;Ljava/security/ProtectionDomain;)"
     "Ljava/lang/Class;",
     &define_class0},
    {U, "park", "(ZJ)V", &park},
    {U, "unpark", "(Ljava/lang/Object;)V", &unpark},
    {U, "allocateMemory0", "(J)J", &allocate_memory0},
    {U, "reallocateMemory0", "(JJ)J", &reallocate_memory0},
    {U, "freeMemory0", "(J)V", &free_memory0},
    {U, "setMemory0", "(Ljava/lang/Object;JJB)V", &set_memory0},
    {U, "copyMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJ)V", &copy_memory0},
    {U, "copySwapMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJJ)V", &copy_swap_memory0},
    {U, "getUncompressedObject", "(J)Ljava/lang/Object;", &get_uncompressed_object},
    {U, "writeback0", "(J)V", &writeback},
    {U, "writebackPreSync0", "()V", &writeback},
    {U, "writebackPostSync0", "()V", &writeback},
    {U, "getLoadAverage0", "([DI)I", &get_load_average0},
};
#undef ACCESSORS
#undef U

}  // namespace

std::span<const NativeEntry> unsafe_natives() { return kUnsafeNatives; }

bool set_unsafe_constants(JavaThread* thread) {
  Klass* k = boot_class(thread, "jdk/internal/misc/UnsafeConstants", true);
  if (k == nullptr) return false;
  Object* mirror = k->mirror;
  auto set_static = [&](const char* name, const char* desc, auto value) {
    FieldDesc* f = k->find_declared_field(intern(name), intern(desc));
    if (f == nullptr) {
      throw_by_name(thread, "java/lang/InternalError",
                    std::string("UnsafeConstants.") + name + " not found");
      return false;
    }
    mirror->set_field(f->offset, value);
    return true;
  };
  return set_static("ADDRESS_SIZE0", "I", static_cast<int32_t>(sizeof(void*))) &&
         set_static("PAGE_SIZE", "I", static_cast<int32_t>(sysconf(_SC_PAGESIZE))) &&
         set_static("BIG_ENDIAN", "Z",
                    static_cast<uint8_t>(std::endian::native == std::endian::big)) &&
         set_static("UNALIGNED_ACCESS", "Z", static_cast<uint8_t>(1)) &&
         set_static("DATA_CACHE_LINE_FLUSH_SIZE", "I", static_cast<int32_t>(0));
}

}  // namespace minijvm
