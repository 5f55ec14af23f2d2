// The JVM instruction set (JVMS §6.5, §7) as data: the Opcode enum and one
// BytecodeInfo per opcode value, all generated from bytecodes.def.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace minijvm::bytecode {

// Flags of an opcode (the `flags` column of bytecodes.def).
inline constexpr uint16_t kCondBranch = 1u << 0;    // if<cond>, if_<x>cmp<cond>, ifnull, ifnonnull
inline constexpr uint16_t kUncondBranch = 1u << 1;  // goto, goto_w, jsr, jsr_w
inline constexpr uint16_t kSubroutine = 1u << 2;    // jsr, jsr_w, ret (§4.9.1: not in v51+)
inline constexpr uint16_t kEndsBlock = 1u << 3;     // control does not only fall through
inline constexpr uint16_t kThrows = 1u << 4;        // may throw (incl. linkage errors)
inline constexpr uint16_t kInvoke = 1u << 5;        // invoke*
inline constexpr uint16_t kReturn = 1u << 6;        // <t>return, return
inline constexpr uint16_t kFieldAccess = 1u << 7;   // get/put static/field
inline constexpr uint16_t kAllocates = 1u << 8;     // new, newarray, anewarray, multianewarray
inline constexpr uint16_t kSwitch = 1u << 9;        // tableswitch, lookupswitch
inline constexpr uint16_t kReserved = 1u << 10;     // §6.2: not legal in class files

// Operand formats (the BYTECODE_FORMAT rows of bytecodes.def).
enum class Format : uint8_t {
#define BYTECODE_FORMAT(name, ...) k##name,
#include "vm/bytecode/bytecodes.def"
};

// Opcodes, named k + the javap mnemonic in PascalCase (iconst_m1 ->
// kIconstM1). Values 0xcb..0xfd are unused (reserved for quickened forms).
enum class Opcode : uint8_t {
#define BYTECODE(value, name, ...) k##name = value,
#include "vm/bytecode/bytecodes.def"
};

// pops/pushes value meaning "depends on the constant pool or a descriptor".
inline constexpr int8_t kVariableSlots = -1;

struct FormatInfo {
  std::string_view name;  // e.g. "local index u1"
  uint8_t length;         // total bytes incl. opcode; 0 = variable (switches, wide)
  uint8_t wide_length;    // bytes incl. the wide prefix when widened; 0 = not wideable
};

struct BytecodeInfo {
  std::string_view mnemonic;  // as javap prints it; empty for unused values
  Format format = Format::kNone;
  uint8_t length = 0;  // fixed length in bytes incl. opcode; 0 = variable
  int8_t pops = 0;     // operand-stack slots popped, or kVariableSlots
  int8_t pushes = 0;   // operand-stack slots pushed, or kVariableSlots
  uint16_t flags = 0;

  constexpr bool has(uint16_t flag) const { return (flags & flag) != 0; }
  constexpr bool is_variable_length() const { return length == 0; }
  constexpr bool is_branch() const { return has(kCondBranch | kUncondBranch); }
  // wide may precede it (§6.5.wide): the local-index formats and iinc.
  constexpr bool is_wideable() const { return format == Format::kLocal || format == Format::kIinc; }
};

// Indexed by Format.
inline constexpr auto kFormats = std::to_array<FormatInfo>({
#define BYTECODE_FORMAT(name, length, wide_length, description) \
  FormatInfo{description, length, wide_length},
#include "vm/bytecode/bytecodes.def"
});

namespace detail {
constexpr std::array<BytecodeInfo, 256> make_bytecode_table() {
  std::array<BytecodeInfo, 256> table{};
#define BYTECODE(value, name, mnemonic, format, pops, pushes, flags)                \
  table[value] = BytecodeInfo{mnemonic,                                             \
                              Format::k##format,                                    \
                              kFormats[static_cast<int>(Format::k##format)].length, \
                              pops,                                                 \
                              pushes,                                               \
                              static_cast<uint16_t>(flags)};
#include "vm/bytecode/bytecodes.def"
  return table;
}
}  // namespace detail

inline constexpr std::array<BytecodeInfo, 256> kBytecodes = detail::make_bytecode_table();

// The number of opcodes legal in class files (§6.5): 0x00 nop .. 0xc9 jsr_w.
inline constexpr int kDefinedOpcodeCount = 202;

constexpr const BytecodeInfo& info(Opcode op) { return kBytecodes[static_cast<uint8_t>(op)]; }
constexpr const FormatInfo& info(Format f) { return kFormats[static_cast<uint8_t>(f)]; }
constexpr std::string_view mnemonic(Opcode op) { return info(op).mnemonic; }

// True if `byte` is an opcode that may appear in a class file (not one of the
// reserved breakpoint/impdep1/impdep2, not an unused value).
constexpr bool is_defined(uint8_t byte) {
  return !kBytecodes[byte].mnemonic.empty() && !kBytecodes[byte].has(kReserved);
}

// The opcode with the given javap mnemonic (reserved ones included).
std::optional<Opcode> opcode_from_mnemonic(std::string_view mnemonic);

// newarray's atype (JVMS §6.5.newarray, Table 6.5.newarray-A) as javap prints
// it: 4 -> "boolean", 5 -> "char", ..., 11 -> "long"; empty if invalid.
std::string_view newarray_type_name(uint8_t atype);

}  // namespace minijvm::bytecode
