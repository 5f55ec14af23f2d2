// java.lang.ref.Reference support (HotSpot: prims/jvm.cpp
// JVM_GetAndClearReferencePendingList .. JVM_PhantomReferenceRefersTo).
//
// The collector clears references and links them into the pending list
// (vm/runtime/references.h); the Reference Handler thread takes the list
// here and enqueues them.
#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/references.h"
#include "vm/runtime/thread.h"

namespace minijvm {
namespace {

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
  return make_local(thread, take_pending_references());
}

JNIEXPORT jboolean JNICALL JVM_HasReferencePendingList(JNIEnv*) {
  return has_pending_references() ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL JVM_WaitForReferencePendingList(JNIEnv* env) {
  VmStateScope vm_state(env);
  wait_for_pending_references(jvm_thread(env));
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
