// Reference maps of interpreter frames: for a method stopped at an
// instruction start (bci), which locals and which operand-stack slots hold
// references. The collector scans exactly those slots (precise roots), the
// way HotSpot's OopMapCache / GenerateOopMap serve interpreted frames.
//
// The maps come from an abstract interpretation of the bytecode (JVMS §4.10.2
// style type inference, reduced to what a collector needs): every slot is
// one of
//   bogus    never written on some path (uninitialized local)   not a reference
//   value    int/float/long/double (each half of a long/double) not a reference
//   ref      a reference, null, or an uninitialized object of `new` or the
//            `this` of a constructor (they are allocated objects) a reference
//   addr(S)  a returnAddress pushed by a jsr to subroutine S    not a reference
//   conflict different kinds meet at a join                     not a reference
// A worklist runs over basic blocks to a fixpoint, merging at joins (two
// equal kinds stay, anything else becomes conflict). Exception handlers are
// entered with [ref] on the stack and the locals of every instruction of
// their try ranges (JVMS §4.10.1.6 checks the handler against each of them).
//
// The conflict rule: a slot that is ref on one incoming path and not on
// another is "not a reference". For code without jsr/ret this is safe: a
// verified method never reads such a slot before writing it (the verifier
// merges it to top, JVMS §4.10.1.2), so the value is dead and the collector
// may skip it. It may still hold a stale object then, which stays unmarked.
//
// StackMapTable Top (javac's "dead" slot) is not consulted: a slot javac
// types Top may still be ref here when it is a reference on every path (for
// instance a local whose scope ended). Treating it as a root keeps that
// object alive until the slot is overwritten or the frame is popped -- the
// same conservative liveness HotSpot's interpreter maps have.
//
// jsr/ret (class files < 50.0, JVMS §4.10.2.5): a subroutine's body is
// analysed once for all its callers (their states merged at its entry); a
// ret returns to the instruction after every jsr to that subroutine, taking
// the locals the subroutine writes from the ret's state and all others from
// the state before that jsr (as the old verifier does). One case has no
// per-bci answer: a local the subroutine does not touch that is a reference
// in one caller and not in another is live across the body but conflict
// inside it. HotSpot rewrites such methods (splitting the local,
// ResolveOopMapConflicts); minijvm does not rewrite bytecode, so such locals
// are listed in MethodOopMaps::ambiguous_locals(): the maps say "not a
// reference" for them inside the subroutine, and a collector must treat those
// locals conservatively (a root if the word points at an object) in frames of
// that method. Code of version >= 50 cannot contain jsr/ret (JVMS §4.9.1), so
// the list is empty for everything javac 7+ emits.
//
// Using a map on a live frame (vm/runtime/frame.h): take the map at
// frame->bci() and scan the locals it marks and the operand slots it marks
// below frame->sp. A caller stopped at an invoke has its sp synced below the
// arguments (the callee's locals overlay them, and the callee's own map
// covers them), so only min(stack_depth(), sp - stack_base) slots are the
// caller's; the bits of those bottom slots are exact, because an invoke's
// arguments are the top of the stack.
//
// Malformed code (stack underflow/overflow, a local index >= max_locals,
// different stack depths at a join, a ret of a non-returnAddress, a bad
// constant-pool operand, falling off the end) makes compute() fail with a
// java/lang/VerifyError naming the bci; such a method must not be run.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "vm/classfile/constant_pool.h"
#include "vm/descriptor.h"
#include "vm/result.h"

namespace minijvm {
class Method;
struct Frame;
union Slot;
}  // namespace minijvm

namespace minijvm::safepoint {

// The reference map at one instruction start: the state *before* the
// instruction executes.
class OopMap {
 public:
  OopMap() = default;
  OopMap(uint16_t max_locals, uint16_t stack_depth)
      : max_locals_(max_locals),
        stack_depth_(stack_depth),
        bits_((size_t{max_locals} + stack_depth + 63) / 64, 0) {}

  // Operand-stack slots in use before the instruction (long/double take two).
  uint16_t stack_depth() const { return stack_depth_; }
  uint16_t max_locals() const { return max_locals_; }
  // Local `i` (0 <= i < max_locals) holds a reference (or null).
  bool is_ref_local(uint32_t i) const { return i < max_locals_ && bit(i); }
  // Operand-stack slot `i`, counted from the bottom (0 <= i < stack_depth).
  bool is_ref_stack(uint32_t i) const { return i < stack_depth_ && bit(max_locals_ + i); }

  void set_ref_local(uint32_t i) { set(i); }
  void set_ref_stack(uint32_t i) { set(max_locals_ + i); }

 private:
  bool bit(uint32_t i) const { return (bits_[i / 64] >> (i % 64)) & 1; }
  void set(uint32_t i) { bits_[i / 64] |= uint64_t{1} << (i % 64); }

  uint16_t max_locals_ = 0;
  uint16_t stack_depth_ = 0;
  std::vector<uint64_t> bits_;  // locals first, then the stack from its bottom
};

// What the analysis reads of a method. Everything is borrowed and must
// outlive the call to MethodOopMaps::compute (not the result).
struct MethodCode {
  struct Handler {
    uint16_t start_pc = 0, end_pc = 0, handler_pc = 0;  // JVMS §4.7.3 exception_table
  };
  std::span<const uint8_t> code;
  uint16_t max_locals = 0;
  uint16_t max_stack = 0;
  bool is_static = false;
  const MethodSignature* signature = nullptr;
  const classfile::ConstantPool* constant_pool = nullptr;
  std::vector<Handler> handlers;
};

// The reference maps of every reachable instruction of one method.
class MethodOopMaps {
 public:
  // Runs the analysis. Errors: see the header comment.
  static Result<std::unique_ptr<MethodOopMaps>> compute(const MethodCode& code);
  // The same for a runtime method with bytecode (not native, not abstract,
  // not an intrinsic).
  static Result<std::unique_ptr<MethodOopMaps>> compute(const Method& method);
  // The MethodCode view of a runtime method; the method must have code.
  static MethodCode code_of(const Method& method);

  // The map before the instruction at `bci`; nullptr if no instruction
  // starts there or it is unreachable (dead code never runs).
  const OopMap* at(uint32_t bci) const {
    if (bci >= index_.size() || index_[bci] < 0) return nullptr;
    return &maps_[static_cast<size_t>(index_[bci])];
  }
  // Number of reachable instruction starts (maps held).
  size_t size() const { return maps_.size(); }
  // Locals that a jsr subroutine leaves alone while they are references in
  // some of its callers and not in others (see the header comment); sorted.
  const std::vector<uint16_t>& ambiguous_locals() const { return ambiguous_locals_; }

 private:
  friend class OopMapBuilder;
  std::vector<int32_t> index_;  // per code byte: index into maps_, or -1
  std::vector<OopMap> maps_;
  std::vector<uint16_t> ambiguous_locals_;
};

// The reference map of `method` at `bci`, computed on first use per method
// and kept for the life of the process (methods are never unloaded).
// Thread-safe. nullptr if `bci` has no map (see MethodOopMaps::at) or the
// method's code is malformed (then oop_maps_for says why).
const OopMap* oop_map_at(const Method* method, uint32_t bci);
// The cached maps of `method` (computed on first use), or the analysis error.
Result<const MethodOopMaps*> oop_maps_for(const Method* method);

// Calls `visit` on every slot of the interpreter frame `frame` that holds a
// reference at its bci: the marked locals, then the marked operand slots
// below frame.sp (the rule in the header comment), bottom first. The frame
// must be stopped (its pc and sp written back). Returns false and visits
// nothing for a native frame (its arguments are the native call's business)
// or when there is no map at the bci (malformed code, a bci that is not a
// reachable instruction start): a collector must not guess then.
bool frame_oops_do(const Frame& frame, const std::function<void(Slot*)>& visit);

}  // namespace minijvm::safepoint
