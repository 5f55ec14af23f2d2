#include "classlib-bridge/startup/startup.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "classlib-bridge/startup/java_helpers.h"
#include "interp/jit/jit.h"
#include "profilers/hooks.h"
#include "safepoint/collector.h"
#include "safepoint/safepoint.h"
#include "vm/log.h"
#include "vm/runtime/bootstrap.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/roots.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"

namespace minijvm {

namespace {

// JNI weak global references are weak roots: after marking, the dead ones
// read as null (IsSameObject(ref, NULL) is then true, as on HotSpot).
void clear_dead_jni_weak_globals(const LivenessTest& is_live) {
  for_each_jni_weak_global(
      [](Object** slot, void* context) {
        const auto& live = *static_cast<const LivenessTest*>(context);
        if (*slot != nullptr && !live(*slot)) *slot = nullptr;
      },
      const_cast<LivenessTest*>(&is_live));
}

// java.lang.Thread.threadStatus values (jdk.internal.misc.VM's JVMTI bits).
constexpr int32_t kThreadStatusRunnable = 0x0004;
constexpr int32_t kNormPriority = 5;

// HotSpot 17 create_initial_thread_group: the "system" group from the
// private no-argument constructor, then "main" under it.
Object* create_initial_thread_group(JavaThread* thread) {
  HandleMark mark(thread->handles());
  Klass* group_class = vm().classes.ThreadGroup;
  Handle system = thread->handles().make(new_instance(thread, group_class));
  CHECK_PENDING_0(thread, nullptr);
  call_constructor(thread, system, "()V", {});
  CHECK_PENDING_0(thread, nullptr);
  Handle main = thread->handles().make(new_instance(thread, group_class));
  CHECK_PENDING_0(thread, nullptr);
  Handle name = thread->handles().make(new_string_from_utf8(thread, "main"));
  CHECK_PENDING_0(thread, nullptr);
  call_constructor(thread, main, "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V",
                   {slot_ref(system.get()), slot_ref(name.get())});
  CHECK_PENDING_0(thread, nullptr);
  return main.get();
}

// HotSpot 17 create_initial_thread: a Thread whose eetop points at the
// running JavaThread, priority NORM, then Thread(ThreadGroup, String).
void create_initial_thread(JavaThread* thread, Object* group_object) {
  HandleMark mark(thread->handles());
  Handle group = thread->handles().make(group_object);
  Klass* thread_class = vm().classes.Thread;
  Handle thread_object = thread->handles().make(new_instance(thread, thread_class));
  CHECK_PENDING(thread);
  set_long_field(thread, thread_object.get(), "eetop", reinterpret_cast<intptr_t>(thread));
  set_int_field(thread, thread_object.get(), "priority", kNormPriority);
  thread->thread_object = thread_object.get();
  Handle name = thread->handles().make(new_string_from_utf8(thread, "main"));
  CHECK_PENDING(thread);
  call_constructor(thread, thread_object, "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V",
                   {slot_ref(group.get()), slot_ref(name.get())});
  CHECK_PENDING(thread);
  set_int_field(thread, thread_object.get(), "threadStatus", kThreadStatusRunnable);
  thread->name = "main";
  thread->id = get_long_field(thread, thread_object.get(), "tid");  // 1, as on HotSpot
}

// HotSpot's call_initPhase2: ModuleBootstrap.boot() finds the system
// modules in the JDK's runtime image (lib/modules, read by java.base's own
// jimage reader, since java.base.jmod has not been through jlink), resolves
// the boot layer and defines every module to the VM (JVM_DefineModule gives
// classes their Module and tells the boot loader where the other boot
// modules' classes are). On failure initPhase2 has printed the error; the VM
// exits without a message of its own.
bool initialize_module_system(JavaThread* thread) {
  // initPhase2(printToStderr = DisplayVMOutputToStderr, printStackTrace =
  // -Xlog:init=debug), both false by default.
  Slot status = call_static(thread, "java/lang/System", "initPhase2", "(ZZ)I",
                            {slot_int(0), slot_int(0)});
  if (thread->has_pending_exception()) return false;
  if (status.i != 0) std::exit(1);  // vm_exit_during_initialization(), no message
  return true;
}

// Threads::initialize_java_lang_classes in HotSpot 17, in its order.
bool initialize_java_lang_classes(JavaThread* thread) {
  auto init = [&](const char* name) {
    return boot_class(thread, name, /*initialize=*/true) && !thread->has_pending_exception();
  };
  if (!init("java/lang/String") || !init("java/lang/System") || !init("java/lang/Class") ||
      !init("java/lang/ThreadGroup"))
    return false;
  HandleMark mark(thread->handles());
  Handle main_group = thread->handles().make(create_initial_thread_group(thread));
  if (main_group.is_null()) return false;
  set_main_thread_group(main_group.get());      // for threads JNI attaches
  if (!init("java/lang/Thread")) return false;  // runs Java: may collect
  create_initial_thread(thread, main_group.get());
  if (thread->has_pending_exception()) return false;
  if (!init("java/lang/Module") || !init("java/lang/reflect/Method") ||
      !init("java/lang/ref/Finalizer"))
    return false;

  call_static(thread, "java/lang/System", "initPhase1", "()V", {});
  if (thread->has_pending_exception()) return false;
  for (const char* name :
       {"java/lang/OutOfMemoryError", "java/lang/NullPointerException",
        "java/lang/ClassCastException", "java/lang/ArrayStoreException",
        "java/lang/ArithmeticException", "java/lang/StackOverflowError",
        "java/lang/IllegalMonitorStateException", "java/lang/IllegalArgumentException"})
    if (!init(name)) return false;

  if (!initialize_module_system(thread)) return false;
  call_static(thread, "java/lang/System", "initPhase3", "()V", {});
  return !thread->has_pending_exception();
}

// What libjli's JavaMain does once the VM exists.
int launch_main(JavaThread* thread, const ProgramRequest& request) {
  HandleMark mark(thread->handles());
  Handle what = thread->handles().make(new_string_from_utf8(thread, request.what));
  if (thread->has_pending_exception()) return 1;
  // LauncherHelper.checkAndLoadMain(printToStderr, mode, what): prints java's
  // errors and calls System.exit(1) itself when the class is unusable.
  Slot main_mirror = call_static(thread, "sun/launcher/LauncherHelper", "checkAndLoadMain",
                                 "(ZILjava/lang/String;)Ljava/lang/Class;",
                                 {slot_int(1), slot_int(request.launch_mode), slot_ref(what.get())});
  if (thread->has_pending_exception()) return 1;
  Klass* main_class = klass_of_mirror(main_mirror.l);
  Handle args = thread->handles().make(make_string_array(thread, request.args));
  if (thread->has_pending_exception()) return 1;
  // As JP2: the profile starts at main (start-up is left out by default).
  if (auto started = prof::start_recording(/*startup=*/false); !started) {
    std::fprintf(stderr, "minijvm: %s\n", started.error().message.c_str());
    return 1;
  }
  call_static_in(thread, main_class, "main", "([Ljava/lang/String;)V", {slot_ref(args.get())});
  return thread->has_pending_exception() ? 1 : 0;
}

}  // namespace

namespace {

// The program's threads, from the VM's creation to DestroyJavaVM.
int run_program_threads(const ProgramRequest& request) {
  if (auto configured = prof::configure(request.vm.profiles); !configured) {
    std::fprintf(stderr, "minijvm: %s\n", configured.error().message.c_str());
    return 1;
  }
  // A Java agent's API jar joins the class path, as -javaagent's jar does.
  VmOptions options = request.vm;
  if (std::string extra = prof::profiler_class_path(); !extra.empty())
    options.class_path += (options.class_path.empty() ? "" : ":") + extra;
  if (auto started = prof::start_recording(/*startup=*/true); !started) {  // startup=include
    std::fprintf(stderr, "minijvm: %s\n", started.error().message.c_str());
    return 1;
  }
  JavaThread* thread = nullptr;
  if (!create_vm_core(options, request.jdk, &thread)) return 1;
  // Collections may happen from the first allocation on.
  safepoint::install_collector();
  register_weak_root_processor(&clear_dead_jni_weak_globals);
  vm().heap.set_full_gc_alot_interval(options.full_gc_alot_interval);
  if (!install_classlib(thread, request.jdk)) {
    report_startup_failure(thread);
    return 1;
  }
  if (!initialize_java_lang_classes(thread)) {
    report_startup_failure(thread);
    return 1;
  }
  if (options.safepoint_stress_ms >= 0) safepoint::start_safepoint_stress(options.safepoint_stress_ms);
  int status = launch_main(thread, request);
  // The launcher's LEAVE(): DetachCurrentThread (the uncaught-exception
  // handler, then the main Thread terminates: joiners wake up) ...
  dispatch_uncaught_exception(thread);
  detach_current_thread(thread);
  // DestroyJavaVM: wait for the non-daemon threads, then Shutdown.shutdown()
  // runs the shutdown hooks. (System.exit never returns here: JVM_Halt exits.)
  wait_for_non_daemon_threads(thread);
  call_static(thread, "java/lang/Shutdown", "shutdown", "()V", {});
  thread->clear_pending_exception();
  // (System.exit writes the profiles in JVM_Halt.) A profile that could
  // not be written makes a successful run fail.
  if (!prof::finish() && status == 0) status = 1;
  interp::jit::at_exit();  // -XX:+DumpPerfMapAtExit
  return status;
}

// Under the deterministic scheduler: every fiber blocked with no deadline.
int report_deadlock() {
  std::fflush(nullptr);
  std::string names;
  {
    std::lock_guard lock(vm().threads_mutex);
    for (JavaThread* t : vm().threads) names += (names.empty() ? "\"" : ", \"") + t->name + "\"";
  }
  std::fprintf(stderr, "minijvm: deadlock: every Java thread is blocked for good (%s)\n",
               names.c_str());
  prof::finish();  // the requested profiles are still written
  interp::jit::at_exit();  // -XX:+DumpPerfMapAtExit
  return 1;
}

}  // namespace

int run_java_program(const ProgramRequest& request) {
  if (request.vm.sched)
    return sched::run(*request.vm.sched, [&] { return run_program_threads(request); }, report_deadlock);
  return run_program_threads(request);
}

}  // namespace minijvm
