// JVM_GetProperties: the VM's half of the system properties, which
// jdk.internal.util.SystemProps$Raw.vmProperties (libjava) returns to Java.
// HotSpot 17 (prims/jvm.cpp JVM_GetProperties over Arguments::system_properties)
// returns alternating keys and values; the platform half (os.name, user.dir,
// file.encoding...) comes from libjava's platformProperties, not from here.
#include <cstdlib>
#include <string>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/vm.h"

#ifndef MINIJVM_VERSION
#define MINIJVM_VERSION "0"
#endif

namespace minijvm {
namespace {

// os::init_system_properties_values on Linux, as the Debian JDK 17 build
// sets it (measured: java -XshowSettings:properties), after LD_LIBRARY_PATH.
std::string java_library_path() {
  std::string path;
  if (const char* ld = std::getenv("LD_LIBRARY_PATH"); ld != nullptr && *ld != '\0') {
    path = std::string(ld) + ":";
  }
  path +=
      "/usr/java/packages/lib:/usr/lib/x86_64-linux-gnu/jni:/lib/x86_64-linux-gnu:"
      "/usr/lib/x86_64-linux-gnu:/usr/lib/jni:/lib:/usr/lib";
  return path;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> vm_property_list() {
  const Vm& v = vm();
  const std::string home = v.jdk.home.string();
  const std::string spec = v.jdk.feature_version > 0 ? std::to_string(v.jdk.feature_version) : "17";
  // Arguments::init_system_properties order; values are minijvm's own where
  // they describe the VM, the JDK's where they describe the installation.
  std::vector<std::pair<std::string, std::string>> props = {
      {"java.vm.specification.name", "Java Virtual Machine Specification"},
      {"java.vm.specification.vendor", "Oracle Corporation"},
      {"java.vm.specification.version", spec},
      {"java.vm.name", "minijvm"},
      {"java.vm.vendor", "minijvm"},
      {"java.vm.version", MINIJVM_VERSION},
      {"java.vm.info", "interpreted mode"},
      {"jdk.debug", "release"},
      {"sun.boot.library.path", home.empty() ? std::string() : home + "/lib"},
      {"java.library.path", java_library_path()},
      {"java.home", home},
      {"java.class.path", v.options.class_path},
      {"sun.java.launcher", "SUN_STANDARD"},
  };
  // -D options come last and override (Arguments::add_property replaces).
  for (const auto& [key, value] : v.options.properties) {
    bool replaced = false;
    for (auto& p : props) {
      if (p.first == key) {
        p.second = value;
        replaced = true;
      }
    }
    if (!replaced) props.emplace_back(key, value);
  }
  return props;
}

Object* vm_properties(JavaThread* thread) {
  auto props = vm_property_list();
  HandleMark mark(thread->handles());
  Handle array = thread->handles().make(
      new_object_array(thread, vm().classes.String, static_cast<int32_t>(props.size() * 2)));
  if (array.is_null()) return nullptr;
  for (size_t i = 0; i < props.size(); ++i) {
    Object* key = java_string(thread, props[i].first);
    if (key == nullptr) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[2 * i] = key;
    Object* value = java_string(thread, props[i].second);
    if (value == nullptr) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[2 * i + 1] = value;
  }
  return array.get();
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jobjectArray JNICALL JVM_GetProperties(JNIEnv* env) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jobjectArray>(thread, vm_properties(thread));
}

JNIEXPORT jobject JNICALL JVM_InitAgentProperties(JNIEnv* env, jobject) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_InitAgentProperties");
  return nullptr;
}

JNIEXPORT jstring JNICALL JVM_GetTemporaryDirectory(JNIEnv* env) {
  VmStateScope vm_state(env);
  // HotSpot: os::get_temp_directory(), "/tmp" on Linux.
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jstring>(thread, java_string(thread, "/tmp"));
}

}  // extern "C"
