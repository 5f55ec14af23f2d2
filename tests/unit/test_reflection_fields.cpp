// java.lang.reflect.Field objects built by jvm_reflection.cpp
// (JVM_GetClassDeclaredFields): names, types, modifiers and the
// trustedFinal bit HotSpot computes (fieldDescriptor::is_trusted_final),
// which decides whether setAccessible(true) can make a final field writable.
#include <map>
#include <string>

#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "runtime_test_support.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

using test::runtime_thread;

struct FieldView {
  int32_t modifiers = 0;
  bool trusted_final = false;
  Object* type = nullptr;
};

FieldDesc* java_field(Klass* k, const char* name, const char* desc) {
  FieldDesc* f = lookup_field(k, intern(name), intern(desc));
  REQUIRE_MESSAGE(f != nullptr, name);
  return f;
}

// name -> what the reflected Field says, for every declared field of `k`.
std::map<std::string, FieldView> reflect_fields(Klass* k) {
  JavaThread* t = runtime_thread();
  auto* fields = static_cast<ArrayObject*>(declared_fields(t, k, false));
  REQUIRE(fields != nullptr);
  REQUIRE_FALSE(t->has_pending_exception());
  Klass* field_class = vm().classes.Field;
  const uint32_t name = java_field(field_class, "name", "Ljava/lang/String;")->offset;
  const uint32_t modifiers = java_field(field_class, "modifiers", "I")->offset;
  const uint32_t trusted = java_field(field_class, "trustedFinal", "Z")->offset;
  const uint32_t type = java_field(field_class, "type", "Ljava/lang/Class;")->offset;
  std::map<std::string, FieldView> out;
  for (int32_t i = 0; i < fields->length(); ++i) {
    Object* f = fields->data<Object*>()[i];
    out[string_to_utf8(f->ref_field(name))] = {f->field<int32_t>(modifiers),
                                               f->field<uint8_t>(trusted) != 0, f->ref_field(type)};
  }
  return out;
}

TEST_CASE("reflection: trustedFinal covers static finals and record fields only") {
  test::FakeJava fake_java;
  HandleMark mark(runtime_thread()->handles());

  // java.lang.Integer: `private final int value` is an ordinary final
  // (setAccessible may open it); its static finals are trusted.
  auto integer = reflect_fields(test::boot_class("java/lang/Integer"));
  REQUIRE(integer.count("value") == 1);
  CHECK(integer["value"].modifiers == (0x0002 | 0x0010));  // private final
  CHECK_FALSE(integer["value"].trusted_final);
  CHECK(integer["value"].type == primitive_mirror(BasicType::kInt));
  REQUIRE(integer.count("MIN_VALUE") == 1);
  CHECK(integer["MIN_VALUE"].trusted_final);
  REQUIRE(integer.count("digits") == 1);  // static final, package-private
  CHECK(integer["digits"].trusted_final);

  // A record's component fields are trusted finals.
  auto point = reflect_fields(test::test_class("jvm/JvmPoint"));
  REQUIRE(point.count("x") == 1);
  REQUIRE(point.count("label") == 1);
  CHECK(point["x"].trusted_final);
  CHECK(point["label"].trusted_final);
  CHECK(point["label"].type == test::boot_class("java/lang/String")->mirror);
}

TEST_CASE("reflection: final fields of a hidden class are trusted finals") {
  test::FakeJava fake_java;
  HandleMark mark(runtime_thread()->handles());
  // tests/java/diff/reflect/HiddenClasses.java's Template (final, plain and
  // static fields), defined here as an ordinary class; then seen as hidden
  // (the flag is restored: only this test uses the class in the VM core).
  Klass* k = test::test_class("diff/reflect/HiddenClasses$Template");
  auto normal = reflect_fields(k);
  REQUIRE(normal.count("finalField") == 1);
  CHECK_FALSE(normal["finalField"].trusted_final);
  CHECK_FALSE(normal["plainField"].trusted_final);
  CHECK_FALSE(normal["staticField"].trusted_final);  // static, but not final

  const bool was_hidden = k->is_hidden;
  k->is_hidden = true;
  auto hidden = reflect_fields(k);
  k->is_hidden = was_hidden;
  CHECK(hidden["finalField"].trusted_final);
  CHECK_FALSE(hidden["plainField"].trusted_final);
  CHECK_FALSE(hidden["staticField"].trusted_final);
}

}  // namespace
}  // namespace minijvm
