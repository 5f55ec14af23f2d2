#include "vm/bytecode/decoder.h"

#include <string>
#include <utility>

namespace minijvm::bytecode {
namespace {

VmError format_error(std::string message) {
  return make_error("java/lang/ClassFormatError", std::move(message));
}

std::string opcode_text(uint8_t byte) {
  std::string text = std::to_string(byte);
  std::string_view name = kBytecodes[byte].mnemonic;
  if (!name.empty()) text.append(" (").append(name).append(")");
  return text;
}

// Big-endian reads at absolute offsets; the caller has checked the bounds.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> code) : code_(code) {}
  uint8_t u1(uint64_t at) const { return code_[at]; }
  uint16_t u2(uint64_t at) const { return static_cast<uint16_t>(code_[at] << 8 | code_[at + 1]); }
  int8_t s1(uint64_t at) const { return static_cast<int8_t>(code_[at]); }
  int16_t s2(uint64_t at) const { return static_cast<int16_t>(u2(at)); }
  int32_t s4(uint64_t at) const {
    return static_cast<int32_t>(static_cast<uint32_t>(u2(at)) << 16 | u2(at + 2));
  }

 private:
  std::span<const uint8_t> code_;
};

}  // namespace

std::vector<uint32_t> Instruction::branch_targets() const {
  switch (info(opcode).format) {
    case Format::kBranch2:
    case Format::kBranch4:
      return {target};
    case Format::kTableswitch: {
      std::vector<uint32_t> all{target};
      all.insert(all.end(), targets.begin(), targets.end());
      return all;
    }
    case Format::kLookupswitch: {
      std::vector<uint32_t> all{target};
      for (const SwitchCase& c : cases) all.push_back(c.target);
      return all;
    }
    default:
      return {};
  }
}

Result<Instruction> decode(std::span<const uint8_t> code, uint32_t pc) {
  const uint64_t size = code.size();
  // Built only when an error is reported: decode runs for every instruction
  // the parser checks, so the success path must not allocate.
  auto at_text = [pc] { return " at bci " + std::to_string(pc); };
  if (pc >= size) return format_error("No instruction" + at_text() + ": past the end of the code");
  const Reader r(code);
  auto past_end = [&] {
    return format_error("Instruction" + at_text() + " runs past the end of the code");
  };
  // Resolves a relative branch offset (§6.5 goto: "from the address of the
  // opcode of this instruction") and checks it lies inside the code.
  auto branch = [&](int32_t offset) -> Result<uint32_t> {
    const int64_t t = int64_t{pc} + offset;
    if (t < 0 || static_cast<uint64_t>(t) >= size) {
      return format_error("Branch target " + std::to_string(t) + " out of range" + at_text());
    }
    return static_cast<uint32_t>(t);
  };

  Instruction insn;
  insn.pc = pc;
  uint8_t byte = r.u1(pc);
  if (!is_defined(byte)) return format_error("Illegal opcode " + opcode_text(byte) + at_text());

  uint64_t p = pc;  // position of the (real) opcode byte
  if (static_cast<Opcode>(byte) == Opcode::kWide) {
    // §6.5.wide: the widened opcode follows; index (and iinc constant) are 16 bits.
    if (size - pc < 2) return past_end();
    byte = r.u1(pc + 1);
    if (!is_defined(byte) || !kBytecodes[byte].is_wideable()) {
      return format_error("wide cannot precede opcode " + opcode_text(byte) + at_text());
    }
    insn.wide = true;
    p = pc + 1;
  }
  insn.opcode = static_cast<Opcode>(byte);
  const BytecodeInfo& bi = info(insn.opcode);

  const uint64_t fixed = insn.wide ? info(bi.format).wide_length : bi.length;
  if (fixed != 0) {
    if (size - pc < fixed) return past_end();
    insn.length = static_cast<uint32_t>(fixed);
  }

  switch (bi.format) {
    case Format::kNone:
      break;
    case Format::kLocal:
      insn.local = insn.wide ? r.u2(p + 1) : r.u1(p + 1);
      break;
    case Format::kIinc:
      insn.local = insn.wide ? r.u2(p + 1) : r.u1(p + 1);
      insn.increment = insn.wide ? r.s2(p + 3) : r.s1(p + 2);
      break;
    case Format::kByte:
      insn.immediate = r.s1(p + 1);
      break;
    case Format::kShort:
      insn.immediate = r.s2(p + 1);
      break;
    case Format::kCp1:
      insn.cp_index = r.u1(p + 1);
      break;
    case Format::kCp2:
      insn.cp_index = r.u2(p + 1);
      break;
    case Format::kBranch2:
      insn.target = TRY(branch(r.s2(p + 1)));
      break;
    case Format::kBranch4:
      insn.target = TRY(branch(r.s4(p + 1)));
      break;
    case Format::kInvokeinterface:
      // §4.9.1: count is nonzero and the fourth operand byte is zero.
      insn.cp_index = r.u2(p + 1);
      insn.count = r.u1(p + 3);
      if (insn.count == 0 || r.u1(p + 4) != 0) {
        return format_error("Malformed invokeinterface operands" + at_text());
      }
      break;
    case Format::kInvokedynamic:
      // §4.9.1: the third and fourth operand bytes are zero.
      insn.cp_index = r.u2(p + 1);
      if (r.u1(p + 3) != 0 || r.u1(p + 4) != 0) {
        return format_error("Malformed invokedynamic operands" + at_text());
      }
      break;
    case Format::kMultianewarray:
      insn.cp_index = r.u2(p + 1);
      insn.dimensions = r.u1(p + 3);
      if (insn.dimensions == 0) return format_error("multianewarray with 0 dimensions" + at_text());
      break;
    case Format::kNewarray:
      insn.atype = r.u1(p + 1);
      if (newarray_type_name(insn.atype).empty()) {
        return format_error("Illegal newarray type " + std::to_string(insn.atype) + at_text());
      }
      break;
    case Format::kTableswitch: {
      // §6.5.tableswitch: 0-3 padding bytes so that the default offset starts
      // at a multiple of 4 from the start of the code; then default, low,
      // high and high - low + 1 offsets, all s4.
      const uint64_t base = (pc + 4) & ~uint64_t{3};
      if (size < base + 12) return past_end();
      insn.target = TRY(branch(r.s4(base)));
      insn.low = r.s4(base + 4);
      insn.high = r.s4(base + 8);
      if (insn.low > insn.high) {
        return format_error("tableswitch low " + std::to_string(insn.low) + " > high " +
                            std::to_string(insn.high) + at_text());
      }
      const uint64_t n = static_cast<uint64_t>(int64_t{insn.high} - insn.low + 1);
      const uint64_t end = base + 12 + 4 * n;
      if (size < end) return past_end();
      insn.targets.reserve(n);
      for (uint64_t i = 0; i < n; ++i) insn.targets.push_back(TRY(branch(r.s4(base + 12 + 4 * i))));
      insn.length = static_cast<uint32_t>(end - pc);
      break;
    }
    case Format::kLookupswitch: {
      // §6.5.lookupswitch: padding as above; default, npairs >= 0, then
      // npairs (match, offset) pairs sorted by match.
      const uint64_t base = (pc + 4) & ~uint64_t{3};
      if (size < base + 8) return past_end();
      insn.target = TRY(branch(r.s4(base)));
      const int32_t npairs = r.s4(base + 4);
      if (npairs < 0) {
        return format_error("lookupswitch npairs " + std::to_string(npairs) + " is negative" + at_text());
      }
      const uint64_t end = base + 8 + 8 * static_cast<uint64_t>(npairs);
      if (size < end) return past_end();
      insn.cases.reserve(static_cast<size_t>(npairs));
      for (int32_t i = 0; i < npairs; ++i) {
        const uint64_t pair = base + 8 + 8 * static_cast<uint64_t>(i);
        const int32_t match = r.s4(pair);
        if (i > 0 && match <= insn.cases.back().match) {
          return format_error("lookupswitch keys not sorted" + at_text());
        }
        insn.cases.push_back(SwitchCase{match, TRY(branch(r.s4(pair + 4)))});
      }
      insn.length = static_cast<uint32_t>(end - pc);
      break;
    }
    case Format::kWide:  // handled above; wide cannot precede wide
      break;
  }
  return insn;
}

Result<std::vector<bool>> instruction_starts(std::span<const uint8_t> code) {
  // §4.7.3: code_length must be greater than zero and less than 65536.
  if (code.empty()) return format_error("Code is empty");
  if (code.size() > 65535) {
    return format_error("Code length " + std::to_string(code.size()) + " exceeds 65535");
  }
  std::vector<bool> starts(code.size(), false);
  std::vector<std::pair<uint32_t, uint32_t>> branches;  // (bci, target)
  for (uint32_t pc = 0; pc < code.size();) {
    Instruction insn = TRY(decode(code, pc));
    starts[pc] = true;
    for (uint32_t t : insn.branch_targets()) branches.emplace_back(pc, t);
    pc = insn.next_pc();
  }
  // §4.9.1: every branch target is the opcode of an instruction.
  for (const auto& [pc, t] : branches) {
    if (!starts[t]) {
      return format_error("Branch target " + std::to_string(t) + " at bci " + std::to_string(pc) +
                          " is not the start of an instruction");
    }
  }
  return starts;
}

Result<void> check_code(std::span<const uint8_t> code) {
  CHECK_OK(instruction_starts(code));
  return {};
}

InstructionRange::Iterator::Iterator(InstructionRange* range, uint32_t pc) : range_(range) {
  range_->error_.reset();
  load(pc);
}

void InstructionRange::Iterator::load(uint32_t pc) {
  done_ = true;
  if (pc >= range_->code_.size()) return;
  Result<Instruction> insn = decode(range_->code_, pc);
  if (!insn.ok()) {
    range_->error_ = std::move(insn).error();
    return;
  }
  insn_ = std::move(insn).value();
  done_ = false;
}

InstructionRange::Iterator& InstructionRange::Iterator::operator++() {
  load(insn_.next_pc());
  return *this;
}

}  // namespace minijvm::bytecode
