// Every JVM_* function minijvm defines (jvm_functions.h), by name.
#pragma once

#include <span>

namespace minijvm {

struct JvmExport {
  const char* name;
  void* address;
};

std::span<const JvmExport> jvm_exports();

}  // namespace minijvm
