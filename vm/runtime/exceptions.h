// Throwing Java exceptions from C++: the exception becomes the thread's
// pending exception and the caller returns; nothing travels as a C++
// exception (STYLE.md principle 8).
//
//   if (index >= length) {
//     throw_new(thread, vm_symbols().java_lang_ArrayIndexOutOfBoundsException,
//               fmt::format("Index {} out of bounds for length {}", index, length));
//     return;
//   }
#pragma once

#include <string_view>

#include "vm/result.h"
#include "vm/symbols.h"

namespace minijvm {

class JavaThread;
class Object;

// Call these with no exception pending (clear or propagate it first).
// Without a Java invoker installed (java_calls.h: VM-core-only tools and
// tests) the constructor is not run: detailMessage is set directly and the
// stack trace is empty.
//
// Creates an instance of the named Throwable (loading and initializing its
// class through the boot loader), runs its (String) constructor -- or the ()
// constructor when `message` is nullptr-like empty and `with_message` is
// false -- and makes it pending. If creating it fails, the failure is pending
// instead.
void throw_new(JavaThread* thread, const Symbol* class_name, std::string_view message);
void throw_new_no_message(JavaThread* thread, const Symbol* class_name);
// Makes a VmError (vm/result.h) pending as its Java exception.
void throw_error(JavaThread* thread, const VmError& error);
// Makes an existing Throwable pending.
void throw_object(JavaThread* thread, Object* throwable);
// Like throw_new, with `cause` as Throwable.cause (set after construction).
void throw_new_with_cause(JavaThread* thread, const Symbol* class_name, std::string_view message,
                          Object* cause);
// A new Throwable of that class with that message, not thrown; nullptr with
// the failure pending if it cannot be made.
Object* new_exception(JavaThread* thread, const Symbol* class_name, std::string_view message);

// Throwable.detailMessage as UTF-8 ("" when null), and Throwable.cause
// (nullptr when unset or self): for messages, logs and tests.
std::string exception_message(const Object* throwable);
Object* exception_cause(const Object* throwable);

}  // namespace minijvm

// CHECK_PENDING(thread): return from a void function if an exception is pending.
#define CHECK_PENDING(thread) \
  do {                                    \
    if ((thread)->has_pending_exception()) return; \
  } while (0)
// CHECK_PENDING_0(thread, value): the same for functions returning a value.
#define CHECK_PENDING_0(thread, value) \
  do {                                          \
    if ((thread)->has_pending_exception()) return (value); \
  } while (0)
