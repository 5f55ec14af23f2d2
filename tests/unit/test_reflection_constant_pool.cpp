// jdk.internal.reflect.ConstantPool natives (classlib-bridge/jvm/
// jvm_constant_pool.cpp) on the VM core of runtime_test_support.h, read
// against java.lang.Integer's own constant pool: the member and
// NameAndType accessors sun.reflect.annotation.AnnotationParser and
// friends use, and HotSpot's exceptions for bad indices and tags.
#include <string>
#include <vector>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "runtime_test_support.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

using classfile::CpTag;
using test::runtime_thread;

jobject local(Object* o) {
  return o ? reinterpret_cast<jobject>(runtime_thread()->handles().make(o).slot()) : nullptr;
}
Object* deref(jobject ref) { return ref ? *reinterpret_cast<Object**>(ref) : nullptr; }

std::string take_pending(JavaThread* t) {
  Object* e = t->pending_exception();
  if (e == nullptr) return "";
  std::string s = e->klass()->external_name();
  std::string message = exception_message(e);
  if (!message.empty()) s += ": " + message;
  t->clear_pending_exception();
  return s;
}

std::string str(const Object* s) { return s ? string_to_utf8(s) : "<null>"; }

Object* ref_field(Object* o, const char* name, const char* desc) {
  FieldDesc* f = lookup_field(o->klass(), intern(name), intern(desc));
  REQUIRE_MESSAGE(f != nullptr, name);
  return o->ref_field(f->offset);
}

// The first constant-pool index of `k` with `tag` whose member reference
// (class, name, descriptor) matches; 0 if none.
uint16_t find_member_ref(Klass* k, CpTag tag, const char* cls, const char* name, const char* desc) {
  const auto& cp = k->class_file->constant_pool;
  for (uint16_t i = 1; i < cp.count(); ++i) {
    if (cp.tag(i) != tag) continue;
    const auto ref = cp.member_ref(i);
    if (ref.class_name->equals(cls) && ref.name->equals(name) && ref.descriptor->equals(desc))
      return i;
  }
  return 0;
}

std::vector<std::string> strings_of(jobjectArray array) {
  std::vector<std::string> out;
  auto* a = static_cast<ArrayObject*>(deref(array));
  if (a == nullptr) return out;
  for (int32_t i = 0; i < a->length(); ++i) out.push_back(str(a->data<Object*>()[i]));
  return out;
}

struct PoolFixture {
  JavaThread* t = runtime_thread();
  test::FakeJava fake_java;  // ConstantPool's <clinit> is recorded, not run
  HandleMark mark{t->handles()};
  Klass* integer = test::boot_class("java/lang/Integer");
  jobject pool = nullptr;
  jobject holder = nullptr;  // what ConstantPool.constantPoolOop holds: the mirror

  PoolFixture() {
    pool = JVM_GetClassConstantPool(nullptr, static_cast<jclass>(local(integer->mirror)));
    REQUIRE(pool != nullptr);
    REQUIRE(take_pending(t).empty());
    holder = local(ref_field(deref(pool), "constantPoolOop", "Ljava/lang/Object;"));
    REQUIRE(deref(holder) == integer->mirror);
  }
};

TEST_CASE("reflection: ConstantPool GetFieldAt builds a Field of the referenced class") {
  PoolFixture f;
  uint16_t index = find_member_ref(f.integer, CpTag::kFieldref, "java/lang/Integer", "value", "I");
  REQUIRE(index != 0);
  for (bool if_loaded : {false, true}) {
    jobject field = if_loaded ? JVM_ConstantPoolGetFieldAtIfLoaded(nullptr, f.pool, f.holder, index)
                              : JVM_ConstantPoolGetFieldAt(nullptr, f.pool, f.holder, index);
    REQUIRE(take_pending(f.t).empty());
    REQUIRE(field != nullptr);
    Object* o = deref(field);
    CHECK(o->klass() == vm().classes.Field);
    CHECK(str(ref_field(o, "name", "Ljava/lang/String;")) == "value");
    CHECK(ref_field(o, "clazz", "Ljava/lang/Class;") == f.integer->mirror);
    CHECK(ref_field(o, "type", "Ljava/lang/Class;") == primitive_mirror(BasicType::kInt));
  }
  // A Methodref is not a Fieldref.
  uint16_t method = find_member_ref(f.integer, CpTag::kMethodref, "java/lang/Integer", "parseInt",
                                    "(Ljava/lang/String;I)I");
  REQUIRE(method != 0);
  CHECK(JVM_ConstantPoolGetFieldAt(nullptr, f.pool, f.holder, method) == nullptr);
  CHECK(take_pending(f.t) ==
        "java.lang.IllegalArgumentException: Wrong type at constant pool index");
}

TEST_CASE("reflection: ConstantPool GetMethodAt gives Methods and Constructors") {
  PoolFixture f;
  uint16_t parse = find_member_ref(f.integer, CpTag::kMethodref, "java/lang/Integer", "parseInt",
                                   "(Ljava/lang/String;I)I");
  REQUIRE(parse != 0);
  jobject m = JVM_ConstantPoolGetMethodAt(nullptr, f.pool, f.holder, parse);
  REQUIRE(take_pending(f.t).empty());
  REQUIRE(m != nullptr);
  CHECK(deref(m)->klass() == vm().classes.Method);
  CHECK(str(ref_field(deref(m), "name", "Ljava/lang/String;")) == "parseInt");
  CHECK(ref_field(deref(m), "returnType", "Ljava/lang/Class;") ==
        primitive_mirror(BasicType::kInt));
  // The reflected slot maps back to the same VM method.
  Method* vm_method = method_of_reflect(f.t, deref(m));
  REQUIRE(vm_method != nullptr);
  CHECK(vm_method->name->equals("parseInt"));
  CHECK(vm_method->descriptor->equals("(Ljava/lang/String;I)I"));

  // Integer's constructors call Number.<init>: a Constructor of Number.
  uint16_t super_init =
      find_member_ref(f.integer, CpTag::kMethodref, "java/lang/Number", "<init>", "()V");
  REQUIRE(super_init != 0);
  jobject c = JVM_ConstantPoolGetMethodAtIfLoaded(nullptr, f.pool, f.holder, super_init);
  REQUIRE(take_pending(f.t).empty());
  REQUIRE(c != nullptr);
  CHECK(deref(c)->klass() == vm().classes.Constructor);
  CHECK(ref_field(deref(c), "clazz", "Ljava/lang/Class;") ==
        test::boot_class("java/lang/Number")->mirror);

  uint16_t field = find_member_ref(f.integer, CpTag::kFieldref, "java/lang/Integer", "value", "I");
  CHECK(JVM_ConstantPoolGetMethodAt(nullptr, f.pool, f.holder, field) == nullptr);
  CHECK(take_pending(f.t) ==
        "java.lang.IllegalArgumentException: Wrong type at constant pool index");
}

TEST_CASE("reflection: ConstantPool member and NameAndType infos are String arrays") {
  PoolFixture f;
  uint16_t index = find_member_ref(f.integer, CpTag::kFieldref, "java/lang/Integer", "value", "I");
  REQUIRE(index != 0);
  jobjectArray info = JVM_ConstantPoolGetMemberRefInfoAt(nullptr, f.pool, f.holder, index);
  REQUIRE(take_pending(f.t).empty());
  CHECK(strings_of(info) == std::vector<std::string>{"java/lang/Integer", "value", "I"});

  jint nt = JVM_ConstantPoolGetNameAndTypeRefIndexAt(nullptr, f.pool, f.holder, index);
  REQUIRE(take_pending(f.t).empty());
  CHECK(JVM_ConstantPoolGetTagAt(nullptr, f.pool, f.holder, nt) ==
        static_cast<jbyte>(CpTag::kNameAndType));
  jobjectArray nt_info = JVM_ConstantPoolGetNameAndTypeRefInfoAt(nullptr, f.pool, f.holder, nt);
  REQUIRE(take_pending(f.t).empty());
  CHECK(strings_of(nt_info) == std::vector<std::string>{"value", "I"});

  // A NameAndType is not a member reference, and a member reference is not a NameAndType.
  CHECK(JVM_ConstantPoolGetMemberRefInfoAt(nullptr, f.pool, f.holder, nt) == nullptr);
  CHECK(take_pending(f.t) ==
        "java.lang.IllegalArgumentException: Wrong type at constant pool index");
  CHECK(JVM_ConstantPoolGetNameAndTypeRefInfoAt(nullptr, f.pool, f.holder, index) == nullptr);
  CHECK(take_pending(f.t) ==
        "java.lang.IllegalArgumentException: Wrong type at constant pool index");
}

TEST_CASE("reflection: ConstantPool indices are bounds-checked") {
  PoolFixture f;
  const jint size = JVM_ConstantPoolGetSize(nullptr, f.pool, f.holder);
  CHECK(size == f.integer->class_file->constant_pool.count());
  for (jint bad : {0, -1, size}) {
    CHECK(JVM_ConstantPoolGetMethodAt(nullptr, f.pool, f.holder, bad) == nullptr);
    CHECK(take_pending(f.t) ==
          "java.lang.IllegalArgumentException: Constant pool index out of bounds");
    CHECK(JVM_ConstantPoolGetFieldAtIfLoaded(nullptr, f.pool, f.holder, bad) == nullptr);
    CHECK(take_pending(f.t) ==
          "java.lang.IllegalArgumentException: Constant pool index out of bounds");
    CHECK(JVM_ConstantPoolGetNameAndTypeRefInfoAt(nullptr, f.pool, f.holder, bad) == nullptr);
    CHECK(take_pending(f.t) ==
          "java.lang.IllegalArgumentException: Constant pool index out of bounds");
  }
}

}  // namespace
}  // namespace minijvm
