// The VM-internal natives and the JVM_* support code against the real
// java.base, on the VM core of runtime_test_support.h (no interpreter: Java
// frames are built by hand where a stack is needed).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/jni/jni_internal.h"
#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_hooks.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/natives/registry.h"
#include "runtime_test_support.h"
#include "safepoint/collector.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

using test::boot_class;
using test::runtime_thread;

NativeInvoker native(std::span<const NativeEntry> table, std::string_view name,
                     std::string_view descriptor) {
  for (const NativeEntry& e : table) {
    if (e.name == name && e.descriptor == descriptor) return e.function;
  }
  FAIL("no native " << std::string(name) << std::string(descriptor));
  return nullptr;
}

Slot call(NativeInvoker f, std::vector<Slot> args) {
  Slot result = slot_long(0);
  f(runtime_thread(), nullptr, args.data(), &result);
  return result;
}

std::string pending_class_and_message(JavaThread* t) {
  Object* e = t->pending_exception();
  if (e == nullptr) return "";
  std::string s = e->klass()->external_name() + ": " + exception_message(e);
  t->clear_pending_exception();
  return s;
}

Object* ref_field(Object* o, const char* name, const char* desc) {
  FieldDesc* f = lookup_field(o->klass(), intern(name), intern(desc));
  REQUIRE_MESSAGE(f != nullptr, name);
  return o->ref_field(f->offset);
}

int32_t int_field(Object* o, const char* name) {
  FieldDesc* f = lookup_field(o->klass(), intern(name), intern("I"));
  REQUIRE_MESSAGE(f != nullptr, name);
  return o->field<int32_t>(f->offset);
}

std::string str(const Object* s) { return s ? string_to_utf8(s) : "<null>"; }

const Slot kNone = slot_ref(nullptr);

TEST_CASE("jvm: Unsafe.objectFieldOffset1 agrees with the runtime's field layout") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* string_klass = boot_class("java/lang/String");
  auto offset1 =
      native(unsafe_natives(), "objectFieldOffset1", "(Ljava/lang/Class;Ljava/lang/String;)J");
  for (const char* name : {"value", "coder", "hash"}) {
    HandleMark mark(t->handles());
    Object* n = new_string_from_utf8(t, name);
    Slot r = call(offset1, {kNone, slot_ref(string_klass->mirror), slot_ref(n)});
    REQUIRE_FALSE(t->has_pending_exception());
    const FieldDesc* fd = nullptr;
    for (const FieldDesc& f : string_klass->fields) {
      if (f.name->equals(name)) fd = &f;
    }
    REQUIRE(fd != nullptr);
    CHECK(r.j == fd->offset);
    CHECK(r.j >= kObjectHeaderSize);
  }
  // HotSpot: InternalError for a field the class does not declare.
  Object* missing = new_string_from_utf8(t, "noSuchField");
  call(offset1, {kNone, slot_ref(string_klass->mirror), slot_ref(missing)});
  CHECK(pending_class_and_message(t).rfind("java.lang.InternalError", 0) == 0);
}

TEST_CASE("jvm: Unsafe array offsets follow the object layout") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  auto base = native(unsafe_natives(), "arrayBaseOffset0", "(Ljava/lang/Class;)I");
  auto scale = native(unsafe_natives(), "arrayIndexScale0", "(Ljava/lang/Class;)I");
  struct Case {
    Klass* k;
    int32_t scale;
  } cases[] = {
      {primitive_array_klass(BasicType::kInt), 4},     {primitive_array_klass(BasicType::kLong), 8},
      {primitive_array_klass(BasicType::kByte), 1},    {primitive_array_klass(BasicType::kChar), 2},
      {primitive_array_klass(BasicType::kBoolean), 1}, {array_klass_of(t, vm().classes.Object), 8}};
  for (const Case& c : cases) {
    REQUIRE(c.k != nullptr);
    CHECK(call(base, {kNone, slot_ref(c.k->mirror)}).i == static_cast<int32_t>(kArrayBaseOffset));
    CHECK(call(scale, {kNone, slot_ref(c.k->mirror)}).i == c.scale);
  }
  // Element i of an int[] is at base + 4 i.
  HandleMark mark(t->handles());
  ArrayObject* a = new_primitive_array(t, BasicType::kInt, 3);
  a->data<int32_t>()[2] = 77;
  auto get_int = native(unsafe_natives(), "getInt", "(Ljava/lang/Object;J)I");
  CHECK(call(get_int, {kNone, slot_ref(a), slot_long(kArrayBaseOffset + 8), kNone}).i == 77);
}

TEST_CASE("jvm: Unsafe compare-and-set and compare-and-exchange") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  HandleMark mark(t->handles());
  ArrayObject* ints = new_primitive_array(t, BasicType::kInt, 2);
  auto cas_int = native(unsafe_natives(), "compareAndSetInt", "(Ljava/lang/Object;JII)Z");
  auto cax_int = native(unsafe_natives(), "compareAndExchangeInt", "(Ljava/lang/Object;JII)I");
  const int64_t off = kArrayBaseOffset + 4;
  CHECK(call(cas_int, {kNone, slot_ref(ints), slot_long(off), kNone, slot_int(0), slot_int(5)}).i ==
        1);
  CHECK(ints->data<int32_t>()[1] == 5);
  CHECK(call(cas_int, {kNone, slot_ref(ints), slot_long(off), kNone, slot_int(0), slot_int(9)}).i ==
        0);
  CHECK(ints->data<int32_t>()[1] == 5);
  CHECK(call(cax_int, {kNone, slot_ref(ints), slot_long(off), kNone, slot_int(1), slot_int(9)}).i ==
        5);
  CHECK(call(cax_int, {kNone, slot_ref(ints), slot_long(off), kNone, slot_int(5), slot_int(9)}).i ==
        5);
  CHECK(ints->data<int32_t>()[1] == 9);
  CHECK(ints->data<int32_t>()[0] == 0);

  ArrayObject* longs = new_primitive_array(t, BasicType::kLong, 1);
  auto cas_long = native(unsafe_natives(), "compareAndSetLong", "(Ljava/lang/Object;JJJ)Z");
  const int64_t big = int64_t{1} << 40;
  CHECK(call(cas_long, {kNone, slot_ref(longs), slot_long(kArrayBaseOffset), kNone, slot_long(0),
                        kNone, slot_long(big), kNone})
            .i == 1);
  CHECK(longs->data<int64_t>()[0] == big);
  CHECK(call(cas_long, {kNone, slot_ref(longs), slot_long(kArrayBaseOffset), kNone, slot_long(0),
                        kNone, slot_long(1), kNone})
            .i == 0);

  Klass* object_array = array_klass_of(t, vm().classes.Object);
  ArrayObject* refs = new_array(t, object_array, 1);
  Object* s = new_string_from_utf8(t, "x");
  auto cas_ref = native(unsafe_natives(), "compareAndSetReference",
                        "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z");
  CHECK(call(cas_ref, {kNone, slot_ref(refs), slot_long(kArrayBaseOffset), kNone, slot_ref(nullptr),
                       slot_ref(s)})
            .i == 1);
  CHECK(refs->data<Object*>()[0] == s);
  CHECK(call(cas_ref, {kNone, slot_ref(refs), slot_long(kArrayBaseOffset), kNone, slot_ref(nullptr),
                       slot_ref(nullptr)})
            .i == 0);
  CHECK(refs->data<Object*>()[0] == s);
}

TEST_CASE("jvm: Unsafe off-heap memory: absolute addresses, volatile access, swaps") {
  test::FakeJava fake_java;
  auto alloc = native(unsafe_natives(), "allocateMemory0", "(J)J");
  auto free_mem = native(unsafe_natives(), "freeMemory0", "(J)V");
  auto put_vol = native(unsafe_natives(), "putIntVolatile", "(Ljava/lang/Object;JI)V");
  auto get_vol = native(unsafe_natives(), "getIntVolatile", "(Ljava/lang/Object;J)I");
  auto put_double = native(unsafe_natives(), "putDouble", "(Ljava/lang/Object;JD)V");
  auto get_double = native(unsafe_natives(), "getDouble", "(Ljava/lang/Object;J)D");
  auto swap =
      native(unsafe_natives(), "copySwapMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJJ)V");
  int64_t p = call(alloc, {kNone, slot_long(64), kNone}).j;
  REQUIRE(p != 0);
  call(put_vol, {kNone, kNone, slot_long(p), kNone, slot_int(0x01020304)});
  CHECK(call(get_vol, {kNone, kNone, slot_long(p), kNone}).i == 0x01020304);
  call(swap, {kNone, kNone, slot_long(p), kNone, kNone, slot_long(p + 8), kNone, slot_long(4),
              kNone, slot_long(4), kNone});
  CHECK(*reinterpret_cast<int32_t*>(p + 8) == 0x04030201);
  call(put_double, {kNone, kNone, slot_long(p + 16), kNone, slot_double(2.5), kNone});
  CHECK(call(get_double, {kNone, kNone, slot_long(p + 16), kNone}).d == 2.5);
  call(free_mem, {kNone, slot_long(p), kNone});
}

TEST_CASE("jvm: arraycopy messages are HotSpot 17's") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* ints = primitive_array_klass(BasicType::kInt);
  Klass* longs = primitive_array_klass(BasicType::kLong);
  Klass* objects = array_klass_of(t, vm().classes.Object);
  Klass* string = boot_class("java/lang/String");
  bool store = false;
  // Measured with `java` 17 (System.arraycopy on the same arguments).
  CHECK(array_copy_error(ints, 10, 2, ints, 10, 0, 9, &store) ==
        "arraycopy: last source index 11 out of bounds for int[10]");
  CHECK_FALSE(store);
  CHECK(array_copy_error(ints, 10, 0, ints, 5, 0, 9, &store) ==
        "arraycopy: last destination index 9 out of bounds for int[5]");
  CHECK(array_copy_error(ints, 10, -1, ints, 10, 0, 1, &store) ==
        "arraycopy: source index -1 out of bounds for int[10]");
  CHECK(array_copy_error(ints, 10, 0, ints, 10, -2, 1, &store) ==
        "arraycopy: destination index -2 out of bounds for int[10]");
  CHECK(array_copy_error(ints, 10, 0, ints, 10, 0, -3, &store) ==
        "arraycopy: length -3 is negative");
  CHECK(array_copy_error(ints, 10, 0, objects, 10, 0, 1, &store) ==
        "arraycopy: type mismatch: can not copy int[] into object array[]");
  CHECK(store);
  CHECK(array_copy_error(objects, 10, 0, ints, 10, 0, 1, &store) ==
        "arraycopy: type mismatch: can not copy object array[] into int[]");
  CHECK(array_copy_error(ints, 10, 0, longs, 10, 0, 1, &store) ==
        "arraycopy: type mismatch: can not copy int[] into long[]");
  CHECK(array_copy_error(string, 0, 0, ints, 10, 0, 1, &store) ==
        "arraycopy: source type java.lang.String is not an array");
  CHECK(array_copy_error(ints, 10, 0, string, 0, 0, 1, &store) ==
        "arraycopy: destination type java.lang.String is not an array");
  CHECK(array_copy_error(objects, 3, 1, objects, 2, 0, 3, &store) ==
        "arraycopy: last source index 4 out of bounds for object array[3]");
  CHECK(array_copy_error(ints, 10, 0, ints, 10, 0, 10, &store).empty());

  // Element-wise store check: copies up to the first bad element.
  HandleMark mark(t->handles());
  Klass* integer = boot_class("java/lang/Integer");
  Handle src = t->handles().make(new_array(t, objects, 2));
  Handle dst = t->handles().make(new_object_array(t, integer, 2));
  Object* boxed = new_instance(t, integer);
  static_cast<ArrayObject*>(src.get())->data<Object*>()[0] = boxed;
  static_cast<ArrayObject*>(src.get())->data<Object*>()[1] = new_string_from_utf8(t, "s");
  array_copy(t, src.get(), 0, dst.get(), 0, 2);
  CHECK(pending_class_and_message(t) ==
        "java.lang.ArrayStoreException: arraycopy: element type mismatch: can not cast one of "
        "the elements of java.lang.Object[] to the type of the destination array, "
        "java.lang.Integer");
  CHECK(static_cast<ArrayObject*>(dst.get())->data<Object*>()[0] == boxed);
  CHECK(static_cast<ArrayObject*>(dst.get())->data<Object*>()[1] == nullptr);
  array_copy(t, nullptr, 0, dst.get(), 0, 0);
  CHECK(pending_class_and_message(t).rfind("java.lang.NullPointerException", 0) == 0);
  // Overlapping copy within one array behaves like memmove.
  ArrayObject* a = new_primitive_array(t, BasicType::kInt, 5);
  for (int i = 0; i < 5; ++i) a->data<int32_t>()[i] = i;
  array_copy(t, a, 0, a, 1, 4);
  REQUIRE_FALSE(t->has_pending_exception());
  CHECK(a->data<int32_t>()[4] == 3);
  CHECK(a->data<int32_t>()[1] == 0);
}

TEST_CASE("jvm: Object.clone refuses classes that are not Cloneable") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  HandleMark mark(t->handles());
  Object* o = new_instance(t, vm().classes.Object);
  CHECK(clone_checked(t, o) == nullptr);
  CHECK(pending_class_and_message(t) == "java.lang.CloneNotSupportedException: java.lang.Object");
  Klass* sample = test::test_class("jvm/JvmTraceSample");
  Object* s = new_instance(t, sample);
  Object* copy = clone_checked(t, s);
  CHECK(copy != nullptr);
  CHECK(copy != s);
  CHECK(copy->klass() == sample);
}

TEST_CASE("jvm: SystemProps$Raw.vmProperties contents") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  vm().options.properties.emplace_back("minijvm.test", "yes");
  vm().options.properties.emplace_back("java.vm.info", "overridden");
  auto props = vm_property_list();
  auto value = [&](const std::string& key) -> std::string {
    for (auto& [k, v] : props)
      if (k == key) return v;
    return "<missing>";
  };
  CHECK(value("java.vm.name") == "minijvm");
  CHECK(value("java.vm.specification.version") == "17");
  CHECK(value("java.vm.specification.name") == "Java Virtual Machine Specification");
  CHECK(value("java.home") == vm().jdk.home.string());
  CHECK(value("sun.boot.library.path") == vm().jdk.home.string() + "/lib");
  CHECK(value("jdk.debug") == "release");
  CHECK(value("java.class.path") == vm().options.class_path);
  CHECK(value("minijvm.test") == "yes");
  CHECK(value("java.vm.info") == "overridden");

  HandleMark mark(t->handles());
  auto* array = static_cast<ArrayObject*>(vm_properties(t));
  REQUIRE(array != nullptr);
  REQUIRE(array->length() == static_cast<int32_t>(props.size() * 2));
  for (size_t i = 0; i < props.size(); ++i) {
    CHECK(str(array->data<Object*>()[2 * i]) == props[i].first);
    CHECK(str(array->data<Object*>()[2 * i + 1]) == props[i].second);
  }
  vm().options.properties.resize(vm().options.properties.size() - 2);
}

TEST_CASE("jvm: Class names, modifiers and the Class natives") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* string = boot_class("java/lang/String");
  HandleMark mark(t->handles());
  Object* name = init_class_name(t, string->mirror);
  CHECK(str(name) == "java.lang.String");
  CHECK(ref_field(string->mirror, "name", "Ljava/lang/String;") == name);
  CHECK(str(init_class_name(t, primitive_mirror(BasicType::kInt))) == "int");
  CHECK(str(init_class_name(t, primitive_array_klass(BasicType::kInt)->mirror)) == "[I");
  CHECK(class_modifiers(string) == 0x0011);  // public final
  CHECK(class_modifiers(nullptr) == 0x0411);
  CHECK(class_modifiers(primitive_array_klass(BasicType::kInt)) == 0x0411);

  auto is_instance = native(class_natives(), "isInstance", "(Ljava/lang/Object;)Z");
  auto assignable = native(class_natives(), "isAssignableFrom", "(Ljava/lang/Class;)Z");
  auto superclass = native(class_natives(), "getSuperclass", "()Ljava/lang/Class;");
  Object* s = new_string_from_utf8(t, "x");
  Klass* cs = boot_class("java/lang/CharSequence");
  CHECK(call(is_instance, {slot_ref(cs->mirror), slot_ref(s)}).i == 1);
  CHECK(call(is_instance, {slot_ref(primitive_mirror(BasicType::kInt)), slot_ref(s)}).i == 0);
  CHECK(call(assignable, {slot_ref(cs->mirror), slot_ref(string->mirror)}).i == 1);
  CHECK(call(assignable, {slot_ref(string->mirror), slot_ref(cs->mirror)}).i == 0);
  CHECK(call(superclass, {slot_ref(string->mirror)}).l == vm().classes.Object->mirror);
  CHECK(call(superclass, {slot_ref(cs->mirror)}).l == nullptr);
  CHECK(call(superclass, {slot_ref(vm().classes.Object->mirror)}).l == nullptr);

  auto* ifaces = static_cast<ArrayObject*>(
      class_interfaces(t, primitive_array_klass(BasicType::kInt)->mirror));
  REQUIRE(ifaces->length() == 2);
  CHECK(ifaces->data<Object*>()[0] == vm().classes.Cloneable->mirror);
  CHECK(ifaces->data<Object*>()[1] == vm().classes.Serializable->mirror);
}

TEST_CASE("jvm: reflection objects for declared methods, fields and constructors") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* sample = test::test_class("jvm/JvmTraceSample");
  HandleMark mark(t->handles());
  Handle methods = t->handles().make(declared_methods(t, sample, false));
  REQUIRE_FALSE(methods.is_null());
  auto* m = static_cast<ArrayObject*>(methods.get());
  std::vector<std::string> names;
  for (int32_t i = 0; i < m->length(); ++i) {
    Object* method = m->data<Object*>()[i];
    names.push_back(str(ref_field(method, "name", "Ljava/lang/String;")));
    CHECK(ref_field(method, "clazz", "Ljava/lang/Class;") == sample->mirror);
    if (names.back() == "copy") {
      CHECK(int_field(method, "modifiers") == 0x0004);  // protected
      auto* exceptions =
          static_cast<ArrayObject*>(ref_field(method, "exceptionTypes", "[Ljava/lang/Class;"));
      REQUIRE(exceptions->length() == 1);
      CHECK(klass_of_mirror(exceptions->data<Object*>()[0])
                ->name->equals("java/lang/CloneNotSupportedException"));
      CHECK(ref_field(method, "returnType", "Ljava/lang/Class;") == vm().classes.Object->mirror);
    }
    if (names.back() == "thrower") {
      CHECK(int_field(method, "modifiers") == 0x0009);  // public static
      CHECK(ref_field(method, "returnType", "Ljava/lang/Class;") ==
            primitive_mirror(BasicType::kVoid));
    }
  }
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"caller", "copy", "local", "thrower"});

  auto* publics = static_cast<ArrayObject*>(declared_methods(t, sample, true));
  CHECK(publics->length() == 2);

  auto* fields = static_cast<ArrayObject*>(declared_fields(t, sample, false));
  REQUIRE(fields->length() == 2);
  Object* counter = fields->data<Object*>()[0];
  CHECK(str(ref_field(counter, "name", "Ljava/lang/String;")) == "counter");
  CHECK(ref_field(counter, "type", "Ljava/lang/Class;") == primitive_mirror(BasicType::kInt));
  CHECK(int_field(counter, "slot") == 0);
  auto* public_fields = static_cast<ArrayObject*>(declared_fields(t, sample, true));
  CHECK(public_fields->length() == 1);

  auto* ctors = static_cast<ArrayObject*>(declared_constructors(t, sample, false));
  REQUIRE(ctors->length() == 1);
  auto* params = static_cast<ArrayObject*>(
      ref_field(ctors->data<Object*>()[0], "parameterTypes", "[Ljava/lang/Class;"));
  CHECK(params->length() == 0);
  // Unsafe.objectFieldOffset0 maps the Field back to the runtime's offset.
  auto offset0 = native(unsafe_natives(), "objectFieldOffset0", "(Ljava/lang/reflect/Field;)J");
  CHECK(call(offset0, {kNone, slot_ref(counter)}).j == sample->fields[0].offset);
}

TEST_CASE("jvm: stack traces from a hand-made frame chain") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* sample = test::test_class("jvm/JvmTraceSample");
  Klass* throwable = boot_class("java/lang/Throwable");
  Klass* rte = boot_class("java/lang/RuntimeException");
  Klass* ste = boot_class("java/lang/StackTraceElement");
  auto method = [](Klass* k, const char* name, const char* desc) {
    Method* m = k->find_declared_method(intern(name), intern(desc));
    REQUIRE_MESSAGE(m != nullptr, name);
    return m;
  };
  Method* caller = method(sample, "caller", "()V");
  Method* thrower = method(sample, "thrower", "()V");
  // What the interpreter's stack looks like inside fillInStackTrace(0).
  Frame f_caller{nullptr, caller, caller->code + 0};
  Frame f_thrower{&f_caller, thrower, thrower->code + 4};  // after new/dup: the <init> call
  Frame f_rte_init{&f_thrower, method(rte, "<init>", "(Ljava/lang/String;)V"), nullptr};
  Method* t_init = method(throwable, "<init>", "(Ljava/lang/String;)V");
  Frame f_t_init{&f_rte_init, t_init, t_init->code};
  Method* fill0 = method(throwable, "fillInStackTrace", "()Ljava/lang/Throwable;");
  Frame f_fill0{&f_t_init, fill0, fill0->code};
  Frame f_fill1{&f_fill0, method(throwable, "fillInStackTrace", "(I)Ljava/lang/Throwable;"),
                nullptr};
  f_rte_init.pc = f_rte_init.method->code;

  HandleMark mark(t->handles());
  Handle e = t->handles().make(new_instance(t, rte));
  fill_in_stack_trace(t, e, &f_fill1);
  REQUIRE_FALSE(t->has_pending_exception());
  REQUIRE(int_field(e.get(), "depth") == 2);

  Handle elements = t->handles().make(new_object_array(t, ste, 2));
  for (int i = 0; i < 2; ++i) {
    static_cast<ArrayObject*>(elements.get())->data<Object*>()[i] = new_instance(t, ste);
  }
  init_stack_trace_elements(t, elements, e);
  REQUIRE_FALSE(t->has_pending_exception());
  Object* top = static_cast<ArrayObject*>(elements.get())->data<Object*>()[0];
  Object* next = static_cast<ArrayObject*>(elements.get())->data<Object*>()[1];
  CHECK(str(ref_field(top, "declaringClass", "Ljava/lang/String;")) == "jvm.JvmTraceSample");
  CHECK(ref_field(top, "declaringClassObject", "Ljava/lang/Class;") == sample->mirror);
  CHECK(str(ref_field(top, "methodName", "Ljava/lang/String;")) == "thrower");
  CHECK(str(ref_field(top, "fileName", "Ljava/lang/String;")) == "JvmTraceSample.java");
  CHECK(int_field(top, "lineNumber") == 11);  // throw new RuntimeException("boom");
  CHECK(str(ref_field(next, "methodName", "Ljava/lang/String;")) == "caller");
  CHECK(int_field(next, "lineNumber") == 15);  // thrower();

  // A throwable whose trace starts in a native frame: line -2.
  Handle e2 = t->handles().make(new_instance(t, rte));
  Frame f_native{nullptr, method(vm().classes.Object, "hashCode", "()I"), nullptr};
  fill_in_stack_trace(t, e2, &f_native);
  Handle one = t->handles().make(new_object_array(t, ste, 1));
  static_cast<ArrayObject*>(one.get())->data<Object*>()[0] = new_instance(t, ste);
  init_stack_trace_elements(t, one, e2);
  CHECK(int_field(static_cast<ArrayObject*>(one.get())->data<Object*>()[0], "lineNumber") == -2);
  // Mismatched array length: IndexOutOfBoundsException, as HotSpot.
  init_stack_trace_elements(t, elements, e2);
  CHECK(pending_class_and_message(t).rfind("java.lang.IndexOutOfBoundsException", 0) == 0);
}

TEST_CASE("jvm: the native tables name real java.base natives") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  for (auto table : {unsafe_natives(), object_natives(), class_natives(), system_natives(),
                     thread_natives(), registration_natives()}) {
    for (const NativeEntry& e : table) {
      Klass* k = load_class(t, intern(e.class_name), nullptr);
      REQUIRE_MESSAGE(k != nullptr, std::string(e.class_name));
      Method* m = k->find_declared_method(intern(e.name), intern(e.descriptor));
      CHECK_MESSAGE(m != nullptr, std::string(e.class_name)
                                      << "." << std::string(e.name) << std::string(e.descriptor));
      if (m) CHECK_MESSAGE(m->is_native(), std::string(e.name));
    }
  }
}

}  // namespace
}  // namespace minijvm

namespace minijvm {
namespace {

TEST_CASE("jvm: assertion status follows HotSpot's -ea/-da precedence") {
  auto& options = vm().options.assertion_options;
  const auto saved = options;
  auto with = [&](std::vector<std::string> opts, const char* name, bool system) {
    options = std::move(opts);
    return assertion_status_for(name, system);
  };
  CHECK_FALSE(with({}, "a.B", false));
  CHECK(with({"-ea"}, "a.B", false));
  CHECK_FALSE(with({"-ea"}, "java.lang.String", true));  // -ea is for application classes
  CHECK(with({"-esa"}, "java.lang.String", true));
  CHECK(with({"-ea:a..."}, "a.b.C", false));
  CHECK_FALSE(with({"-ea:a..."}, "ab.C", false));
  CHECK(with({"-ea:..."}, "C", false));  // the unnamed package
  CHECK_FALSE(with({"-ea:..."}, "a.C", false));
  // The class option beats package options, whatever the order.
  CHECK_FALSE(with({"-da:a.B", "-ea:a..."}, "a.B", false));
  // The most specific package wins, whatever the order.
  CHECK_FALSE(with({"-da:a.b...", "-ea:a..."}, "a.b.C", false));
  CHECK(with({"-ea:a...", "-da:a...", "-enableassertions:a..."}, "a.C", false));
  CHECK(with({"-da", "-ea:a.B"}, "a.B", false));
  options = saved;
}

}  // namespace
}  // namespace minijvm


namespace minijvm {
namespace {

int g_halt_pipe = -1;

TEST_CASE("jvm: JVM_Halt runs the halt hook and exits with the status") {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    g_halt_pipe = fds[1];
    set_halt_hook([](int status) {
      char c = static_cast<char>(status);
      (void)!write(g_halt_pipe, &c, 1);
    });
    JVM_Halt(42);
    _exit(99);  // not reached
  }
  close(fds[1]);
  char got = 0;
  CHECK(read(fds[0], &got, 1) == 1);
  CHECK(got == 42);
  close(fds[0]);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 42);
}

}  // namespace
}  // namespace minijvm

namespace minijvm {
namespace {

TEST_CASE("jvm: Unsafe.registerNatives fixes up UnsafeConstants") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  auto register_natives = native(unsafe_natives(), "registerNatives", "()V");
  call(register_natives, {});
  REQUIRE_FALSE(t->has_pending_exception());
  Klass* k = boot_class("jdk/internal/misc/UnsafeConstants");
  auto static_int = [&](const char* name) {
    FieldDesc* f = k->find_declared_field(intern(name), intern("I"));
    REQUIRE(f != nullptr);
    return k->mirror->field<int32_t>(f->offset);
  };
  auto static_bool = [&](const char* name) {
    FieldDesc* f = k->find_declared_field(intern(name), intern("Z"));
    REQUIRE(f != nullptr);
    return k->mirror->field<uint8_t>(f->offset);
  };
  CHECK(static_int("ADDRESS_SIZE0") == 8);
  CHECK(static_int("PAGE_SIZE") == static_cast<int32_t>(sysconf(_SC_PAGESIZE)));
  CHECK(static_bool("BIG_ENDIAN") == 0);
  CHECK(static_bool("UNALIGNED_ACCESS") == 1);
}

// JVM_GetSystemPackages, JVM_GetStackAccessControlContext and
// JVM_DumpThreads once made their result's local reference under a
// HandleMark of their own, which released it on return: the next local
// took its slot, and a collection between the native's return and the
// caller's read of the result (another thread's, while this one was still
// counted as in native code) freed the object -- a rare crash in threaded
// programs. Builds with assertions now fail at once on such a read.
TEST_CASE("jvm: a JVM_* function's result is a live local reference after it returns") {
  JavaThread* t = runtime_thread();
  safepoint::install_collector();
  HandleMark native_frame(t->handles());  // what the native's call makes (ffi_invoker.cpp)
  jobjectArray packages = JVM_GetSystemPackages(jni_env_of(t));
  REQUIRE(packages != nullptr);
  Object* array = jni::resolve(packages);
  t->handles().make(nullptr);  // the next local of the same frame
  vm().heap.request_collection(t, GcCause::kSystemGc);
  REQUIRE(jni::resolve(packages) == array);
  CHECK(vm().heap.is_object(array));
  auto* names = static_cast<ArrayObject*>(array);
  bool java_lang = false;
  for (int32_t i = 0; i < names->length(); ++i)
    java_lang |= string_to_utf8(names->data<Object*>()[i]) == "java/lang";
  CHECK(java_lang);
}

}  // namespace
}  // namespace minijvm
