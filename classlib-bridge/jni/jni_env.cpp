// The JNIEnv per thread, the function table, the JavaVM and the exported
// invocation API (JNI spec chapter 5 "The Invocation API").
#include "classlib-bridge/jni/jni_env.h"

#include <cstdio>
#include <cstdlib>

#include "classlib-bridge/jni/jni_internal.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace jni {
namespace {

jint JNICALL GetVersion(JNIEnv*) { return kJniVersion; }

// HotSpot jni_FatalError: the message, then the process dies.
void JNICALL FatalError(JNIEnv*, const char* msg) {
  std::fprintf(stderr, "FATAL ERROR in native method: %s\n", msg ? msg : "");
  std::fflush(stderr);
  std::abort();
}

jint JNICALL GetJavaVM(JNIEnv*, JavaVM** vm) {
  *vm = java_vm();
  return JNI_OK;
}

// --- NIO support (JNI 1.4) -------------------------------------------------------
// java.nio.DirectByteBuffer(long addr, int cap) is the constructor HotSpot
// uses; address and capacity are fields of java.nio.Buffer.

jobject JNICALL NewDirectByteBuffer(JNIEnv* env, void* address, jlong capacity) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (capacity < 0 || capacity > INT32_MAX) {
    throw_by_name(thread, "java/lang/IllegalArgumentException",
                  "capacity: " + std::to_string(capacity));
    return nullptr;
  }
  Klass* k = load_class(thread, intern("java/nio/DirectByteBuffer"), nullptr);
  if (k == nullptr || (!k->is_initialized() && !initialize_class(thread, k))) return nullptr;
  Method* ctor = k->find_declared_method(vm_symbols().object_initializer_name, intern("(JI)V"));
  if (ctor == nullptr) {
    throw_by_name(thread, "java/lang/InternalError",
                  "JNI NewDirectByteBuffer: no DirectByteBuffer(long, int)");
    return nullptr;
  }
  jobject buffer = make_local(thread, new_instance(thread, k));
  if (buffer == nullptr) return nullptr;
  Slot args[4] = {slot_ref(resolve(buffer)), slot_long(reinterpret_cast<intptr_t>(address)),
                  slot_long(0), slot_int(static_cast<int32_t>(capacity))};
  call_java(thread, ctor, args, nullptr);
  return thread->has_pending_exception() ? nullptr : buffer;
}

// The java.nio.Buffer field `name` of `buf`, or nullptr if buf is no Buffer.
FieldDesc* buffer_field(jobject buf, const char* name, const char* sig) {
  Object* o = resolve(buf);
  Klass* buffer = find_loaded_class(intern("java/nio/Buffer"), nullptr);
  if (o == nullptr || buffer == nullptr || !o->klass()->is_subtype_of(buffer)) return nullptr;
  return lookup_field(buffer, intern(name), intern(sig));
}

void* JNICALL GetDirectBufferAddress(JNIEnv* env, jobject buf) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  FieldDesc* fd = buffer_field(buf, "address", "J");
  if (fd == nullptr) return nullptr;
  return reinterpret_cast<void*>(resolve(buf)->field<int64_t>(fd->offset));
}

jlong JNICALL GetDirectBufferCapacity(JNIEnv* env, jobject buf) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  FieldDesc* fd = buffer_field(buf, "capacity", "I");
  FieldDesc* address = buffer_field(buf, "address", "J");
  if (fd == nullptr || address == nullptr) return -1;
  if (resolve(buf)->field<int64_t>(address->offset) == 0) return -1;  // not direct
  return resolve(buf)->field<int32_t>(fd->offset);
}

JNINativeInterface_ make_table() {
  JNINativeInterface_ t{};
  t.GetVersion = GetVersion;
  t.FatalError = FatalError;
  t.GetJavaVM = GetJavaVM;
  t.NewDirectByteBuffer = NewDirectByteBuffer;
  t.GetDirectBufferAddress = GetDirectBufferAddress;
  t.GetDirectBufferCapacity = GetDirectBufferCapacity;
  fill_reference_functions(t);
  fill_class_functions(t);
  fill_field_functions(t);
  fill_call_functions(t);
  fill_string_functions(t);
  fill_array_functions(t);
  return t;
}

// --- the invocation interface ---------------------------------------------------

jint JNICALL DestroyJavaVM(JavaVM*) {
  std::fprintf(stderr,
               "minijvm: DestroyJavaVM is not supported (the minijvm launcher owns "
               "start-up and shut-down)\n");
  return JNI_ERR;
}

// jni.cpp attach_current_thread: a thread that is a Java thread already
// gets its env; a native thread becomes a Java thread, with a Thread named
// and grouped as JavaVMAttachArgs say when their version is one JNI
// supports (else the main group and "Thread-<n>").
jint attach(void** penv, void* args, bool daemon) {
  if (JavaThread* t = JavaThread::current()) {
    *penv = jni_env_of(t);
    return JNI_OK;
  }
  *penv = nullptr;
  if (sched::deterministic()) {
    // The deterministic scheduler runs only the threads it started, one
    // at a time: a thread of the program's own cannot join them.
    std::fprintf(stderr,
                 "minijvm: AttachCurrentThread of a native thread is not supported under "
                 "-Xsched=deterministic\n");
    return JNI_ERR;
  }
  const char* name = nullptr;
  Object** group = nullptr;
  if (auto* a = static_cast<JavaVMAttachArgs*>(args);
      a != nullptr && is_supported_jni_version(a->version)) {
    name = a->name;
    group = a->group != nullptr ? untag(a->group) : nullptr;
  }
  JavaThread* thread = attach_current_thread(name, group, daemon);
  if (thread == nullptr) return JNI_ERR;
  *penv = jni_env_of(thread);
  return JNI_OK;
}

jint JNICALL AttachCurrentThread(JavaVM*, void** penv, void* args) {
  return attach(penv, args, false);
}

jint JNICALL AttachCurrentThreadAsDaemon(JavaVM*, void** penv, void* args) {
  return attach(penv, args, true);
}

// jni_DetachCurrentThread: nothing for a thread that is not attached;
// JNI_ERR for one running Java code (it has Java frames: the main thread,
// or any thread in a native method); else the thread ends as a Java thread
// ends, and its Thread's joiners wake up.
jint JNICALL DetachCurrentThread(JavaVM*) {
  JavaThread* thread = JavaThread::current();
  if (thread == nullptr) return JNI_OK;
  if (thread->top_frame() != nullptr) return JNI_ERR;
  detach_attached_thread(thread);
  return JNI_OK;
}

jint JNICALL GetEnv(JavaVM*, void** penv, jint version) {
  JavaThread* t = JavaThread::current();
  if (t == nullptr) {
    *penv = nullptr;
    return JNI_EDETACHED;
  }
  if (!is_supported_jni_version(version)) {  // also JVMTI/JVMPI: none in minijvm
    *penv = nullptr;
    return JNI_EVERSION;
  }
  *penv = jni_env_of(t);
  return JNI_OK;
}

const JNIInvokeInterface_ kInvokeInterface = {
    nullptr,
    nullptr,
    nullptr,
    DestroyJavaVM,
    AttachCurrentThread,
    DetachCurrentThread,
    GetEnv,
    AttachCurrentThreadAsDaemon,
};

JavaVM_ the_java_vm = {&kInvokeInterface};

bool vm_started() {
  std::lock_guard lock(vm().threads_mutex);
  return !vm().threads.empty();
}

}  // namespace
}  // namespace jni

bool is_supported_jni_version(jint version) {
  switch (version) {
    case JNI_VERSION_1_1:
    case JNI_VERSION_1_2:
    case JNI_VERSION_1_4:
    case JNI_VERSION_1_6:
    case JNI_VERSION_1_8:
    case JNI_VERSION_9:
    case JNI_VERSION_10:
      return true;
    default:
      return false;
  }
}

const JNINativeInterface_* jni_functions() {
  static const JNINativeInterface_ table = jni::make_table();
  return &table;
}

JNIEnv* jni_env_of(JavaThread* thread) {
  if (thread->jni_env == nullptr) {
    auto* block = new jni::EnvBlock{JNIEnv_{jni_functions()}, thread, {}};
    thread->jni_env = block;
  }
  return &static_cast<jni::EnvBlock*>(thread->jni_env)->env;
}

void release_jni_env(JavaThread* thread) {
  delete static_cast<jni::EnvBlock*>(thread->jni_env);
  thread->jni_env = nullptr;
}

JavaThread* thread_of_env(JNIEnv* env) { return jni::thread_of(env); }

JavaVM* java_vm() { return &jni::the_java_vm; }

}  // namespace minijvm

// --- exported invocation API (jni.h "_JNI_IMPORT_OR_EXPORT_") -------------------

extern "C" {

JNIEXPORT jint JNICALL JNI_GetDefaultJavaVMInitArgs(void* args) {
  auto* init = static_cast<JavaVMInitArgs*>(args);
  if (init != nullptr && minijvm::is_supported_jni_version(init->version) &&
      init->version != JNI_VERSION_1_1) {
    return JNI_OK;
  }
  return JNI_EVERSION;
}

// minijvm is started by its own launcher; embedding it is not supported.
JNIEXPORT jint JNICALL JNI_CreateJavaVM(JavaVM** pvm, void** penv, void*) {
  std::fprintf(stderr,
               "minijvm: JNI_CreateJavaVM is not supported; start programs with the "
               "minijvm launcher\n");
  if (pvm) *pvm = nullptr;
  if (penv) *penv = nullptr;
  return JNI_ERR;
}

JNIEXPORT jint JNICALL JNI_GetCreatedJavaVMs(JavaVM** vms, jsize count, jsize* found) {
  bool started = minijvm::jni::vm_started();
  if (found) *found = started ? 1 : 0;
  if (started && vms != nullptr && count > 0) vms[0] = minijvm::java_vm();
  return JNI_OK;
}

}  // extern "C"
