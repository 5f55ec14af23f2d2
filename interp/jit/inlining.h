// Trivial methods that code without counting runs in its caller's code
// instead of calling them: getters, setters and constructors that only
// store their arguments, and static methods that only return an argument,
// a constant or a static field, store a static field, or do nothing (an
// empty `Reference.reachabilityFence`, `List.nil`); compiler.cpp emits
// the plan.
//
// A plan is safe to run in place of the call because nothing but the
// call's effect can be observed: the callee is straight-line code that
// reads its arguments and constants, loads and stores fields of `this`
// and static fields (resolved already, their classes initialized, so no
// resolution, class initialization or error can happen; a static callee's
// own class was initialized by the call that resolved it), and returns; `this` is not null (the caller's null check sends
// a null receiver to the interpreter, which throws as the call would); it
// neither allocates, polls, calls nor throws, so no stack walk, safepoint
// or exception can see the frame that is not pushed. Object.<init>, which
// a constructor calls first, is skipped as the compiler skips a call of
// it, the receiver's class checked for a finalizer at run time. Profilers
// see every call: counting code inlines only when the exact CCT alone
// records, and then counts the call in the callee's context as the call
// would, and a constructor's call of Object.<init> in that one's, under it
// (compiler.cpp, emit_counted_inlined).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "vm/runtime/klass.h"
#include "vm/runtime/method.h"

namespace minijvm::interp::jit {

// A value of the callee: one of its arguments (a local below arg_slots,
// read from the caller's operand stack), a constant, or what a field load
// of the plan produced.
struct InlineValue {
  enum class Kind : uint8_t { kArgument, kConstant, kLoaded };
  Kind kind = Kind::kConstant;
  int64_t value = 0;  // the argument's local index, the constant's slot bits, the load's step
  bool wide = false;  // a long or double (two slots)
};

// One field access of `this`, or of a static field, in the callee's order.
struct InlineStep {
  const FieldDesc* field = nullptr;
  BasicType type = BasicType::kInt;
  bool is_store = false;
  InlineValue stored;  // what a store writes
  bool is_static = false;  // at the field's address in its class's mirror
};

struct InlinePlan {
  std::vector<InlineStep> steps;
  std::optional<InlineValue> result;  // none for a void method
  BasicType return_type = BasicType::kVoid;  // ireturn narrows to it
  bool calls_object_init = false;  // the receiver's class must have no finalizer
  const Method* object_init = nullptr;  // then: Object.<init>, called at this bci
  uint32_t object_init_site = 0;
  int instructions = 0;            // the callee's, all executed: the bytecodes a call counts
};

// The plan for `callee` (a method with bytecode), or nothing when it is
// not that simple or a field it uses is not resolved yet.
std::optional<InlinePlan> plan_inline(const Method* callee);

}  // namespace minijvm::interp::jit
