#include "profilers/cct/basic_blocks.h"

#include <span>

#include "vm/bytecode/decoder.h"

namespace minijvm::prof {

std::vector<uint32_t> default_block_rest(const Method& method) {
  std::vector<uint32_t> rest(method.code_length, 0);
  if (method.code == nullptr) return rest;
  std::span<const uint8_t> code(method.code, method.code_length);
  // Leaders: the entry, branch and switch targets, handler starts, and the
  // instruction after one that ends a block.
  std::vector<bool> leader(method.code_length + 1, false);
  leader[0] = true;
  for (const ExceptionTableEntry& e : method.exception_table)
    if (e.handler_pc < method.code_length) leader[e.handler_pc] = true;
  std::vector<uint32_t> starts;
  for (const bytecode::Instruction& insn : bytecode::instructions(code)) {
    starts.push_back(insn.pc);
    for (uint32_t target : insn.branch_targets())
      if (target < method.code_length) leader[target] = true;
    if (bytecode::kBytecodes[static_cast<uint8_t>(insn.opcode)].has(bytecode::kEndsBlock))
      leader[insn.next_pc()] = true;
  }
  // Backwards: an instruction's rest is its successor's plus one, unless the
  // successor starts a new block.
  uint32_t following = 0;
  for (size_t i = starts.size(); i-- > 0;) {
    bool last_of_block = i + 1 == starts.size() || leader[starts[i + 1]];
    rest[starts[i]] = last_of_block ? 0 : following + 1;
    following = rest[starts[i]];
  }
  return rest;
}

}  // namespace minijvm::prof
