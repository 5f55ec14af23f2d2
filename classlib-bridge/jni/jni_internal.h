// Shared helpers of the JNI implementation (classlib-bridge/jni/*.cpp).
//
// References (JNI spec chapter 2 "Referencing Java Objects"):
//   local        an Object** slot in the thread's HandleArea (handles.h)
//   global       an Object** slot in vm().global_handles, tagged with bit 1
//   weak global  an Object** slot in the bridge's weak table, tagged with bit 0
// A null Java reference is always the null jobject. Every JNI function goes
// through resolve() to read a reference, so natives never see the tags.
//
// Thread states (HotSpot's JNI_ENTRY): natives call these functions in
// kInNative, which a safepoint counts as stopped, so the collector may run
// meanwhile. Every JNI function that reads or writes a Java object, a
// reference, the handle area, the pending exception, or that may allocate
// therefore starts with
//   JavaThread* thread = thread_of(env);
//   ThreadStateScope in_vm(thread, ThreadState::kInVm);
// before it touches any of them (ThreadStateScope restores the caller's
// state, so calls from VM code already in kInVm are fine). An Object* that
// only a C++ local holds dies at the next call that may allocate, load or
// initialize a class, or run Java code: keep it in a Handle or re-resolve
// its jobject after such a call. Objects a jobject argument names stay alive
// (the heap never moves objects), except those of a weak global reference.
#pragma once

#include <jni.h>

#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vm/runtime/klass.h"
#include "vm/runtime/thread.h"

namespace minijvm::jni {

// What a JNIEnv* points to: the env itself first (so the cast is valid),
// then the thread it belongs to and its local-frame marks (PushLocalFrame).
struct EnvBlock {
  JNIEnv_ env;
  JavaThread* thread;
  std::vector<size_t> local_frames;
};

inline JavaThread* thread_of(JNIEnv* env) { return reinterpret_cast<EnvBlock*>(env)->thread; }
inline EnvBlock* block_of(JNIEnv* env) { return reinterpret_cast<EnvBlock*>(env); }

inline constexpr uintptr_t kWeakTag = 1;
inline constexpr uintptr_t kGlobalTag = 2;
inline constexpr uintptr_t kTagMask = 3;

inline Object** untag(jobject ref) {
  return reinterpret_cast<Object**>(reinterpret_cast<uintptr_t>(ref) & ~kTagMask);
}
// The object a reference denotes, nullptr for the null reference (and for a
// cleared weak global).
inline Object* resolve(jobject ref) {
  if (ref == nullptr) return nullptr;
  Object* o = *untag(ref);
  assert(o != kReleasedSlot && "a local reference used after its frame was released");
  return o;
}
template <class T = Object>
inline T* resolve_as(jobject ref) {
  return static_cast<T*>(resolve(ref));
}

// A new local reference in the thread's current handle area.
inline jobject make_local(JavaThread* thread, Object* o) {
  if (o == nullptr) return nullptr;
  return reinterpret_cast<jobject>(thread->handles().make(o).slot());
}
inline jclass make_local_class(JavaThread* thread, Klass* k) {
  return static_cast<jclass>(make_local(thread, k ? k->mirror : nullptr));
}

// The Klass of a jclass (nullptr for primitive mirrors).
Klass* klass_of(jclass cls);

// Leaves `class_name` (internal form) with `message` pending.
void throw_by_name(JavaThread* thread, std::string_view class_name, std::string_view message);
// `class_name` with a null message.
void throw_by_name_no_message(JavaThread* thread, std::string_view class_name);
// NullPointerException without a message.
void throw_npe(JavaThread* thread);

// "int java.io.FileInputStream.readBytes(byte[], int, int)" (HotSpot's
// Method::print_external_name).
std::string external_method_name(const Klass* holder, std::string_view name,
                                 std::string_view descriptor);
std::string external_method_name(const Method* m);

// Weak global references (jni_refs.cpp; the collector sees them through
// for_each_jni_weak_global in jni_env.h).
jweak new_weak_global(Object* o);
void delete_weak_global(jweak ref);

// Function tables and pieces defined in the jni_*.cpp files.
void fill_reference_functions(JNINativeInterface_& t);  // jni_refs.cpp
void fill_class_functions(JNINativeInterface_& t);      // jni_classes.cpp
void fill_field_functions(JNINativeInterface_& t);      // jni_fields.cpp
void fill_call_functions(JNINativeInterface_& t);       // jni_calls.cpp
void fill_string_functions(JNINativeInterface_& t);     // jni_strings.cpp
void fill_array_functions(JNINativeInterface_& t);      // jni_arrays.cpp

}  // namespace minijvm::jni
