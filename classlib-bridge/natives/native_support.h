// Calling the JVM_* functions from VM-internal natives: argument slots become
// local references in a HandleMark scope, results come back as Object*.
#pragma once

#include <jni.h>

#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/method.h"
#include "vm/runtime/value.h"

namespace minijvm {

// A local scope for the references one native call makes.
class LocalScope {
 public:
  explicit LocalScope(JavaThread* thread) : thread_(thread), mark_(thread->handles()) {}
  JNIEnv* env() const { return static_cast<JNIEnv*>(thread_->jni_env); }
  template <class T = jobject>
  T ref(Object* o) {
    return make_local_as<T>(thread_, o);
  }

 private:
  JavaThread* thread_;
  HandleMark mark_;
};

}  // namespace minijvm
