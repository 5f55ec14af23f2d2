// JNI array operations (JNI spec chapter 4 "Array Operations"; messages as
// HotSpot 17 jni.cpp). Get<Type>ArrayElements hands out malloc'd copies;
// GetPrimitiveArrayCritical hands out the elements themselves, which is
// safe because the heap never moves objects (object.h).
#include <cstdlib>
#include <cstring>
#include <string>

#include "classlib-bridge/jni/jni_internal.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/heap.h"

namespace minijvm::jni {
namespace {

ArrayObject* array_of(JNIEnv* env, jarray arr) {
  auto* a = resolve_as<ArrayObject>(arr);
  if (a == nullptr) throw_npe(thread_of(env));
  return a;
}

// HotSpot jni.cpp check_bounds.
bool check_bounds(JNIEnv* env, jsize start, jsize len, jsize length) {
  if (len < 0) {
    throw_by_name(thread_of(env), "java/lang/ArrayIndexOutOfBoundsException",
                  "Length " + std::to_string(len) + " is negative");
    return false;
  }
  if (start < 0 || start > length - len) {
    throw_by_name(thread_of(env), "java/lang/ArrayIndexOutOfBoundsException",
                  "Array region " + std::to_string(start) + ".." +
                      std::to_string(int64_t{start} + len) + " out of bounds for length " +
                      std::to_string(length));
    return false;
  }
  return true;
}

bool check_index(JNIEnv* env, jsize index, jsize length) {
  if (index < 0 || index >= length) {
    throw_by_name(
        thread_of(env), "java/lang/ArrayIndexOutOfBoundsException",
        "Index " + std::to_string(index) + " out of bounds for length " + std::to_string(length));
    return false;
  }
  return true;
}

bool check_length(JNIEnv* env, jsize len) {
  if (len < 0) {
    throw_by_name(thread_of(env), "java/lang/NegativeArraySizeException", std::to_string(len));
    return false;
  }
  return true;
}

jsize JNICALL GetArrayLength(JNIEnv* env, jarray arr) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  ArrayObject* a = array_of(env, arr);
  return a ? a->length() : 0;
}

jobjectArray JNICALL NewObjectArray(JNIEnv* env, jsize len, jclass element_class, jobject init) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (!check_length(env, len)) return nullptr;
  Klass* element = klass_of(element_class);
  if (element == nullptr) {
    if (resolve(element_class) == nullptr) {
      throw_npe(thread);
    } else {
      throw_by_name(thread, "java/lang/IllegalArgumentException", "primitive element class");
    }
    return nullptr;
  }
  ArrayObject* a = new_object_array(thread, element, len);
  if (a == nullptr) return nullptr;
  // `init` is read only after the allocation (it may be a weak reference);
  // nothing allocates between here and make_local.
  Object* value = resolve(init);
  if (value != nullptr) {
    for (jsize i = 0; i < len; ++i) a->data<Object*>()[i] = value;
  }
  return static_cast<jobjectArray>(make_local(thread, a));
}

jobject JNICALL GetObjectArrayElement(JNIEnv* env, jobjectArray arr, jsize index) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  ArrayObject* a = array_of(env, arr);
  if (a == nullptr || !check_index(env, index, a->length())) return nullptr;
  return make_local(thread, a->data<Object*>()[index]);
}

// JVMS §6.5 aastore's store check, with HotSpot jni.cpp's message.
void JNICALL SetObjectArrayElement(JNIEnv* env, jobjectArray arr, jsize index, jobject value) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  ArrayObject* a = array_of(env, arr);
  if (a == nullptr || !check_index(env, index, a->length())) return;
  Object* v = resolve(value);
  Klass* component = a->klass()->component;
  if (v != nullptr && component != nullptr && !v->klass()->is_subtype_of(component)) {
    std::string element = a->klass()->element != nullptr
                              ? a->klass()->element->external_name()
                              : std::string(java_name(a->klass()->element_type));
    std::string msg = "type mismatch: can not store " + v->klass()->external_name() + " to " +
                      element + "[" + std::to_string(index) + "]";
    for (int d = a->klass()->dimensions; d > 1; --d) msg += "[]";
    throw_by_name(thread, "java/lang/ArrayStoreException", msg);
    return;
  }
  a->data<Object*>()[index] = v;
}

template <class T>
jarray new_array(JNIEnv* env, BasicType type, jsize len) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (!check_length(env, len)) return nullptr;
  return static_cast<jarray>(make_local(thread, new_primitive_array(thread, type, len)));
}

template <class T>
T* get_elements(JNIEnv* env, jarray arr, jboolean* is_copy) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  ArrayObject* a = array_of(env, arr);
  if (a == nullptr) return nullptr;
  size_t bytes = static_cast<size_t>(a->length()) * sizeof(T);
  // malloc(0) may return nullptr, which JNI reads as failure: ask for one byte.
  auto* copy = static_cast<T*>(std::malloc(bytes == 0 ? 1 : bytes));
  if (copy == nullptr) {
    throw_by_name(thread, "java/lang/OutOfMemoryError", "Get<Type>ArrayElements");
    return nullptr;
  }
  if (bytes > 0) std::memcpy(copy, a->data<T>(), bytes);
  if (is_copy) *is_copy = JNI_TRUE;
  return copy;
}

// mode 0: copy back and free; JNI_COMMIT: copy back; JNI_ABORT: free.
template <class T>
void release_elements(JNIEnv* env, jarray arr, T* elems, jint mode) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  auto* a = resolve_as<ArrayObject>(arr);
  if (a != nullptr && mode != JNI_ABORT && a->length() > 0) {
    std::memcpy(a->data<T>(), elems, static_cast<size_t>(a->length()) * sizeof(T));
  }
  if (mode != JNI_COMMIT) std::free(elems);
}

template <class T>
void get_region(JNIEnv* env, jarray arr, jsize start, jsize len, T* buf) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  ArrayObject* a = array_of(env, arr);
  if (a == nullptr || !check_bounds(env, start, len, a->length())) return;
  if (len > 0) std::memcpy(buf, a->data<T>() + start, static_cast<size_t>(len) * sizeof(T));
}

template <class T>
void set_region(JNIEnv* env, jarray arr, jsize start, jsize len, const T* buf) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  ArrayObject* a = array_of(env, arr);
  if (a == nullptr || !check_bounds(env, start, len, a->length())) return;
  if (len > 0) std::memcpy(a->data<T>() + start, buf, static_cast<size_t>(len) * sizeof(T));
}

#define MINIJVM_JNI_ARRAYS(Type, jtype, basic)                                                \
  jtype##Array JNICALL New##Type##Array(JNIEnv* env, jsize len) {                             \
    return static_cast<jtype##Array>(new_array<jtype>(env, basic, len));                      \
  }                                                                                           \
  jtype* JNICALL Get##Type##ArrayElements(JNIEnv* env, jtype##Array arr, jboolean* is_copy) { \
    return get_elements<jtype>(env, arr, is_copy);                                            \
  }                                                                                           \
  void JNICALL Release##Type##ArrayElements(JNIEnv* env, jtype##Array arr, jtype* elems,      \
                                            jint mode) {                                      \
    release_elements<jtype>(env, arr, elems, mode);                                           \
  }                                                                                           \
  void JNICALL Get##Type##ArrayRegion(JNIEnv* env, jtype##Array arr, jsize start, jsize len,  \
                                      jtype* buf) {                                           \
    get_region<jtype>(env, arr, start, len, buf);                                             \
  }                                                                                           \
  void JNICALL Set##Type##ArrayRegion(JNIEnv* env, jtype##Array arr, jsize start, jsize len,  \
                                      const jtype* buf) {                                     \
    set_region<jtype>(env, arr, start, len, buf);                                             \
  }

MINIJVM_JNI_ARRAYS(Boolean, jboolean, BasicType::kBoolean)
MINIJVM_JNI_ARRAYS(Byte, jbyte, BasicType::kByte)
MINIJVM_JNI_ARRAYS(Char, jchar, BasicType::kChar)
MINIJVM_JNI_ARRAYS(Short, jshort, BasicType::kShort)
MINIJVM_JNI_ARRAYS(Int, jint, BasicType::kInt)
MINIJVM_JNI_ARRAYS(Long, jlong, BasicType::kLong)
MINIJVM_JNI_ARRAYS(Float, jfloat, BasicType::kFloat)
MINIJVM_JNI_ARRAYS(Double, jdouble, BasicType::kDouble)
#undef MINIJVM_JNI_ARRAYS

// The elements stay valid after the return to kInNative: the heap never
// moves objects and the native's reference `arr` keeps the array alive.
void* JNICALL GetPrimitiveArrayCritical(JNIEnv* env, jarray arr, jboolean* is_copy) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  ArrayObject* a = array_of(env, arr);
  if (a == nullptr) return nullptr;
  if (is_copy) *is_copy = JNI_FALSE;
  return a->data<char>();
}

void JNICALL ReleasePrimitiveArrayCritical(JNIEnv*, jarray, void*, jint) {}

}  // namespace

void fill_array_functions(JNINativeInterface_& t) {
  t.GetArrayLength = GetArrayLength;
  t.NewObjectArray = NewObjectArray;
  t.GetObjectArrayElement = GetObjectArrayElement;
  t.SetObjectArrayElement = SetObjectArrayElement;
#define MINIJVM_FILL(Type)                                       \
  t.New##Type##Array = New##Type##Array;                         \
  t.Get##Type##ArrayElements = Get##Type##ArrayElements;         \
  t.Release##Type##ArrayElements = Release##Type##ArrayElements; \
  t.Get##Type##ArrayRegion = Get##Type##ArrayRegion;             \
  t.Set##Type##ArrayRegion = Set##Type##ArrayRegion;
  MINIJVM_FILL(Boolean)
  MINIJVM_FILL(Byte)
  MINIJVM_FILL(Char)
  MINIJVM_FILL(Short)
  MINIJVM_FILL(Int)
  MINIJVM_FILL(Long)
  MINIJVM_FILL(Float)
  MINIJVM_FILL(Double)
#undef MINIJVM_FILL
  t.GetPrimitiveArrayCritical = GetPrimitiveArrayCritical;
  t.ReleasePrimitiveArrayCritical = ReleasePrimitiveArrayCritical;
}

}  // namespace minijvm::jni
