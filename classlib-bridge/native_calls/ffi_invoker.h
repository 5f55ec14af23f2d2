// Calling JNI natives of any signature through libffi (JNI spec chapter 2
// "Native Method Arguments"): the C function receives the JNIEnv*, the class
// (static methods) or the receiver, then the Java arguments, references as
// local references. One ffi_cif per Method, built when the method is bound.
#pragma once

#include "vm/runtime/method.h"

namespace minijvm {

class JavaThread;

// Binds `method` to the C function `function`: builds and caches its
// ffi_cif, then sets method->native_function and method->native_invoker.
// Returns false (nothing changed) if libffi rejects the signature.
bool bind_jni_function(Method* method, void* function);
// Forgets a binding (UnregisterNatives): the method is bound again on its
// next call.
void unbind_jni_function(Method* method);

// The NativeInvoker of every JNI-bound method. Around the call: a local
// reference frame (HandleMark) freed afterwards, the thread in kInNative,
// the monitor of a synchronized method held. A returned jobject is unwrapped,
// sub-int results are normalized (boolean 0/1, byte/short sign-extended,
// char zero-extended), a pending exception stays pending.
void invoke_jni_native(JavaThread* thread, Method* method, Slot* args, Slot* result);

}  // namespace minijvm
