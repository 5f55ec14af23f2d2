// libFuzzer entry point for the class-file parser (see README.md here).
// Any input must parse or yield a VmError; a parsed class is walked the way
// a disassembler would, so that what the parser accepts is safe to use.
#include <cstddef>
#include <cstdint>
#include <span>

#include "vm/bytecode/decoder.h"
#include "vm/classfile/parser.h"

using namespace minijvm;
using namespace minijvm::classfile;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ParseOptions options;
  options.allow_module_info = (size & 1) != 0;  // cover both loader and javap modes
  auto result = parse_class_file(std::span<const uint8_t>(data, size), {}, options);
  if (!result.ok()) {
    if (result.error().message.empty()) __builtin_trap();
    return 0;
  }
  const ClassFile& cf = *result.value();
  const ConstantPool& cp = cf.constant_pool;
  size_t sink = 0;
  for (uint32_t i = 0; i < cp.count(); ++i) {
    const auto index = static_cast<uint16_t>(i);
    switch (cp.tag(index)) {
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref:
        sink += cp.member_ref(index).name->length();
        break;
      case CpTag::kMethodHandle:
        sink += cp.member_ref(cp.method_handle(index).reference_index).descriptor->length();
        break;
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic:
        if (cp.dynamic(index).bootstrap_method_index >= cf.bootstrap_methods->size()) {
          __builtin_trap();
        }
        break;
      case CpTag::kString:
        sink += cp.string(index)->to_utf8().size();
        break;
      default:
        break;
    }
  }
  for (const MethodInfo& m : cf.methods) {
    sink += java_parameter_list(m.signature).size();
    if (!m.code) continue;
    auto range = bytecode::instructions(m.code->code);
    for (const bytecode::Instruction& insn : range) sink += insn.length;
    if (range.error()) __builtin_trap();  // check_code accepted what decode rejects
  }
  return sink == 0xFFFFFFFF ? 1 : 0;
}
