// Stack-inspecting JVM_* functions: caller-sensitive lookups and access
// control contexts (HotSpot: prims/jvm.cpp JVM_GetCallerClass,
// JVM_LatestUserDefinedLoader, JVM_GetStackAccessControlContext,
// JVM_GetInheritedAccessControlContext).
#include <vector>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"

#include "vm/runtime/class_loader.h"
#include "vm/runtime/frame.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

bool is_subclass_named(const Klass* k, std::string_view internal_name) {
  for (; k != nullptr; k = k->super) {
    if (k->name->equals(internal_name)) return true;
  }
  return false;
}

// Method::is_ignored_by_security_stack_walk: Method.invoke, the generated
// reflection accessors, and compiled LambdaForms (the frames a method handle
// call adds between the caller and the target).
bool ignored_by_security_stack_walk(const Method* m) {
  if (m->holder->name->equals("java/lang/reflect/Method") && m->name->equals("invoke")) {
    return true;
  }
  if (m->is_lambda_form_compiled) return true;
  return is_subclass_named(m->holder, "jdk/internal/reflect/MethodAccessorImpl");
}

// AccessController.getStackAccessControlContext, as HotSpot's
// JVM_GetStackAccessControlContext: the protection domains of the classes on
// the stack, top down, consecutive duplicates and null (system) domains left
// out, ending at the first privileged frame -- AccessController's
// executePrivileged, whose locals hold the doPrivileged call's context and
// caller class, the caller's domain counting for that frame. Null when the
// stack holds only system code under a privileged frame with no context.
Object* stack_access_control_context(JavaThread* thread) {
  HandleMark mark(thread->handles());
  std::vector<Handle> domains;
  Handle privileged_context = thread->handles().make(nullptr);
  bool is_privileged = false;
  Object* previous = nullptr;
  for (Frame* f = thread->top_frame(); f != nullptr; f = f->caller) {
    const Method* m = f->method;
    if (m == nullptr) continue;
    Object* domain;
    if (m->holder->name->equals("java/security/AccessController") &&
        m->name->equals("executePrivileged")) {
      // static executePrivileged(action, AccessControlContext context, Class<?> caller)
      is_privileged = true;
      privileged_context = thread->handles().make(f->locals[1].l);
      const Klass* caller = f->locals[2].l ? klass_from_mirror(f->locals[2].l) : nullptr;
      domain = caller ? caller->protection_domain : nullptr;
    } else {
      domain = m->holder->protection_domain;
    }
    if (domain != previous && domain != nullptr) {
      domains.push_back(thread->handles().make(domain));
      previous = domain;
    }
    if (is_privileged) break;
  }
  if (domains.empty() && is_privileged && privileged_context.is_null()) return nullptr;

  Klass* acc = boot_class(thread, "java/security/AccessControlContext", /*initialize=*/true);
  Klass* pd = boot_class(thread, "java/security/ProtectionDomain", /*initialize=*/false);
  if (acc == nullptr || pd == nullptr) return nullptr;
  Handle array = thread->handles().make(nullptr);
  if (!domains.empty()) {
    array = thread->handles().make(
        new_object_array(thread, pd, static_cast<int32_t>(domains.size())));
    if (array.is_null()) return nullptr;
    for (size_t i = 0; i < domains.size(); ++i)
      static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = domains[i].get();
  }
  // java_security_AccessControlContext::create: the fields set directly,
  // no constructor run; a context the VM made is authorized.
  Handle result = thread->handles().make(new_instance(thread, acc));
  if (result.is_null()) return nullptr;
  set_ref_field(thread, result.get(), "context", "[Ljava/security/ProtectionDomain;", array.get());
  set_ref_field(thread, result.get(), "privilegedContext", "Ljava/security/AccessControlContext;",
                privileged_context.get());
  for (const char* name : {"isPrivileged", "isAuthorized"}) {
    FieldDesc* flag = required_field(thread, acc, name, "Z");
    if (flag == nullptr) return nullptr;
    result->set_field<uint8_t>(flag->offset, name[2] == 'P' ? is_privileged : 1);
  }
  if (thread->has_pending_exception()) return nullptr;
  return result.get();
}

}  // namespace

Object* caller_class_mirror(JavaThread* thread) {
  // Frames: [Reflection.getCallerClass (if the native has a frame)],
  // the @CallerSensitive method, then skipped reflection frames, then the caller.
  Frame* f = thread->top_frame();
  if (f && f->method->holder->name->equals("jdk/internal/reflect/Reflection") &&
      f->method->name->equals("getCallerClass")) {
    f = f->caller;
  }
  if (f == nullptr) return nullptr;
  for (f = f->caller; f != nullptr; f = f->caller) {
    if (!ignored_by_security_stack_walk(f->method)) return f->method->holder->mirror;
  }
  return nullptr;
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jclass JNICALL JVM_GetCallerClass(JNIEnv* env) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jclass>(thread, caller_class_mirror(thread));
}

JNIEXPORT jobject JNICALL JVM_LatestUserDefinedLoader(JNIEnv* env) {
  VmStateScope vm_state(env);
  // The loader of the first frame whose class is neither boot/platform-loaded
  // nor a reflection accessor.
  JavaThread* thread = jvm_thread(env);
  for (Frame* f = thread->top_frame(); f != nullptr; f = f->caller) {
    const Klass* k = f->method->holder;
    if (is_jdk_loader(k->loader)) continue;
    if (is_subclass_named(k, "jdk/internal/reflect/MethodAccessorImpl") ||
        is_subclass_named(k, "jdk/internal/reflect/ConstructorAccessorImpl")) {
      continue;
    }
    return make_local(thread, k->loader);
  }
  return nullptr;
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassContext(JNIEnv* env) {
  // SecurityManager.getClassContext: the classes of the Java frames, top
  // first, without native frames and reflection frames.
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  std::vector<Klass*> classes;
  for (Frame* f = thread->top_frame(); f != nullptr; f = f->caller) {
    if (f->method == nullptr || f->is_native() || ignored_by_security_stack_walk(f->method)) {
      continue;
    }
    classes.push_back(f->method->holder);
  }
  ArrayObject* array =
      new_object_array(thread, vm().classes.Class, static_cast<int32_t>(classes.size()));
  if (array == nullptr) return nullptr;
  for (size_t i = 0; i < classes.size(); ++i) array->data<Object*>()[i] = classes[i]->mirror;
  return make_local_as<jobjectArray>(thread, array);
}

JNIEXPORT jobject JNICALL JVM_GetStackAccessControlContext(JNIEnv* env, jclass) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  // The local is made after the helper's HandleMark is released (a local
  // made under it would be released with it).
  return make_local(thread, stack_access_control_context(thread));
}
JNIEXPORT jobject JNICALL JVM_GetInheritedAccessControlContext(JNIEnv* env, jclass) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  if (thread->thread_object == nullptr) return nullptr;
  return make_local(thread,
                    get_ref_field(thread, thread->thread_object, "inheritedAccessControlContext",
                                  "Ljava/security/AccessControlContext;"));
}

}  // extern "C"
