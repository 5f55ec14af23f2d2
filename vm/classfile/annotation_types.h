// The annotation types named by a RuntimeVisibleAnnotations body (JVMS
// §4.7.16), for the few annotations the VM itself acts on: HotSpot's
// @Hidden, @LambdaForm$Compiled and @CallerSensitive on JDK methods.
#pragma once

#include <vector>

#include "vm/classfile/class_file.h"

namespace minijvm::classfile {

// The type descriptors ("Ljdk/internal/vm/annotation/Hidden;") of the
// annotations in `body`, in order. A malformed body (the parser leaves
// annotation contents to reflection) ends the list at the first bad byte.
std::vector<const Symbol*> annotation_types(const Bytes& body, const ConstantPool& cp);

}  // namespace minijvm::classfile
