// JNI calls from native code into Java: Call<Type>Method[A|V],
// CallNonvirtual<Type>Method[A|V], CallStatic<Type>Method[A|V] and
// NewObject[A|V] (JNI spec chapter 4 "Calling Instance Methods"; HotSpot
// jni.cpp jni_invoke_nonstatic / jni_invoke_static).
//
// Arguments arrive as C varargs (promoted: small ints as int, float as
// double) or as jvalue arrays; they become Slots (long/double two slots) and
// go through call_java (java_calls.h).
#include <cstdarg>
#include <vector>

#include "classlib-bridge/jni/jni_internal.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/resolution.h"

namespace minijvm::jni {
namespace {

enum class CallKind { kVirtual, kNonvirtual, kStatic };

// Appends `m`'s parameters read from a va_list.
void push_args_v(const Method* m, va_list args, std::vector<Slot>& out) {
  for (const FieldType& p : m->signature->params) {
    switch (p.type) {
      case BasicType::kBoolean:
        out.push_back(slot_int(static_cast<jboolean>(va_arg(args, int))));
        break;
      case BasicType::kByte:
        out.push_back(slot_int(static_cast<jbyte>(va_arg(args, int))));
        break;
      case BasicType::kChar:
        out.push_back(slot_int(static_cast<jchar>(va_arg(args, int))));
        break;
      case BasicType::kShort:
        out.push_back(slot_int(static_cast<jshort>(va_arg(args, int))));
        break;
      case BasicType::kInt:
        out.push_back(slot_int(va_arg(args, jint)));
        break;
      case BasicType::kFloat:
        out.push_back(slot_float(static_cast<float>(va_arg(args, double))));
        break;
      case BasicType::kLong:
        out.push_back(slot_long(va_arg(args, jlong)));
        out.push_back(slot_long(0));
        break;
      case BasicType::kDouble:
        out.push_back(slot_double(va_arg(args, double)));
        out.push_back(slot_long(0));
        break;
      default:
        out.push_back(slot_ref(resolve(va_arg(args, jobject))));
        break;
    }
  }
}

void push_args_a(const Method* m, const jvalue* args, std::vector<Slot>& out) {
  size_t i = 0;
  for (const FieldType& p : m->signature->params) {
    const jvalue& v = args[i++];
    switch (p.type) {
      case BasicType::kBoolean:
        out.push_back(slot_int(v.z));
        break;
      case BasicType::kByte:
        out.push_back(slot_int(v.b));
        break;
      case BasicType::kChar:
        out.push_back(slot_int(v.c));
        break;
      case BasicType::kShort:
        out.push_back(slot_int(v.s));
        break;
      case BasicType::kInt:
        out.push_back(slot_int(v.i));
        break;
      case BasicType::kFloat:
        out.push_back(slot_float(v.f));
        break;
      case BasicType::kLong:
        out.push_back(slot_long(v.j));
        out.push_back(slot_long(0));
        break;
      case BasicType::kDouble:
        out.push_back(slot_double(v.d));
        out.push_back(slot_long(0));
        break;
      default:
        out.push_back(slot_ref(resolve(v.l)));
        break;
    }
  }
}

// Where the arguments come from: exactly one of `va` / `array` is used.
struct ArgSource {
  va_list* va = nullptr;
  const jvalue* array = nullptr;
};

// Runs `mid` with virtual, nonvirtual or static selection; the caller is in
// kInVm. The result of a reference-returning method is a raw Object* in
// result->l, which the caller makes a local reference before leaving kInVm.
void invoke(JNIEnv* env, CallKind kind, jobject receiver, jmethodID mid, const ArgSource& src,
            Slot* result) {
  JavaThread* thread = thread_of(env);
  result->raw = 0;
  Method* m = reinterpret_cast<Method*>(mid);
  if (m == nullptr) {
    throw_npe(thread);
    return;
  }
  if (kind == CallKind::kStatic) {
    // JVMS §5.5: invoking a static method initializes its class.
    if (!m->holder->is_initialized() && !initialize_class(thread, m->holder)) return;
  } else {
    Object* recv = resolve(receiver);
    if (recv == nullptr) {
      throw_npe(thread);
      return;
    }
    // JVMS §6.5 invokevirtual/invokeinterface selection; private methods
    // and constructors are not dispatched (HotSpot: can_be_statically_bound).
    if (kind == CallKind::kVirtual && !m->is_private() && !m->is_static() && !m->is_initializer()) {
      Klass* rk = recv->klass();
      Method* selected = m->holder->is_interface() ? select_interface(thread, rk, m)
                                                   : select_virtual(thread, rk, m);
      if (selected == nullptr) return;  // AbstractMethodError etc. pending
      m = selected;
    }
  }
  // The arguments become raw Object*s only now, after everything that may
  // allocate or load a class; call_java copies them into the callee's frame
  // before anything can collect.
  std::vector<Slot> args;
  args.reserve(m->arg_slots + 1);
  if (kind != CallKind::kStatic) {
    Object* recv = resolve(receiver);
    if (recv == nullptr) {  // a weak global receiver cleared meanwhile
      throw_npe(thread);
      return;
    }
    args.push_back(slot_ref(recv));
  }
  if (src.va != nullptr) {
    push_args_v(m, *src.va, args);
  } else {
    push_args_a(m, src.array, args);
  }
  call_java(thread, m, args, result);
  if (thread->has_pending_exception()) result->raw = 0;
}

template <class T>
T slot_as(const Slot& s, JavaThread* thread);
template <>
jobject slot_as<jobject>(const Slot& s, JavaThread* thread) {
  return make_local(thread, s.l);
}
template <>
jboolean slot_as<jboolean>(const Slot& s, JavaThread*) {
  return static_cast<jboolean>(s.i != 0);
}
template <>
jbyte slot_as<jbyte>(const Slot& s, JavaThread*) {
  return static_cast<jbyte>(s.i);
}
template <>
jchar slot_as<jchar>(const Slot& s, JavaThread*) {
  return static_cast<jchar>(s.i);
}
template <>
jshort slot_as<jshort>(const Slot& s, JavaThread*) {
  return static_cast<jshort>(s.i);
}
template <>
jint slot_as<jint>(const Slot& s, JavaThread*) {
  return s.i;
}
template <>
jlong slot_as<jlong>(const Slot& s, JavaThread*) {
  return s.j;
}
template <>
jfloat slot_as<jfloat>(const Slot& s, JavaThread*) {
  return s.f;
}
template <>
jdouble slot_as<jdouble>(const Slot& s, JavaThread*) {
  return s.d;
}

// The whole call, the conversion of a reference result to a local reference
// included, runs in kInVm: until then the result is held only by `r`.
template <class T>
T call_v(JNIEnv* env, CallKind kind, jobject recv, jmethodID mid, va_list args) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Slot r;
  va_list copy;
  va_copy(copy, args);
  ArgSource src;
  src.va = &copy;
  invoke(env, kind, recv, mid, src, &r);
  va_end(copy);
  return slot_as<T>(r, thread);
}

template <class T>
T call_a(JNIEnv* env, CallKind kind, jobject recv, jmethodID mid, const jvalue* args) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Slot r;
  ArgSource src;
  src.array = args;
  invoke(env, kind, recv, mid, src, &r);
  return slot_as<T>(r, thread);
}

// One macro per return type gives the nine functions of that type.
#define MINIJVM_JNI_CALLS(Type, jtype)                                                             \
  jtype JNICALL Call##Type##Method(JNIEnv* env, jobject obj, jmethodID mid, ...) {                 \
    va_list ap;                                                                                    \
    va_start(ap, mid);                                                                             \
    jtype r = call_v<jtype>(env, CallKind::kVirtual, obj, mid, ap);                                \
    va_end(ap);                                                                                    \
    return r;                                                                                      \
  }                                                                                                \
  jtype JNICALL Call##Type##MethodV(JNIEnv* env, jobject obj, jmethodID mid, va_list ap) {         \
    return call_v<jtype>(env, CallKind::kVirtual, obj, mid, ap);                                   \
  }                                                                                                \
  jtype JNICALL Call##Type##MethodA(JNIEnv* env, jobject obj, jmethodID mid, const jvalue* args) { \
    return call_a<jtype>(env, CallKind::kVirtual, obj, mid, args);                                 \
  }                                                                                                \
  jtype JNICALL CallNonvirtual##Type##Method(JNIEnv* env, jobject obj, jclass, jmethodID mid,      \
                                             ...) {                                                \
    va_list ap;                                                                                    \
    va_start(ap, mid);                                                                             \
    jtype r = call_v<jtype>(env, CallKind::kNonvirtual, obj, mid, ap);                             \
    va_end(ap);                                                                                    \
    return r;                                                                                      \
  }                                                                                                \
  jtype JNICALL CallNonvirtual##Type##MethodV(JNIEnv* env, jobject obj, jclass, jmethodID mid,     \
                                              va_list ap) {                                        \
    return call_v<jtype>(env, CallKind::kNonvirtual, obj, mid, ap);                                \
  }                                                                                                \
  jtype JNICALL CallNonvirtual##Type##MethodA(JNIEnv* env, jobject obj, jclass, jmethodID mid,     \
                                              const jvalue* args) {                                \
    return call_a<jtype>(env, CallKind::kNonvirtual, obj, mid, args);                              \
  }                                                                                                \
  jtype JNICALL CallStatic##Type##Method(JNIEnv* env, jclass, jmethodID mid, ...) {                \
    va_list ap;                                                                                    \
    va_start(ap, mid);                                                                             \
    jtype r = call_v<jtype>(env, CallKind::kStatic, nullptr, mid, ap);                             \
    va_end(ap);                                                                                    \
    return r;                                                                                      \
  }                                                                                                \
  jtype JNICALL CallStatic##Type##MethodV(JNIEnv* env, jclass, jmethodID mid, va_list ap) {        \
    return call_v<jtype>(env, CallKind::kStatic, nullptr, mid, ap);                                \
  }                                                                                                \
  jtype JNICALL CallStatic##Type##MethodA(JNIEnv* env, jclass, jmethodID mid,                      \
                                          const jvalue* args) {                                    \
    return call_a<jtype>(env, CallKind::kStatic, nullptr, mid, args);                              \
  }

MINIJVM_JNI_CALLS(Object, jobject)
MINIJVM_JNI_CALLS(Boolean, jboolean)
MINIJVM_JNI_CALLS(Byte, jbyte)
MINIJVM_JNI_CALLS(Char, jchar)
MINIJVM_JNI_CALLS(Short, jshort)
MINIJVM_JNI_CALLS(Int, jint)
MINIJVM_JNI_CALLS(Long, jlong)
MINIJVM_JNI_CALLS(Float, jfloat)
MINIJVM_JNI_CALLS(Double, jdouble)
#undef MINIJVM_JNI_CALLS

// Void: the same nine without a result.
void JNICALL CallVoidMethod(JNIEnv* env, jobject obj, jmethodID mid, ...) {
  va_list ap;
  va_start(ap, mid);
  call_v<jint>(env, CallKind::kVirtual, obj, mid, ap);
  va_end(ap);
}
void JNICALL CallVoidMethodV(JNIEnv* env, jobject obj, jmethodID mid, va_list ap) {
  call_v<jint>(env, CallKind::kVirtual, obj, mid, ap);
}
void JNICALL CallVoidMethodA(JNIEnv* env, jobject obj, jmethodID mid, const jvalue* args) {
  call_a<jint>(env, CallKind::kVirtual, obj, mid, args);
}
void JNICALL CallNonvirtualVoidMethod(JNIEnv* env, jobject obj, jclass, jmethodID mid, ...) {
  va_list ap;
  va_start(ap, mid);
  call_v<jint>(env, CallKind::kNonvirtual, obj, mid, ap);
  va_end(ap);
}
void JNICALL CallNonvirtualVoidMethodV(JNIEnv* env, jobject obj, jclass, jmethodID mid,
                                       va_list ap) {
  call_v<jint>(env, CallKind::kNonvirtual, obj, mid, ap);
}
void JNICALL CallNonvirtualVoidMethodA(JNIEnv* env, jobject obj, jclass, jmethodID mid,
                                       const jvalue* args) {
  call_a<jint>(env, CallKind::kNonvirtual, obj, mid, args);
}
void JNICALL CallStaticVoidMethod(JNIEnv* env, jclass, jmethodID mid, ...) {
  va_list ap;
  va_start(ap, mid);
  call_v<jint>(env, CallKind::kStatic, nullptr, mid, ap);
  va_end(ap);
}
void JNICALL CallStaticVoidMethodV(JNIEnv* env, jclass, jmethodID mid, va_list ap) {
  call_v<jint>(env, CallKind::kStatic, nullptr, mid, ap);
}
void JNICALL CallStaticVoidMethodA(JNIEnv* env, jclass, jmethodID mid, const jvalue* args) {
  call_a<jint>(env, CallKind::kStatic, nullptr, mid, args);
}

// --- object creation ----------------------------------------------------------

// AllocObject's checks and allocation: a new, unconstructed instance as a
// local reference (HotSpot alloc_object: InstantiationException for
// abstract classes and interfaces; the class is initialized first).
jobject alloc(JNIEnv* env, jclass clazz) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k = klass_of(clazz);
  if (k == nullptr) {
    if (resolve(clazz) == nullptr) {
      throw_npe(thread);
    } else {
      throw_by_name_no_message(thread, "java/lang/InstantiationException");
    }
    return nullptr;
  }
  if (k->is_abstract() || k->is_interface() || k->is_array()) {
    throw_by_name(thread, "java/lang/InstantiationException", k->external_name());
    return nullptr;
  }
  if (!k->is_initialized() && !initialize_class(thread, k)) return nullptr;
  return make_local(thread, new_instance(thread, k));
}

jobject JNICALL AllocObject(JNIEnv* env, jclass clazz) { return alloc(env, clazz); }

// The new object is held by the local reference `obj` while its
// constructor runs.
jobject JNICALL NewObjectV(JNIEnv* env, jclass clazz, jmethodID mid, va_list ap) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  jobject obj = alloc(env, clazz);
  if (obj == nullptr) return nullptr;
  call_v<jint>(env, CallKind::kNonvirtual, obj, mid, ap);
  return thread->has_pending_exception() ? nullptr : obj;
}

jobject JNICALL NewObject(JNIEnv* env, jclass clazz, jmethodID mid, ...) {
  va_list ap;
  va_start(ap, mid);
  jobject r = NewObjectV(env, clazz, mid, ap);
  va_end(ap);
  return r;
}

jobject JNICALL NewObjectA(JNIEnv* env, jclass clazz, jmethodID mid, const jvalue* args) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  jobject obj = alloc(env, clazz);
  if (obj == nullptr) return nullptr;
  call_a<jint>(env, CallKind::kNonvirtual, obj, mid, args);
  return thread->has_pending_exception() ? nullptr : obj;
}

}  // namespace

void fill_call_functions(JNINativeInterface_& t) {
#define MINIJVM_FILL(Type)                                         \
  t.Call##Type##Method = Call##Type##Method;                       \
  t.Call##Type##MethodV = Call##Type##MethodV;                     \
  t.Call##Type##MethodA = Call##Type##MethodA;                     \
  t.CallNonvirtual##Type##Method = CallNonvirtual##Type##Method;   \
  t.CallNonvirtual##Type##MethodV = CallNonvirtual##Type##MethodV; \
  t.CallNonvirtual##Type##MethodA = CallNonvirtual##Type##MethodA; \
  t.CallStatic##Type##Method = CallStatic##Type##Method;           \
  t.CallStatic##Type##MethodV = CallStatic##Type##MethodV;         \
  t.CallStatic##Type##MethodA = CallStatic##Type##MethodA;
  MINIJVM_FILL(Object)
  MINIJVM_FILL(Boolean)
  MINIJVM_FILL(Byte)
  MINIJVM_FILL(Char)
  MINIJVM_FILL(Short)
  MINIJVM_FILL(Int)
  MINIJVM_FILL(Long)
  MINIJVM_FILL(Float)
  MINIJVM_FILL(Double)
  MINIJVM_FILL(Void)
#undef MINIJVM_FILL
  t.AllocObject = AllocObject;
  t.NewObject = NewObject;
  t.NewObjectV = NewObjectV;
  t.NewObjectA = NewObjectA;
}

}  // namespace minijvm::jni
