// Helpful NullPointerException messages (JEP 358; HotSpot:
// interpreter/bytecodeUtils.cpp, on by default in 17 through
// -XX:+ShowCodeDetailsInExceptionMessages):
//   Cannot invoke "String.length()" because "s" is null
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace minijvm {

class Method;

// The message for an implicit NullPointerException raised by the instruction
// at `bci` of `method`, or nullopt when there is none (not a bytecode that
// dereferences, an explicitly constructed NPE, native code).
std::optional<std::string> extended_npe_message(const Method* method, uint32_t bci);

}  // namespace minijvm
