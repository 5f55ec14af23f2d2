#include "classlib-bridge/native_calls/jni_binder.h"

#include <mutex>
#include <unordered_map>

#include "classlib-bridge/jni/jni_internal.h"
#include "classlib-bridge/native_calls/ffi_invoker.h"
#include "classlib-bridge/native_calls/jni_mangle.h"
#include "classlib-bridge/native_calls/native_libraries.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/natives.h"

namespace minijvm {
namespace {

// Functions given to RegisterNatives, by method.
struct Registry {
  std::mutex mutex;
  std::unordered_map<const Method*, void*> functions;
};

Registry& registry() {
  static Registry* r = new Registry();  // immortal
  return *r;
}

void* registered_function(const Method* m) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.functions.find(m);
  return it == r.functions.end() ? nullptr : it->second;
}

}  // namespace

std::string unsatisfied_link_message(const Method* method) {
  return "'" + jni::external_method_name(method) + "'";
}

bool bind_jni_native(JavaThread* thread, Method* method) {
  void* function = registered_function(method);
  if (function == nullptr) {
    const Klass* k = method->holder;
    std::string short_name = jni_short_name(k->name->view(), method->name->view());
    function = find_in_native_libraries(short_name.c_str());
    if (function == nullptr) {
      std::string long_name =
          jni_long_name(k->name->view(), method->name->view(), method->descriptor->view());
      function = find_in_native_libraries(long_name.c_str());
    }
  }
  if (function == nullptr) {
    throw_new(thread, intern("java/lang/UnsatisfiedLinkError"), unsatisfied_link_message(method));
    return false;
  }
  if (!bind_jni_function(method, function)) {
    throw_new(thread, intern("java/lang/InternalError"),
              "libffi cannot call " + jni::external_method_name(method));
    return false;
  }
  return true;
}

void install_jni_binder() { set_native_binder(&bind_jni_native); }

bool register_jni_native(JavaThread* thread, Klass* klass, std::string_view name,
                         std::string_view descriptor, void* function) {
  const Symbol* name_sym = symbol_table().lookup(name);
  const Symbol* desc_sym = symbol_table().lookup(descriptor);
  Method* m = (name_sym && desc_sym) ? klass->find_declared_method(name_sym, desc_sym) : nullptr;
  if (m == nullptr || !m->is_native()) {
    std::string msg =
        "Method '" + jni::external_method_name(klass, name, descriptor) +
        (m == nullptr ? "' name or signature does not match" : "' is not declared as native");
    throw_new(thread, intern("java/lang/NoSuchMethodError"), msg);
    return false;
  }
  if (function == nullptr) {
    throw_new(thread, intern("java/lang/NullPointerException"), "fnPtr is null");
    return false;
  }
  {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.functions[m] = function;
  }
  // java.base's registerNatives (Thread's, System's, Class's) hands over
  // the JVM_* functions of natives HotSpot makes intrinsics; the VM's own
  // binding of those stays (natives.h), rather than a JNI transition per
  // call (Thread.currentThread in every ThreadLocal.get).
  if (NativeInvoker vm_native = find_vm_intrinsic(m)) {
    m->native_invoker.store(vm_native, std::memory_order_release);
    return true;
  }
  if (!bind_jni_function(m, function)) {
    throw_new(thread, intern("java/lang/InternalError"),
              "libffi cannot call " + jni::external_method_name(m));
    return false;
  }
  return true;
}

void unregister_jni_natives(Klass* klass) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (auto& m : klass->methods) {
    if (!m->is_native()) continue;
    r.functions.erase(m.get());
    if (m->native_invoker.load() == &invoke_jni_native) unbind_jni_function(m.get());
  }
}

}  // namespace minijvm
