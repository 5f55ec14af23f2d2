// Helpers shared by the JVM_* functions and the VM-internal natives of
// classlib-bridge/: JNI references as handle slots, loud failures for what is
// not implemented, Java fields read by name, and Java strings.
//
// A jobject is an Object** (a HandleArea slot, handles.h), possibly tagged as a
// global or weak global reference (classlib-bridge/jni/jni_internal.h decides
// the encoding; resolve() goes through it); nullptr is the Java null. The current JavaThread is
// found through JavaThread::current(): every JNIEnv handed out belongs to the thread that uses it
// (JNI spec, ch. 5).
#pragma once

#include <jni.h>

#include <string>
#include <string_view>

#include "classlib-bridge/jni/jni_internal.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/object.h"
#include "vm/runtime/thread.h"

namespace minijvm {

inline Object* resolve(jobject ref) { return jni::resolve(ref); }

// A new local reference in `thread`'s handle area (nullptr for null). It
// lives as long as the slots below the area's top: a HandleMark released
// after it releases it too, so a JVM_* function makes its result's local
// outside any HandleMark of its own.
inline jobject make_local(JavaThread* thread, Object* o) {
  return o ? reinterpret_cast<jobject>(thread->handles().make(o).slot()) : nullptr;
}
template <class T>
inline T make_local_as(JavaThread* thread, Object* o) {
  return static_cast<T>(make_local(thread, o));
}

// The JavaThread running a JVM_* function (the JNIEnv's owner).
JavaThread* jvm_thread(JNIEnv* env);

// HotSpot's JVM_ENTRY: a JVM_* function called from native code runs in the
// kInVm state (safepoint/ treats it as not stopped) and restores the
// caller's state on return. First statement of every JVM_* taking a JNIEnv.
class VmStateScope {
 public:
  explicit VmStateScope(JNIEnv* env) : scope_(jvm_thread(env), ThreadState::kInVm) {}

 private:
  ThreadStateScope scope_;
};

// Leaves `class_name` (internal form) with `message` pending on `thread`.
void throw_by_name(JavaThread* thread, std::string_view class_name, std::string_view message);
// The loud failure for what minijvm does not implement yet: an
// UnsatisfiedLinkError "<what> is not implemented in minijvm yet".
void throw_unimplemented(JavaThread* thread, std::string_view what);
// NullPointerException without a message.
void throw_npe(JavaThread* thread);

// The Klass behind a mirror, nullptr for primitive mirrors and null.
Klass* klass_from_mirror(Object* mirror);

// A field of `klass` or its supertypes by name and descriptor (JVMS §5.4.3.2
// lookup). nullptr + InternalError pending when java.base does not have it
// (a mismatch between minijvm and the JDK it runs on).
FieldDesc* required_field(JavaThread* thread, Klass* klass, std::string_view name,
                          std::string_view descriptor);

// Typed accessors of instance fields by name; on a missing field they leave
// InternalError pending and return 0/nullptr (callers CHECK_PENDING).
Object* get_ref_field(JavaThread* thread, Object* o, std::string_view name,
                      std::string_view descriptor);
void set_ref_field(JavaThread* thread, Object* o, std::string_view name,
                   std::string_view descriptor, Object* value);
int32_t get_int_field(JavaThread* thread, Object* o, std::string_view name);
void set_int_field(JavaThread* thread, Object* o, std::string_view name, int32_t value);
int64_t get_long_field(JavaThread* thread, Object* o, std::string_view name);
void set_long_field(JavaThread* thread, Object* o, std::string_view name, int64_t value);

// Boot class `internal_name`, loaded, linked and initialized; nullptr + pending on failure.
Klass* boot_class(JavaThread* thread, std::string_view internal_name, bool initialize);

// A new java.lang.String from standard UTF-8 (nullptr + pending on failure).
Object* java_string(JavaThread* thread, std::string_view utf8);
// A String's contents as standard UTF-8 ("" for null).
std::string utf8_of(const Object* str);

}  // namespace minijvm
