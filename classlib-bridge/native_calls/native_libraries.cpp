#include "classlib-bridge/native_calls/native_libraries.h"

#include <dlfcn.h>

#include <cstdio>
#include <mutex>
#include <vector>

#include "classlib-bridge/jni/jni_env.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/thread.h"

namespace minijvm {
namespace {

struct NativeLibrary {
  std::string path;
  void* handle;
};

struct LibraryList {
  std::mutex mutex;
  std::vector<NativeLibrary> libraries;  // in load order
};

LibraryList& library_list() {
  static LibraryList* list = new LibraryList();  // immortal: lookups may run at exit
  return *list;
}

// true if `handle` was already recorded.
bool record(void* handle, const std::string& path) {
  LibraryList& list = library_list();
  std::lock_guard lock(list.mutex);
  for (const NativeLibrary& lib : list.libraries)
    if (lib.handle == handle) return true;
  list.libraries.push_back({path, handle});
  return false;
}

void forget(void* handle) {
  LibraryList& list = library_list();
  std::lock_guard lock(list.mutex);
  std::erase_if(list.libraries, [&](const NativeLibrary& lib) { return lib.handle == handle; });
}

void throw_link_error(JavaThread* thread, const std::string& message) {
  throw_new(thread, intern("java/lang/UnsatisfiedLinkError"), message);
}

}  // namespace

void add_native_library(void* handle, const std::string& path) { record(handle, path); }

void* load_native_library(JavaThread* thread, const std::string& path) {
  void* handle = dlopen(path.c_str(), RTLD_LAZY);
  if (handle == nullptr) {
    const char* why = dlerror();
    throw_link_error(thread, path + ": " + (why ? why : "dlopen failed"));
    return nullptr;
  }
  if (record(handle, path)) {
    dlclose(handle);  // drop the extra reference; the first one stays
    return handle;
  }
  using OnLoad = jint(JNICALL*)(JavaVM*, void*);
  auto on_load = reinterpret_cast<OnLoad>(dlsym(handle, "JNI_OnLoad"));
  if (on_load == nullptr) return handle;  // JNI spec: the library needs JNI 1.1 only
  jint version;
  {
    ThreadStateScope in_native(thread, ThreadState::kInNative);
    version = on_load(java_vm(), nullptr);
  }
  if (thread->has_pending_exception()) {
    forget(handle);
    return nullptr;
  }
  if (!is_supported_jni_version(version)) {
    forget(handle);
    dlclose(handle);
    char buf[64];
    std::snprintf(buf, sizeof buf, "unsupported JNI version 0x%x required by ",
                  static_cast<unsigned>(version));
    throw_link_error(thread, buf + path);
    return nullptr;
  }
  return handle;
}

void* load_libjava(JavaThread* thread, const JdkInstall& jdk) {
  return load_native_library(thread, jdk.libjava.string());
}

void* find_in_native_libraries(const char* symbol) {
  LibraryList& list = library_list();
  std::lock_guard lock(list.mutex);
  for (const NativeLibrary& lib : list.libraries) {
    if (void* p = dlsym(lib.handle, symbol)) return p;
  }
  return nullptr;
}

}  // namespace minijvm
