// Small conveniences for start-up code that calls into Java by name. Every
// call leaves a Java exception pending on failure (NoSuchMethodError if the
// method is missing), like any other call from the VM into Java.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "vm/classpath/jdk.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/value.h"

namespace minijvm {

class JavaThread;


Slot call_static(JavaThread* thread, std::string_view class_name, std::string_view name,
                 std::string_view descriptor, std::initializer_list<Slot> args);
Slot call_static_in(JavaThread* thread, Klass* klass, std::string_view name,
                    std::string_view descriptor, std::initializer_list<Slot> args);
// Virtual dispatch on the receiver's class.
Slot call_virtual(JavaThread* thread, Object* receiver, std::string_view name,
                  std::string_view descriptor, std::initializer_list<Slot> args);
// Runs <init> with `descriptor` on an allocated object.
void call_constructor(JavaThread* thread, Handle object, std::string_view descriptor,
                      std::initializer_list<Slot> args);

// A static reference field by name (declared in `klass`); false + pending
// NoSuchFieldError if there is none.
bool set_static_ref_field(JavaThread* thread, Klass* klass, std::string_view name, Object* value);

// A String[] of the program's arguments.
Object* make_string_array(JavaThread* thread, const std::vector<std::string>& strings);

// Installs the interpreter, the VM-internal natives, the JNI binder, and
// loads libjava.so from the JDK.
bool install_classlib(JavaThread* thread, const JdkInstall& jdk);

// HotSpot's "Error occurred during initialization of VM" report of the
// pending exception (read without running Java code).
void report_startup_failure(JavaThread* thread);

// DestroyJavaVM's wait: returns when every other non-daemon Java thread has
// terminated.
void wait_for_non_daemon_threads(JavaThread* thread);

}  // namespace minijvm
