// -XX:+PrintAssembly (listing.h).
#include "interp/jit/listing.h"

#include <capstone/capstone.h>

#include <cinttypes>
#include <cstdio>
#include <span>
#include <string>

#include "vm/bytecode/decoder.h"
#include "vm/log.h"

namespace minijvm::interp::jit {

namespace {

// One bytecode as a listing shows it: "12: if_icmpge 30".
std::string bytecode_line(const Method* m, uint32_t bci) {
  std::string text = std::to_string(bci) + ": ";
  auto decoded = bytecode::decode(std::span<const uint8_t>(m->code, m->code_length), bci);
  if (!decoded.ok()) return text + "?";
  const bytecode::Instruction& insn = *decoded;
  const bytecode::BytecodeInfo& info = bytecode::info(insn.opcode);
  text += std::string(info.mnemonic);
  switch (info.format) {
    case bytecode::Format::kLocal: text += " " + std::to_string(insn.local); break;
    case bytecode::Format::kIinc:
      text += " " + std::to_string(insn.local) + ", " + std::to_string(insn.increment);
      break;
    case bytecode::Format::kByte:
    case bytecode::Format::kShort: text += " " + std::to_string(insn.immediate); break;
    case bytecode::Format::kBranch2:
    case bytecode::Format::kBranch4: text += " " + std::to_string(insn.target); break;
    case bytecode::Format::kCp1:
    case bytecode::Format::kCp2:
    case bytecode::Format::kInvokeinterface:
    case bytecode::Format::kInvokedynamic:
    case bytecode::Format::kMultianewarray: text += " #" + std::to_string(insn.cp_index); break;
    default: break;
  }
  return text;
}

}  // namespace

void print_listing(const CompiledMethod& cm, bool to_stdout) {
  std::string out;
  const Method* m = cm.method;
  char line[256];
  std::snprintf(line, sizeof line, "Compiled method #%u %s%s, %u bytes at 0x%" PRIxPTR "\n",
                cm.compile_id, m->qualified_name().c_str(), kind_note(cm.kind),
                cm.code_size, reinterpret_cast<uintptr_t>(cm.code));
  out += line;
  csh handle;
  if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK) {
    out += "  (Capstone could not be opened)\n";
  } else {
    // Segments: the entry, then each bytecode's template up to the next
    // one's, then the out-of-line paths and the exit.
    struct Segment {
      uint32_t begin, end;
      std::string title;
    };
    std::vector<Segment> segments;
    uint32_t first = cm.bci_starts.empty() ? cm.code_size : cm.bci_starts.front().offset;
    segments.push_back({0, first, "[entry]"});
    for (size_t i = 0; i < cm.bci_starts.size(); ++i) {
      const CompiledMethod::CodeStart& start = cm.bci_starts[i];
      uint32_t end = i + 1 < cm.bci_starts.size() ? cm.bci_starts[i + 1].offset : 0;
      // An inlined callee's instructions are indented by its depth and
      // name it: "    [inlined java.util.Vector.size] 1: getfield #7".
      std::string title = start.inlined == nullptr
                              ? bytecode_line(m, start.bci)
                              : std::string(2 * static_cast<size_t>(start.depth), ' ') + "[inlined " +
                                    start.inlined->qualified_name() + "] " +
                                    bytecode_line(start.inlined, start.bci);
      segments.push_back({start.offset, end, std::move(title)});
    }
    segments.back().end = cm.stubs_offset;
    segments.push_back({cm.stubs_offset, cm.data_offset, "[out-of-line paths, exit]"});
    cs_insn* insns = nullptr;
    for (const Segment& seg : segments) {
      out += "  " + seg.title + "\n";
      // A bytecode with no code of its own: a pop, or a push the next
      // instruction reads where it is (the lazy top of stack, compiler.cpp).
      if (seg.end <= seg.begin) continue;
      size_t count = cs_disasm(handle, cm.code + seg.begin, seg.end - seg.begin,
                               reinterpret_cast<uint64_t>(cm.code + seg.begin), 0, &insns);
      for (size_t i = 0; i < count; ++i) {
        std::snprintf(line, sizeof line, "    0x%" PRIx64 ":  %-8s %s\n", insns[i].address,
                      insns[i].mnemonic, insns[i].op_str);
        out += line;
      }
      if (count > 0) cs_free(insns, count);
    }
    cs_close(&handle);
    if (uint32_t cells = (cm.code_size - cm.data_offset) / 32; cells > 0) {
      std::snprintf(line, sizeof line, "  [inline caches: %u %s of two ways at 0x%" PRIxPTR "]\n",
                    cells, cells == 1 ? "cell" : "cells",
                    reinterpret_cast<uintptr_t>(cm.code + cm.data_offset));
      out += line;
    }
  }
  if (to_stdout) {
    std::fputs(out.c_str(), stdout);
    std::fflush(stdout);
  } else {
    log::write(log::Set::jit_disasm, log::Level::info, out);
  }
}

}  // namespace minijvm::interp::jit
