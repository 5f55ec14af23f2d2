// JVM_* functions of java.lang.Runtime, native libraries, signals, CDS and
// assertions (HotSpot: prims/jvm.cpp; runtime/os_posix.cpp for signals;
// classfile/javaAssertions.cpp for -ea/-da).
#include <dlfcn.h>
#include <sched.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "classlib-bridge/native_calls/native_libraries.h"
#include "classlib-bridge/jvm/jvm_functions.h"
#include "interp/jit/jit.h"
#include "profilers/hooks.h"
#include "classlib-bridge/jvm/jvm_hooks.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

// Signal names as jdk.internal.misc.Signal spells them (without "SIG").
struct SignalName {
  const char* name;
  int number;
};
constexpr SignalName kSignals[] = {
    {"HUP", SIGHUP},   {"INT", SIGINT},       {"QUIT", SIGQUIT}, {"ILL", SIGILL},
    {"TRAP", SIGTRAP}, {"ABRT", SIGABRT},     {"BUS", SIGBUS},   {"FPE", SIGFPE},
    {"KILL", SIGKILL}, {"USR1", SIGUSR1},     {"SEGV", SIGSEGV}, {"USR2", SIGUSR2},
    {"PIPE", SIGPIPE}, {"ALRM", SIGALRM},     {"TERM", SIGTERM}, {"STKFLT", SIGSTKFLT},
    {"CHLD", SIGCHLD}, {"CONT", SIGCONT},     {"STOP", SIGSTOP}, {"TSTP", SIGTSTP},
    {"TTIN", SIGTTIN}, {"TTOU", SIGTTOU},     {"URG", SIGURG},   {"XCPU", SIGXCPU},
    {"XFSZ", SIGXFSZ}, {"VTALRM", SIGVTALRM}, {"PROF", SIGPROF}, {"WINCH", SIGWINCH},
    {"POLL", SIGPOLL}, {"PWR", SIGPWR},       {"SYS", SIGSYS},
};

// Handlers jdk.internal.misc.Signal.handle0 registered. minijvm has no
// "Signal Dispatcher" thread yet, so it records them without installing an
// OS handler: the OS default action still applies (documented limitation).
// Never destroyed (a leaked heap object): threads may still block on it or
// use it while the process exits through std::exit (JVM_Halt).
std::mutex& g_signal_mutex = *new std::mutex;
auto& g_signal_handlers = *new std::unordered_map<int, void*>;

std::atomic<HaltHook> g_halt_hook{nullptr};

}  // namespace

void set_halt_hook(HaltHook hook) { g_halt_hook.store(hook); }

// -ea/-da as classfile/javaAssertions.cpp decides: the last option naming
// the class itself; else the last option for the most specific enclosing
// package ("-ea:..." is the unnamed package); else the default (-ea/-da for
// application classes, -esa/-dsa for system classes).
bool assertion_status_for(std::string_view class_name, bool system_class) {
  std::optional<bool> by_class;
  std::optional<bool> by_package;
  size_t package_length = 0;  // of the package that decided by_package (+1, 0 = none)
  bool user_default = false, system_default = false;
  for (const std::string& opt : vm().options.assertion_options) {
    std::string_view o = opt;
    if (o == "-esa" || o == "-enablesystemassertions") {
      system_default = true;
      continue;
    }
    if (o == "-dsa" || o == "-disablesystemassertions") {
      system_default = false;
      continue;
    }
    bool enable;
    if (o.starts_with("-enableassertions")) {
      enable = true, o.remove_prefix(17);
    } else if (o.starts_with("-disableassertions")) {
      enable = false, o.remove_prefix(18);
    } else if (o.starts_with("-ea")) {
      enable = true, o.remove_prefix(3);
    } else if (o.starts_with("-da")) {
      enable = false, o.remove_prefix(3);
    } else {
      continue;
    }
    if (o.empty()) {
      user_default = enable;
      continue;
    }
    if (o.front() != ':') continue;
    o.remove_prefix(1);
    if (!o.ends_with("...")) {
      if (o == class_name) by_class = enable;
      continue;
    }
    std::string_view pkg = o.substr(0, o.size() - 3);
    bool matches = pkg.empty() ? class_name.find('.') == std::string_view::npos
                               : class_name.starts_with(pkg) && class_name.size() > pkg.size() &&
                                     class_name[pkg.size()] == '.';
    if (matches && pkg.size() + 1 >= package_length) {
      by_package = enable;
      package_length = pkg.size() + 1;
    }
  }
  if (by_class) return *by_class;
  if (by_package) return *by_package;
  return system_class ? system_default : user_default;
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

// --- java.lang.Runtime ------------------------------------------------------------

JNIEXPORT void JNICALL JVM_BeforeHalt() {
  // HotSpot: posts JFR/JVMTI events. Nothing is listening in minijvm.
}

JNIEXPORT void JNICALL JVM_Halt(jint code) {
  // HotSpot: before_exit() then vm_exit(code), which stops every Java thread
  // at a safepoint and ends in ::exit. minijvm has no exit safepoint yet, so
  // it runs the halt hook (jvm_hooks.h), flushes C stdio and ends with _Exit.
  if (HaltHook hook = g_halt_hook.load()) hook(code);
  std::fflush(nullptr);
  // The requested profiles, as on a normal exit (exit status 1 for
  // System.exit(0) when one could not be written).
  if (!prof::finish() && code == 0) code = 1;
  interp::jit::at_exit();  // -XX:+DumpPerfMapAtExit
  sched::log_summary();
  std::_Exit(code);
}

JNIEXPORT void JNICALL JVM_GC(void) {
  // System.gc is a hint HotSpot honours unless -XX:+DisableExplicitGC. The
  // caller is a native (Runtime.gc): in native, with its references in
  // JNI handles, so nothing of its own is at risk.
  if (vm().options.disable_explicit_gc) return;
  JavaThread* thread = JavaThread::current();
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  vm().heap.request_collection(thread, GcCause::kSystemGc);
}

JNIEXPORT jlong JNICALL JVM_TotalMemory(void) {
  return static_cast<jlong>(vm().heap.capacity_bytes());
}

JNIEXPORT jlong JNICALL JVM_FreeMemory(void) {
  size_t capacity = vm().heap.capacity_bytes();
  size_t used = vm().heap.used_bytes();
  return static_cast<jlong>(capacity > used ? capacity - used : 0);
}

JNIEXPORT jlong JNICALL JVM_MaxMemory(void) { return static_cast<jlong>(vm().heap.max_bytes()); }

JNIEXPORT jint JNICALL JVM_ActiveProcessorCount(void) {
  // os::active_processor_count: the CPUs this process may run on.
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<jint>(n) : 1;
}

JNIEXPORT jboolean JNICALL JVM_IsUseContainerSupport(void) {
  // Containers are not inspected by minijvm (HotSpot: -XX:-UseContainerSupport).
  return JNI_FALSE;
}

JNIEXPORT jboolean JNICALL JVM_SupportsCX8(void) { return JNI_TRUE; }

// --- native libraries ---------------------------------------------------------------

JNIEXPORT void* JNICALL JVM_LoadLibrary(const char* name, jboolean throwException) {
  void* handle = dlopen(name, RTLD_LAZY);
  if (handle == nullptr && throwException) {
    // HotSpot: UnsatisfiedLinkError "<name>: <dlerror text>".
    const char* why = dlerror();
    std::string message = std::string(name) + ": " + (why ? why : "cannot load");
    throw_by_name(JavaThread::current(), "java/lang/UnsatisfiedLinkError", message);
  }
  // NativeLibraries.load runs JNI_OnLoad itself; the binder only needs to
  // know the library so that its Java_* functions are found.
  if (handle) add_native_library(handle, name);
  return handle;
}

JNIEXPORT void JNICALL JVM_UnloadLibrary(void* handle) {
  if (handle) dlclose(handle);
}

JNIEXPORT void* JNICALL JVM_FindLibraryEntry(void* handle, const char* name) {
  return dlsym(handle, name);
}

JNIEXPORT jboolean JNICALL JVM_IsSupportedJNIVersion(jint version) {
  // Threads::is_supported_jni_version_including_1_1.
  switch (version) {
    case JNI_VERSION_1_1:
    case JNI_VERSION_1_2:
    case JNI_VERSION_1_4:
    case JNI_VERSION_1_6:
    case JNI_VERSION_1_8:
    case JNI_VERSION_9:
    case JNI_VERSION_10:
      return JNI_TRUE;
    default:
      return JNI_FALSE;
  }
}

JNIEXPORT jobjectArray JNICALL JVM_GetVmArguments(JNIEnv* env) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_GetVmArguments");
  return nullptr;
}

// --- CDS: minijvm has no archive, so sharing and dumping are off -----------------------

JNIEXPORT void JNICALL JVM_InitializeFromArchive(JNIEnv*, jclass) {
  // HotSpot: nothing to do when no archived heap objects are mapped.
}

JNIEXPORT void JNICALL JVM_RegisterLambdaProxyClassForArchiving(JNIEnv*, jclass, jstring, jobject,
                                                                jobject, jobject, jobject, jclass) {
  // HotSpot: only records when dumping a dynamic archive (never here).
}

JNIEXPORT jclass JNICALL JVM_LookupLambdaProxyClassFromArchive(JNIEnv*, jclass, jstring, jobject,
                                                               jobject, jobject, jobject) {
  return nullptr;  // HotSpot: NULL unless UseSharedSpaces.
}

JNIEXPORT jboolean JNICALL JVM_IsCDSDumpingEnabled(JNIEnv*) { return JNI_FALSE; }
JNIEXPORT jboolean JNICALL JVM_IsSharingEnabled(JNIEnv*) { return JNI_FALSE; }
JNIEXPORT jboolean JNICALL JVM_IsDumpingClassList(JNIEnv*) { return JNI_FALSE; }
JNIEXPORT jlong JNICALL JVM_GetRandomSeedForDumping() { return 0; }

JNIEXPORT void JNICALL JVM_LogLambdaFormInvoker(JNIEnv*, jstring) {
  // HotSpot: logs only with -XX:DumpLoadedClassList, which minijvm lacks.
}

JNIEXPORT void JNICALL JVM_DumpClassListToFile(JNIEnv* env, jstring) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_DumpClassListToFile");
}

JNIEXPORT void JNICALL JVM_DumpDynamicArchive(JNIEnv* env, jstring) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_DumpDynamicArchive");
}

JNIEXPORT void JNICALL JVM_DefineArchivedModules(JNIEnv* env, jobject, jobject) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_DefineArchivedModules");
}

// --- signals ---------------------------------------------------------------------------

JNIEXPORT jint JNICALL JVM_FindSignal(const char* name) {
  for (const SignalName& s : kSignals) {
    if (std::strcmp(s.name, name) == 0) return s.number;
  }
  return -1;
}

JNIEXPORT void* JNICALL JVM_RegisterSignal(jint sig, void* handler) {
  // HotSpot refuses the signals the VM itself uses.
  switch (sig) {
    case SIGFPE:
    case SIGILL:
    case SIGSEGV:
    case SIGBUS:
    case SIGQUIT:
      return reinterpret_cast<void*>(-1);
    default:
      break;
  }
  std::lock_guard lock(g_signal_mutex);
  void* old = g_signal_handlers.count(sig) ? g_signal_handlers[sig] : nullptr;  // SIG_DFL
  g_signal_handlers[sig] = handler;
  return old;
}

JNIEXPORT jboolean JNICALL JVM_RaiseSignal(jint sig) {
  if (sig <= 0 || sig >= NSIG) return JNI_FALSE;
  return ::raise(sig) == 0 ? JNI_TRUE : JNI_FALSE;
}

// --- assertions --------------------------------------------------------------------------

JNIEXPORT jboolean JNICALL JVM_DesiredAssertionStatus(JNIEnv* env, jclass, jclass cls) {
  VmStateScope vm_state(env);
  Klass* k = klass_from_mirror(resolve(cls));
  if (k == nullptr) return JNI_FALSE;
  while (k->is_array() && k->component) k = k->component;
  return assertion_status_for(k->external_name(), k->loader == nullptr) ? JNI_TRUE : JNI_FALSE;
}

}  // extern "C"

namespace {

// java.lang.AssertionStatusDirectives {String[] classes; boolean[] classEnabled;
// String[] packages; boolean[] packageEnabled; boolean deflt;}, in option order.
Object* assertion_directives(JavaThread* thread) {
  HandleMark mark(thread->handles());
  Klass* k = boot_class(thread, "java/lang/AssertionStatusDirectives", true);
  if (k == nullptr) return nullptr;
  std::vector<std::pair<std::string, bool>> classes, packages;
  bool deflt = false;
  for (const std::string& opt : vm().options.assertion_options) {
    std::string_view o = opt;
    bool enable;
    size_t skip;
    if (o.starts_with("-enableassertions"))
      enable = true, skip = 17;
    else if (o.starts_with("-disableassertions"))
      enable = false, skip = 18;
    else if (o.starts_with("-ea"))
      enable = true, skip = 3;
    else if (o.starts_with("-da"))
      enable = false, skip = 3;
    else
      continue;
    std::string_view rest = o.substr(skip);
    if (rest.empty()) {
      deflt = enable;
    } else if (rest.front() == ':') {
      rest.remove_prefix(1);
      if (rest.ends_with("...")) {
        packages.emplace_back(std::string(rest.substr(0, rest.size() - 3)), enable);
      } else {
        classes.emplace_back(std::string(rest), enable);
      }
    }
  }
  Handle result = thread->handles().make(new_instance(thread, k));
  if (result.is_null()) return nullptr;
  Klass* string_klass = vm().classes.String;
  auto fill = [&](const std::vector<std::pair<std::string, bool>>& list, const char* names_field,
                  const char* flags_field) -> bool {
    Handle names = thread->handles().make(
        new_object_array(thread, string_klass, static_cast<int32_t>(list.size())));
    if (names.is_null()) return false;
    Handle flags = thread->handles().make(
        new_primitive_array(thread, BasicType::kBoolean, static_cast<int32_t>(list.size())));
    if (flags.is_null()) return false;
    for (size_t i = 0; i < list.size(); ++i) {
      std::string name = list[i].first;  // the Java spelling, as given
      Object* s = java_string(thread, name);
      if (s == nullptr) return false;
      static_cast<ArrayObject*>(names.get())->data<Object*>()[i] = s;
      static_cast<ArrayObject*>(flags.get())->data<uint8_t>()[i] = list[i].second ? 1 : 0;
    }
    set_ref_field(thread, result.get(), names_field, "[Ljava/lang/String;", names.get());
    set_ref_field(thread, result.get(), flags_field, "[Z", flags.get());
    return !thread->has_pending_exception();
  };
  if (!fill(classes, "classes", "classEnabled")) return nullptr;
  if (!fill(packages, "packages", "packageEnabled")) return nullptr;
  FieldDesc* f = required_field(thread, k, "deflt", "Z");
  if (f == nullptr) return nullptr;
  result->set_field<uint8_t>(f->offset, deflt ? 1 : 0);
  return result.get();
}

}  // namespace

extern "C" {

JNIEXPORT jobject JNICALL JVM_AssertionStatusDirectives(JNIEnv* env, jclass) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, assertion_directives(thread));
}

}  // extern "C"

// --- raw monitors -------------------------------------------------------------------
// Plain C++ mutexes for the JDK's native libraries (libzip guards its zip
// cache with them); they are not Java monitors (HotSpot: a Mutex that never
// checks for safepoints).
extern "C" {
JNIEXPORT void* JNICALL JVM_RawMonitorCreate(void) { return new std::mutex; }
JNIEXPORT void JNICALL JVM_RawMonitorDestroy(void* monitor) {
  delete static_cast<std::mutex*>(monitor);
}
JNIEXPORT jint JNICALL JVM_RawMonitorEnter(void* monitor) {
  static_cast<std::mutex*>(monitor)->lock();
  return 0;
}
JNIEXPORT void JNICALL JVM_RawMonitorExit(void* monitor) {
  static_cast<std::mutex*>(monitor)->unlock();
}

// libzip canonicalizes paths through the VM (HotSpot: os::native_path, which
// on Linux leaves the path as it is).
JNIEXPORT char* JNICALL JVM_NativePath(char* path) { return path; }
}  // extern "C"
