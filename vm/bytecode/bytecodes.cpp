#include "vm/bytecode/bytecodes.h"

namespace minijvm::bytecode {
namespace {

// Compile-time checks of bytecodes.def (STYLE.md principle 1: the table is
// the only list, so it is checked where it is expanded).
constexpr int kTableRows = 0
#define BYTECODE(...) +1
#include "vm/bytecode/bytecodes.def"
    ;

constexpr int count_entries(bool legal_only) {
  int n = 0;
  for (const BytecodeInfo& bi : kBytecodes) {
    if (!bi.mnemonic.empty() && !(legal_only && bi.has(kReserved))) ++n;
  }
  return n;
}

constexpr bool opcodes_contiguous() {
  // §6.5: every value 0x00 .. 0xc9 is an instruction; nothing above is.
  for (int v = 0; v < 256; ++v) {
    if (is_defined(static_cast<uint8_t>(v)) != (v <= 0xc9)) return false;
  }
  return true;
}

constexpr bool lengths_consistent() {
  for (const BytecodeInfo& bi : kBytecodes) {
    if (bi.mnemonic.empty()) continue;
    if (bi.length != info(bi.format).length) return false;
    if (bi.is_wideable() != (info(bi.format).wide_length != 0)) return false;
  }
  return true;
}

static_assert(count_entries(false) == kTableRows,
              "two rows of bytecodes.def share an opcode value");
static_assert(count_entries(true) == kDefinedOpcodeCount, "JVMS §6.5 defines exactly 202 opcodes");
static_assert(opcodes_contiguous(), "opcodes 0x00..0xc9 must all be defined");
static_assert(lengths_consistent());
static_assert(info(Opcode::kJsrW).mnemonic == "jsr_w" && static_cast<int>(Opcode::kJsrW) == 0xc9);
static_assert(info(Opcode::kIinc).length == 3 && info(Opcode::kGotoW).length == 5);

}  // namespace

std::optional<Opcode> opcode_from_mnemonic(std::string_view mnemonic) {
  if (mnemonic.empty()) return std::nullopt;
  for (int v = 0; v < 256; ++v) {
    if (kBytecodes[static_cast<size_t>(v)].mnemonic == mnemonic) return static_cast<Opcode>(v);
  }
  return std::nullopt;
}

std::string_view newarray_type_name(uint8_t atype) {
  // JVMS §6.5.newarray, Table 6.5.newarray-A: T_BOOLEAN = 4 .. T_LONG = 11.
  static constexpr std::string_view kNames[] = {"boolean", "char",  "float", "double",
                                                "byte",    "short", "int",   "long"};
  if (atype < 4 || atype > 11) return {};
  return kNames[atype - 4];
}

}  // namespace minijvm::bytecode
