#include "classlib-bridge/startup/java_helpers.h"

#include <chrono>
#include <cstdio>
#include <thread>

#include "classlib-bridge/invoke/invoke_support.h"
#include "classlib-bridge/native_calls/jni_binder.h"
#include "classlib-bridge/native_calls/native_libraries.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "classlib-bridge/natives/registry.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "interp/interpreter.h"
#include "interp/runtime.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

Method* find_method_or_throw(JavaThread* thread, Klass* klass, std::string_view name,
                             std::string_view descriptor) {
  Method* m = lookup_method(klass, intern(name), intern(descriptor));
  if (!m) {
    std::string message = klass->external_name() + "." + std::string(name) + std::string(descriptor);
    throw_new(thread, intern("java/lang/NoSuchMethodError"), message);
  }
  return m;
}

Slot invoke(JavaThread* thread, Method* method, std::initializer_list<Slot> args) {
  Slot result;
  result.raw = 0;
  std::vector<Slot> slots;
  for (Slot s : args) {
    slots.push_back(s);
  }
  // call_java wants long/double as two slots; start-up passes only ints and
  // references, which take one.
  call_java(thread, method, slots, &result);
  return result;
}

}  // namespace

Slot call_static_in(JavaThread* thread, Klass* klass, std::string_view name,
                    std::string_view descriptor, std::initializer_list<Slot> args) {
  Slot none;
  none.raw = 0;
  if (!initialize_class(thread, klass)) return none;
  Method* m = find_method_or_throw(thread, klass, name, descriptor);
  if (!m) return none;
  return invoke(thread, m, args);
}

Slot call_static(JavaThread* thread, std::string_view class_name, std::string_view name,
                 std::string_view descriptor, std::initializer_list<Slot> args) {
  Slot none;
  none.raw = 0;
  Klass* k = boot_class(thread, class_name, /*initialize=*/false);
  if (!k) return none;
  return call_static_in(thread, k, name, descriptor, args);
}

Slot call_virtual(JavaThread* thread, Object* receiver, std::string_view name,
                  std::string_view descriptor, std::initializer_list<Slot> args) {
  Slot none;
  none.raw = 0;
  Method* m = find_method_or_throw(thread, receiver->klass(), name, descriptor);
  if (!m) return none;
  std::vector<Slot> all{slot_ref(receiver)};
  all.insert(all.end(), args.begin(), args.end());
  Slot result;
  result.raw = 0;
  call_java(thread, m, all, &result);
  return result;
}

void call_constructor(JavaThread* thread, Handle object, std::string_view descriptor,
                      std::initializer_list<Slot> args) {
  Method* m = find_method_or_throw(thread, object->klass(), "<init>", descriptor);
  if (!m) return;
  std::vector<Slot> all{slot_ref(object.get())};
  all.insert(all.end(), args.begin(), args.end());
  Slot ignored;
  call_java(thread, m, all, &ignored);
}

bool set_static_ref_field(JavaThread* thread, Klass* klass, std::string_view name, Object* value) {
  const Symbol* sym = intern(name);
  for (FieldDesc& f : klass->fields)
    if (f.name == sym && f.is_static() && f.type.is_reference()) {
      klass->mirror->set_ref_field(f.offset, value);
      return true;
    }
  throw_new(thread, intern("java/lang/NoSuchFieldError"), std::string(name));
  return false;
}

Object* make_string_array(JavaThread* thread, const std::vector<std::string>& strings) {
  HandleMark mark(thread->handles());
  Handle array = thread->handles().make(
      new_object_array(thread, vm().classes.String, static_cast<int32_t>(strings.size())));
  if (thread->has_pending_exception()) return nullptr;
  for (size_t i = 0; i < strings.size(); ++i) {
    Object* s = new_string_from_utf8(thread, strings[i]);
    if (thread->has_pending_exception()) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = s;
  }
  return array.get();
}

bool install_classlib(JavaThread* thread, const JdkInstall& jdk) {
  interp::install_interpreter();
  vm().fill_preallocated_trace = &fill_preallocated_trace;
  interp::set_stack_trace_filler([](JavaThread* thread, Object* throwable) {
    HandleMark mark(thread->handles());
    fill_in_stack_trace(thread, thread->handles().make(throwable), thread->top_frame());
  });
  register_classlib_natives();
  install_invoke_support();
  install_jni_binder();
  return load_libjava(thread, jdk) != nullptr;
}

void report_startup_failure(JavaThread* thread) {
  std::fprintf(stderr, "Error occurred during initialization of VM\n");
  Object* e = thread->pending_exception();
  if (!e) return;
  std::string text = e->klass()->external_name();
  if (std::string message = exception_message(e); !message.empty()) text += ": " + message;
  std::fprintf(stderr, "%s\n", text.c_str());
}

void wait_for_non_daemon_threads(JavaThread* thread) {
  FieldDesc* daemon = required_field(thread, vm().classes.Thread, "daemon", "Z");
  if (daemon == nullptr) return;
  auto others = [&] {
    std::lock_guard lock(vm().threads_mutex);
    for (JavaThread* t : vm().threads)
      if (t != thread && t->state.load() != ThreadState::kTerminated && t->thread_object &&
          t->thread_object->field<uint8_t>(daemon->offset) == 0)
        return true;
    return false;
  };
  if (sched::deterministic()) {
    // The other fibers run until the last non-daemon one has ended.
    sched::block([&] { return !others(); }, -1);
    return;
  }
  // Polls every millisecond; the thread list has no exit notification yet.
  while (others()) {
    ThreadStateScope blocked(thread, ThreadState::kBlocked);  // a safepoint may go on meanwhile
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace minijvm
