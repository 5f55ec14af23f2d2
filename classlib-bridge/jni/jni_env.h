// The JNI environment of minijvm: one JNIEnv per JavaThread, the one JavaVM,
// and the function table (JNI spec chapters 4 and 5; HotSpot prims/jni.cpp).
//
// jobject = Object** (a handle slot: local refs live in the thread's
// HandleArea, global refs in vm().global_handles), jfieldID = FieldDesc*,
// jmethodID = Method*.
#pragma once

#include <jni.h>

namespace minijvm {

class JavaThread;
class Object;

// HotSpot 17 answers GetVersion with JNI_VERSION_10.
inline constexpr jint kJniVersion = JNI_VERSION_10;
// The versions GetEnv and JNI_OnLoad accept (1.1 only where the spec allows it).
bool is_supported_jni_version(jint version);

// The thread's JNIEnv, created on first use and stored in thread->jni_env.
JNIEnv* jni_env_of(JavaThread* thread);
// Frees the env of a thread that is exiting (after its last native call).
void release_jni_env(JavaThread* thread);
// The thread a JNIEnv belongs to.
JavaThread* thread_of_env(JNIEnv* env);

// The process's one JavaVM (invocation interface).
JavaVM* java_vm();
// The function table every JNIEnv points to (all entries non-null).
const JNINativeInterface_* jni_functions();

// For the collector (issue 6): every weak global slot; it sets dead ones to
// nullptr.
void for_each_jni_weak_global(void (*f)(Object** slot, void* context), void* context);

}  // namespace minijvm
