// java.lang.ref.Reference support (HotSpot: prims/jvm.cpp
// JVM_GetAndClearReferencePendingList .. JVM_PhantomReferenceRefersTo).
//
// minijvm has no collector yet (issue 6), so no reference is ever
// discovered: the pending list is always empty, and the Reference Handler
// thread's waitForReferencePendingList blocks for ever (it is a daemon, so
// this does not keep the VM alive). The collector will notify g_pending_cv.
#include <condition_variable>
#include <mutex>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/thread.h"

namespace minijvm {
namespace {

// Never destroyed (a leaked heap object): threads may still block on it or
// use it while the process exits through std::exit (JVM_Halt).
std::mutex& g_pending_mutex = *new std::mutex;
std::condition_variable& g_pending_cv = *new std::condition_variable;
Object* g_pending_list = nullptr;  // set by the future collector (a GC root then)

Object* referent_of(JavaThread* thread, jobject ref) {
  return get_ref_field(thread, resolve(ref), "referent", "Ljava/lang/Object;");
}

}  // namespace
}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jobject JNICALL JVM_GetAndClearReferencePendingList(JNIEnv* env) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  std::lock_guard lock(g_pending_mutex);
  Object* list = g_pending_list;
  g_pending_list = nullptr;
  return make_local(thread, list);
}

JNIEXPORT jboolean JNICALL JVM_HasReferencePendingList(JNIEnv*) {
  std::lock_guard lock(g_pending_mutex);
  return g_pending_list != nullptr ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL JVM_WaitForReferencePendingList(JNIEnv* env) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  ThreadState saved = thread->transition(ThreadState::kBlocked);
  {
    std::unique_lock lock(g_pending_mutex);
    g_pending_cv.wait(lock, [] { return g_pending_list != nullptr; });
  }
  thread->transition(saved);
}

JNIEXPORT jboolean JNICALL JVM_ReferenceRefersTo(JNIEnv* env, jobject ref, jobject o) {
  VmStateScope vm_state(env);
  return referent_of(jvm_thread(env), ref) == resolve(o) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jboolean JNICALL JVM_PhantomReferenceRefersTo(JNIEnv* env, jobject ref, jobject o) {
  VmStateScope vm_state(env);
  return referent_of(jvm_thread(env), ref) == resolve(o) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL JVM_ReferenceClear(JNIEnv* env, jobject ref) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  set_ref_field(thread, resolve(ref), "referent", "Ljava/lang/Object;", nullptr);
}

}  // extern "C"
