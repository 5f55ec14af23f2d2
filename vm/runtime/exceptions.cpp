// Creating and throwing Java exceptions from C++ (exceptions.h).
//
// The Throwable's detailMessage is set before its constructor runs (the
// constructor stores the same value again), so the message is right even
// when no interpreter is installed: then the constructor is not run and the
// object gets an empty stack trace (as HotSpot's preallocated errors).
#include "vm/runtime/exceptions.h"

#include "vm/mutf8.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

FieldDesc* throwable_field(const char* name, const char* descriptor) {
  Klass* t = find_loaded_class(vm_symbols().java_lang_Throwable, nullptr);
  return t ? t->find_declared_field(intern(name), intern(descriptor)) : nullptr;
}

Object* make(JavaThread* thread, const Symbol* class_name, const std::string_view* message) {
  // Depth guard: failing to create an exception while creating one.
  if (thread->exception_depth > 3) {
    std::fprintf(stderr, "minijvm: recursive failure creating %s\n", class_name->to_utf8().c_str());
    std::abort();
  }
  ++thread->exception_depth;
  struct Guard {
    JavaThread* thread;
    ~Guard() { --thread->exception_depth; }
  } guard{thread};
  HandleMark hm(thread->handles());
  Klass* k = load_class(thread, class_name, nullptr);
  if (k == nullptr) return nullptr;
  bool run_java = has_java_invoker();
  if (run_java) {
    if (!initialize_class(thread, k)) return nullptr;
  } else if (!link_class(thread, k)) {
    return nullptr;
  }
  Handle e = thread->handles().make(new_instance(thread, k));
  if (e.is_null()) return nullptr;
  Handle msg;
  if (message != nullptr) {
    msg = thread->handles().make(new_string_from_utf8(thread, *message));
    CHECK_PENDING_0(thread, nullptr);
    if (FieldDesc* f = throwable_field("detailMessage", "Ljava/lang/String;"))
      e->set_ref_field(f->offset, msg.get());
  }
  if (run_java) {
    Method* init = k->find_declared_method(
        vm_symbols().object_initializer_name,
        message ? intern("(Ljava/lang/String;)V") : vm_symbols().void_method_signature);
    if (init != nullptr) {
      Slot args[2] = {slot_ref(e.get()), slot_ref(msg.get())};
      Slot result;
      call_java(thread, init, std::span<const Slot>(args, message ? 2 : 1), &result);
      CHECK_PENDING_0(thread, nullptr);
    }
  } else {
    // No interpreter: Throwable.stackTrace = new StackTraceElement[0],
    // cause stays null (getCause() then answers null, as with cause == this).
    Klass* ste = load_class(thread, intern("java/lang/StackTraceElement"), nullptr);
    if (ste == nullptr) return nullptr;
    Object* empty = new_object_array(thread, ste, 0);
    if (empty == nullptr) return nullptr;
    if (FieldDesc* f = throwable_field("stackTrace", "[Ljava/lang/StackTraceElement;"))
      e->set_ref_field(f->offset, empty);
  }
  return e.get();
}

}  // namespace

Object* new_exception(JavaThread* thread, const Symbol* class_name, std::string_view message) {
  return make(thread, class_name, &message);
}

void throw_new(JavaThread* thread, const Symbol* class_name, std::string_view message) {
  Object* e = make(thread, class_name, &message);
  if (e != nullptr) thread->set_pending_exception(e);
}

void throw_new_no_message(JavaThread* thread, const Symbol* class_name) {
  Object* e = make(thread, class_name, nullptr);
  if (e != nullptr) thread->set_pending_exception(e);
}

void throw_new_with_cause(JavaThread* thread, const Symbol* class_name, std::string_view message,
                          Object* cause) {
  HandleMark hm(thread->handles());
  Handle c = thread->handles().make(cause);
  Object* e = make(thread, class_name, &message);
  if (e == nullptr) return;
  if (FieldDesc* f = throwable_field("cause", "Ljava/lang/Throwable;"))
    e->set_ref_field(f->offset, c.get());
  thread->set_pending_exception(e);
}

void throw_error(JavaThread* thread, const VmError& error) {
  throw_new(thread, intern(error.exception), error.message);
}

void throw_object(JavaThread* thread, Object* throwable) {
  thread->set_pending_exception(throwable);
}

std::string exception_message(const Object* throwable) {
  FieldDesc* f = throwable_field("detailMessage", "Ljava/lang/String;");
  if (f == nullptr || throwable == nullptr) return {};
  Object* s = throwable->ref_field(f->offset);
  return s ? string_to_utf8(s) : std::string();
}

Object* exception_cause(const Object* throwable) {
  FieldDesc* f = throwable_field("cause", "Ljava/lang/Throwable;");
  if (f == nullptr || throwable == nullptr) return nullptr;
  Object* c = throwable->ref_field(f->offset);
  return c == throwable ? nullptr : c;
}

}  // namespace minijvm
