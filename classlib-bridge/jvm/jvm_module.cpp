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
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
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
// Boot loader packages (internal form) -> the name of their module.
auto& g_boot_package_modules = *new std::map<std::string, std::string, std::less<>>;

std::string boot_module_of_package(std::string_view package) {
  std::lock_guard lock(g_modules_mutex);
  auto it = g_boot_package_modules.find(package);
  return it == g_boot_package_modules.end() ? std::string() : it->second;
}

// A class's Module: the named module of its package, if one is defined.
Object* module_for_class(const Klass* k) { return module_of_package(k->loader, k->package_name()); }

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
    if (loader == nullptr)
      for (const std::string& p : names) g_boot_package_modules[p] = utf8_of(name);
    if (Object* v = resolve(version)) g_versions[m] = utf8_of(v);
  }
  // New mirrors find their module through the lookup; the classes loaded so
  // far are fixed up (HotSpot: java.base's definition fixes every boot class).
  set_module_lookup(&module_for_class);
  set_boot_module_locator(&boot_module_of_package);
  assign_module(loader, names, m, loader == nullptr && utf8_of(name) == "java.base");
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

// BootLoader.getSystemPackageLocation: where the boot loader's package
// `name` ("java/lang") comes from, "jrt:/<module>", or null if no boot module
// defines it or no class of it has been loaded yet (HotSpot:
// ClassLoader::get_system_package).
JNIEXPORT jstring JNICALL JVM_GetSystemPackage(JNIEnv* env, jstring name) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* n = resolve(name);
  if (n == nullptr) return nullptr;
  std::string package = utf8_of(n);
  std::string module = boot_module_of_package(package);
  if (module.empty() || !boot_package_loaded(package)) return nullptr;
  return make_local_as<jstring>(thread, java_string(thread, "jrt:/" + module));
}

// BootLoader.getSystemPackageNames: the boot loader's packages ("java/lang")
// that classes have been loaded from. Packages of classes only defined to
// the boot loader (the dynamic module jdk.proxy1 of a java.base interface's
// proxy) are not among them: BootLoader would look for their module among
// the boot layer's and fail.
JNIEXPORT jobjectArray JNICALL JVM_GetSystemPackages(JNIEnv* env) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  std::vector<std::string> names = boot_loaded_packages();
  // Filled through the local reference itself (not a Handle under a
  // HandleMark of this function, which would release it on return).
  jobjectArray array = make_local_as<jobjectArray>(
      thread, new_object_array(thread, vm().classes.String, static_cast<int32_t>(names.size())));
  if (array == nullptr) return nullptr;
  for (size_t i = 0; i < names.size(); ++i) {
    Object* s = java_string(thread, names[i]);
    if (s == nullptr) return nullptr;
    static_cast<ArrayObject*>(resolve(array))->data<Object*>()[i] = s;
  }
  return array;
}

}  // extern "C"
