// Module support (HotSpot: classfile/modules.cpp via prims/jvm.cpp
// JVM_DefineModule .. JVM_AddReadsModule, JVM_GetSystemPackage(s)).
// Definitions are recorded (jvm_modules.h); exports and reads are accepted
// without effect because minijvm does not enforce module boundaries yet.
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_modules.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/mirrors.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

// Never destroyed (a leaked heap object): threads may still block on it or
// use it while the process exits through std::exit (JVM_Halt).
std::mutex& g_modules_mutex = *new std::mutex;
// (loader, package) -> global handle of the Module.
auto& g_packages = *new std::map<std::pair<Object*, std::string>, Object**>;
Object** g_java_base = nullptr;
Object** g_boot_unnamed = nullptr;
auto& g_versions =
    *new std::map<Object*, std::string>;  // Module -> version given to JVM_DefineModule
ModuleDefinedHook g_hook = nullptr;

}  // namespace

Object* module_of_package(Object* loader, std::string_view package) {
  std::lock_guard lock(g_modules_mutex);
  auto it = g_packages.find({loader, std::string(package)});
  return it == g_packages.end() ? nullptr : *it->second;
}

Object* java_base_module() {
  std::lock_guard lock(g_modules_mutex);
  return g_java_base ? *g_java_base : nullptr;
}

Object* boot_loader_unnamed_module() {
  std::lock_guard lock(g_modules_mutex);
  return g_boot_unnamed ? *g_boot_unnamed : nullptr;
}

void set_module_defined_hook(ModuleDefinedHook hook) { g_hook = hook; }

std::optional<std::string> module_version(Object* module) {
  std::lock_guard lock(g_modules_mutex);
  auto it = g_versions.find(module);
  if (it == g_versions.end()) return std::nullopt;
  return it->second;
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT void JNICALL JVM_DefineModule(JNIEnv* env, jobject module, jboolean, jstring version,
                                        jstring, jobjectArray packages) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* m = resolve(module);
  if (m == nullptr) {
    throw_by_name(thread, "java/lang/NullPointerException", "Null module object");
    return;
  }
  Object* loader = get_ref_field(thread, m, "loader", "Ljava/lang/ClassLoader;");
  Object* name = get_ref_field(thread, m, "name", "Ljava/lang/String;");
  CHECK_PENDING(thread);
  std::vector<std::string> names;
  if (auto* array = static_cast<ArrayObject*>(resolve(packages))) {
    for (int32_t i = 0; i < array->length(); ++i) {
      std::string p = utf8_of(array->data<Object*>()[i]);
      for (char& c : p) c = c == '.' ? '/' : c;
      names.push_back(std::move(p));
    }
  }
  {
    std::lock_guard lock(g_modules_mutex);
    Object** handle = vm().global_handles.add(m);
    for (const std::string& p : names) g_packages[{loader, p}] = handle;
    if (loader == nullptr && utf8_of(name) == "java.base") g_java_base = handle;
    if (Object* v = resolve(version)) g_versions[m] = utf8_of(v);
  }
  if (g_hook) g_hook(thread, m, loader, names);
}

JNIEXPORT void JNICALL JVM_SetBootLoaderUnnamedModule(JNIEnv* env, jobject module) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* m = resolve(module);
  if (m == nullptr) {
    throw_by_name(thread, "java/lang/NullPointerException", "Null module object");
    return;
  }
  {
    std::lock_guard lock(g_modules_mutex);
    if (g_boot_unnamed == nullptr) g_boot_unnamed = vm().global_handles.add(m);
  }
  set_boot_loader_unnamed_module(m);
}

// Not enforced yet (see jvm_modules.h): accepted without effect.
JNIEXPORT void JNICALL JVM_AddModuleExports(JNIEnv*, jobject, jstring, jobject) {}
JNIEXPORT void JNICALL JVM_AddModuleExportsToAllUnnamed(JNIEnv*, jobject, jstring) {}
JNIEXPORT void JNICALL JVM_AddModuleExportsToAll(JNIEnv*, jobject, jstring) {}
JNIEXPORT void JNICALL JVM_AddReadsModule(JNIEnv*, jobject, jobject) {}

JNIEXPORT jstring JNICALL JVM_GetSystemPackage(JNIEnv* env, jstring) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_GetSystemPackage");
  return nullptr;
}

JNIEXPORT jobjectArray JNICALL JVM_GetSystemPackages(JNIEnv* env) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_GetSystemPackages");
  return nullptr;
}

}  // extern "C"
