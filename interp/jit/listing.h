// Listings of compiled code (-XX:+PrintAssembly, -Xlog:jit+disasm): each
// bytecode, then the machine code of its template, disassembled with
// Capstone (libcapstone-dev).
#pragma once

#include "interp/jit/jit.h"

namespace minijvm::interp::jit {

// Prints `cm`'s listing on stdout (`to_stdout`, as HotSpot's PrintAssembly)
// or through -Xlog:jit+disasm.
void print_listing(const CompiledMethod& cm, bool to_stdout);

}  // namespace minijvm::interp::jit
