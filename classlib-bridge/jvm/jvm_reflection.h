// Between the reflection objects (java.lang.reflect.Method/Constructor/Field)
// and the VM's members, for jvm_reflection.cpp, jvm_invoke.cpp and the natives.
#pragma once

#include "vm/descriptor.h"
#include "vm/runtime/klass.h"

namespace minijvm {

class JavaThread;

// The java.lang.Class for a descriptor type, resolved from `context`'s loader.
Object* mirror_of_type(JavaThread* thread, const FieldType& type, Klass* context);
// The member behind a Method/Constructor (clazz + slot) or a Field; nullptr +
// pending exception if the object is null or malformed.
Method* method_of_reflect(JavaThread* thread, Object* executable);
FieldDesc* field_of_reflect(JavaThread* thread, Object* field);

// Reflection::new_method / new_constructor / new_field: a new
// java.lang.reflect object for k->methods[slot] (m) or k->fields[slot],
// built without running a constructor; nullptr + pending exception on failure.
Object* new_reflect_method(JavaThread* thread, Method* m, int32_t slot);
Object* new_reflect_constructor(JavaThread* thread, Method* m, int32_t slot);
Object* new_reflect_field(JavaThread* thread, Klass* k, int32_t slot);

}  // namespace minijvm
