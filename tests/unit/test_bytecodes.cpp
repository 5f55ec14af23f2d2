// The bytecode table (vm/bytecode/bytecodes.def) and the decoder.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vm/bytecode/bytecodes.h"
#include "vm/bytecode/decoder.h"

namespace bc = minijvm::bytecode;
using bc::Format;
using bc::Instruction;
using bc::Opcode;

namespace {

// JVMS §7 "Opcode Mnemonics by Opcode", typed independently of bytecodes.def.
// clang-format off
constexpr std::array<std::string_view, 202> kJvmsMnemonics = {
    /* 0x00 */ "nop", "aconst_null", "iconst_m1", "iconst_0", "iconst_1", "iconst_2", "iconst_3", "iconst_4",
    /* 0x08 */ "iconst_5", "lconst_0", "lconst_1", "fconst_0", "fconst_1", "fconst_2", "dconst_0", "dconst_1",
    /* 0x10 */ "bipush", "sipush", "ldc", "ldc_w", "ldc2_w", "iload", "lload", "fload",
    /* 0x18 */ "dload", "aload", "iload_0", "iload_1", "iload_2", "iload_3", "lload_0", "lload_1",
    /* 0x20 */ "lload_2", "lload_3", "fload_0", "fload_1", "fload_2", "fload_3", "dload_0", "dload_1",
    /* 0x28 */ "dload_2", "dload_3", "aload_0", "aload_1", "aload_2", "aload_3", "iaload", "laload",
    /* 0x30 */ "faload", "daload", "aaload", "baload", "caload", "saload", "istore", "lstore",
    /* 0x38 */ "fstore", "dstore", "astore", "istore_0", "istore_1", "istore_2", "istore_3", "lstore_0",
    /* 0x40 */ "lstore_1", "lstore_2", "lstore_3", "fstore_0", "fstore_1", "fstore_2", "fstore_3", "dstore_0",
    /* 0x48 */ "dstore_1", "dstore_2", "dstore_3", "astore_0", "astore_1", "astore_2", "astore_3", "iastore",
    /* 0x50 */ "lastore", "fastore", "dastore", "aastore", "bastore", "castore", "sastore", "pop",
    /* 0x58 */ "pop2", "dup", "dup_x1", "dup_x2", "dup2", "dup2_x1", "dup2_x2", "swap",
    /* 0x60 */ "iadd", "ladd", "fadd", "dadd", "isub", "lsub", "fsub", "dsub",
    /* 0x68 */ "imul", "lmul", "fmul", "dmul", "idiv", "ldiv", "fdiv", "ddiv",
    /* 0x70 */ "irem", "lrem", "frem", "drem", "ineg", "lneg", "fneg", "dneg",
    /* 0x78 */ "ishl", "lshl", "ishr", "lshr", "iushr", "lushr", "iand", "land",
    /* 0x80 */ "ior", "lor", "ixor", "lxor", "iinc", "i2l", "i2f", "i2d",
    /* 0x88 */ "l2i", "l2f", "l2d", "f2i", "f2l", "f2d", "d2i", "d2l",
    /* 0x90 */ "d2f", "i2b", "i2c", "i2s", "lcmp", "fcmpl", "fcmpg", "dcmpl",
    /* 0x98 */ "dcmpg", "ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle", "if_icmpeq",
    /* 0xa0 */ "if_icmpne", "if_icmplt", "if_icmpge", "if_icmpgt", "if_icmple", "if_acmpeq", "if_acmpne", "goto",
    /* 0xa8 */ "jsr", "ret", "tableswitch", "lookupswitch", "ireturn", "lreturn", "freturn", "dreturn",
    /* 0xb0 */ "areturn", "return", "getstatic", "putstatic", "getfield", "putfield", "invokevirtual", "invokespecial",
    /* 0xb8 */ "invokestatic", "invokeinterface", "invokedynamic", "new", "newarray", "anewarray", "arraylength", "athrow",
    /* 0xc0 */ "checkcast", "instanceof", "monitorenter", "monitorexit", "wide", "multianewarray", "ifnull", "ifnonnull",
    /* 0xc8 */ "goto_w", "jsr_w"
};
// clang-format on

using Code = std::vector<uint8_t>;

void put_s4(Code& code, int32_t v) {
  const auto u = static_cast<uint32_t>(v);
  code.push_back(static_cast<uint8_t>(u >> 24));
  code.push_back(static_cast<uint8_t>(u >> 16));
  code.push_back(static_cast<uint8_t>(u >> 8));
  code.push_back(static_cast<uint8_t>(u));
}

void pad_to_4(Code& code) {
  while (code.size() % 4 != 0) code.push_back(0);
}

uint8_t op(Opcode o) { return static_cast<uint8_t>(o); }

// check_code must fail with a ClassFormatError whose message contains `part`.
void check_rejects(const Code& code, std::string_view part) {
  minijvm::Result<void> r = bc::check_code(code);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().exception == "java/lang/ClassFormatError");
  INFO("message: ", r.error().message);
  CHECK(r.error().message.find(part) != std::string::npos);
}

}  // namespace

TEST_SUITE("bytecode") {
  TEST_CASE("the table defines exactly the 202 opcodes of JVMS §6.5 with javap's mnemonics") {
    int defined = 0;
    for (int v = 0; v < 256; ++v) {
      const auto byte = static_cast<uint8_t>(v);
      if (bc::is_defined(byte)) ++defined;
      CHECK(bc::is_defined(byte) == (v < 202));
      if (v < 202) {
        CAPTURE(v);
        CHECK(bc::info(static_cast<Opcode>(v)).mnemonic == kJvmsMnemonics[static_cast<size_t>(v)]);
      }
    }
    CHECK(defined == 202);
    CHECK(defined == bc::kDefinedOpcodeCount);
    // The reserved opcodes (§6.2) are named but not legal.
    CHECK(bc::mnemonic(Opcode::kBreakpoint) == "breakpoint");
    CHECK(static_cast<int>(Opcode::kBreakpoint) == 0xca);
    CHECK(bc::mnemonic(Opcode::kImpdep1) == "impdep1");
    CHECK(bc::mnemonic(Opcode::kImpdep2) == "impdep2");
    CHECK(bc::info(Opcode::kImpdep2).has(bc::kReserved));
    CHECK(bc::info(static_cast<Opcode>(0xcb)).mnemonic.empty());
    CHECK(bc::info(static_cast<Opcode>(0xfd)).mnemonic.empty());
    CHECK(static_cast<int>(Opcode::kIfIcmpeq) == 0x9f);
    CHECK(static_cast<int>(Opcode::kGotoW) == 0xc8);
  }

  TEST_CASE("mnemonic lookup round-trips") {
    for (int v = 0; v < 202; ++v) {
      auto found = bc::opcode_from_mnemonic(kJvmsMnemonics[static_cast<size_t>(v)]);
      REQUIRE(found.has_value());
      CHECK(static_cast<int>(*found) == v);
    }
    CHECK_FALSE(bc::opcode_from_mnemonic("iload_4").has_value());
    CHECK_FALSE(bc::opcode_from_mnemonic("").has_value());
  }

  TEST_CASE("fixed lengths") {
    struct Case {
      Opcode op;
      int length;
    };
    const Case cases[] = {
        {Opcode::kNop, 1},
        {Opcode::kIconstM1, 1},
        {Opcode::kBipush, 2},
        {Opcode::kSipush, 3},
        {Opcode::kLdc, 2},
        {Opcode::kLdcW, 3},
        {Opcode::kLdc2W, 3},
        {Opcode::kIload, 2},
        {Opcode::kAload3, 1},
        {Opcode::kAstore, 2},
        {Opcode::kIinc, 3},
        {Opcode::kIfeq, 3},
        {Opcode::kIfAcmpne, 3},
        {Opcode::kGoto, 3},
        {Opcode::kJsr, 3},
        {Opcode::kRet, 2},
        {Opcode::kGetfield, 3},
        {Opcode::kInvokestatic, 3},
        {Opcode::kInvokeinterface, 5},
        {Opcode::kInvokedynamic, 5},
        {Opcode::kNew, 3},
        {Opcode::kNewarray, 2},
        {Opcode::kAnewarray, 3},
        {Opcode::kCheckcast, 3},
        {Opcode::kMultianewarray, 4},
        {Opcode::kIfnonnull, 3},
        {Opcode::kGotoW, 5},
        {Opcode::kJsrW, 5},
        {Opcode::kAthrow, 1},
        {Opcode::kReturn, 1},
        {Opcode::kTableswitch, 0},
        {Opcode::kLookupswitch, 0},
        {Opcode::kWide, 0},
    };
    for (const Case& c : cases) {
      CAPTURE(bc::mnemonic(c.op));
      CHECK(bc::info(c.op).length == c.length);
    }
    CHECK(bc::info(Format::kLocal).wide_length == 4);
    CHECK(bc::info(Format::kIinc).wide_length == 6);
    // Every operand-less instruction is one byte.
    for (int v = 0; v < 202; ++v) {
      const bc::BytecodeInfo& bi = bc::info(static_cast<Opcode>(v));
      if (bi.format == Format::kNone) CHECK(bi.length == 1);
    }
  }

  TEST_CASE("stack effects and flags") {
    auto effect = [](Opcode o) {
      return std::pair<int, int>(bc::info(o).pops, bc::info(o).pushes);
    };
    using P = std::pair<int, int>;
    const int var = bc::kVariableSlots;
    CHECK(effect(Opcode::kIadd) == P(2, 1));
    CHECK(effect(Opcode::kLadd) == P(4, 2));
    CHECK(effect(Opcode::kLshl) == P(3, 2));
    CHECK(effect(Opcode::kLcmp) == P(4, 1));
    CHECK(effect(Opcode::kDup2X2) == P(4, 6));
    CHECK(effect(Opcode::kLastore) == P(4, 0));
    CHECK(effect(Opcode::kI2d) == P(1, 2));
    CHECK(effect(Opcode::kLdc2W) == P(0, 2));
    CHECK(effect(Opcode::kGetfield) == P(1, var));
    CHECK(effect(Opcode::kPutstatic) == P(var, 0));
    CHECK(effect(Opcode::kInvokevirtual) == P(var, var));
    CHECK(effect(Opcode::kMultianewarray) == P(var, 1));

    int invokes = 0, fields = 0, allocs = 0, switches = 0, returns = 0, cond = 0, uncond = 0;
    for (int v = 0; v < 202; ++v) {
      const bc::BytecodeInfo& bi = bc::info(static_cast<Opcode>(v));
      CAPTURE(bi.mnemonic);
      invokes += bi.has(bc::kInvoke);
      fields += bi.has(bc::kFieldAccess);
      allocs += bi.has(bc::kAllocates);
      switches += bi.has(bc::kSwitch);
      returns += bi.has(bc::kReturn);
      cond += bi.has(bc::kCondBranch);
      uncond += bi.has(bc::kUncondBranch);
      if (bi.has(bc::kCondBranch | bc::kUncondBranch | bc::kSwitch | bc::kReturn)) {
        CHECK(bi.has(bc::kEndsBlock));
      }
      if (bi.is_branch()) {
        CHECK((bi.format == Format::kBranch2 || bi.format == Format::kBranch4));
      }
      if (bi.has(bc::kInvoke | bc::kFieldAccess | bc::kAllocates)) CHECK(bi.has(bc::kThrows));
      CHECK_FALSE(bi.has(bc::kReserved));
    }
    CHECK(invokes == 5);
    CHECK(fields == 4);
    CHECK(allocs == 4);
    CHECK(switches == 2);
    CHECK(returns == 6);
    CHECK(cond == 16);
    CHECK(uncond == 4);
    CHECK(bc::info(Opcode::kAthrow).has(bc::kEndsBlock));
    CHECK(bc::info(Opcode::kRet).has(bc::kEndsBlock));
    CHECK_FALSE(bc::info(Opcode::kInvokestatic).has(bc::kEndsBlock));
    CHECK(bc::info(Opcode::kIdiv).has(bc::kThrows));
    CHECK_FALSE(bc::info(Opcode::kFdiv).has(bc::kThrows));
    CHECK(bc::info(Opcode::kRet).is_wideable());
    CHECK(bc::info(Opcode::kIinc).is_wideable());
    CHECK_FALSE(bc::info(Opcode::kIload0).is_wideable());
  }

  TEST_CASE("newarray type names") {
    const std::string_view names[] = {"boolean", "char",  "float", "double",
                                      "byte",    "short", "int",   "long"};
    for (int t = 4; t <= 11; ++t)
      CHECK(bc::newarray_type_name(static_cast<uint8_t>(t)) == names[t - 4]);
    CHECK(bc::newarray_type_name(3).empty());
    CHECK(bc::newarray_type_name(12).empty());
  }

  TEST_CASE("simple operands") {
    const Code code = {
        op(Opcode::kBipush),
        0x80,  // 0: bipush -128
        op(Opcode::kSipush),
        0x80,
        0x01,  // 2: sipush -32767
        op(Opcode::kLdc),
        0xfe,  // 5: ldc #254
        op(Opcode::kLdc2W),
        0x12,
        0x34,  // 7: ldc2_w #4660
        op(Opcode::kIinc),
        0x05,
        0xff,  // 10: iinc 5, -1
        op(Opcode::kAstore),
        0xff,  // 13: astore 255
        op(Opcode::kInvokeinterface),
        0x00,
        0x07,
        0x02,
        0x00,  // 15
        op(Opcode::kInvokedynamic),
        0x01,
        0x09,
        0x00,
        0x00,  // 20
        op(Opcode::kMultianewarray),
        0x00,
        0x03,
        0x02,  // 25
        op(Opcode::kNewarray),
        10,  // 29: newarray int
        op(Opcode::kIfeq),
        0xff,
        0xfa,  // 31: ifeq 25 (-6)
        op(Opcode::kGotoW),
        0xff,
        0xff,
        0xff,
        0xe2,                 // 34: goto_w 4 (-30)
        op(Opcode::kReturn),  // 39
    };
    auto at = [&](uint32_t pc) {
      auto r = bc::decode(code, pc);
      REQUIRE(r.ok());
      return std::move(r).value();
    };
    CHECK(at(0).immediate == -128);
    CHECK(at(0).length == 2);
    CHECK(at(2).immediate == -32767);
    CHECK(at(5).cp_index == 254);
    CHECK(at(7).cp_index == 0x1234);
    CHECK(at(10).local == 5);
    CHECK(at(10).increment == -1);
    CHECK_FALSE(at(10).wide);
    CHECK(at(13).local == 255);
    CHECK(at(15).opcode == Opcode::kInvokeinterface);
    CHECK(at(15).cp_index == 7);
    CHECK(at(15).count == 2);
    CHECK(at(15).length == 5);
    CHECK(at(20).cp_index == 0x0109);
    CHECK(at(20).length == 5);
    CHECK(at(25).cp_index == 3);
    CHECK(at(25).dimensions == 2);
    CHECK(at(29).atype == 10);
    CHECK(at(31).target == 25);
    CHECK(at(31).branch_targets() == std::vector<uint32_t>{25});
    CHECK(at(34).target == 4);  // 34 - 30
    CHECK(at(34).length == 5);
    // 4 is inside sipush: decode accepts it, check_code does not.
    check_rejects(code, "Branch target 4 at bci 34");

    std::vector<uint32_t> pcs;
    for (const Instruction& insn : bc::instructions(code)) pcs.push_back(insn.pc);
    CHECK(pcs == std::vector<uint32_t>{0, 2, 5, 7, 10, 13, 15, 20, 25, 29, 31, 34, 39});
  }

  TEST_CASE("wide iload, istore, ret and iinc") {
    const Code code = {
        op(Opcode::kWide), op(Opcode::kIload),  0x01, 0x02,              // 0: iload 258
        op(Opcode::kWide), op(Opcode::kIstore), 0xff, 0xff,              // 4: istore 65535
        op(Opcode::kWide), op(Opcode::kIinc),   0x01, 0x00, 0xff, 0x38,  // 8: iinc 256, -200
        op(Opcode::kWide), op(Opcode::kIinc),   0x00, 0x03, 0x13, 0x88,  // 14: iinc 3, 5000
        op(Opcode::kWide), op(Opcode::kRet),    0x01, 0x00,              // 20: ret 256
    };
    REQUIRE(bc::check_code(code).ok());
    std::vector<Instruction> all;
    bc::InstructionRange range(code);
    for (const Instruction& insn : range) all.push_back(insn);
    CHECK_FALSE(range.error().has_value());
    REQUIRE(all.size() == 5);
    CHECK(all[0].wide);
    CHECK(all[0].opcode == Opcode::kIload);
    CHECK(all[0].local == 258);
    CHECK(all[0].length == 4);
    CHECK(all[1].opcode == Opcode::kIstore);
    CHECK(all[1].local == 65535);
    CHECK(all[2].opcode == Opcode::kIinc);
    CHECK(all[2].local == 256);
    CHECK(all[2].increment == -200);
    CHECK(all[2].length == 6);
    CHECK(all[3].increment == 5000);
    CHECK(all[3].pc == 14);
    CHECK(all[4].opcode == Opcode::kRet);
    CHECK(all[4].local == 256);
    CHECK(all[4].next_pc() == code.size());
  }

  TEST_CASE("tableswitch at every alignment") {
    for (uint32_t start = 0; start < 4; ++start) {
      CAPTURE(start);
      Code code(start, op(Opcode::kNop));
      code.push_back(op(Opcode::kTableswitch));
      pad_to_4(code);
      CHECK(code.size() % 4 == 0);
      CHECK(code.size() - start - 1 == (3 - start % 4));  // 0-3 padding bytes
      const uint32_t end = static_cast<uint32_t>(code.size()) + 12 + 3 * 4;
      const int32_t s = static_cast<int32_t>(start);
      put_s4(code, static_cast<int32_t>(end) - s);      // default: the first return
      put_s4(code, -1);                                 // low
      put_s4(code, 1);                                  // high
      put_s4(code, static_cast<int32_t>(end + 1) - s);  // -1
      put_s4(code, 0 - s);                              // 0: back to pc 0
      put_s4(code, static_cast<int32_t>(end + 2) - s);  // 1
      code.insert(code.end(), 3, op(Opcode::kReturn));
      REQUIRE(bc::check_code(code).ok());
      auto r = bc::decode(code, start);
      REQUIRE(r.ok());
      const Instruction& insn = r.value();
      CHECK(insn.opcode == Opcode::kTableswitch);
      CHECK(insn.length == end - start);
      CHECK(insn.target == end);
      CHECK(insn.low == -1);
      CHECK(insn.high == 1);
      CHECK(insn.targets == std::vector<uint32_t>{end + 1, 0, end + 2});
      CHECK(insn.branch_targets() == std::vector<uint32_t>{end, end + 1, 0, end + 2});
    }
  }

  TEST_CASE("lookupswitch at every alignment") {
    for (uint32_t start = 0; start < 4; ++start) {
      CAPTURE(start);
      Code code(start, op(Opcode::kNop));
      code.push_back(op(Opcode::kLookupswitch));
      pad_to_4(code);
      const uint32_t end = static_cast<uint32_t>(code.size()) + 8 + 2 * 8;
      const int32_t s = static_cast<int32_t>(start);
      put_s4(code, static_cast<int32_t>(end + 1) - s);  // default
      put_s4(code, 2);                                  // npairs
      put_s4(code, INT32_MIN);
      put_s4(code, static_cast<int32_t>(end) - s);
      put_s4(code, 1000);
      put_s4(code, 0 - s);
      code.insert(code.end(), 2, op(Opcode::kReturn));
      REQUIRE(bc::check_code(code).ok());
      auto r = bc::decode(code, start);
      REQUIRE(r.ok());
      const Instruction& insn = r.value();
      CHECK(insn.opcode == Opcode::kLookupswitch);
      CHECK(insn.length == end - start);
      CHECK(insn.target == end + 1);
      REQUIRE(insn.cases.size() == 2);
      CHECK(insn.cases[0].match == INT32_MIN);
      CHECK(insn.cases[0].target == end);
      CHECK(insn.cases[1].match == 1000);
      CHECK(insn.cases[1].target == 0);
    }
    // An empty lookupswitch is legal: only a default.
    Code code = {op(Opcode::kLookupswitch), 0, 0, 0};
    put_s4(code, 12);
    put_s4(code, 0);
    code.push_back(op(Opcode::kReturn));
    CHECK(bc::check_code(code).ok());
  }

  TEST_CASE("check_code accepts well-formed code and reports instruction starts") {
    const Code code = {
        op(Opcode::kIconst0), op(Opcode::kIfeq), 0x00, 0x06, op(Opcode::kGoto), 0xff, 0xfc,
        op(Opcode::kReturn)};
    auto starts = bc::instruction_starts(code);
    REQUIRE(starts.ok());
    CHECK(starts.value() == std::vector<bool>{true, true, false, false, true, false, false, true});
  }

  TEST_CASE("check_code rejects malformed code") {
    const uint8_t ret = op(Opcode::kReturn);
    SUBCASE("empty and oversized code") {
      check_rejects({}, "empty");
      check_rejects(Code(65536, op(Opcode::kNop)), "65536");
    }
    SUBCASE("unknown and reserved opcodes") {
      check_rejects({op(Opcode::kNop), 203, ret}, "Illegal opcode 203 at bci 1");
      check_rejects({0xca}, "Illegal opcode 202");
      check_rejects({op(Opcode::kNop), op(Opcode::kNop), 0xfe}, "at bci 2");
      check_rejects({0xff}, "Illegal opcode 255");
    }
    SUBCASE("instructions running past the end") {
      check_rejects({op(Opcode::kNop), op(Opcode::kSipush), 0x01}, "bci 1 runs past the end");
      check_rejects({op(Opcode::kGotoW), 0, 0, 0}, "bci 0 runs past the end");
      check_rejects({op(Opcode::kInvokeinterface), 0, 1, 1}, "runs past the end");
      check_rejects({op(Opcode::kWide)}, "runs past the end");
      check_rejects({op(Opcode::kWide), op(Opcode::kIinc), 0, 1, 0}, "runs past the end");
      check_rejects({op(Opcode::kNop), op(Opcode::kTableswitch), 0}, "bci 1 runs past the end");
      Code table = {op(Opcode::kTableswitch), 0, 0, 0};
      put_s4(table, 0);
      put_s4(table, 0);
      put_s4(table, 1);  // two targets needed, one given
      put_s4(table, 0);
      check_rejects(table, "runs past the end");
      Code huge = {op(Opcode::kTableswitch), 0, 0, 0};
      put_s4(huge, 0);
      put_s4(huge, INT32_MIN);
      put_s4(huge, INT32_MAX);
      check_rejects(huge, "runs past the end");
      Code lookup = {op(Opcode::kNop), op(Opcode::kLookupswitch), 0, 0};
      put_s4(lookup, -1);
      put_s4(lookup, 1);
      put_s4(lookup, 5);  // the pair's offset is missing
      check_rejects(lookup, "bci 1 runs past the end");
    }
    SUBCASE("wide before an opcode that cannot be widened") {
      check_rejects({op(Opcode::kWide), op(Opcode::kIadd), 0, 0}, "wide cannot precede opcode 96");
      check_rejects({op(Opcode::kWide), op(Opcode::kWide), op(Opcode::kIload), 0, 0}, "wide");
      check_rejects({op(Opcode::kWide), op(Opcode::kIload0), 0, 0}, "at bci 0");
      check_rejects({op(Opcode::kWide), op(Opcode::kBipush), 0, 0}, "bipush");
      check_rejects({op(Opcode::kWide), 0xcb, 0, 0}, "wide");
    }
    SUBCASE("tableswitch low > high") {
      Code code = {op(Opcode::kTableswitch), 0, 0, 0};
      put_s4(code, 16);
      put_s4(code, 5);
      put_s4(code, 4);
      code.push_back(ret);
      check_rejects(code, "low 5 > high 4 at bci 0");
    }
    SUBCASE("lookupswitch with unsorted or duplicate keys, negative npairs") {
      for (int32_t second : {1, 3}) {
        Code code = {op(Opcode::kLookupswitch), 0, 0, 0};
        put_s4(code, 28);
        put_s4(code, 2);
        put_s4(code, 3);
        put_s4(code, 28);
        put_s4(code, second);
        put_s4(code, 28);
        code.push_back(ret);
        check_rejects(code, "not sorted at bci 0");
      }
      Code code = {op(Opcode::kLookupswitch), 0, 0, 0};
      put_s4(code, 12);
      put_s4(code, -1);
      code.push_back(ret);
      check_rejects(code, "npairs -1 is negative");
    }
    SUBCASE("branch targets outside the code") {
      check_rejects({op(Opcode::kNop), op(Opcode::kGoto), 0x00, 0x62},
                    "Branch target 99 out of range at bci 1");
      check_rejects({op(Opcode::kNop), op(Opcode::kIfnull), 0xff, 0xfe},
                    "Branch target -1 out of range");
      check_rejects({op(Opcode::kGoto), 0x00, 0x03}, "Branch target 3 out of range at bci 0");
      check_rejects({op(Opcode::kGotoW), 0x7f, 0xff, 0xff, 0xff}, "out of range");
      Code table = {op(Opcode::kTableswitch), 0, 0, 0};
      put_s4(table, 20);
      put_s4(table, 0);
      put_s4(table, 0);
      put_s4(table, 21);  // one past the end
      table.push_back(ret);
      check_rejects(table, "Branch target 21 out of range at bci 0");
    }
    SUBCASE("branch targets inside an instruction") {
      check_rejects({op(Opcode::kGoto), 0x00, 0x02, ret},
                    "Branch target 2 at bci 0 is not the start");
      Code lookup = {op(Opcode::kLookupswitch), 0, 0, 0};
      put_s4(lookup, 20);
      put_s4(lookup, 1);
      put_s4(lookup, 7);
      put_s4(lookup, 6);  // inside the switch itself
      lookup.push_back(ret);
      check_rejects(lookup, "Branch target 6 at bci 0");
    }
    SUBCASE("malformed operands of invokeinterface, invokedynamic, newarray, multianewarray") {
      check_rejects({op(Opcode::kInvokeinterface), 0, 1, 0, 0, ret}, "invokeinterface");
      check_rejects({op(Opcode::kInvokeinterface), 0, 1, 1, 1, ret}, "invokeinterface");
      check_rejects({op(Opcode::kInvokedynamic), 0, 1, 0, 1, ret}, "invokedynamic");
      check_rejects({op(Opcode::kNewarray), 3, ret}, "newarray type 3");
      check_rejects({op(Opcode::kMultianewarray), 0, 1, 0, ret}, "0 dimensions");
    }
  }

  TEST_CASE("the iteration stops at malformed code and reports why") {
    const Code code = {op(Opcode::kNop), op(Opcode::kNop), 0xee, op(Opcode::kReturn)};
    bc::InstructionRange range(code);
    int n = 0;
    for (const Instruction& insn : range) {
      CHECK(insn.opcode == Opcode::kNop);
      ++n;
    }
    CHECK(n == 2);
    REQUIRE(range.error().has_value());
    CHECK(range.error()->message.find("bci 2") != std::string::npos);
    CHECK_FALSE(bc::decode(code, 4).ok());
  }
}
