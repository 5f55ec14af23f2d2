// Class-file parsing and format checking (JVMS §4, §4.8).
//
//   auto cf = TRY(classfile::parse_class_file(bytes, "pkg/Foo"));
//   for (const classfile::MethodInfo& m : cf->methods) ...
//
// Bad class files are expected input. Every malformation -- truncation, bad
// magic, an unsupported version, a bad constant-pool index or tag, lengths
// that do not match their content, invalid modified UTF-8, illegal names or
// descriptors, duplicate members, bad Code attributes (including code that
// runs past its end) -- yields a VmError, never a crash: the parser reads
// only through bounds-checked readers and never allocates by an unchecked
// count. Messages follow HotSpot's classFileParser.cpp wording, e.g.
//   java/lang/ClassFormatError             "Truncated class file",
//     "Illegal constant pool index 7 in class file pkg/Foo"
//   java/lang/UnsupportedClassVersionError "pkg/Foo has been compiled by a
//     more recent version of the Java Runtime (class file version 62.0), ..."
//   java/lang/NoClassDefFoundError         "Foo (wrong name: pkg/Foo)"
// The class named in a message is the expected name, or "<Unknown>" until
// this_class has been read when no name was expected (as in HotSpot).
//
// Differences from HotSpot's format checks: names are checked with the JVMS
// §4.2 rules of version 49+ for every version (HotSpot applies Java-identifier
// rules before 49); a circular InnerClasses attribute is kept, not dropped;
// every Code array also passes bytecode::check_code here, where HotSpot's
// verifier finds such faults later (as VerifyError).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "vm/classfile/class_file.h"
#include "vm/result.h"

namespace minijvm::classfile {

// Highest class-file major version understood (Java 17).
inline constexpr uint16_t kMaxMajorVersion = 61;
inline constexpr uint16_t kMinMajorVersion = 45;
inline constexpr uint16_t kPreviewMinorVersion = 65535;

struct ParseOptions {
  // Accept module-info classes (ACC_MODULE, CONSTANT_Module/Package), as a
  // disassembler needs. The class loader leaves this off: HotSpot answers
  // NoClassDefFoundError "... is not a class because access_flag ACC_MODULE
  // is set".
  bool allow_module_info = false;
  // Accept version 61.65535 (Java 17 preview features).
  bool enable_preview = true;
};

// Parses and format-checks one class file. `expected_name` is the internal
// name the loader asked for ("pkg/Foo"), or empty to accept any name. The
// result owns copies of everything it needs; `bytes` may be freed after.
Result<std::unique_ptr<ClassFile>> parse_class_file(std::span<const uint8_t> bytes,
                                                    std::string_view expected_name = {},
                                                    const ParseOptions& options = {});

}  // namespace minijvm::classfile
