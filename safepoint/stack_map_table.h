// The StackMapTable attribute (JVMS §4.7.4) decoded into full frames, one
// verification type per local-variable and operand-stack slot. minijvm does
// not verify by type checking; the frames serve as an oracle for the
// reference maps (oop_map.h), which are computed from the bytecode alone.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vm/descriptor.h"
#include "vm/result.h"

namespace minijvm::safepoint {

// JVMS §4.7.4 verification_type_info tags.
enum class VerificationTag : uint8_t {
  kTop = 0,
  kInteger = 1,
  kFloat = 2,
  kDouble = 3,
  kLong = 4,
  kNull = 5,
  kUninitializedThis = 6,
  kObject = 7,
  kUninitialized = 8,
};

struct VerificationType {
  VerificationTag tag = VerificationTag::kTop;
  uint16_t value = 0;  // kObject: cpool_index (0 in the implicit initial frame);
                       // kUninitialized: the offset of its `new`
  // Object, Null, Uninitialized, UninitializedThis: a reference.
  bool is_reference() const {
    return tag == VerificationTag::kObject || tag == VerificationTag::kNull ||
           tag == VerificationTag::kUninitialized || tag == VerificationTag::kUninitializedThis;
  }
  // Long and Double take two slots (JVMS §4.10.1.2).
  bool is_two_slots() const {
    return tag == VerificationTag::kLong || tag == VerificationTag::kDouble;
  }
};

// One frame, expanded to slots: a Long or Double fills its slot and the next
// with kTop. Locals past `locals.size()` are Top.
struct StackMapFrame {
  uint32_t bci = 0;
  std::vector<VerificationType> locals;
  std::vector<VerificationType> stack;
};

// The implicit initial frame (JVMS §4.10.1.6 methodInitialStackFrame), in
// the compressed form the table's deltas apply to (one entry per type):
// `this` (UninitializedThis in an <init> other than Object's, else Object)
// then the parameters.
std::vector<VerificationType> initial_frame_locals(const MethodSignature& signature, bool is_static,
                                                   bool is_uninitialized_this);

// Decodes a raw StackMapTable body (number_of_entries included) against the
// initial frame. Errors (java/lang/ClassFormatError): truncation, a reserved
// frame type (128..246), a chop of more locals than there are, an unknown
// verification tag, bytes left over.
Result<std::vector<StackMapFrame>> parse_stack_map_table(
    std::span<const uint8_t> body, const std::vector<VerificationType>& initial_locals);

}  // namespace minijvm::safepoint
