// The template compiler's entry (compiler.cpp); jit.cpp owns the policy,
// the code cache and the listings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "interp/jit/jit.h"
#include "safepoint/oop_map.h"

namespace minijvm::interp::jit {

// Emits `method`'s code into `memory` (`capacity` bytes, writable and
// executable) and fills `out` (code, entry, resume points, bci starts).
// Returns false with the reason in `why` when the method has something the
// compiler does not take; out->code_size is then 0xffffffff if only the
// room was too small.
bool generate_code(const Method* method, const safepoint::MethodOopMaps& maps, CodeKind kind,
                   uint8_t* memory, size_t capacity, CompiledMethod* out, std::string* why);

}  // namespace minijvm::interp::jit
