// Shared between class_loader.cpp, linking.cpp, mirrors.cpp and
// initialization.cpp; not part of the runtime's public contract.
#pragma once

#include <vector>

#include "vm/runtime/klass.h"

namespace minijvm {

class JavaThread;

// Field layout (instance and static) and Method objects, done when the class
// is defined (HotSpot does it in the class-file parser).
void layout_fields(Klass* klass);
void create_methods(Klass* klass);
// Every Klass defined so far, in definition order (for the mirror fixup).
std::vector<Klass*> all_klasses();
// JVMS §5.3.5 step 3 helper: the nine primitive types in mirror order.
inline constexpr BasicType kPrimitiveTypes[] = {
    BasicType::kBoolean, BasicType::kChar, BasicType::kFloat, BasicType::kDouble, BasicType::kByte,
    BasicType::kShort,   BasicType::kInt,  BasicType::kLong,  BasicType::kVoid};
// Sets the primitive mirror of `type` (mirrors.cpp creates them).
void set_primitive_mirror(BasicType type, Object* mirror);
// Creates the eight primitive array classes (needs java/lang/Object).
bool create_primitive_array_klasses(JavaThread* thread);

}  // namespace minijvm
