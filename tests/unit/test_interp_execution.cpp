// The interpreter end to end: static methods of tests/java/interp/*.java run
// on the real runtime core (class loading, linking, heap, strings), with the
// results compared with values computed the Java way in C++.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "runtime_test_support.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/natives.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm::interp {
namespace {

// Stand-ins for the few natives that exception construction reaches and
// that only libjava provides (these tests load no native library):
// Class.registerNatives does nothing, assertions are off, Throwable.fillInStackTrace leaves the
// backtrace empty and returns `this`.
void no_op_native(JavaThread*, Method*, Slot*, Slot*) {}
void false_native(JavaThread*, Method*, Slot*, Slot* result) { *result = slot_int(0); }
void fill_in_stack_trace_native(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = args[0];
}
struct TestNative {
  const char* klass;
  const char* name;
  const char* descriptor;
  NativeInvoker function;
};
constexpr TestNative kTestNatives[] = {
    {"java/lang/Class", "registerNatives", "()V", &no_op_native},
    {"java/lang/Class", "desiredAssertionStatus0", "(Ljava/lang/Class;)Z", &false_native},
    {"java/lang/Throwable", "fillInStackTrace", "(I)Ljava/lang/Throwable;",
     &fill_in_stack_trace_native},
};

// Installs the interpreter as the Java invoker for one test, binds the
// stand-in natives that are still unbound, and undoes both afterwards: the
// runtime tests in this process expect their fake invoker and unbound
// natives.
struct InterpreterScope {
  test::WithInvoker interpreter{&execute};  // restored, so later cases see what they saw before
  JavaThread* thread;
  std::vector<Method*> bound;
  InterpreterScope() : thread(test::runtime_thread()) {
    for (const TestNative& n : kTestNatives) {
      Klass* k = load_class(thread, intern(n.klass), nullptr);
      REQUIRE(k != nullptr);
      Method* m = k->find_declared_method(intern(n.name), intern(n.descriptor));
      REQUIRE(m != nullptr);
      if (m->native_invoker.load() == nullptr && find_vm_native(m) == nullptr) {
        m->native_invoker.store(n.function);
        bound.push_back(m);
      }
    }
  }
  ~InterpreterScope() {
    thread->clear_pending_exception();
    for (Method* m : bound) m->native_invoker.store(nullptr);
  }
};

Method* find_method(const char* cls, const char* name, const char* descriptor) {
  JavaThread* t = test::runtime_thread();
  Klass* k = test::boot_class(cls);
  REQUIRE(initialize_class(t, k));
  Method* m = k->find_declared_method(intern(name), intern(descriptor));
  REQUIRE_MESSAGE(m != nullptr, name);
  return m;
}

std::string pending_name(JavaThread* t) {
  return t->has_pending_exception() ? t->pending_exception()->klass()->name->str() : "";
}

std::string exception_message_of(Object* e) {
  FieldDesc* f = vm().classes.Throwable->find_declared_field(intern("detailMessage"),
                                                             vm_symbols().string_signature);
  REQUIRE(f != nullptr);
  Object* s = e->ref_field(f->offset);
  return s ? string_to_utf8(s) : "<null>";
}

// Runs a static method; fails the test on an unexpected exception.
Slot run(JavaThread* t, const char* cls, const char* name, const char* descriptor,
         std::initializer_list<Slot> args = {}) {
  Method* m = find_method(cls, name, descriptor);
  std::vector<Slot> slots;
  for (const Slot& s : args) {
    slots.push_back(s);
  }
  Slot result;
  result.raw = 0;
  execute(t, m, slots, &result);
  if (t->has_pending_exception()) {
    FAIL_CHECK(std::string(name) << " threw " << pending_name(t) << ": "
                                 << exception_message_of(t->pending_exception()));
    t->clear_pending_exception();
  }
  return result;
}

constexpr const char* kArith = "interp/InterpArith";
constexpr const char* kObjects = "interp/InterpObjects";
constexpr const char* kExceptions = "interp/InterpExceptions";

TEST_CASE("interp: recursion, loops and switches") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  CHECK(run(t, kArith, "fib", "(I)I", {slot_int(20)}).i == 6765);
  CHECK(run(t, kArith, "sumTo", "(I)J", {slot_int(100000)}).j == 5000050000LL);
  CHECK(run(t, kArith, "tableSwitch", "(I)I", {slot_int(3)}).i == 30);
  CHECK(run(t, kArith, "tableSwitch", "(I)I", {slot_int(9)}).i == -1);
  CHECK(run(t, kArith, "lookupSwitch", "(I)I", {slot_int(-1000)}).i == 1);
  CHECK(run(t, kArith, "lookupSwitch", "(I)I", {slot_int(123456)}).i == 3);
  CHECK(run(t, kArith, "lookupSwitch", "(I)I", {slot_int(8)}).i == 0);
  int expected = 0;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j <= i; j++) expected += j;
  CHECK(run(t, kArith, "nestedLoops", "(I)I", {slot_int(10)}).i == expected);
  CHECK(run(t, kArith, "mixed", "(IJFD)J",
            {slot_int(1), slot_long(1LL << 40), slot_long(0), slot_float(2.9f), slot_double(3.9),
             slot_long(0)})
            .j == 1 + (1LL << 40) + 2 + 3);
  CHECK(run(t, kArith, "wideLocals", "()D").d == 1.5 * 2.5 + 3.0 + 200 + 3);
}

TEST_CASE("interp: integer corner cases") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int64_t kLMin = std::numeric_limits<int64_t>::min();
  CHECK(run(t, kArith, "idiv", "(II)I", {slot_int(kMin), slot_int(-1)}).i == kMin);
  CHECK(run(t, kArith, "irem", "(II)I", {slot_int(kMin), slot_int(-1)}).i == 0);
  CHECK(run(t, kArith, "irem", "(II)I", {slot_int(-7), slot_int(2)}).i == -1);
  CHECK(
      run(t, kArith, "ldiv", "(JJ)J", {slot_long(kLMin), slot_long(0), slot_long(-1), slot_long(0)})
          .j == kLMin);
  CHECK(run(t, kArith, "lrem", "(JJ)J", {slot_long(-7), slot_long(0), slot_long(3), slot_long(0)})
            .j == -1);
  CHECK(run(t, kArith, "imul", "(II)I", {slot_int(0x7fffffff), slot_int(2)}).i == -2);
  CHECK(run(t, kArith, "lmul", "(JJ)J",
            {slot_long(0x7fffffffffffffffLL), slot_long(0), slot_long(2), slot_long(0)})
            .j == -2);
  CHECK(run(t, kArith, "ishl", "(II)I", {slot_int(1), slot_int(33)}).i == 2);
  CHECK(run(t, kArith, "ishr", "(II)I", {slot_int(-8), slot_int(1)}).i == -4);
  CHECK(run(t, kArith, "iushr", "(II)I", {slot_int(-1), slot_int(28)}).i == 15);
  CHECK(run(t, kArith, "lshl", "(JI)J", {slot_long(1), slot_long(0), slot_int(65)}).j == 2);
  CHECK(run(t, kArith, "lushr", "(JI)J", {slot_long(-1), slot_long(0), slot_int(60)}).j == 15);
  CHECK(run(t, kArith, "i2b", "(I)I", {slot_int(200)}).i == -56);
  CHECK(run(t, kArith, "i2c", "(I)I", {slot_int(-1)}).i == 65535);
  CHECK(run(t, kArith, "i2s", "(I)I", {slot_int(40000)}).i == -25536);
  CHECK(
      run(t, kArith, "lcmp", "(JJ)I", {slot_long(kLMin), slot_long(0), slot_long(1), slot_long(0)})
          .i == -1);
  CHECK(run(t, kArith, "isOdd", "(I)Z", {slot_int(7)}).i == 1);
  CHECK(run(t, kArith, "narrowChar", "(I)C", {slot_int(-1)}).i == 65535);
}

TEST_CASE("interp: float and double corner cases") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  const float fnan = std::numeric_limits<float>::quiet_NaN();
  const double dnan = std::numeric_limits<double>::quiet_NaN();
  CHECK(run(t, kArith, "f2i", "(F)I", {slot_float(fnan)}).i == 0);
  CHECK(run(t, kArith, "f2i", "(F)I", {slot_float(1e20f)}).i ==
        std::numeric_limits<int32_t>::max());
  CHECK(run(t, kArith, "f2i", "(F)I", {slot_float(-1.9f)}).i == -1);
  CHECK(run(t, kArith, "f2l", "(F)J", {slot_float(-1e30f)}).j ==
        std::numeric_limits<int64_t>::min());
  CHECK(run(t, kArith, "d2i", "(D)I", {slot_double(-1e10), slot_long(0)}).i ==
        std::numeric_limits<int32_t>::min());
  CHECK(run(t, kArith, "d2l", "(D)J", {slot_double(dnan), slot_long(0)}).j == 0);
  CHECK(
      run(t, kArith, "l2f", "(J)F", {slot_long(std::numeric_limits<int64_t>::max()), slot_long(0)})
          .f == 9.223372036854775807e18f);
  CHECK(run(t, kArith, "frem", "(DD)D",
            {slot_double(-5.5), slot_long(0), slot_double(2.0), slot_long(0)})
            .d == -1.5);
  CHECK(std::isinf(run(t, kArith, "fdiv", "(FF)F", {slot_float(1.0f), slot_float(0.0f)}).f));
  CHECK(run(t, kArith, "flt", "(FF)Z", {slot_float(fnan), slot_float(1.0f)}).i == 0);
  CHECK(run(t, kArith, "fgt", "(FF)Z", {slot_float(fnan), slot_float(1.0f)}).i == 0);
  CHECK(run(t, kArith, "flt", "(FF)Z", {slot_float(0.5f), slot_float(1.0f)}).i == 1);
  CHECK(run(t, kArith, "dlt", "(DD)Z",
            {slot_double(dnan), slot_long(0), slot_double(1), slot_long(0)})
            .i == 0);
  CHECK(run(t, kArith, "dge", "(DD)Z",
            {slot_double(dnan), slot_long(0), slot_double(1), slot_long(0)})
            .i == 0);
  CHECK(run(t, kArith, "dge", "(DD)Z",
            {slot_double(0.0), slot_long(0), slot_double(-0.0), slot_long(0)})
            .i == 1);
}

TEST_CASE("interp: objects, fields, virtual, interface and default dispatch") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  CHECK(run(t, kObjects, "virtualCalls", "()I").i == 12 * 1000 + 26);
  CHECK(run(t, kObjects, "interfaceCalls", "()I").i == 6 + 5 * 10 + 12 * 100 + 10 * 1000);
  CHECK(run(t, kObjects, "statics", "()J").j == 12 + 100 + 1 - 3);
  CHECK(run(t, kObjects, "typeChecks", "()I").i == 115);
}

TEST_CASE("interp: arrays and multianewarray") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  int expected = (0 + 1 + 4 + 9 + 16) + 1 + 'b' + static_cast<int8_t>(200) + 1000 +
                 static_cast<int16_t>(40000) + 1 + 1;
  CHECK(run(t, kObjects, "arrays", "()I").i == expected);
  CHECK(run(t, kObjects, "multiArray", "()I").i == 2348);
}

TEST_CASE("interp: ldc of strings and classes") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  CHECK(run(t, kObjects, "sameLiteral", "()Z").i == 1);
  Object* a = run(t, kObjects, "literal", "()Ljava/lang/String;").l;
  Object* b = run(t, kObjects, "literal", "()Ljava/lang/String;").l;
  REQUIRE(a != nullptr);
  CHECK(a == b);
  CHECK(string_to_utf8(a) == "hello");
  CHECK(a == intern_symbol(t, intern("hello")));
  Object* mirror = run(t, kObjects, "classLiteral", "()Ljava/lang/Class;").l;
  CHECK(mirror == test::boot_class(kObjects)->mirror);
}

TEST_CASE("interp: exceptions, handlers and finally") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  CHECK(run(t, kExceptions, "catchInCaller", "()I").i == 14);
  CHECK(run(t, kExceptions, "catchSameMethod", "()I").i == 13);
  CHECK(run(t, kExceptions, "withFinally", "(Z)I", {slot_int(0)}).i == 11);
  CHECK(run(t, kExceptions, "finallyOuter", "()I").i == 10);

  // Escaping the entry frame: pending for the caller.
  Method* m = find_method(kExceptions, "uncaught", "()I");
  execute(t, m, {}, nullptr);
  CHECK(pending_name(t) == "interp/InterpExceptions$MyException");
  t->clear_pending_exception();
}

TEST_CASE("interp: implicit exceptions carry HotSpot's messages") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  auto text = [&](const char* name, std::initializer_list<Slot> args = {}) {
    Object* str = run(t, kExceptions, name,
                      args.size() ? "(I)Ljava/lang/String;" : "()Ljava/lang/String;", args)
                      .l;
    return str ? string_to_utf8(str) : std::string("<null>");
  };
  CHECK(text("divideByZeroMessage") == "/ by zero");
  CHECK(text("indexMessage") == "Index 5 out of bounds for length 2");
  CHECK(text("negativeSizeMessage", {slot_int(-1)}) == "-1");
  CHECK(text("arrayStoreMessage") == "java.lang.String");

  Method* npe = find_method(kExceptions, "nullField", "(Linterp/InterpExceptions;)I");
  Slot arg = slot_ref(nullptr);
  execute(t, npe, {&arg, 1}, nullptr);
  CHECK(pending_name(t) == "java/lang/NullPointerException");
  t->clear_pending_exception();

  Method* cast = find_method(kObjects, "badCast", "()Ljava/lang/Object;");
  execute(t, cast, {}, nullptr);
  REQUIRE(pending_name(t) == "java/lang/ClassCastException");
  CHECK(exception_message_of(t->pending_exception()) ==
        "class interp.InterpObjects$Rect cannot be cast to class interp.InterpObjects$Square "
        "(interp.InterpObjects$Rect and interp.InterpObjects$Square are in unnamed module of "
        "loader 'bootstrap')");
  t->clear_pending_exception();
}

// Without the classlib bridge (a VM-core-only embedding, as here) nothing
// can link a call site: invokedynamic fails loudly instead of crashing.
TEST_CASE("interp: unlinkable invokedynamic and abstract methods fail loudly") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  Method* concat = find_method(kObjects, "concat", "(I)Ljava/lang/String;");
  Slot arg = slot_int(1);
  execute(t, concat, {&arg, 1}, nullptr);
  REQUIRE(pending_name(t) == "java/lang/InternalError");
  CHECK(exception_message_of(t->pending_exception()) ==
        "invokedynamic needs the class library");
  t->clear_pending_exception();

  Klass* shape = test::boot_class("interp/InterpObjects$Shape");
  Method* area = shape->find_declared_method(intern("area"), intern("()I"));
  REQUIRE(area != nullptr);
  Slot receiver = slot_ref(nullptr);
  execute(t, area, {&receiver, 1}, nullptr);
  CHECK(pending_name(t) == "java/lang/AbstractMethodError");
  t->clear_pending_exception();
}

// A class file javac cannot produce any more (version 49): jsr/ret and the
// wide forms of iinc, istore and ret. static int f(int x) returns x + 1005:
//    0 iconst_0; 1 istore_1; 2 jsr 13; 5 wide iinc 1 1000; 11 iload_1;
//   12 ireturn; 13 astore_2; 14 iload_0; 15 iconst_5; 16 iadd;
//   17 wide istore 1; 21 wide ret 2
std::vector<uint8_t> jsr_class_bytes() {
  std::vector<uint8_t> b = {0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 49, 0, 8};
  auto utf8 = [&](std::string_view text) {
    b.push_back(1);
    b.push_back(0);
    b.push_back(static_cast<uint8_t>(text.size()));
    b.insert(b.end(), text.begin(), text.end());
  };
  utf8("interp/JsrTest");                                         // #1
  b.insert(b.end(), {7, 0, 1});                                   // #2 Class #1
  utf8("java/lang/Object");                                       // #3
  b.insert(b.end(), {7, 0, 3});                                   // #4 Class #3
  utf8("f");                                                      // #5
  utf8("(I)I");                                                   // #6
  utf8("Code");                                                   // #7
  b.insert(b.end(), {0, 0x21, 0, 2, 0, 4, 0, 0, 0, 0, 0, 1});     // flags, this, super, counts
  b.insert(b.end(), {0, 0x09, 0, 5, 0, 6, 0, 1});                 // public static f(I)I, 1 attr
  const std::vector<uint8_t> code = {0x03, 0x3c, 0xa8, 0,    11,  // iconst_0, istore_1, jsr +11
                                     0xc4, 0x84, 0,    1,    0x03, 0xe8,  // wide iinc 1 1000
                                     0x1b, 0xac,                          // iload_1, ireturn
                                     0x4d, 0x1a, 0x08, 0x60,  // astore_2, iload_0, iconst_5, iadd
                                     0xc4, 0x36, 0,    1,     // wide istore 1
                                     0xc4, 0xa9, 0,    2};    // wide ret 2
  uint8_t n = static_cast<uint8_t>(code.size());
  b.insert(b.end(), {0, 7, 0, 0, 0, static_cast<uint8_t>(12 + n)});  // Code, length
  b.insert(b.end(), {0, 2, 0, 3, 0, 0, 0, n});                       // stack, locals, length
  b.insert(b.end(), code.begin(), code.end());
  b.insert(b.end(), {0, 0, 0, 0});  // no handlers, no attributes
  b.insert(b.end(), {0, 0});        // no class attributes
  return b;
}

TEST_CASE("interp: jsr/ret and wide in an old class file") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  std::vector<uint8_t> bytes = jsr_class_bytes();
  Klass* k = find_loaded_class(intern("interp/JsrTest"), nullptr);
  if (k == nullptr) k = define_class(t, nullptr, bytes, nullptr, nullptr, "test");
  REQUIRE_MESSAGE(k != nullptr, pending_name(t));
  CHECK(run(t, "interp/JsrTest", "f", "(I)I", {slot_int(7)}).i == 7 + 5 + 1000);
}

// Natives of interp/InterpObjects: nativeMix(J, I) checks the two-slot
// argument layout; probe() records what a stack walker sees.
void native_mix(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_long(args[0].j * args[2].i);
}
struct ProbeSeen {
  bool native_on_top = false;
  std::string caller;
  int caller_opcode = -1;
  int caller_line = -1;
} g_probe;
void native_probe(JavaThread* thread, Method*, Slot*, Slot* result) {
  Frame* top = thread->top_frame();
  g_probe.native_on_top = top != nullptr && top->is_native() && top->method->name->equals("probe");
  if (top != nullptr && top->caller != nullptr) {
    g_probe.caller = top->caller->method->name->str();
    g_probe.caller_opcode = *top->caller->pc;
    g_probe.caller_line = top->caller->method->line_number(top->caller->bci());
  }
  *result = slot_int(41);
}

TEST_CASE("interp: natives are called with a walkable frame") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  Method* mix = find_method(kObjects, "nativeMix", "(JI)J");
  Method* probe = find_method(kObjects, "probe", "()I");
  mix->native_invoker.store(&native_mix);
  probe->native_invoker.store(&native_probe);
  CHECK(run(t, kObjects, "callNative", "()J").j == 81);
  CHECK(run(t, kObjects, "callProbe", "()I").i == 42);
  CHECK(g_probe.native_on_top);
  CHECK(g_probe.caller == "callProbe");
  CHECK(g_probe.caller_opcode == 0xb8);  // pc at the invokestatic
  CHECK(g_probe.caller_line > 0);
  CHECK(t->top_frame() == nullptr);
}

TEST_CASE("interp: synchronized methods and class initialization order") {
  InterpreterScope s;
  JavaThread* t = s.thread;
  CHECK(run(t, kExceptions, "synchronizedMethods", "()I").i == 9 + 30 + 101 * 100);
  CHECK(run(t, kExceptions, "initOrder", "()I").i == 100 + 20 + 2 + 22 * 1000);
}

TEST_CASE("interp: deep recursion ends in a catchable StackOverflowError") {
  InterpreterScope s;
  JavaThread* main = s.thread;
  Method* down = find_method(kArith, "down", "(I)I");
  Method* catcher = find_method(kArith, "catchOverflow", "()I");
  {
    JavaThread small(64 * 1024);  // -Xss64k
    JavaThread::set_current(&small);
    Slot arg = slot_int(0);
    execute(&small, down, {&arg, 1}, nullptr);
    CHECK(pending_name(&small) == "java/lang/StackOverflowError");
    CHECK(small.top_frame() == nullptr);  // every frame unwound
    small.clear_pending_exception();
    Slot r;
    r.raw = 0;
    execute(&small, catcher, {}, &r);
    CHECK_FALSE(small.has_pending_exception());
    CHECK(r.i == 42);
    JavaThread::set_current(main);
  }
  JavaThread::set_current(main);
}

}  // namespace
}  // namespace minijvm::interp
