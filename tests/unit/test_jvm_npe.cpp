// Helpful NullPointerException messages against HotSpot 17: every expected
// string below was printed by `java` for the same fixture
// (tests/java/jvm/JvmNpeSample.java, compiled with javac -g).
#include <optional>
#include <string>

#include "classlib-bridge/jvm/npe_message.h"
#include "runtime_test_support.h"
#include "vm/bytecode/decoder.h"

namespace minijvm {
namespace {

// The bci of the first `opcode` in `method`.
uint32_t first(const Method* m, bytecode::Opcode opcode) {
  for (const bytecode::Instruction& insn :
       bytecode::instructions(std::span<const uint8_t>(m->code, m->code_length))) {
    if (insn.opcode == opcode) return insn.pc;
  }
  FAIL("opcode not found in " << m->name->str());
  return 0;
}

TEST_CASE("jvm: helpful NullPointerException messages match HotSpot 17") {
  test::FakeJava fake_java;
  using bytecode::Opcode;
  Klass* k = test::test_class("jvm/JvmNpeSample");
  struct Case {
    const char* method;
    Opcode faulting;
    const char* expected;  // nullptr: no message
  } cases[] = {
      {"local", Opcode::kInvokevirtual, "Cannot invoke \"String.length()\" because \"s\" is null"},
      {"chain", Opcode::kInvokevirtual,
       "Cannot invoke \"jvm.JvmNpeSample.val()\" because \"n.next\" is null"},
      {"ret", Opcode::kInvokevirtual,
       "Cannot invoke \"jvm.JvmNpeSample.val()\" because the return value of "
       "\"jvm.JvmNpeSample.make()\" is null"},
      {"stat", Opcode::kGetfield,
       "Cannot read field \"name\" because \"jvm.JvmNpeSample.stat\" is null"},
      {"store", Opcode::kIastore, "Cannot store to int array because \"n.arr\" is null"},
      {"length", Opcode::kArraylength, "Cannot read the array length because \"a\" is null"},
      {"element", Opcode::kInvokevirtual,
       "Cannot invoke \"jvm.JvmNpeSample.val()\" because \"ns[k]\" is null"},
      {"assign", Opcode::kPutfield, "Cannot assign field \"name\" because \"n\" is null"},
      {"sync", Opcode::kMonitorenter, "Cannot enter synchronized block because \"o\" is null"},
      {"thrw", Opcode::kAthrow, "Cannot throw exception because \"e\" is null"},
      {"explicit", Opcode::kInvokespecial, nullptr},
      {"merged", Opcode::kInvokevirtual, "Cannot invoke \"String.length()\""},
      {"deep", Opcode::kInvokevirtual,
       "Cannot invoke \"jvm.JvmNpeSample.val()\" because \"next.next.next.next.next\" is null"},
      {"self", Opcode::kInvokevirtual,
       "Cannot invoke \"jvm.JvmNpeSample.val()\" because \"this.next\" is null"},
      {"longs", Opcode::kLastore, "Cannot store to long array because \"a\" is null"},
      {"cast", Opcode::kInvokevirtual, "Cannot invoke \"String.length()\" because \"o\" is null"},
      {"map", Opcode::kInvokeinterface,
       "Cannot invoke \"java.util.Map.get(Object)\" because \"m\" is null"},
  };
  for (const Case& c : cases) {
    Method* m = nullptr;
    for (auto& method : k->methods) {
      if (method->name->equals(c.method)) m = method.get();
    }
    REQUIRE_MESSAGE(m != nullptr, c.method);
    std::optional<std::string> message = extended_npe_message(m, first(m, c.faulting));
    if (c.expected == nullptr) {
      CHECK_MESSAGE(!message.has_value(), c.method);
    } else {
      REQUIRE_MESSAGE(message.has_value(), c.method);
      CHECK(*message == c.expected);
    }
  }
  // Not a dereferencing bytecode: no message.
  Method* local = k->find_declared_method(intern("local"), intern("()V"));
  CHECK_FALSE(extended_npe_message(local, 0).has_value());  // aconst_null
}

}  // namespace
}  // namespace minijvm
