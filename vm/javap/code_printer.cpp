// CodeWriter: instructions (driven by the one bytecode table's formats) and
// exception tables.
#include <cstdio>

#include "vm/bytecode/decoder.h"
#include "vm/javap/class_printer.h"

namespace minijvm::javap {

using namespace classfile;
using bytecode::Format;
using bytecode::Instruction;

namespace {

// CodeWriter.writeInstr: multi-line instruction bodies (switches) are
// indented by the width of "%4d: " rounded up to whole indent levels.
constexpr int kSwitchIndent = (6 + Printer::kIndentWidth - 1) / Printer::kIndentWidth;

std::string format(const char* fmt, long long a, long long b) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

}  // namespace

void ClassPrinter::write_instructions(const CodeAttribute& code) {
  auto range = bytecode::instructions(code.code);
  for (const Instruction& insn : range) {
    const bytecode::BytecodeInfo& bi = bytecode::info(insn.opcode);
    // javap names a widened instruction by its own opcode (com.sun.tools.
    // classfile.Opcode's ILOAD_W, IINC_W, ...): the table mnemonic + "_w".
    std::string mnemonic(bi.mnemonic);
    if (insn.wide) mnemonic += "_w";
    char head[64];
    std::snprintf(head, sizeof head, "%4u: %-13s ", insn.pc, mnemonic.c_str());
    p_.print(head);

    switch (bi.format) {
      case Format::kNone:
      case Format::kWide:
        break;
      case Format::kLocal:
        p_.print(insn.local);
        break;
      case Format::kByte:
      case Format::kShort:
        p_.print(insn.immediate);
        break;
      case Format::kCp1:
      case Format::kCp2:
        p_.print("#" + std::to_string(insn.cp_index));
        p_.tab();
        p_.print("// ");
        write_constant(insn.cp_index);
        break;
      case Format::kIinc:
        p_.print(std::to_string(insn.local) + ", " + std::to_string(insn.increment));
        break;
      case Format::kBranch2:
      case Format::kBranch4:
        p_.print(insn.target);
        break;
      case Format::kInvokeinterface:
      case Format::kInvokedynamic:
      case Format::kMultianewarray: {
        // The byte after the index: the count, the dimensions, or
        // invokedynamic's first zero byte.
        unsigned value = insn.pc + 3 < code.code.size() ? code.code[insn.pc + 3] : 0;
        p_.print("#" + std::to_string(insn.cp_index) + ",  " + std::to_string(value));
        p_.tab();
        p_.print("// ");
        write_constant(insn.cp_index);
        break;
      }
      case Format::kNewarray:
        p_.print(" " + std::string(bytecode::newarray_type_name(insn.atype)));
        break;
      case Format::kTableswitch: {
        p_.print("{ // " + std::to_string(insn.low) + " to " + std::to_string(insn.high));
        p_.indent(kSwitchIndent);
        for (size_t i = 0; i < insn.targets.size(); ++i) {
          p_.print(format("\n%12lld: %lld",
                          static_cast<long long>(insn.low) + static_cast<long long>(i),
                          insn.targets[i]));
        }
        p_.print("\n     default: " + std::to_string(insn.target) + "\n}");
        p_.indent(-kSwitchIndent);
        break;
      }
      case Format::kLookupswitch: {
        p_.print("{ // " + std::to_string(insn.cases.size()));
        p_.indent(kSwitchIndent);
        for (const bytecode::SwitchCase& c : insn.cases) {
          p_.print(format("\n%12lld: %lld", c.match, c.target));
        }
        p_.print("\n     default: " + std::to_string(insn.target) + "\n}");
        p_.indent(-kSwitchIndent);
        break;
      }
    }
    p_.println();
  }
  if (range.error()) {
    p_.println("Error: error at or after byte " + range.error()->message);
  }
}

void ClassPrinter::write_exception_table(const CodeAttribute& code) {
  if (code.exception_table.empty()) return;
  p_.println("Exception table:");
  p_.indent(+1);
  p_.println(" from    to  target type");
  for (const ExceptionHandler& h : code.exception_table) {
    char buf[64];
    std::snprintf(buf, sizeof buf, " %5d %5d %5d", h.start_pc, h.end_pc, h.handler_pc);
    p_.print(buf);
    p_.print("   ");
    if (h.catch_type_index == 0) {
      p_.println("any");
    } else {
      p_.print("Class ");
      p_.println(string_value(h.catch_type_index));
    }
  }
  p_.indent(-1);
}

void ClassPrinter::write_code(const CodeAttribute& code) {
  p_.println("Code:");
  p_.indent(+1);
  std::string args = "???";
  if (method_) {
    std::string desc = text(method_->descriptor);
    size_t close = desc.find(')');
    int count = 0;
    if (close != std::string::npos && descriptor_java_text(desc, 0, close + 1, &count)) {
      if (!method_->is_static()) ++count;
      args = std::to_string(count);
    }
  }
  p_.println("stack=" + std::to_string(code.max_stack) +
             ", locals=" + std::to_string(code.max_locals) + ", args_size=" + args);
  write_instructions(code);
  write_exception_table(code);
  write_code_attributes(code);
  p_.indent(-1);
}

}  // namespace minijvm::javap
