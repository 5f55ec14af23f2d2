// java.lang.Thread support (HotSpot: prims/jvm.cpp JVM_StartThread ..
// JVM_SetNativeThreadName; runtime/thread.cpp JavaThread::run/exit and
// ensure_join; runtime/park.cpp Parker for Unsafe.park/unpark).
//
// Threads are real OS threads. A started Thread's `eetop` holds its
// JavaThread* (so Thread.isAlive, which reads eetop != 0 in JDK 17, works)
// until the thread ends; then eetop is cleared and the Thread object
// notified, which wakes Thread.join. In JDK 17 the interrupt status is the
// Java field Thread.interrupted; JavaThread::interrupted mirrors it as a
// wake-up hint for blocking code in the VM.
#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "profilers/hooks.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

// JVMTI thread states as java.lang.Thread.threadStatus holds them
// (JVMTI_THREAD_STATE_ALIVE | RUNNABLE, TERMINATED).
constexpr int32_t kStatusRunnable = 0x0005;
constexpr int32_t kNormPriority = 5;
constexpr int32_t kStatusTerminated = 0x0002;
// java_lang_Thread::ThreadStatus of a blocked thread: ALIVE | WAITING (0x80)
// | WAITING_INDEFINITELY (0x10) or WAITING_WITH_TIMEOUT (0x20) | SLEEPING
// (0x40), IN_OBJECT_WAIT (0x100) or PARKED (0x200).
constexpr int32_t kStatusWaiting = 0x0081;
constexpr int32_t kStatusIndefinitely = 0x0010;
constexpr int32_t kStatusWithTimeout = 0x0020;
constexpr int32_t kStatusSleeping = 0x0040;
constexpr int32_t kStatusInObjectWait = 0x0100;
constexpr int32_t kStatusParked = 0x0200;

// Thread.threadStatus without raising anything (the field always exists);
// returns the previous value.
int32_t store_thread_status(Object* t, int32_t status) {
  if (t == nullptr) return 0;
  FieldDesc* f = lookup_field(t->klass(), intern("threadStatus"), intern("I"));
  if (f == nullptr) return 0;
  int32_t old = t->field<int32_t>(f->offset);
  t->set_field<int32_t>(f->offset, status);
  return old;
}

// Native stack of started threads: the interpreter may recurse on it, so it
// is generous; the Java stack (-Xss / Thread.stackSize) is separate.
constexpr size_t kNativeStackBytes = size_t{16} << 20;

// The permit of Unsafe.park/unpark and the condition sleep and park wait on.
struct Parker {
  std::mutex mutex;
  std::condition_variable cv;
  bool permit = false;
};

// Parkers by thread; a JavaThread* read from eetop is only dereferenced while
// it is in this map, under its mutex (a thread leaves the map when it ends).
// Never destroyed (a leaked heap object): threads may still block on it or
// use it while the process exits through std::exit (JVM_Halt).
std::mutex& g_parkers_mutex = *new std::mutex;
auto& g_parkers = *new std::unordered_map<JavaThread*, std::unique_ptr<Parker>>;

Parker* parker_of(JavaThread* thread) {
  std::lock_guard lock(g_parkers_mutex);
  auto& p = g_parkers[thread];
  if (!p) p = std::make_unique<Parker>();
  return p.get();
}

// The parker of `target` (from a Thread's eetop), created if the thread is
// alive but has not parked yet; nullptr for a thread that is not alive.
// Called with g_parkers_mutex held.
Parker* find_parker_locked(JavaThread* target) {
  if (target == nullptr) return nullptr;
  auto it = g_parkers.find(target);
  if (it != g_parkers.end()) return it->second.get();
  {
    std::lock_guard lock(vm().threads_mutex);
    if (std::find(vm().threads.begin(), vm().threads.end(), target) == vm().threads.end()) {
      return nullptr;
    }
  }
  auto& p = g_parkers[target];
  p = std::make_unique<Parker>();
  return p.get();
}

bool java_interrupted(JavaThread* thread) {
  Object* t = thread->thread_object;
  if (t == nullptr) return thread->interrupted.load();
  FieldDesc* f = lookup_field(t->klass(), intern("interrupted"), intern("Z"));
  return f ? t->field<uint8_t>(f->offset) != 0 : thread->interrupted.load();
}

void clear_interrupted(JavaThread* thread) {
  thread->interrupted.store(false);
  if (Object* t = thread->thread_object) {
    if (FieldDesc* f = lookup_field(t->klass(), intern("interrupted"), intern("Z"))) {
      t->set_field<uint8_t>(f->offset, 0);
    }
  }
}

void set_thread_status(JavaThread* thread, Object* t, int32_t status) {
  set_int_field(thread, t, "threadStatus", status);
}

// JavaThread::exit + ensure_join: Thread.exit(), then under the Thread's
// monitor: TERMINATED, eetop = 0, notifyAll (wakes join).
void finish_thread(JavaThread* thread) {
  HandleMark mark(thread->handles());
  Handle t = thread->handles().make(thread->thread_object);
  if (Method* exit = lookup_method(t->klass(), intern("exit"), intern("()V"))) {
    Slot args[1] = {slot_ref(t.get())};
    call_java(thread, exit, args, nullptr);
    thread->clear_pending_exception();  // HotSpot ignores exceptions from Thread.exit too
  }
  monitor_enter(thread, t.get());
  set_thread_status(thread, t.get(), kStatusTerminated);
  {
    std::lock_guard lock(g_parkers_mutex);
    set_long_field(thread, t.get(), "eetop", 0);
    g_parkers.erase(thread);
  }
  monitor_notify(thread, t.get(), true);
  monitor_exit(thread, t.get());
  thread->clear_pending_exception();
}

// The last of a thread's leaving, once its Thread is done with: terminated,
// out of the thread list, and deleted when no handshake still holds it.
void leave_thread_list(JavaThread* thread) {
  prof::thread_end(thread);
  thread->transition(ThreadState::kTerminated);
  {
    // Under the lock a collection holds: its allocations are counted once.
    std::lock_guard lock(vm().threads_mutex);
    vm().heap.account(thread->alloc_cache);
    std::erase(vm().threads, thread);
  }
  // A handshake that found the thread still registered may be running on
  // its behalf: the thread lives until it ends (safepoint/safepoint.h).
  {
    std::unique_lock lock(stop_mutex());
    stop_cv().wait(lock, [&] { return (thread->poll_word.load() & kPollStop) == 0; });
  }
  release_jni_env(thread);
  JavaThread::set_current(nullptr);
  delete thread;
}

// A Java thread leaves the VM on its own OS thread (JavaThread::exit): its
// uncaught exception reported, Thread.exit() and the join's wake-up, the
// monitors it still owns released if it detaches through JNI (HotSpot
// releases them only then), then out of the thread list, and the
// JavaThread deleted.
void end_java_thread(JavaThread* thread, bool release_monitors = false) {
  dispatch_uncaught_exception(thread);
  finish_thread(thread);
  if (release_monitors) release_monitors_of(thread);
  leave_thread_list(thread);
}

// JavaThread::run for a thread started by Thread.start0.
void* thread_entry(void* arg) {
  auto* thread = static_cast<JavaThread*>(arg);
  JavaThread::set_current(thread);
  jni_env_of(thread);
  thread->transition(ThreadState::kInVm);
  {
    HandleMark mark(thread->handles());
    Handle t = thread->handles().make(thread->thread_object);
    // Thread.run(), virtually dispatched on the Thread object's class.
    if (Method* run =
            lookup_method(t->klass(), vm_symbols().run_name, vm_symbols().void_method_signature)) {
      Slot args[1] = {slot_ref(t.get())};
      call_java(thread, run, args, nullptr);
    }
  }
  end_java_thread(thread);
  return nullptr;
}

// The main ThreadGroup (HotSpot's Universe::main_thread_group): where an
// attached thread goes when JNI names no group. A global handle.
Object** g_main_thread_group = nullptr;

// JavaThread::allocate_threadObj: a Thread whose eetop is `thread`, made by
// Thread(group, name), or Thread(group, null Runnable) for no name (then
// "Thread-<n>"), daemon if asked, then added to its group
// (ThreadGroup.add). False with the exception pending on failure.
bool make_attached_thread_object(JavaThread* thread, const char* name, Object* group_object,
                                 bool daemon) {
  HandleMark mark(thread->handles());
  Handle group = thread->handles().make(group_object);
  Klass* thread_class = vm().classes.Thread;
  Handle t = thread->handles().make(new_instance(thread, thread_class));
  if (thread->has_pending_exception()) return false;
  set_long_field(thread, t.get(), "eetop", reinterpret_cast<int64_t>(thread));
  set_int_field(thread, t.get(), "priority", kNormPriority);
  thread->thread_object = t.get();
  Handle name_string;
  if (name != nullptr) {
    name_string = thread->handles().make(new_string_from_utf8(thread, name));
    if (thread->has_pending_exception()) return false;
  }
  const char* descriptor = name != nullptr ? "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V"
                                           : "(Ljava/lang/ThreadGroup;Ljava/lang/Runnable;)V";
  Method* init =
      lookup_method(thread_class, vm_symbols().object_initializer_name, intern(descriptor));
  Method* add =
      lookup_method(vm().classes.ThreadGroup, intern("add"), intern("(Ljava/lang/Thread;)V"));
  if (init == nullptr || add == nullptr) {
    throw_by_name(thread, "java/lang/InternalError",
                  "java.lang.Thread cannot be attached: no constructor or ThreadGroup.add");
    return false;
  }
  Slot init_args[3] = {slot_ref(t.get()), slot_ref(group.get()), slot_ref(name_string.get())};
  call_java(thread, init, init_args, nullptr);
  if (daemon) {
    if (FieldDesc* f = required_field(thread, thread_class, "daemon", "Z"))
      t->set_field<uint8_t>(f->offset, 1);
  }
  if (thread->has_pending_exception()) return false;
  Slot add_args[2] = {slot_ref(group.get()), slot_ref(t.get())};
  call_java(thread, add, add_args, nullptr);
  if (thread->has_pending_exception()) return false;
  set_thread_status(thread, t.get(), kStatusRunnable);
  thread->id = get_long_field(thread, t.get(), "tid");
  if (Object* n = get_ref_field(thread, t.get(), "name", "Ljava/lang/String;"))
    thread->name = utf8_of(n);
  thread->daemon = daemon;
  return !thread->has_pending_exception();
}

}  // namespace

void detach_current_thread(JavaThread* thread) { finish_thread(thread); }

void set_main_thread_group(Object* group) { g_main_thread_group = vm().global_handles.add(group); }

JavaThread* attach_current_thread(const char* name, Object** group_ref, bool daemon) {
  if (g_main_thread_group == nullptr) return nullptr;  // before start-up made the main group
  auto* thread = new JavaThread(vm().options.thread_stack);
  JavaThread::set_current(thread);
  jni_env_of(thread);
  parker_of(thread);
  {
    std::lock_guard lock(vm().threads_mutex);
    if (stop_all_requested().load()) thread->poll_word.fetch_or(kPollStop);  // joins stopped
    vm().threads.push_back(thread);
  }
  thread->transition(ThreadState::kInVm);  // waits while a stop is requested
  Object* group = group_ref != nullptr && *group_ref != nullptr ? *group_ref : *g_main_thread_group;
  if (!make_attached_thread_object(thread, name, group, daemon)) {
    // HotSpot's cleanup_failed_attach_current_thread: the exception is
    // dropped, the thread leaves, and the caller gets JNI_ERR.
    thread->clear_pending_exception();
    if (Object* t = thread->thread_object) set_long_field(thread, t, "eetop", 0);
    thread->clear_pending_exception();
    {
      std::lock_guard lock(g_parkers_mutex);
      g_parkers.erase(thread);
    }
    leave_thread_list(thread);
    return nullptr;
  }
  thread->transition(ThreadState::kInNative);  // back in the native code that attached
  return thread;
}

void detach_attached_thread(JavaThread* thread) {
  thread->transition(ThreadState::kInVm);
  end_java_thread(thread, /*release_monitors=*/true);
}

Object* all_thread_objects(JavaThread* thread) {
  // ThreadsListEnumerator: the Thread objects of every live Java thread,
  // not one that is exiting (its Thread's eetop cleared: its joiners may
  // have woken already, while it is still in the thread list).
  HandleMark mark(thread->handles());
  std::vector<Handle> live;
  {
    std::lock_guard lock(vm().threads_mutex);
    for (JavaThread* t : vm().threads) {
      if (t->thread_object && t->state.load() != ThreadState::kTerminated &&
          java_thread_of(t->thread_object) != nullptr) {
        live.push_back(thread->handles().make(t->thread_object));
      }
    }
  }
  ArrayObject* array =
      new_object_array(thread, vm().classes.Thread, static_cast<int32_t>(live.size()));
  if (array == nullptr) return nullptr;
  for (size_t i = 0; i < live.size(); ++i) array->data<Object*>()[i] = live[i].get();
  return array;
}

JavaThread* java_thread_of(Object* thread_object) {
  if (thread_object == nullptr) return nullptr;
  FieldDesc* f = lookup_field(thread_object->klass(), intern("eetop"), intern("J"));
  return f ? reinterpret_cast<JavaThread*>(thread_object->field<int64_t>(f->offset)) : nullptr;
}

void dispatch_uncaught_exception(JavaThread* thread) {
  if (!thread->has_pending_exception() || !thread->thread_object) return;
  HandleMark mark(thread->handles());
  Handle t = thread->handles().make(thread->thread_object);
  Handle e = thread->handles().make(thread->pending_exception());
  thread->clear_pending_exception();
  if (Method* dispatch = lookup_method(t->klass(), intern("dispatchUncaughtException"),
                                       intern("(Ljava/lang/Throwable;)V"))) {
    Slot args[2] = {slot_ref(t.get()), slot_ref(e.get())};
    call_java(thread, dispatch, args, nullptr);
  }
  if (thread->has_pending_exception()) {
    std::string name = thread->pending_exception()->klass()->external_name();
    std::fflush(stdout);
    std::fprintf(stderr, "\nException: %s thrown from the UncaughtExceptionHandler in thread \"%s\"\n",
                 name.c_str(), thread->name.c_str());
    thread->clear_pending_exception();
  }
}

void start_thread(JavaThread* thread, Handle thread_object) {
  // Thread.start checked threadStatus == 0; a live eetop means started twice.
  if (java_thread_of(thread_object.get()) != nullptr) {
    throw_by_name(thread, "java/lang/IllegalThreadStateException", "");
    return;
  }
  int64_t stack_size = get_long_field(thread, thread_object.get(), "stackSize");
  CHECK_PENDING(thread);
  size_t java_stack = stack_size > 0 ? static_cast<size_t>(stack_size) : vm().options.thread_stack;
  auto* child = new JavaThread(java_stack);
  child->thread_object = thread_object.get();
  child->id = get_long_field(thread, thread_object.get(), "tid");
  if (Object* name = get_ref_field(thread, thread_object.get(), "name", "Ljava/lang/String;")) {
    child->name = utf8_of(name);
  }
  if (FieldDesc* daemon = required_field(thread, thread_object->klass(), "daemon", "Z"))
    child->daemon = thread_object->field<uint8_t>(daemon->offset) != 0;
  if (thread->has_pending_exception()) {
    delete child;
    return;
  }
  parker_of(child);
  set_long_field(thread, thread_object.get(), "eetop", reinterpret_cast<int64_t>(child));
  set_thread_status(thread, thread_object.get(), kStatusRunnable);
  {
    std::lock_guard lock(vm().threads_mutex);
    if (stop_all_requested().load()) child->poll_word.fetch_or(kPollStop);  // starts stopped
    vm().threads.push_back(child);
  }
  if (sched::deterministic()) {
    sched::spawn([child] { thread_entry(child); }, kNativeStackBytes);
    return;
  }
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kNativeStackBytes);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t tid;
  int rc = pthread_create(&tid, &attr, thread_entry, child);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    {
      std::lock_guard lock(g_parkers_mutex);
      g_parkers.erase(child);
      set_long_field(thread, thread_object.get(), "eetop", 0);
    }
    set_thread_status(thread, thread_object.get(), 0);
    {
      std::lock_guard lock(vm().threads_mutex);
      std::erase(vm().threads, child);
    }
    delete child;
    throw_by_name(thread, "java/lang/OutOfMemoryError",
                  "unable to create native thread: possibly out of memory or process/resource "
                  "limits reached");
  }
}

void sleep_millis(JavaThread* thread, int64_t millis) {
  if (millis < 0) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "timeout value is negative");
    return;
  }
  if (java_interrupted(thread)) {
    clear_interrupted(thread);
    throw_by_name(thread, "java/lang/InterruptedException", "sleep interrupted");
    return;
  }
  if (millis == 0) {
    sched::yield();
    return;
  }
  Parker* p = parker_of(thread);
  ThreadStatusScope status(thread, ThreadStatusScope::Kind::kSleeping, true);
  ThreadState saved = thread->transition(ThreadState::kBlocked);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(millis);
  bool interrupted = false;
  if (sched::deterministic()) {
    std::unique_lock lock(p->mutex);
    constexpr int64_t kMaxMillis = INT64_MAX / 1'000'000;
    interrupted = sched::wait_for_ns(lock, p->cv, std::min(millis, kMaxMillis) * 1'000'000,
                                     [&] { return thread->interrupted.load(); });
  } else {
    std::unique_lock lock(p->mutex);
    while (!(interrupted = java_interrupted(thread) || thread->interrupted.load())) {
      if (p->cv.wait_until(lock, deadline) == std::cv_status::timeout) break;
    }
  }
  thread->transition(saved);
  if (interrupted) {
    clear_interrupted(thread);
    throw_by_name(thread, "java/lang/InterruptedException", "sleep interrupted");
  }
}

void interrupt_java_thread(Object* thread_object) {
  // Thread.interrupt already set the Java field; mirror it in the JavaThread
  // and wake the target if it sleeps, parks (here) or waits (monitor.h).
  std::lock_guard lock(g_parkers_mutex);
  JavaThread* target = java_thread_of(thread_object);
  Parker* p = find_parker_locked(target);
  if (p == nullptr) return;
  interrupt_thread(target);
  std::lock_guard park_lock(p->mutex);
  p->cv.notify_all();
}

void clear_interrupted_status(JavaThread* thread) { clear_interrupted(thread); }

ThreadStatusScope::ThreadStatusScope(JavaThread* thread, Kind kind, bool timed) : thread_(thread) {
  int32_t status = kStatusWaiting | (timed ? kStatusWithTimeout : kStatusIndefinitely);
  switch (kind) {
    case Kind::kSleeping: status = kStatusWaiting | kStatusWithTimeout | kStatusSleeping; break;
    case Kind::kObjectWait: status |= kStatusInObjectWait; break;
    case Kind::kParked: status |= kStatusParked; break;
  }
  saved_ = store_thread_status(thread->thread_object, status);
}

ThreadStatusScope::~ThreadStatusScope() { store_thread_status(thread_->thread_object, saved_); }

void park(JavaThread* thread, bool absolute, int64_t time) {
  // Parker::park: consume the permit, or return at once on interrupt or an
  // expired time; may return spuriously (java.util.concurrent allows it).
  Parker* p = parker_of(thread);
  if (time < 0 || (absolute && time == 0)) return;
  std::unique_lock lock(p->mutex);
  if (p->permit) {
    p->permit = false;
    return;
  }
  if (java_interrupted(thread)) return;
  ThreadStatusScope status(thread, ThreadStatusScope::Kind::kParked, time != 0);
  ThreadState saved = thread->transition(ThreadState::kBlocked);
  if (sched::deterministic()) {
    // A predicate, so that the fiber is not woken before its permit.
    auto woken = [&] { return p->permit || thread->interrupted.load(); };
    if (time == 0) {
      sched::wait(lock, p->cv, woken);
    } else {
      constexpr int64_t kMaxMillis = INT64_MAX / 1'000'000;
      int64_t ns =
          absolute
              ? std::clamp<int64_t>(time - sched::current_time_millis(), 0, kMaxMillis) * 1'000'000
              : time;
      sched::wait_for_ns(lock, p->cv, ns, woken);
    }
  } else if (time == 0) {
    p->cv.wait(lock);
  } else if (absolute) {
    auto deadline = std::chrono::system_clock::time_point(std::chrono::milliseconds(time));
    p->cv.wait_until(lock, deadline);
  } else {
    p->cv.wait_for(lock, std::chrono::nanoseconds(time));
  }
  p->permit = false;
  lock.unlock();  // leaving the blocked state may wait for a safepoint
  thread->transition(saved);
}

void unpark(Object* thread_object) {
  std::lock_guard lock(g_parkers_mutex);
  Parker* p = find_parker_locked(java_thread_of(thread_object));
  if (p == nullptr) return;
  std::lock_guard park_lock(p->mutex);
  p->permit = true;
  p->cv.notify_all();
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT void JNICALL JVM_StartThread(JNIEnv* env, jobject jthread) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  HandleMark mark(thread->handles());
  start_thread(thread, thread->handles().make(resolve(jthread)));
}

JNIEXPORT void JNICALL JVM_StopThread(JNIEnv* env, jobject, jobject) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_StopThread");
}

JNIEXPORT void JNICALL JVM_SuspendThread(JNIEnv* env, jobject) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_SuspendThread");
}

JNIEXPORT void JNICALL JVM_ResumeThread(JNIEnv* env, jobject) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_ResumeThread");
}

JNIEXPORT void JNICALL JVM_SetThreadPriority(JNIEnv*, jobject, jint) {
  // Thread.setPriority stored the Java field; HotSpot on Linux leaves OS
  // priorities alone by default (ThreadPriorityPolicy=0), and so does minijvm.
}

JNIEXPORT void JNICALL JVM_Yield(JNIEnv*, jclass) { sched::yield(); }

JNIEXPORT void JNICALL JVM_Sleep(JNIEnv* env, jclass, jlong millis) {
  VmStateScope vm_state(env);
  sleep_millis(jvm_thread(env), millis);
}

JNIEXPORT jobject JNICALL JVM_CurrentThread(JNIEnv* env, jclass) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, thread->thread_object);
}

JNIEXPORT void JNICALL JVM_Interrupt(JNIEnv* env, jobject jthread) {
  VmStateScope vm_state(env);
  interrupt_java_thread(resolve(jthread));
}

JNIEXPORT jboolean JNICALL JVM_HoldsLock(JNIEnv* env, jclass, jobject obj) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* o = resolve(obj);
  if (o == nullptr) {
    throw_npe(thread);
    return JNI_FALSE;
  }
  return holds_lock(thread, o) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jobjectArray JNICALL JVM_GetAllThreads(JNIEnv* env, jclass) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jobjectArray>(thread, all_thread_objects(thread));
}

JNIEXPORT void JNICALL JVM_SetNativeThreadName(JNIEnv* env, jobject jthread, jstring name) {
  VmStateScope vm_state(env);
  // HotSpot renames only the current thread (os::set_native_thread_name);
  // Linux limits names to 15 bytes.
  JavaThread* thread = jvm_thread(env);
  if (resolve(jthread) != thread->thread_object) return;
  std::string n = utf8_of(resolve(name));
  thread->name = n;
  if (n.size() > 15) n.resize(15);
  pthread_setname_np(pthread_self(), n.c_str());
}

JNIEXPORT jobjectArray JNICALL JVM_DumpThreads(JNIEnv* env, jclass, jobjectArray threads) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  // No HandleMark here: it would release the result's local reference on
  // return. The handle lives in the native's local frame, like a local.
  Object* traces = dump_thread_stacks(thread, thread->handles().make(resolve(threads)));
  return make_local_as<jobjectArray>(thread, traces);
}

}  // extern "C"
