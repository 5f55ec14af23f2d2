// The interpreter's dispatch layer (STYLE.md principle 3): the opcode bodies
// in ops_*.inc are written with OPCODE(name) and DISPATCH() only, and do not
// know which dispatch is in use.
//
//   default                  computed goto (GNU labels as values): one
//                            indirect jump per instruction, from a 256-entry
//                            table generated from vm/bytecode/bytecodes.def
//   MINIJVM_DISPATCH_SWITCH  a portable `switch` in a loop (the CMake option
//                            of the same name defines it), for comparison
//
// Both are derived from the ONE opcode table: the label table lists every
// BYTECODE row, so an opcode without a body does not compile.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>

#if defined(MINIJVM_DISPATCH_SWITCH) && MINIJVM_DISPATCH_SWITCH
#define MINIJVM_USE_SWITCH_DISPATCH 1
#else
#define MINIJVM_USE_SWITCH_DISPATCH 0
#endif

namespace minijvm::interp::detail {

struct LabelEntry {
  uint8_t opcode;
  const void* label;
};

// The computed-goto table: every BYTECODE row's label at its value, the
// illegal-opcode label everywhere else.
inline std::array<const void*, 256> make_label_table(const void* illegal,
                                                     std::initializer_list<LabelEntry> rows) {
  std::array<const void*, 256> table;
  table.fill(illegal);
  for (const LabelEntry& row : rows) table[row.opcode] = row.label;
  return table;
}

}  // namespace minijvm::interp::detail

#if MINIJVM_USE_SWITCH_DISPATCH

#define OPCODE(name) case ::minijvm::bytecode::Opcode::k##name:
#define DISPATCH() continue
// Opens the loop: `for (;;) { switch (opcode) { <bodies> } <shared blocks> }`.
#define DISPATCH_LOOP_BEGIN \
  for (;;) {                \
    INSN_START();           \
    switch (static_cast<::minijvm::bytecode::Opcode>(*pc)) {
#define DISPATCH_SWITCH_END \
  default:                  \
    goto op_illegal;        \
    }
#define DISPATCH_LOOP_END }

#else

#define OPCODE(name) op_##name:
#define DISPATCH()      \
  do {                  \
    INSN_START();       \
    goto* kLabels[*pc]; \
  } while (0)
// The label table `kLabels` is declared just before, in the loop's function
// (an #include of bytecodes.def cannot sit inside a macro).
#define DISPATCH_LOOP_BEGIN \
  {                         \
    DISPATCH();
#define DISPATCH_SWITCH_END
#define DISPATCH_LOOP_END }

#endif
