// The VM-side operations behind both the JVM_* functions (called by libjava
// with JNI references) and the VM-internal natives (called with argument
// slots). Each takes the current thread and raw Object*s; anything that may
// allocate keeps its references in Handles. Failures are pending exceptions.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "vm/runtime/frame.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/value.h"

namespace minijvm {

class JavaThread;

// --- jvm_object.cpp ---------------------------------------------------------
// Object.clone: CloneNotSupportedException naming the class unless the class
// is an array or implements Cloneable (HotSpot jvm.cpp JVM_Clone).
Object* clone_checked(JavaThread* thread, Object* o);
// System.arraycopy with HotSpot 17's checks and messages.
void array_copy(JavaThread* thread, Object* src, int32_t src_pos, Object* dst, int32_t dst_pos,
                int32_t length);
// The ArrayStoreException/IndexOutOfBounds message arraycopy would give, or
// "" when the copy is allowed (element-wise store checks aside). Pure; for tests.
std::string array_copy_error(const Klass* src, int32_t src_length, int32_t src_pos,
                             const Klass* dst, int32_t dst_length, int32_t dst_pos, int32_t length,
                             bool* is_store_error);
int64_t current_time_millis();
int64_t nano_time();

// Class.desiredAssertionStatus for a class (external name) from vm().options
// (-ea, -da, -esa, -dsa with :Class and :package... forms).
bool assertion_status_for(std::string_view class_name, bool system_class);

// --- jvm_invoke.cpp ------------------------------------------------------------
// A new box of a primitive value (not the valueOf cache, as Reflection::box);
// nullptr + pending exception on failure.
Object* box_primitive(JavaThread* thread, BasicType type, Slot value);

// --- jvm_stack_trace.cpp ----------------------------------------------------
// Throwable.fillInStackTrace: records (method, bci) of the frames from `top`
// down, skipping fillInStackTrace and the throwable's own <init> frames as
// HotSpot does (java_lang_Throwable::fill_in_stack_trace), in
// Throwable.backtrace (a long[] of method/bci pairs) and Throwable.depth.
void fill_in_stack_trace(JavaThread* thread, Handle throwable, Frame* top);
// The stack trace of a preallocated OutOfMemoryError (vm.h), written into
// its preallocated long[] without allocating.
void fill_preallocated_trace(JavaThread* thread, Object* error, Object* storage);
// StackTraceElement.initStackTraceElements: fills `elements` from the
// throwable's backtrace.
void init_stack_trace_elements(JavaThread* thread, Handle elements, Handle throwable);
// java_lang_StackTraceElement::fill_in: one element from a method and bci
// (declaring class, names, file, line; -2 for native methods).
void fill_stack_trace_element(JavaThread* thread, Handle element, Method* method, uint32_t bci);
// Thread.dumpThreads (JVM_DumpThreads): a StackTraceElement[] for each
// Thread of `threads`, its whole stack top first (empty for a thread not
// alive), each other thread's taken while a handshake holds it stopped.
// NullPointerException for a null array, IllegalArgumentException for an
// empty one, as HotSpot; nullptr with the exception pending on failure.
Object* dump_thread_stacks(JavaThread* thread, Handle threads);
// The class of the frame `depth` frames below the caller-sensitive method,
// skipping reflection frames (Reflection.getCallerClass).
Object* caller_class_mirror(JavaThread* thread);

// --- jvm_thread.cpp -----------------------------------------------------------
void start_thread(JavaThread* thread, Handle thread_object);
// JavaThread::exit's report of the thread's pending uncaught exception:
// Thread.dispatchUncaughtException, and if the handler itself throws,
// HotSpot's one line naming what it threw, so a failure is never silent.
void dispatch_uncaught_exception(JavaThread* thread);
// The launcher's DetachCurrentThread for the main thread (JavaThread::exit):
// Thread.exit(), then TERMINATED and notifyAll, so that threads joining main
// go on while DestroyJavaVM waits for them.
void detach_current_thread(JavaThread* thread);
// Start-up's main ThreadGroup, kept for the threads JNI attaches.
void set_main_thread_group(Object* group);
// JNI AttachCurrentThread of a native thread that is not a Java thread
// (jni.cpp attach_current_thread): a JavaThread for it, registered, and a
// java.lang.Thread in `*group_ref` (nullptr or null: the main group), named
// `name` (nullptr: "Thread-<n>"), added to its group; the thread is left in
// kInNative. nullptr when the Thread cannot be made (its exception dropped,
// as HotSpot drops it) or before start-up made the main group.
JavaThread* attach_current_thread(const char* name, Object** group_ref, bool daemon);
// JNI DetachCurrentThread of a thread with no Java frames (in kInNative):
// JavaThread::exit as a thread's end, then the JavaThread is gone.
void detach_attached_thread(JavaThread* thread);
Object* all_thread_objects(JavaThread* thread);     // Thread.getThreads
JavaThread* java_thread_of(Object* thread_object);  // via Thread.eetop; nullptr if not alive
void sleep_millis(JavaThread* thread, int64_t millis);
// Thread.interrupt0: wakes the target in sleep, park or Object.wait.
void interrupt_java_thread(Object* thread_object);
// Clears both the Java field Thread.interrupted and JavaThread::interrupted
// (after an InterruptedException is thrown, and for Thread.clearInterruptEvent).
void clear_interrupted_status(JavaThread* thread);
// Unsafe.park/unpark: a per-thread permit, honouring interrupts.
void park(JavaThread* thread, bool absolute, int64_t time);
void unpark(Object* thread_object);
// HotSpot's JavaThreadStatusChanger: Thread.threadStatus says SLEEPING,
// IN_OBJECT_WAIT(_TIMED) or PARKED(_TIMED) while the thread blocks, so that
// Thread.getState() reports (TIMED_)WAITING; the old status again on destruction.
class ThreadStatusScope {
 public:
  enum class Kind { kSleeping, kObjectWait, kParked };
  ThreadStatusScope(JavaThread* thread, Kind kind, bool timed);
  ~ThreadStatusScope();
  ThreadStatusScope(const ThreadStatusScope&) = delete;
  ThreadStatusScope& operator=(const ThreadStatusScope&) = delete;

 private:
  JavaThread* thread_;
  int32_t saved_ = 0;
};

// --- jvm_class.cpp ------------------------------------------------------------
// Class.initClassName: the interned external name, also stored in Class.name.
Object* init_class_name(JavaThread* thread, Object* mirror);
// Class.getModifiers (InnerClasses flags for member classes, JVMS §4.7.6).
int32_t class_modifiers(Klass* klass);
Object* class_interfaces(JavaThread* thread, Object* mirror);
// JVMS §5.3 by a JNI-style name ("java/lang/String" or "[I"); ClassNotFoundException
// semantics are left to the callers.
Klass* find_class(JavaThread* thread, std::string_view name, Object* loader, bool initialize);


// --- jvm_reflection.cpp -------------------------------------------------------
Object* declared_methods(JavaThread* thread, Klass* klass, bool public_only);
Object* declared_constructors(JavaThread* thread, Klass* klass, bool public_only);
Object* declared_fields(JavaThread* thread, Klass* klass, bool public_only);

// --- jvm_properties.cpp -------------------------------------------------------
// The key/value pairs SystemProps$Raw.vmProperties returns, in order.
std::vector<std::pair<std::string, std::string>> vm_property_list();
Object* vm_properties(JavaThread* thread);

}  // namespace minijvm
