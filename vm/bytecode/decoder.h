// Decoding of a method's code array (JVMS §4.7.3, §6.5) and its static checks.
//
// Every function here is bounds-checked: malformed code yields a
// java/lang/ClassFormatError VmError naming the bci, never a read past the end.
//
// A disassembler walks a method like this:
//
//   CHECK_OK(check_code(code));              // done once by the class-file parser
//   for (const Instruction& insn : instructions(code)) {
//     const BytecodeInfo& bi = info(insn.opcode);
//     switch (bi.format) { ... insn.local, insn.cp_index, insn.target ... }
//   }
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vm/bytecode/bytecodes.h"
#include "vm/result.h"

namespace minijvm::bytecode {

// One match-offset pair of a lookupswitch, with the offset made absolute.
struct SwitchCase {
  int32_t match = 0;
  uint32_t target = 0;
};

// One decoded instruction. Which operand fields are meaningful is given by
// info(opcode).format; the others stay zero/empty. All branch targets are
// absolute pcs (bcis), already checked to lie inside the code array.
struct Instruction {
  uint32_t pc = 0;               // bci of the first byte (the wide prefix, if any)
  Opcode opcode = Opcode::kNop;  // the real opcode, never Opcode::kWide
  uint32_t length = 1;           // bytes, including a wide prefix and switch padding
  bool wide = false;             // prefixed by wide (§6.5.wide): u2 index, s2 increment

  uint16_t local = 0;             // Format::kLocal, kIinc: local variable index
  uint16_t cp_index = 0;          // kCp1, kCp2, kInvokeinterface, kInvokedynamic, kMultianewarray
  int32_t immediate = 0;          // kByte (bipush), kShort (sipush): sign-extended value
  int32_t increment = 0;          // kIinc: the signed constant (s1, or s2 when wide)
  uint32_t target = 0;            // kBranch2, kBranch4: target; switches: the default target
  uint8_t count = 0;              // kInvokeinterface: the count byte
  uint8_t dimensions = 0;         // kMultianewarray
  uint8_t atype = 0;              // kNewarray: T_BOOLEAN (4) .. T_LONG (11), see newarray_type_name
  int32_t low = 0;                // kTableswitch
  int32_t high = 0;               // kTableswitch
  std::vector<uint32_t> targets;  // kTableswitch: high - low + 1 targets, in key order
  std::vector<SwitchCase> cases;  // kLookupswitch: the pairs, sorted by match

  // Every statically known successor other than fall-through: the branch
  // target, or the switch default followed by the switch targets. Empty for
  // non-branches (and for ret, whose target is dynamic).
  std::vector<uint32_t> branch_targets() const;
  // The pc of the following instruction.
  uint32_t next_pc() const { return pc + length; }
};

// Decodes the instruction starting at `pc`. Fails with ClassFormatError if
// the opcode is unknown or reserved, the instruction (or its switch padding
// and table) runs past the end, wide precedes an opcode that cannot be
// widened, a tableswitch has low > high, a lookupswitch has a negative
// npairs or unsorted keys, or a branch target lies outside the code. (Whether
// targets hit instruction starts is a whole-method property: check_code.)
Result<Instruction> decode(std::span<const uint8_t> code, uint32_t pc);

// The static checks the class-file parser runs on every Code attribute
// (JVMS §4.7.3, §4.9.1): code_length in 1..65535, every instruction decodes
// (see decode), and every branch/switch target is the start of an
// instruction. Errors are ClassFormatErrors whose message names the bci.
Result<void> check_code(std::span<const uint8_t> code);

// Runs check_code and returns, for each byte of the code (index 0 ..
// code.size()-1), whether an instruction starts there. The parser uses it to
// check exception-table and attribute pcs.
Result<std::vector<bool>> instruction_starts(std::span<const uint8_t> code);

// All instructions of a method, in order. A range for range-based for loops;
// meant for code that has passed check_code. If decoding fails anyway,
// iteration stops early and error() says why.
class InstructionRange {
 public:
  class Iterator {
   public:
    using value_type = Instruction;
    using difference_type = std::ptrdiff_t;

    Iterator() = default;
    const Instruction& operator*() const { return insn_; }
    const Instruction* operator->() const { return &insn_; }
    Iterator& operator++();
    void operator++(int) { ++*this; }
    bool operator==(const Iterator& other) const {
      return done_ == other.done_ && (done_ || insn_.pc == other.insn_.pc);
    }

   private:
    friend class InstructionRange;
    Iterator(InstructionRange* range, uint32_t pc);
    void load(uint32_t pc);

    InstructionRange* range_ = nullptr;
    Instruction insn_;
    bool done_ = true;
  };

  explicit InstructionRange(std::span<const uint8_t> code) : code_(code) {}
  Iterator begin() { return Iterator(this, 0); }
  Iterator end() { return Iterator(); }
  // The decode error that ended the last iteration early, if any.
  const std::optional<VmError>& error() const { return error_; }

 private:
  std::span<const uint8_t> code_;
  std::optional<VmError> error_;
};

inline InstructionRange instructions(std::span<const uint8_t> code) {
  return InstructionRange(code);
}

}  // namespace minijvm::bytecode
