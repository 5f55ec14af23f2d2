// Helpers of jvm_support.h.
#include "classlib-bridge/jvm/jvm_support.h"

#include <cstdio>
#include <cstdlib>

#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"

namespace minijvm {

JavaThread* jvm_thread(JNIEnv* /*env*/) {
  JavaThread* thread = JavaThread::current();
  if (thread == nullptr) {
    // A JNIEnv is only valid in its own thread; a JVM_* call from a thread
    // the VM does not know is a broken caller, not a Java error.
    std::fprintf(stderr, "minijvm: JVM_* function called from an unattached thread\n");
    std::abort();
  }
  return thread;
}

void throw_by_name(JavaThread* thread, std::string_view class_name, std::string_view message) {
  throw_new(thread, intern(class_name), message);
}

void throw_unimplemented(JavaThread* thread, std::string_view what) {
  std::string message(what);
  message += " is not implemented in minijvm yet";
  throw_by_name(thread, "java/lang/UnsatisfiedLinkError", message);
}

void throw_npe(JavaThread* thread) {
  throw_new_no_message(thread, intern("java/lang/NullPointerException"));
}

Klass* klass_from_mirror(Object* mirror) { return mirror ? klass_of_mirror(mirror) : nullptr; }

FieldDesc* required_field(JavaThread* thread, Klass* klass, std::string_view name,
                          std::string_view descriptor) {
  FieldDesc* field = lookup_field(klass, intern(name), intern(descriptor));
  if (field == nullptr) {
    std::string message = "minijvm: field " + klass->external_name() + "." + std::string(name) +
                          " " + std::string(descriptor) + " not found in the class library";
    throw_by_name(thread, "java/lang/InternalError", message);
  }
  return field;
}

Object* get_ref_field(JavaThread* thread, Object* o, std::string_view name,
                      std::string_view descriptor) {
  FieldDesc* f = required_field(thread, o->klass(), name, descriptor);
  return f ? o->ref_field(f->offset) : nullptr;
}

void set_ref_field(JavaThread* thread, Object* o, std::string_view name,
                   std::string_view descriptor, Object* value) {
  if (FieldDesc* f = required_field(thread, o->klass(), name, descriptor)) {
    o->set_ref_field(f->offset, value);
  }
}

int32_t get_int_field(JavaThread* thread, Object* o, std::string_view name) {
  FieldDesc* f = required_field(thread, o->klass(), name, "I");
  return f ? o->field<int32_t>(f->offset) : 0;
}

void set_int_field(JavaThread* thread, Object* o, std::string_view name, int32_t value) {
  if (FieldDesc* f = required_field(thread, o->klass(), name, "I")) {
    o->set_field<int32_t>(f->offset, value);
  }
}

int64_t get_long_field(JavaThread* thread, Object* o, std::string_view name) {
  FieldDesc* f = required_field(thread, o->klass(), name, "J");
  return f ? o->field<int64_t>(f->offset) : 0;
}

void set_long_field(JavaThread* thread, Object* o, std::string_view name, int64_t value) {
  if (FieldDesc* f = required_field(thread, o->klass(), name, "J")) {
    o->set_field<int64_t>(f->offset, value);
  }
}

Klass* boot_class(JavaThread* thread, std::string_view internal_name, bool initialize) {
  Klass* k = load_class(thread, intern(internal_name), nullptr);
  if (k == nullptr) return nullptr;
  if (!link_class(thread, k)) return nullptr;
  if (initialize && !initialize_class(thread, k)) return nullptr;
  return k;
}

Object* java_string(JavaThread* thread, std::string_view utf8) {
  return new_string_from_utf8(thread, utf8);
}

std::string utf8_of(const Object* str) { return str ? string_to_utf8(str) : std::string(); }

}  // namespace minijvm
