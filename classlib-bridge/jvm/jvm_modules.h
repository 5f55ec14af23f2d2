// What JVM_DefineModule and friends record (classlib-bridge/jvm/jvm_module.cpp).
// minijvm does not enforce module boundaries yet: exports and reads are
// accepted and ignored; the package -> Module map gives each mirror its
// Class.module (vm/runtime/mirrors.h set_module_lookup, assign_module; HotSpot
// does that in java_lang_Class::create_mirror and fixup_module_field).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace minijvm {

class JavaThread;
class Object;

// The named Module that `loader` (nullptr = boot) defined `package` (internal
// form, "java/lang") in, or nullptr (then the class is in the loader's
// unnamed module).
Object* module_of_package(Object* loader, std::string_view package);
// java.base's Module once defined, and the boot loader's unnamed module.
Object* java_base_module();
Object* boot_loader_unnamed_module();

// The version string JVM_DefineModule was given for `module`, if any.
std::optional<std::string> module_version(Object* module);

}  // namespace minijvm
