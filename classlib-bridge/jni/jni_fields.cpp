// JNI field access: Get/Set<Type>Field and Get/SetStatic<Type>Field (JNI
// spec chapter 4 "Accessing Fields of Objects", "Accessing Static Fields").
// A jfieldID is a FieldDesc*; instance fields sit at FieldDesc::offset from
// the object start, statics at the same kind of offset in the class's
// mirror (object.h). Volatile fields get sequentially consistent fences
// around the access, as the Java memory model asks of volatile accesses.
#include <atomic>

#include "classlib-bridge/jni/jni_internal.h"
#include "vm/runtime/class_loader.h"

namespace minijvm::jni {
namespace {

inline FieldDesc* field_of(jfieldID id) { return reinterpret_cast<FieldDesc*>(id); }

template <class T>
T read_field(Object* base, const FieldDesc* fd) {
  if (fd->is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
  T v = base->field<T>(fd->offset);
  if (fd->is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
  return v;
}

template <class T>
void write_field(Object* base, const FieldDesc* fd, T v) {
  if (fd->is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
  base->set_field<T>(fd->offset, v);
  if (fd->is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
}

// The object holding the field's storage, or nullptr + NullPointerException.
Object* instance_base(JNIEnv* env, jobject obj) {
  Object* o = resolve(obj);
  if (o == nullptr) throw_npe(thread_of(env));
  return o;
}

// Statics live in the mirror; the class was initialized by GetStaticFieldID.
Object* static_base(const FieldDesc* fd) { return fd->holder->mirror; }

// Field storage: jboolean is one byte, Object references are Object*.
template <class T>
struct Stored {
  using type = T;
};
template <>
struct Stored<jobject> {
  using type = Object*;
};

// Every accessor reads or writes the heap, so each runs in kInVm; none
// allocates (an Object result only becomes a local reference).
#define MINIJVM_JNI_FIELDS(Type, jtype)                                                   \
  jtype JNICALL Get##Type##Field(JNIEnv* env, jobject obj, jfieldID id) {                 \
    JavaThread* thread = thread_of(env);                                                  \
    ThreadStateScope in_vm(thread, ThreadState::kInVm);                                   \
    Object* o = instance_base(env, obj);                                                  \
    if (o == nullptr) return jtype{};                                                     \
    return from_stored<jtype>(env, read_field<Stored<jtype>::type>(o, field_of(id)));     \
  }                                                                                       \
  void JNICALL Set##Type##Field(JNIEnv* env, jobject obj, jfieldID id, jtype value) {     \
    JavaThread* thread = thread_of(env);                                                  \
    ThreadStateScope in_vm(thread, ThreadState::kInVm);                                   \
    Object* o = instance_base(env, obj);                                                  \
    if (o == nullptr) return;                                                             \
    write_field<Stored<jtype>::type>(o, field_of(id), to_stored<jtype>(value));           \
  }                                                                                       \
  jtype JNICALL GetStatic##Type##Field(JNIEnv* env, jclass, jfieldID id) {                \
    JavaThread* thread = thread_of(env);                                                  \
    ThreadStateScope in_vm(thread, ThreadState::kInVm);                                   \
    FieldDesc* fd = field_of(id);                                                         \
    return from_stored<jtype>(env, read_field<Stored<jtype>::type>(static_base(fd), fd)); \
  }                                                                                       \
  void JNICALL SetStatic##Type##Field(JNIEnv* env, jclass, jfieldID id, jtype value) {    \
    JavaThread* thread = thread_of(env);                                                  \
    ThreadStateScope in_vm(thread, ThreadState::kInVm);                                   \
    FieldDesc* fd = field_of(id);                                                         \
    write_field<Stored<jtype>::type>(static_base(fd), fd, to_stored<jtype>(value));       \
  }

template <class J>
J from_stored(JNIEnv*, typename Stored<J>::type v) {
  return v;
}
template <>
jobject from_stored<jobject>(JNIEnv* env, Object* v) {
  return make_local(thread_of(env), v);
}
template <>
jboolean from_stored<jboolean>(JNIEnv*, jboolean v) {
  return v & 1;
}
template <class J>
typename Stored<J>::type to_stored(J v) {
  return v;
}
template <>
Object* to_stored<jobject>(jobject v) {
  return resolve(v);
}
template <>
jboolean to_stored<jboolean>(jboolean v) {
  return v & 1;  // JNI: only the low bit of a jboolean is meaningful (JDK 14+)
}

MINIJVM_JNI_FIELDS(Object, jobject)
MINIJVM_JNI_FIELDS(Boolean, jboolean)
MINIJVM_JNI_FIELDS(Byte, jbyte)
MINIJVM_JNI_FIELDS(Char, jchar)
MINIJVM_JNI_FIELDS(Short, jshort)
MINIJVM_JNI_FIELDS(Int, jint)
MINIJVM_JNI_FIELDS(Long, jlong)
MINIJVM_JNI_FIELDS(Float, jfloat)
MINIJVM_JNI_FIELDS(Double, jdouble)
#undef MINIJVM_JNI_FIELDS

}  // namespace

void fill_field_functions(JNINativeInterface_& t) {
#define MINIJVM_FILL(Type)                           \
  t.Get##Type##Field = Get##Type##Field;             \
  t.Set##Type##Field = Set##Type##Field;             \
  t.GetStatic##Type##Field = GetStatic##Type##Field; \
  t.SetStatic##Type##Field = SetStatic##Type##Field;
  MINIJVM_FILL(Object)
  MINIJVM_FILL(Boolean)
  MINIJVM_FILL(Byte)
  MINIJVM_FILL(Char)
  MINIJVM_FILL(Short)
  MINIJVM_FILL(Int)
  MINIJVM_FILL(Long)
  MINIJVM_FILL(Float)
  MINIJVM_FILL(Double)
#undef MINIJVM_FILL
}

}  // namespace minijvm::jni
