// The reference maps of safepoint/oop_map.h: hand-checked methods of
// tests/java/oopmap/OopMapSamples.java, hand-assembled jsr/ret code, and
// javac's StackMapTable as an oracle over every method of the test classes
// and of a sample of java.base.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "runtime_test_support.h"
#include "safepoint/oop_map.h"
#include "safepoint/stack_map_table.h"
#include "vm/bytecode/decoder.h"
#include "vm/classfile/parser.h"
#include "vm/classpath/class_path.h"
#include "vm/classpath/jdk.h"
#include "vm/runtime/frame.h"

namespace {

namespace fs = std::filesystem;
using namespace minijvm;
using namespace minijvm::safepoint;
using bytecode::Opcode;

std::unique_ptr<classfile::ClassFile> parse_bytes(const std::vector<uint8_t>& bytes) {
  auto cf = classfile::parse_class_file(bytes);
  REQUIRE_MESSAGE(cf.ok(), (cf.ok() ? "" : cf.error().message));
  return std::move(cf).value();
}

std::unique_ptr<classfile::ClassFile> parse_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), path.string());
  return parse_bytes({std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
}

const classfile::ClassFile& samples() {
  static auto cf = parse_file(fs::path(MINIJVM_TEST_CLASSES) / "oopmap/OopMapSamples.class");
  return *cf;
}

MethodCode code_of(const classfile::ClassFile& cf, const classfile::MethodInfo& m) {
  MethodCode code;
  code.code = m.code->code;
  code.max_locals = m.code->max_locals;
  code.max_stack = m.code->max_stack;
  code.is_static = m.is_static();
  code.signature = &m.signature;
  code.constant_pool = &cf.constant_pool;
  for (const auto& h : m.code->exception_table)
    code.handlers.push_back({h.start_pc, h.end_pc, h.handler_pc});
  return code;
}

const classfile::MethodInfo& method(const char* name) {
  for (const auto& m : samples().methods)
    if (m.name->equals(name)) return m;
  FAIL("no method " << name);
  return samples().methods.front();
}

std::unique_ptr<MethodOopMaps> maps_of(const classfile::MethodInfo& m) {
  auto maps = MethodOopMaps::compute(code_of(samples(), m));
  REQUIRE_MESSAGE(maps.ok(), (maps.ok() ? "" : maps.error().message));
  return std::move(maps).value();
}

// The bci of the n-th instruction with opcode `op`.
uint32_t nth(const classfile::MethodInfo& m, Opcode op, int n = 0) {
  for (const auto& insn : bytecode::instructions(m.code->code))
    if (insn.opcode == op && n-- == 0) return insn.pc;
  FAIL("opcode not found");
  return 0;
}

// The bci of the first invoke of a method named `name`.
uint32_t call_to(const classfile::MethodInfo& m, const char* name) {
  for (const auto& insn : bytecode::instructions(m.code->code)) {
    if (bytecode::info(insn.opcode).has(bytecode::kInvoke) &&
        insn.opcode != Opcode::kInvokedynamic &&
        samples().constant_pool.member_ref(insn.cp_index).name->equals(name))
      return insn.pc;
  }
  FAIL("no call to " << name);
  return 0;
}

const OopMap& at(const MethodOopMaps& maps, uint32_t bci) {
  const OopMap* map = maps.at(bci);
  REQUIRE_MESSAGE(map != nullptr, "no map at bci " << bci);
  return *map;
}

// Locals that hold references, as a string like "0,2".
std::string ref_locals(const OopMap& map) {
  std::string s;
  for (uint32_t i = 0; i < map.max_locals(); ++i) {
    if (!map.is_ref_local(i)) continue;
    if (!s.empty()) s += ",";
    s += std::to_string(i);
  }
  return s;
}
std::string ref_stack(const OopMap& map) {
  std::string s;
  for (uint32_t i = 0; i < map.stack_depth(); ++i) s += map.is_ref_stack(i) ? "R" : "v";
  return s;
}

// --- the StackMapTable oracle ------------------------------------------------

struct OracleStats {
  size_t classes = 0, methods = 0, methods_with_frames = 0, frames = 0, slots = 0;
  size_t top_but_ref = 0;  // slots javac types Top that hold a reference here
  size_t lvt_checks = 0;   // (instruction, local) pairs checked against the LocalVariableTable
  std::vector<std::string> failures;
};

void check_method(const classfile::ClassFile& cf, const classfile::MethodInfo& m,
                  OracleStats& stats) {
  if (!m.code) return;
  const std::string where = cf.this_class->str() + "." + m.name->str() + m.descriptor->str();
  auto fail = [&](const std::string& what) {
    if (stats.failures.size() < 20)
      stats.failures.push_back(where + ": " + what);
    else
      stats.failures.push_back("");
  };
  ++stats.methods;
  auto maps = MethodOopMaps::compute(code_of(cf, m));
  if (!maps.ok()) return fail(maps.error().message);
  if (!(*maps)->ambiguous_locals().empty()) fail("ambiguous locals in code without jsr");
  // The LocalVariableTable (javac -g) is a second oracle, at every
  // instruction: a local in scope holds a value of its declared type.
  for (const classfile::LocalVariable& v : m.code->local_variables) {
    const char kind = v.descriptor->byte_at(0);
    const bool ref = kind == 'L' || kind == '[';
    const uint32_t width = kind == 'J' || kind == 'D' ? 2 : 1;
    for (uint32_t pc = v.start_pc; pc < uint32_t{v.start_pc} + v.length; ++pc) {
      const OopMap* map = (*maps)->at(pc);
      if (!map) continue;
      for (uint32_t k = 0; k < width; ++k) {
        ++stats.lvt_checks;
        if (map->is_ref_local(v.index + k) != ref)
          fail(std::string("local ") + std::to_string(v.index + k) + " (" + v.name->str() + " " +
               v.descriptor->str() + ") disagrees with the LocalVariableTable at bci " +
               std::to_string(pc));
      }
    }
  }
  if (!m.code->stack_map_table) return;
  const bool uninit_this = m.name->equals("<init>") && !cf.this_class->equals("java/lang/Object");
  auto frames = parse_stack_map_table(
      *m.code->stack_map_table, initial_frame_locals(m.signature, m.is_static(), uninit_this));
  if (!frames.ok()) return fail(frames.error().message);
  ++stats.methods_with_frames;
  for (const StackMapFrame& frame : *frames) {
    ++stats.frames;
    const OopMap* map = (*maps)->at(frame.bci);
    const std::string at = std::string(" at bci ") + std::to_string(frame.bci);
    if (!map) {
      fail("no map" + at);
      continue;
    }
    if (map->stack_depth() != frame.stack.size()) {
      fail(std::string("stack depth ") + std::to_string(map->stack_depth()) +
           " but the frame has " + std::to_string(frame.stack.size()) + at);
      continue;
    }
    // One slot: a frame reference must be ours; Integer/Float/Long/Double
    // (either half) must not; Top may be either (oop_map.h).
    auto check = [&](const VerificationType& t, bool second_half, bool ours,
                     const std::string& slot) {
      ++stats.slots;
      if (t.is_reference() && !ours) fail(slot + " is a reference in the frame, not here" + at);
      const bool value = second_half || t.tag == VerificationTag::kInteger ||
                         t.tag == VerificationTag::kFloat || t.is_two_slots();
      if (value && ours) fail(slot + " is a primitive in the frame, a reference here" + at);
      if (!value && t.tag == VerificationTag::kTop && ours) ++stats.top_but_ref;
    };
    bool second_half = false;
    for (uint32_t i = 0; i < m.code->max_locals; ++i) {
      const VerificationType t = i < frame.locals.size() ? frame.locals[i] : VerificationType{};
      check(t, second_half, map->is_ref_local(i), std::string("local ") + std::to_string(i));
      second_half = t.is_two_slots();
    }
    second_half = false;
    for (uint32_t i = 0; i < frame.stack.size(); ++i) {
      check(frame.stack[i], second_half, map->is_ref_stack(i),
            std::string("stack ") + std::to_string(i));
      second_half = frame.stack[i].is_two_slots();
    }
  }
}

void check_class(const classfile::ClassFile& cf, OracleStats& stats) {
  ++stats.classes;
  for (const auto& m : cf.methods) check_method(cf, m, stats);
}

void report(const char* what, const OracleStats& stats) {
  MESSAGE(std::string(what) << ": " << stats.classes << " classes, " << stats.methods
                            << " methods (" << stats.methods_with_frames
                            << " with a StackMapTable), " << stats.frames << " frames, "
                            << stats.slots << " slots checked; " << stats.top_but_ref
                            << " Top slots hold a reference here; " << stats.lvt_checks
                            << " (bci, local) pairs checked against LocalVariableTables");
  for (size_t i = 0; i < stats.failures.size() && i < 20; ++i) MESSAGE(stats.failures[i]);
  CHECK(stats.failures.empty());
}

}  // namespace

TEST_SUITE("oop_map") {
  TEST_CASE(
      "a local that is an int on one path and a String on the other is no reference "
      "at the join") {
    const auto& m = method("conflict");
    auto maps = maps_of(m);
    // Inside the else branch, at s.length(): local 2 (s) and the receiver.
    const OopMap& call = at(*maps, call_to(m, "length"));
    CHECK(ref_locals(call) == "2");
    CHECK(ref_stack(call) == "R");
    // At the join (r + 1) local 2 is int or String: not a reference.
    const OopMap& join = at(*maps, nth(m, Opcode::kIadd));
    CHECK(ref_locals(join) == "");
    CHECK(ref_stack(join) == "vv");
    // In the then branch, after istore x.
    CHECK(ref_locals(at(*maps, nth(m, Opcode::kIload2))) == "");
  }

  TEST_CASE("an exception handler starts with the exception and the try range's locals") {
    const auto& m = method("tryCatch");
    auto maps = maps_of(m);
    REQUIRE(m.code->exception_table.size() == 1);
    const OopMap& handler = at(*maps, m.code->exception_table[0].handler_pc);
    CHECK(handler.stack_depth() == 1);
    CHECK(ref_stack(handler) == "R");
    CHECK(ref_locals(handler) == "0,1");  // o and s; e is not stored yet
    // After astore e.
    CHECK(ref_locals(at(*maps, m.code->exception_table[0].handler_pc + 1u)) == "0,1,2");
  }

  TEST_CASE(
      "a loop merges the back edge: a local null before and an array inside stays a "
      "reference") {
    const auto& m = method("loop");
    auto maps = maps_of(m);
    const OopMap& len = at(*maps, nth(m, Opcode::kArraylength));
    CHECK(ref_locals(len) == "0,2");  // a, last; not sum, not i
    CHECK(ref_stack(len) == "vR");    // i, a
  }

  TEST_CASE("tableswitch and lookupswitch targets") {
    for (const char* name : {"sw", "lookup"}) {
      CAPTURE(name);
      const auto& m = method(name);
      auto maps = maps_of(m);
      const Opcode op = std::string(name) == "sw" ? Opcode::kTableswitch : Opcode::kLookupswitch;
      const uint32_t bci = nth(m, op);
      CHECK(ref_locals(at(*maps, bci)) == "1");
      CHECK(ref_stack(at(*maps, bci)) == "v");
      auto insn = bytecode::decode(m.code->code, bci);
      REQUIRE(insn.ok());
      for (uint32_t target : insn->branch_targets()) {
        CAPTURE(target);
        CHECK(ref_locals(at(*maps, target)) == "1");
        CHECK(at(*maps, target).stack_depth() == 0);
      }
    }
  }

  TEST_CASE("long and double locals take two non-reference slots") {
    const auto& m = method("wide");
    auto maps = maps_of(m);
    const OopMap& mul = at(*maps, nth(m, Opcode::kLmul));
    CHECK(ref_locals(mul) == "2,5");  // o and s; l is 0-1, d is 3-4
    CHECK(ref_stack(mul) == "vvvv");
    const OopMap& ret = at(*maps, nth(m, Opcode::kAreturn));
    CHECK(ref_locals(ret) == "2,5");
    CHECK(ref_stack(ret) == "R");
    const auto& longs = method("longs");  // instance: this, a 1-2, b 3-4, c 5-6
    auto lmaps = maps_of(longs);
    CHECK(ref_locals(at(*lmaps, nth(longs, Opcode::kLadd))) == "0");
  }

  TEST_CASE("a reference stays on the operand stack across a call") {
    const auto& m = method("callWithStack");
    auto maps = maps_of(m);
    CHECK(ref_stack(at(*maps, call_to(m, "<init>"))) == "RR");  // new, dup
    CHECK(ref_stack(at(*maps, call_to(m, "bar"))) == "R");      // the new Object
    CHECK(ref_stack(at(*maps, call_to(m, "foo"))) == "Rv");
    CHECK(ref_locals(at(*maps, call_to(m, "bar"))) == "");
  }

  TEST_CASE("uninitialized objects and this before super() are references") {
    const auto& m = method("uninit");
    auto maps = maps_of(m);
    CHECK(ref_stack(at(*maps, call_to(m, "bar"))) == "RR");  // new StringBuilder, dup
    CHECK(ref_stack(at(*maps, call_to(m, "valueOf"))) == "RRv");
    const auto& ctor = method("<init>");
    auto cmaps = maps_of(ctor);
    CHECK(ref_locals(at(*cmaps, 0)) == "0,1");
    CHECK(ref_stack(at(*cmaps, call_to(ctor, "<init>"))) == "R");
    CHECK(ref_stack(at(*cmaps, nth(ctor, Opcode::kPutfield))) == "RR");
  }

  TEST_CASE("multianewarray, ldc of every kind, invokedynamic") {
    const auto& multi = method("multi");
    auto mmaps = maps_of(multi);
    CHECK(ref_stack(at(*mmaps, nth(multi, Opcode::kMultianewarray))) == "vvv");
    CHECK(ref_stack(at(*mmaps, nth(multi, Opcode::kAreturn))) == "R");

    const auto& ldcs = method("ldcs");
    auto lmaps = maps_of(ldcs);
    CHECK(ref_stack(at(*lmaps, nth(ldcs, Opcode::kAstore1))) == "R");   // String.class
    CHECK(ref_stack(at(*lmaps, nth(ldcs, Opcode::kLstore2))) == "vv");  // a long
    CHECK(ref_locals(at(*lmaps, nth(ldcs, Opcode::kLstore2))) == "0,1");
    CHECK(ref_stack(at(*lmaps, nth(ldcs, Opcode::kDstore))) == "vv");  // a double
    CHECK(ref_stack(at(*lmaps, nth(ldcs, Opcode::kFstore))) == "v");

    const auto& lambda = method("lambda");
    auto dmaps = maps_of(lambda);
    CHECK(ref_stack(at(*dmaps, nth(lambda, Opcode::kInvokedynamic))) == "R");
    CHECK(ref_stack(at(*dmaps, nth(lambda, Opcode::kAreturn))) == "R");
  }

  TEST_CASE("dead code has no map, and a bci inside an instruction has none") {
    const auto& m = method("callWithStack");
    auto maps = maps_of(m);
    CHECK(maps->at(1) == nullptr);  // inside `new #idx`
    CHECK(maps->at(100000) == nullptr);
  }
}

namespace {

// A static method (Ljava/lang/Object;I)V of hand-assembled code.
struct Assembled {
  MethodSignature signature;
  classfile::ConstantPool pool;
  std::vector<uint8_t> bytes;
  MethodCode code(uint16_t max_locals, uint16_t max_stack) {
    MethodCode c;
    c.code = bytes;
    c.max_locals = max_locals;
    c.max_stack = max_stack;
    c.is_static = true;
    c.signature = &signature;
    c.constant_pool = &pool;
    return c;
  }
};

Assembled assemble(std::vector<uint8_t> bytes) {
  auto sig = parse_method_descriptor("(Ljava/lang/Object;I)V");
  REQUIRE(sig.ok());
  return Assembled{*sig, {}, std::move(bytes)};
}

}  // namespace

TEST_SUITE("oop_map") {
  TEST_CASE(
      "jsr/ret: untouched locals come back from the caller, and a subroutine's "
      "context-dependent local is ambiguous") {
    Assembled a = assemble({
        0x2a,              // 0: aload_0
        0x4d,              // 1: astore_2           local 2 = ref
        0xa8, 0x00, 0x0c,  // 2: jsr 14
        0x2c,              // 5: aload_2            local 2 must be ref again
        0x57,              // 6: pop
        0x03,              // 7: iconst_0
        0x3d,              // 8: istore_2           local 2 = int
        0xa8, 0x00, 0x05,  // 9: jsr 14
        0xb1,              // 12: return
        0x00,              // 13: nop (dead)
        0x4e,              // 14: astore_3          the return address
        0x84, 0x01, 0x01,  // 15: iinc 1 1
        0xa9, 0x03,        // 18: ret 3
    });
    auto maps = MethodOopMaps::compute(a.code(4, 1));
    REQUIRE_MESSAGE(maps.ok(), (maps.ok() ? "" : maps.error().message));
    const MethodOopMaps& m = **maps;
    CHECK(ref_locals(at(m, 2)) == "0,2");
    CHECK(ref_locals(at(m, 5)) == "0,2");  // after the first return
    CHECK(ref_locals(at(m, 12)) == "0");   // after the second: local 2 is an int
    CHECK(ref_locals(at(m, 14)) == "0");   // inside: ref or int, by caller
    CHECK(ref_stack(at(m, 14)) == "v");    // the returnAddress
    CHECK(ref_locals(at(m, 18)) == "0");   // local 3 holds the returnAddress
    CHECK(m.at(13) == nullptr);
    CHECK(m.ambiguous_locals() == std::vector<uint16_t>{2});
  }

  TEST_CASE("jsr/ret: a reference meeting a local already in conflict is ambiguous too") {
    Assembled a = assemble({
        0xa8, 0x00, 0x10,  // 0: jsr 16             local 2 never written
        0x03,              // 3: iconst_0
        0x3d,              // 4: istore_2           local 2 = int
        0xa8, 0x00, 0x0b,  // 5: jsr 16
        0x2a,              // 8: aload_0
        0x4d,              // 9: astore_2           local 2 = ref
        0xa8, 0x00, 0x06,  // 10: jsr 16
        0x2c,              // 13: aload_2
        0x57,              // 14: pop
        0xb1,              // 15: return
        0x4e,              // 16: astore_3
        0xa9, 0x03,        // 17: ret 3
    });
    auto maps = MethodOopMaps::compute(a.code(4, 1));
    REQUIRE_MESSAGE(maps.ok(), (maps.ok() ? "" : maps.error().message));
    CHECK(ref_locals(at(**maps, 13)) == "0,2");
    CHECK(ref_locals(at(**maps, 16)) == "0");
    CHECK((*maps)->ambiguous_locals() == std::vector<uint16_t>{2});
  }

  TEST_CASE("jsr/ret: a local the subroutine writes comes from the ret") {
    Assembled a = assemble({
        0x03,              // 0: iconst_0
        0x3d,              // 1: istore_2           local 2 = int
        0xa8, 0x00, 0x07,  // 2: jsr 9
        0x2c,              // 5: aload_2            a ref now: the subroutine stored one
        0x57,              // 6: pop
        0xb1,              // 7: return
        0x00,              // 8: nop (dead)
        0x4e,              // 9: astore_3
        0x2a,              // 10: aload_0
        0x4d,              // 11: astore_2
        0xa9, 0x03,        // 12: ret 3
    });
    auto maps = MethodOopMaps::compute(a.code(4, 1));
    REQUIRE_MESSAGE(maps.ok(), (maps.ok() ? "" : maps.error().message));
    CHECK(ref_locals(at(**maps, 5)) == "0,2");
    CHECK(ref_locals(at(**maps, 10)) == "0");
    CHECK((*maps)->ambiguous_locals().empty());
  }

  TEST_CASE("malformed code is a VerifyError naming the bci") {
    Assembled underflow = assemble({0x57, 0xb1});  // pop; return
    auto r = MethodOopMaps::compute(underflow.code(2, 1));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().exception == "java/lang/VerifyError");
    CHECK(r.error().message == "reference map: operand stack underflow at bci 0");

    Assembled off_end = assemble({0x03});  // iconst_0, then nothing
    r = MethodOopMaps::compute(off_end.code(2, 1));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message == "reference map: control falls off the code at bci 0");

    Assembled bad_local = assemble({0x19, 0x09, 0xb0});  // aload 9
    r = MethodOopMaps::compute(bad_local.code(2, 1));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message == "reference map: bad local index at bci 0");

    Assembled depth = assemble({0x1b, 0x99, 0x00, 0x04, 0x03, 0xb1});  // iload_1; ifeq; iconst_0
    r = MethodOopMaps::compute(depth.code(2, 1));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("stack depth") != std::string::npos);
  }

  TEST_CASE("StackMapTable frames decode against the initial frame") {
    const auto& m = method("tryCatch");
    REQUIRE(m.code->stack_map_table);
    auto frames = parse_stack_map_table(*m.code->stack_map_table,
                                        initial_frame_locals(m.signature, true, false));
    REQUIRE(frames.ok());
    const uint32_t handler = m.code->exception_table[0].handler_pc;
    auto it = std::find_if(frames->begin(), frames->end(),
                           [&](const StackMapFrame& f) { return f.bci == handler; });
    REQUIRE(it != frames->end());
    REQUIRE(it->stack.size() == 1);
    CHECK(it->stack[0].tag == VerificationTag::kObject);
    CHECK(samples()
              .constant_pool.class_name(it->stack[0].value)
              ->equals("java/lang/RuntimeException"));
    REQUIRE(it->locals.size() >= 2);
    CHECK(it->locals[0].is_reference());

    // wide(JLjava/lang/Object;D): Long, Top, Object, Double, Top.
    const auto& w = method("wide");
    auto init = initial_frame_locals(w.signature, true, false);
    CHECK(init.size() == 3);
    std::vector<uint8_t> empty{0, 0};
    auto none = parse_stack_map_table(empty, init);
    REQUIRE(none.ok());
    CHECK(none->empty());
    std::vector<uint8_t> reserved{0, 1, 200};
    CHECK_FALSE(parse_stack_map_table(reserved, init).ok());
    std::vector<uint8_t> chop_too_many{0, 1, 248, 0, 0};  // chop 3 of 3: fine
    auto chopped = parse_stack_map_table(chop_too_many, init);
    REQUIRE(chopped.ok());
    CHECK((*chopped)[0].locals.empty());
    std::vector<uint8_t> truncated{0, 2, 0};
    CHECK_FALSE(parse_stack_map_table(truncated, init).ok());
  }

  TEST_CASE("every StackMapTable frame of the test classes agrees with the maps") {
    OracleStats stats;
    for (const auto& entry : fs::recursive_directory_iterator(MINIJVM_TEST_CLASSES)) {
      if (entry.path().extension() != ".class") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                 std::istreambuf_iterator<char>()};
      classfile::ParseOptions options;
      options.allow_module_info = true;
      auto cf = classfile::parse_class_file(bytes, {}, options);
      if (!cf.ok()) continue;  // the deliberately malformed ones
      check_class(**cf, stats);
    }
    report("test classes", stats);
    CHECK(stats.frames > 1000);
  }

  TEST_CASE("every StackMapTable frame of java.base agrees with the maps") {
    auto jdk = locate_jdk();
    REQUIRE_MESSAGE(jdk.ok(), (jdk.ok() ? "" : jdk.error().message));
    ClassPath path;
    REQUIRE(path.append_java_base(*jdk).ok());
    const std::vector<std::string> names = path.list_classes();
    REQUIRE(names.size() > 1000);
    // Every class of java.base (~1 s); every 8th in unoptimized builds,
    // where the sanitizers make the whole module take over a minute.
#ifdef NDEBUG
    constexpr size_t kStride = 1;
#else
    constexpr size_t kStride = 8;
#endif
    OracleStats stats;
    for (size_t i = 0; i < names.size(); i += kStride) {
      auto bytes = path.find_class(names[i]);
      REQUIRE(bytes.ok());
      REQUIRE(bytes->has_value());
      classfile::ParseOptions options;
      options.allow_module_info = true;
      auto cf = classfile::parse_class_file((*bytes)->bytes, {}, options);
      REQUIRE_MESSAGE(cf.ok(), names[i]);
      check_class(**cf, stats);
    }
    report("java.base", stats);
    CHECK(stats.classes > 700);
  }

  TEST_CASE("oop_map_at caches per runtime Method") {
    Klass* k = minijvm::test::test_class("oopmap/OopMapSamples");
    Method* m = k->find_declared_method(intern("callWithStack"), intern("()V"));
    REQUIRE(m != nullptr);
    auto maps = oop_maps_for(m);
    REQUIRE(maps.ok());
    auto again = oop_maps_for(m);
    REQUIRE(again.ok());
    CHECK(maps.value() == again.value());  // computed once
    const classfile::MethodInfo& info = method("callWithStack");
    const OopMap* map = oop_map_at(m, call_to(info, "bar"));
    REQUIRE(map != nullptr);
    CHECK(ref_stack(*map) == "R");
    CHECK(oop_map_at(m, 1) == nullptr);
  }

  TEST_CASE("oop_maps_for is thread-safe: racing threads see one result per method") {
    Klass* k = minijvm::test::test_class("oopmap/OopMapSamples");
    std::vector<Method*> methods;
    for (const auto& m : k->methods)
      if (m->code) methods.push_back(m.get());
    REQUIRE(methods.size() > 10);
    // Each thread asks for every method once, starting at a different one.
    const size_t n = methods.size();
    std::vector<std::vector<const MethodOopMaps*>> seen(4, std::vector<const MethodOopMaps*>(n));
    std::vector<std::thread> threads;
    for (size_t t = 0; t < seen.size(); ++t) {
      threads.emplace_back([&, t] {
        for (size_t i = 0; i < n; ++i) {
          const size_t index = (i + t * 3) % n;
          auto maps = oop_maps_for(methods[index]);
          seen[t][index] = maps.ok() ? maps.value() : nullptr;
        }
      });
    }
    for (auto& thread : threads) thread.join();
    for (size_t i = 0; i < n; ++i) {
      auto maps = oop_maps_for(methods[i]);
      REQUIRE(maps.ok());
      for (const auto& per_thread : seen) CHECK(per_thread[i] == maps.value());
    }
  }

  TEST_CASE("frame_oops_do visits the marked locals and the marked slots below sp") {
    Klass* k = minijvm::test::test_class("oopmap/OopMapSamples");
    Method* m = k->find_declared_method(intern("tryCatch"),
                                        intern("(Ljava/lang/Object;)Ljava/lang/String;"));
    REQUIRE(m != nullptr);
    std::vector<Slot> locals(m->max_locals), stack(m->max_stack);
    Frame frame;
    frame.method = m;
    frame.locals = locals.data();
    frame.stack_base = stack.data();
    auto visited = [&] {
      std::vector<std::string> names;
      const bool ok = frame_oops_do(frame, [&](Slot* s) {
        if (s >= locals.data() && s < locals.data() + locals.size())
          names.push_back(std::string("L") + std::to_string(s - locals.data()));
        else
          names.push_back(std::string("S") + std::to_string(s - stack.data()));
      });
      return ok ? names : std::vector<std::string>{"none"};
    };
    // At the handler: o, s and the exception.
    frame.pc = m->code + method("tryCatch").code->exception_table[0].handler_pc;
    frame.sp = frame.stack_base + 1;
    CHECK(visited() == std::vector<std::string>{"L0", "L1", "S0"});
    // At o.toString() with the receiver handed to the callee: sp below it.
    frame.pc = m->code + call_to(method("tryCatch"), "toString");
    frame.sp = frame.stack_base;
    CHECK(visited() == std::vector<std::string>{"L0", "L1"});
    frame.sp = frame.stack_base + 1;  // not yet handed over
    CHECK(visited() == std::vector<std::string>{"L0", "L1", "S0"});
    frame.pc = m->code + 1;  // not an instruction start
    CHECK(visited() == std::vector<std::string>{"none"});
  }
}
