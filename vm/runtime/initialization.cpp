// Class initialization, JVMS §5.5 (the twelve steps, numbered below).
#include <mutex>

#include "vm/log.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

void mark_erroneous(Klass* k, Object* error) {
  {
    std::lock_guard lock(k->init_mutex);
    k->state.store(ClassState::kErroneous, std::memory_order_release);
    k->init_thread = nullptr;
    if (error != nullptr && k->init_error == nullptr) k->init_error = error;
  }
  k->init_cv.notify_all();
}

// JVMS §5.4.2 / HotSpot: String ConstantValues are stored just before <clinit>.
bool set_string_constants(JavaThread* thread, Klass* k) {
  const classfile::ConstantPool& cp = k->class_file->constant_pool;
  for (FieldDesc& f : k->fields) {
    if (!f.is_static() || f.info == nullptr || f.info->constant_value_index == 0) continue;
    if (f.type.type != BasicType::kObject) continue;
    Object* s = intern_symbol(thread, cp.string(f.info->constant_value_index));
    if (s == nullptr) return false;
    k->mirror->set_ref_field(f.offset, s);
  }
  return true;
}

// HotSpot 17 keeps, for the later NoClassDefFoundError, an
// ExceptionInInitializerError "Exception <class>: <message> [in thread "<name>"]".
Object* make_init_error(JavaThread* thread, Object* cause) {
  HandleMark hm(thread->handles());
  Handle c = thread->handles().make(cause);
  std::string msg = "Exception " + c->klass()->external_name();
  std::string detail = exception_message(c.get());
  if (!detail.empty()) msg += ": " + detail;
  msg += " [in thread \"" + thread->name + "\"]";
  Object* saved = thread->pending_exception();
  Handle saved_h = thread->handles().make(saved);
  thread->clear_pending_exception();
  Handle e = thread->handles().make(
      new_exception(thread, intern("java/lang/ExceptionInInitializerError"), msg));
  thread->clear_pending_exception();
  // ... whose stack trace is the original exception's (Throwable.getStackTrace,
  // as java_lang_Throwable::create_initialization_error), not its own.
  Klass* throwable = vm().classes.Throwable;
  Method* get = throwable ? lookup_method(throwable, intern("getStackTrace"),
                                          intern("()[Ljava/lang/StackTraceElement;"))
                          : nullptr;
  if (!e.is_null() && get != nullptr) {
    Slot args[1] = {slot_ref(c.get())};
    Slot result;
    result.raw = 0;
    call_java(thread, get, args, &result);
    FieldDesc* trace = throwable->find_declared_field(intern("stackTrace"),
                                                      intern("[Ljava/lang/StackTraceElement;"));
    FieldDesc* backtrace = throwable->find_declared_field(intern("backtrace"),
                                                          intern("Ljava/lang/Object;"));
    if (!thread->has_pending_exception() && result.l != nullptr && trace && backtrace) {
      e->set_ref_field(trace->offset, result.l);
      e->set_ref_field(backtrace->offset, nullptr);
    }
    thread->clear_pending_exception();
  }
  thread->set_pending_exception(saved_h.get());
  return e.get();
}

}  // namespace

bool initialize_class(JavaThread* thread, Klass* k) {
  if (k->is_initialized()) return true;
  if (!link_class(thread, k)) return false;
  HandleMark hm(thread->handles());
  // Step 1-5.
  {
    std::unique_lock lock(k->init_mutex);
    for (;;) {
      ClassState s = k->state.load(std::memory_order_acquire);
      if (s == ClassState::kBeingInitialized && k->init_thread != thread) {
        // Step 2: another thread initializes it; wait.
        // Blocked while waiting (a safepoint counts the thread stopped);
        // back to the old state with the lock released, since that may
        // wait for a safepoint to end.
        ThreadState old = thread->transition(ThreadState::kBlocked);
        sched::wait(lock, k->init_cv, [&] {
          return k->state.load(std::memory_order_acquire) != ClassState::kBeingInitialized;
        });
        lock.unlock();
        thread->transition(old);
        lock.lock();
        continue;
      }
      if (s == ClassState::kBeingInitialized) return true;  // Step 3: recursive request
      if (s == ClassState::kInitialized) return true;       // Step 4
      if (s == ClassState::kErroneous) {                    // Step 5
        Handle cause = thread->handles().make(k->init_error);
        lock.unlock();
        throw_new_with_cause(thread, vm_symbols().java_lang_NoClassDefFoundError,
                             "Could not initialize class " + k->external_name(), cause.get());
        return false;
      }
      break;
    }
    // Step 6.
    k->state.store(ClassState::kBeingInitialized, std::memory_order_release);
    k->init_thread = thread;
  }
  // Step 7: the superclass, then superinterfaces declaring non-abstract,
  // non-static methods (classes only).
  if (!k->is_interface()) {
    bool ok = k->super == nullptr || initialize_class(thread, k->super);
    for (size_t i = 0; ok && i < k->all_interfaces.size(); ++i) {
      Klass* iface = k->all_interfaces[i];
      bool has_default = false;
      for (auto& m : iface->methods)
        if (!m->is_abstract() && !m->is_static()) has_default = true;
      if (has_default) ok = initialize_class(thread, iface);
    }
    if (!ok) {
      mark_erroneous(k, nullptr);
      return false;
    }
  }
  if (log::enabled(log::Set::class_init, log::Level::info))
    log::write(log::Set::class_init, log::Level::info, "Initializing " + k->external_name());
  // Step 8 (assertions) is the library's business. Step 9: <clinit>.
  if (set_string_constants(thread, k)) {
    Method* clinit = k->find_declared_method(vm_symbols().class_initializer_name,
                                             vm_symbols().void_method_signature);
    if (clinit != nullptr) {
      Slot result;
      result.raw = 0;
      call_java(thread, clinit, {}, &result);
    }
  }
  if (!thread->has_pending_exception()) {
    // Step 10.
    {
      std::lock_guard lock(k->init_mutex);
      k->state.store(ClassState::kInitialized, std::memory_order_release);
      k->init_thread = nullptr;
    }
    k->init_cv.notify_all();
    return true;
  }
  // Step 11: wrap a non-Error in ExceptionInInitializerError.
  Handle e = thread->handles().make(thread->pending_exception());
  Handle record = thread->handles().make(make_init_error(thread, e.get()));
  Klass* error = find_loaded_class(vm_symbols().java_lang_Error, nullptr);
  if (error != nullptr && !e->klass()->is_subtype_of(error)) {
    thread->clear_pending_exception();
    throw_new_with_cause(thread, intern("java/lang/ExceptionInInitializerError"), "", e.get());
    if (thread->has_pending_exception()) {
      // EIIE(Throwable) has a null message: clear the one throw_new set.
      Object* eiie = thread->pending_exception();
      Klass* t = find_loaded_class(vm_symbols().java_lang_Throwable, nullptr);
      if (FieldDesc* f =
              t->find_declared_field(intern("detailMessage"), vm_symbols().string_signature))
        eiie->set_ref_field(f->offset, nullptr);
      // ExceptionInInitializerError.exception is the cause too (getException()).
      if (FieldDesc* f = eiie->klass()->find_declared_field(intern("exception"),
                                                            intern("Ljava/lang/Throwable;")))
        eiie->set_ref_field(f->offset, e.get());
    }
  }
  // Step 12.
  mark_erroneous(k, record.get());
  return false;
}

}  // namespace minijvm
