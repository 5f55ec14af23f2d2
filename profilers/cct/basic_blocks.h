// Basic blocks as JP's bytecode counting sees them (Binder & Hulaas), for
// bcount's bba=default: a block ends only at an instruction that transfers
// control (branches, switches, returns, athrow, ret: kEndsBlock in
// bytecodes.def) or before a branch target or an exception handler.
// Invocations and instructions that may throw do not end blocks, so a
// counter that adds a whole block on entry over-counts when an exception
// leaves the block early: by the instructions after the throwing (or
// invoking) one. bba=precise counts every executed instruction.
#pragma once

#include <cstdint>
#include <vector>

#include "vm/runtime/method.h"

namespace minijvm::prof {

// For each instruction start of `method`'s code, the number of instructions
// after it in its default-BBA block (indexed by bci; 0 elsewhere and for
// natives and abstract methods).
std::vector<uint32_t> default_block_rest(const Method& method);

}  // namespace minijvm::prof
