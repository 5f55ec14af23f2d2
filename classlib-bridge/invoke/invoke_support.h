// Shared by the JSR 292 files of classlib-bridge/invoke: descriptors as
// java.lang.Class and MethodType objects, constants as objects.
#pragma once

#include "vm/runtime/klass.h"
#include "vm/runtime/method_handles.h"

namespace minijvm {

class JavaThread;

// Installs the InvokeLinker (vm/runtime/method_handles.h) and the
// MethodHandleNatives natives.
void install_invoke_support();

// The MethodType of a method descriptor, its classes resolved from
// `context`'s loader (MethodHandleNatives.findMethodHandleType).
Object* method_type_of(JavaThread* thread, const Symbol* descriptor, Klass* context);
// The method descriptor of a MethodType ("(ILjava/lang/String;)V").
std::string method_type_descriptor(Object* method_type);
// The descriptor of a java.lang.Class ("I", "Ljava/lang/String;", "[J").
std::string class_descriptor(Object* mirror);

}  // namespace minijvm
