// JNI references, exceptions, monitors and object basics (JNI spec chapter
// 4: "Global and Local References", "Weak Global References", "Exceptions",
// "Object Operations", "Monitor Operations"; HotSpot prims/jni.cpp).
#include <cstdio>
#include <deque>
#include <mutex>

#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/jni/jni_internal.h"
#include "vm/runtime/thread.h"
#include "vm/descriptor.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm::jni {

// --- shared helpers -----------------------------------------------------------

Klass* klass_of(jclass cls) {
  Object* mirror = resolve(cls);
  return mirror ? klass_of_mirror(mirror) : nullptr;
}

void throw_by_name(JavaThread* thread, std::string_view class_name, std::string_view message) {
  throw_new(thread, intern(class_name), message);
}

void throw_by_name_no_message(JavaThread* thread, std::string_view class_name) {
  throw_new_no_message(thread, intern(class_name));
}

void throw_npe(JavaThread* thread) {
  throw_new_no_message(thread, intern("java/lang/NullPointerException"));
}

std::string external_method_name(const Klass* holder, std::string_view name,
                                 std::string_view descriptor) {
  std::string out;
  auto sig = parse_method_descriptor(descriptor);
  if (sig.ok()) out += java_type_name(sig->return_type) + " ";
  out += holder ? holder->external_name() : "?";
  out += ".";
  out += name;
  out += "(";
  if (sig.ok()) out += java_parameter_list(sig.value());
  out += ")";
  return out;
}

std::string external_method_name(const Method* m) { return m->external_name(); }

// --- weak global references ---------------------------------------------------

namespace {

struct WeakTable {
  std::mutex mutex;
  std::deque<Object*> slots;
  std::vector<Object**> free;
};

WeakTable& weak_table() {
  static WeakTable* table = new WeakTable();  // immortal: natives may run at exit
  return *table;
}

}  // namespace

jweak new_weak_global(Object* o) {
  if (o == nullptr) return nullptr;
  WeakTable& w = weak_table();
  std::lock_guard lock(w.mutex);
  Object** slot;
  if (!w.free.empty()) {
    slot = w.free.back();
    w.free.pop_back();
  } else {
    w.slots.push_back(nullptr);
    slot = &w.slots.back();
  }
  *slot = o;
  return reinterpret_cast<jweak>(reinterpret_cast<uintptr_t>(slot) | kWeakTag);
}

void delete_weak_global(jweak ref) {
  if (ref == nullptr) return;
  WeakTable& w = weak_table();
  std::lock_guard lock(w.mutex);
  Object** slot = untag(ref);
  *slot = nullptr;
  w.free.push_back(slot);
}

namespace {

// --- references -----------------------------------------------------------------

jobject JNICALL NewGlobalRef(JNIEnv* env, jobject ref) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* o = resolve(ref);
  if (o == nullptr) return nullptr;
  Object** slot = vm().global_handles.add(o);
  return reinterpret_cast<jobject>(reinterpret_cast<uintptr_t>(slot) | kGlobalTag);
}

void JNICALL DeleteGlobalRef(JNIEnv* env, jobject ref) {
  if (ref == nullptr) return;
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  vm().global_handles.remove(untag(ref));
}

// A local slot cannot be returned to the area out of order; clearing it
// makes the object unreachable from it (HotSpot does the same).
void JNICALL DeleteLocalRef(JNIEnv* env, jobject ref) {
  if (ref == nullptr || (reinterpret_cast<uintptr_t>(ref) & kTagMask) != 0) return;
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  *untag(ref) = nullptr;
}

jboolean JNICALL IsSameObject(JNIEnv* env, jobject a, jobject b) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  return resolve(a) == resolve(b) ? JNI_TRUE : JNI_FALSE;
}

jobject JNICALL NewLocalRef(JNIEnv* env, jobject ref) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  return make_local(thread, resolve(ref));
}

// The handle area grows on demand, so any capacity can be ensured.
jint JNICALL EnsureLocalCapacity(JNIEnv* env, jint capacity) {
  if (capacity < 0) {
    JavaThread* thread = thread_of(env);
    ThreadStateScope in_vm(thread, ThreadState::kInVm);
    throw_by_name(thread, "java/lang/OutOfMemoryError", "negative capacity");
    return JNI_ERR;
  }
  return JNI_OK;
}

jint JNICALL PushLocalFrame(JNIEnv* env, jint capacity) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (capacity < 0) {
    throw_by_name(thread, "java/lang/OutOfMemoryError", "negative capacity");
    return JNI_ERR;
  }
  EnvBlock* b = block_of(env);
  b->local_frames.push_back(thread->handles().top());
  return JNI_OK;
}

// Nothing allocates between reading `result` and making the new local, so
// the raw `keep` is safe although its slot may be released in between.
jobject JNICALL PopLocalFrame(JNIEnv* env, jobject result) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  EnvBlock* b = block_of(env);
  Object* keep = resolve(result);
  if (b->local_frames.empty()) {
    // JNI spec: popping a frame that was never pushed is a programming error;
    // HotSpot ignores it. Keep the result reachable in the current frame.
    return make_local(thread, keep);
  }
  thread->handles().reset_to(b->local_frames.back());
  b->local_frames.pop_back();
  return make_local(thread, keep);
}

jweak JNICALL NewWeakGlobalRef(JNIEnv* env, jobject ref) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  return new_weak_global(resolve(ref));
}

void JNICALL DeleteWeakGlobalRef(JNIEnv* env, jweak ref) {
  if (ref == nullptr) return;
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  delete_weak_global(ref);
}

// Reads only the reference's tag bits, never the heap.
jobjectRefType JNICALL GetObjectRefType(JNIEnv*, jobject ref) {
  if (ref == nullptr) return JNIInvalidRefType;
  switch (reinterpret_cast<uintptr_t>(ref) & kTagMask) {
    case kWeakTag:
      return JNIWeakGlobalRefType;
    case kGlobalTag:
      return JNIGlobalRefType;
    default:
      return JNILocalRefType;
  }
}

// --- exceptions -----------------------------------------------------------------

jint JNICALL Throw(JNIEnv* env, jthrowable obj) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* ex = resolve(obj);
  if (ex == nullptr) {
    throw_npe(thread);
    return JNI_ERR;
  }
  throw_object(thread, ex);  // only stores it: nothing allocates in between
  return JNI_OK;
}

// Creates `clazz` with its (String) constructor, as HotSpot's ThrowNew.
jint JNICALL ThrowNew(JNIEnv* env, jclass clazz, const char* message) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k = klass_of(clazz);
  if (k == nullptr) {
    throw_npe(thread);
    return JNI_ERR;
  }
  if (!initialize_class(thread, k)) return JNI_ERR;
  Method* ctor = k->find_declared_method(vm_symbols().object_initializer_name,
                                         intern("(Ljava/lang/String;)V"));
  if (ctor == nullptr) {
    throw_by_name(thread, "java/lang/NoSuchMethodError",
                  k->external_name() + ".<init>(Ljava/lang/String;)V");
    return JNI_ERR;
  }
  HandleMark mark(thread->handles());
  Handle msg =
      thread->handles().make(message ? new_string_from_modified_utf8(thread, message) : nullptr);
  if (thread->has_pending_exception()) return JNI_ERR;
  Handle ex = thread->handles().make(new_instance(thread, k));
  if (thread->has_pending_exception()) return JNI_ERR;
  Slot args[2] = {slot_ref(ex.get()), slot_ref(msg.get())};
  call_java(thread, ctor, args, nullptr);
  if (thread->has_pending_exception()) return JNI_ERR;
  throw_object(thread, ex.get());
  return JNI_OK;
}

jthrowable JNICALL ExceptionOccurred(JNIEnv* env) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  return static_cast<jthrowable>(make_local(thread, thread->pending_exception()));
}

// Prints the pending exception and clears it, as HotSpot's jni_ExceptionDescribe:
// "Exception in thread "main" " followed by Throwable.printStackTrace().
void JNICALL ExceptionDescribe(JNIEnv* env) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (!thread->has_pending_exception()) return;
  HandleMark mark(thread->handles());
  Handle ex = thread->handles().make(thread->pending_exception());
  thread->clear_pending_exception();
  std::fprintf(stderr, "Exception ");
  if (thread->thread_object != nullptr)
    std::fprintf(stderr, "in thread \"%s\" ", thread->name.c_str());
  Method* print =
      lookup_method(ex->klass(), intern("printStackTrace"), vm_symbols().void_method_signature);
  if (print != nullptr) {
    Slot args[1] = {slot_ref(ex.get())};
    call_java(thread, print, args, nullptr);
    thread->clear_pending_exception();  // an exception while printing is dropped
  } else {
    std::fprintf(stderr, ". Uncaught exception of type %s.", ex->klass()->external_name().c_str());
  }
}

void JNICALL ExceptionClear(JNIEnv* env) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  thread->clear_pending_exception();
}

jboolean JNICALL ExceptionCheck(JNIEnv* env) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  return thread->has_pending_exception() ? JNI_TRUE : JNI_FALSE;
}

// --- objects --------------------------------------------------------------------

jclass JNICALL GetObjectClass(JNIEnv* env, jobject obj) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* o = resolve(obj);
  if (o == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  return make_local_class(thread, o->klass());
}

jboolean JNICALL IsInstanceOf(JNIEnv* env, jobject obj, jclass clazz) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* o = resolve(obj);
  if (o == nullptr) return JNI_TRUE;  // JNI spec: a null object is an instance of every class
  Klass* k = klass_of(clazz);
  if (k == nullptr) {
    if (resolve(clazz) == nullptr) throw_npe(thread);
    return JNI_FALSE;  // primitive classes have no instances
  }
  return o->klass()->is_subtype_of(k) ? JNI_TRUE : JNI_FALSE;
}

// --- monitors -------------------------------------------------------------------

// monitor_enter may block (and so let a collection run): the object is kept
// in a handle for the case that `obj` is a weak global reference.
jint JNICALL MonitorEnter(JNIEnv* env, jobject obj) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  HandleMark mark(thread->handles());
  Handle o = thread->handles().make(resolve(obj));
  if (o.is_null()) {
    throw_npe(thread);
    return JNI_ERR;
  }
  monitor_enter(thread, o.get());
  return thread->has_pending_exception() ? JNI_ERR : JNI_OK;
}

jint JNICALL MonitorExit(JNIEnv* env, jobject obj) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* o = resolve(obj);
  if (o == nullptr) {
    throw_npe(thread);
    return JNI_ERR;
  }
  return monitor_exit(thread, o) ? JNI_OK : JNI_ERR;
}

}  // namespace

void fill_reference_functions(JNINativeInterface_& t) {
  t.NewGlobalRef = NewGlobalRef;
  t.DeleteGlobalRef = DeleteGlobalRef;
  t.DeleteLocalRef = DeleteLocalRef;
  t.IsSameObject = IsSameObject;
  t.NewLocalRef = NewLocalRef;
  t.EnsureLocalCapacity = EnsureLocalCapacity;
  t.PushLocalFrame = PushLocalFrame;
  t.PopLocalFrame = PopLocalFrame;
  t.NewWeakGlobalRef = NewWeakGlobalRef;
  t.DeleteWeakGlobalRef = DeleteWeakGlobalRef;
  t.GetObjectRefType = GetObjectRefType;
  t.Throw = Throw;
  t.ThrowNew = ThrowNew;
  t.ExceptionOccurred = ExceptionOccurred;
  t.ExceptionDescribe = ExceptionDescribe;
  t.ExceptionClear = ExceptionClear;
  t.ExceptionCheck = ExceptionCheck;
  t.GetObjectClass = GetObjectClass;
  t.IsInstanceOf = IsInstanceOf;
  t.MonitorEnter = MonitorEnter;
  t.MonitorExit = MonitorExit;
}

}  // namespace minijvm::jni

namespace minijvm {

void for_each_jni_weak_global(void (*f)(Object** slot, void* context), void* context) {
  jni::WeakTable& w = jni::weak_table();
  std::lock_guard lock(w.mutex);
  for (Object*& s : w.slots)
    if (s) f(&s, context);
}

}  // namespace minijvm
