// JVM_* reflection, arrays and threads on the VM core of
// runtime_test_support.h, whose fake Java invoker stands in for the
// interpreter (JVM_* functions take the current thread from JavaThread::current,
// so a null JNIEnv is enough here).
#include <chrono>
#include <thread>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "runtime_test_support.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

using test::boot_class;
using test::runtime_thread;

jobject local(Object* o) {
  return o ? reinterpret_cast<jobject>(runtime_thread()->handles().make(o).slot()) : nullptr;
}
jclass local_class(Object* o) { return static_cast<jclass>(local(o)); }
Object* deref(jobject ref) { return ref ? *reinterpret_cast<Object**>(ref) : nullptr; }

std::string pending(JavaThread* t) {
  Object* e = t->pending_exception();
  if (e == nullptr) return "";
  std::string s = e->klass()->external_name();
  std::string message = exception_message(e);
  if (!message.empty()) s += ": " + message;
  t->clear_pending_exception();
  return s;
}

FieldDesc* field(Klass* k, const char* name, const char* desc) {
  FieldDesc* f = lookup_field(k, intern(name), intern(desc));
  REQUIRE_MESSAGE(f != nullptr, name);
  return f;
}

std::string str(const Object* s) { return s ? string_to_utf8(s) : "<null>"; }

Object* reflect_method(Klass* k, const char* name) {
  auto* methods = static_cast<ArrayObject*>(declared_methods(runtime_thread(), k, false));
  REQUIRE(methods != nullptr);
  for (int32_t i = 0; i < methods->length(); ++i) {
    Object* m = methods->data<Object*>()[i];
    if (str(m->ref_field(field(m->klass(), "name", "Ljava/lang/String;")->offset)) == name)
      return m;
  }
  FAIL("no method " << name);
  return nullptr;
}

TEST_CASE("jvm: JVM_InvokeMethod checks arguments and wraps exceptions") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* sample = test::test_class("jvm/JvmTraceSample");
  HandleMark mark(t->handles());
  jobject thrower = local(reflect_method(sample, "thrower"));
  jobject one_arg = local(new_object_array(t, vm().classes.Object, 1));
  CHECK(JVM_InvokeMethod(nullptr, thrower, nullptr, static_cast<jobjectArray>(one_arg)) == nullptr);
  CHECK(pending(t) == "java.lang.IllegalArgumentException: wrong number of arguments");

  test::fake_java_calls().clear();
  CHECK(JVM_InvokeMethod(nullptr, thrower, nullptr, nullptr) == nullptr);
  CHECK_FALSE(t->has_pending_exception());
  REQUIRE_FALSE(test::fake_java_calls().empty());
  CHECK(test::fake_java_calls().back() == "jvm/JvmTraceSample.thrower");

  test::fake_java_behaviour() = [](JavaThread* thread, Method* m) {
    if (m->name->equals("thrower"))
      throw_new(thread, intern("java/lang/IllegalStateException"), "x");
  };
  CHECK(JVM_InvokeMethod(nullptr, thrower, nullptr, nullptr) == nullptr);
  test::fake_java_behaviour() = nullptr;
  CHECK(pending(t) == "java.lang.reflect.InvocationTargetException");

  // An instance method needs a receiver of the declaring class.
  jobject copy = local(reflect_method(sample, "copy"));
  JVM_InvokeMethod(nullptr, copy, nullptr, nullptr);
  CHECK(pending(t) == "java.lang.NullPointerException");
  JVM_InvokeMethod(nullptr, copy, local(new_string_from_utf8(t, "s")), nullptr);
  CHECK(pending(t) ==
        "java.lang.IllegalArgumentException: object is not an instance of declaring class");
}

TEST_CASE("jvm: java.lang.reflect.Array support") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  HandleMark mark(t->handles());
  jobject ints = JVM_NewArray(nullptr, local_class(primitive_mirror(BasicType::kInt)), 3);
  REQUIRE(ints != nullptr);
  CHECK(deref(ints)->klass() == primitive_array_klass(BasicType::kInt));
  CHECK(JVM_GetArrayLength(nullptr, ints) == 3);
  JVM_NewArray(nullptr, local_class(primitive_mirror(BasicType::kInt)), -1);
  CHECK(pending(t) == "java.lang.NegativeArraySizeException: -1");
  JVM_NewArray(nullptr, local_class(primitive_mirror(BasicType::kVoid)), 1);
  CHECK(pending(t) == "java.lang.IllegalArgumentException");

  jvalue v{};
  v.i = 7;
  JVM_SetPrimitiveArrayElement(nullptr, ints, 1, v, 10 /* JVM_T_INT */);
  REQUIRE_FALSE(t->has_pending_exception());
  CHECK(static_cast<ArrayObject*>(deref(ints))->data<int32_t>()[1] == 7);
  CHECK(JVM_GetPrimitiveArrayElement(nullptr, ints, 1, 11 /* JVM_T_LONG: widened */).j == 7);
  JVM_GetPrimitiveArrayElement(nullptr, ints, 1, 9 /* JVM_T_SHORT: narrowing */);
  CHECK(pending(t) == "java.lang.IllegalArgumentException: argument type mismatch");
  JVM_GetPrimitiveArrayElement(nullptr, ints, 3, 10);
  CHECK(pending(t) == "java.lang.ArrayIndexOutOfBoundsException");
  Object* boxed = deref(JVM_GetArrayElement(nullptr, ints, 1));
  REQUIRE(boxed != nullptr);
  CHECK(boxed->klass() == vm().classes.Integer);
  CHECK(boxed->field<int32_t>(field(vm().classes.Integer, "value", "I")->offset) == 7);
  // A boxed Integer stored into a long[] widens.
  jobject longs = JVM_NewArray(nullptr, local_class(primitive_mirror(BasicType::kLong)), 1);
  JVM_SetArrayElement(nullptr, longs, 0, local(boxed));
  REQUIRE_FALSE(t->has_pending_exception());
  CHECK(static_cast<ArrayObject*>(deref(longs))->data<int64_t>()[0] == 7);
  JVM_GetArrayLength(nullptr, local(boxed));
  CHECK(pending(t) == "java.lang.IllegalArgumentException: Argument is not an array");

  jobject dims = local(new_primitive_array(t, BasicType::kInt, 2));
  static_cast<ArrayObject*>(deref(dims))->data<int32_t>()[0] = 2;
  static_cast<ArrayObject*>(deref(dims))->data<int32_t>()[1] = 3;
  Object* grid = deref(
      JVM_NewMultiArray(nullptr, static_cast<jclass>(local(primitive_mirror(BasicType::kInt))),
                        static_cast<jintArray>(dims)));
  REQUIRE(grid != nullptr);
  CHECK(grid->klass()->name->equals("[[I"));
  CHECK(static_cast<ArrayObject*>(grid)->length() == 2);
  Object* row = static_cast<ArrayObject*>(grid)->data<Object*>()[1];
  CHECK(row->klass() == primitive_array_klass(BasicType::kInt));
  CHECK(static_cast<ArrayObject*>(row)->length() == 3);
}

TEST_CASE("jvm: record components and method parameters") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* point = test::test_class("jvm/JvmPoint");
  HandleMark mark(t->handles());
  CHECK(JVM_IsRecord(nullptr, static_cast<jclass>(local(point->mirror))) == JNI_TRUE);
  auto* components = static_cast<ArrayObject*>(
      deref(JVM_GetRecordComponents(nullptr, static_cast<jclass>(local(point->mirror)))));
  REQUIRE(components != nullptr);
  REQUIRE(components->length() == 2);
  Object* x = components->data<Object*>()[0];
  Object* label = components->data<Object*>()[1];
  Klass* rc = x->klass();
  CHECK(str(x->ref_field(field(rc, "name", "Ljava/lang/String;")->offset)) == "x");
  CHECK(x->ref_field(field(rc, "type", "Ljava/lang/Class;")->offset) ==
        primitive_mirror(BasicType::kInt));
  CHECK(str(label->ref_field(field(rc, "name", "Ljava/lang/String;")->offset)) == "label");
  Object* accessor = label->ref_field(field(rc, "accessor", "Ljava/lang/reflect/Method;")->offset);
  REQUIRE(accessor != nullptr);
  CHECK(str(accessor->ref_field(field(accessor->klass(), "name", "Ljava/lang/String;")->offset)) ==
        "label");
  Klass* sample = test::test_class("jvm/JvmTraceSample");
  CHECK(JVM_IsRecord(nullptr, static_cast<jclass>(local(sample->mirror))) == JNI_FALSE);
  CHECK(JVM_GetRecordComponents(nullptr, static_cast<jclass>(local(sample->mirror))) == nullptr);
  // No MethodParameters attribute (javac without -parameters): null.
  CHECK(JVM_GetMethodParameters(nullptr, local(reflect_method(sample, "copy"))) == nullptr);
  CHECK_FALSE(t->has_pending_exception());
  // Member classes and their simple binary names.
  Klass* inner = test::test_class("jvm/JvmTraceSample$Inner");
  CHECK(deref(JVM_GetDeclaringClass(nullptr, static_cast<jclass>(local(inner->mirror)))) ==
        sample->mirror);
  CHECK(str(deref(JVM_GetSimpleBinaryName(nullptr, static_cast<jclass>(local(inner->mirror))))) ==
        "Inner");
  CHECK(JVM_GetClassModifiers(nullptr, static_cast<jclass>(local(inner->mirror))) == 0x0001);
  // A local class: a simple name, but no declaring class.
  Klass* local_class_klass = test::test_class("jvm/JvmTraceSample$1Local");
  CHECK(str(deref(JVM_GetSimpleBinaryName(
            nullptr, static_cast<jclass>(local(local_class_klass->mirror))))) == "Local");
  CHECK(JVM_GetDeclaringClass(nullptr, static_cast<jclass>(local(local_class_klass->mirror))) ==
        nullptr);
  auto* declared = static_cast<ArrayObject*>(
      deref(JVM_GetDeclaredClasses(nullptr, static_cast<jclass>(local(sample->mirror)))));
  REQUIRE(declared != nullptr);
  REQUIRE(declared->length() == 1);
  CHECK(declared->data<Object*>()[0] == inner->mirror);
}

TEST_CASE("jvm: a started thread runs Thread.run, then clears eetop (join) and terminates") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* thread_class = vm().classes.Thread;
  HandleMark mark(t->handles());
  Handle thread_obj = t->handles().make(new_instance(t, thread_class));
  REQUIRE_FALSE(thread_obj.is_null());
  test::fake_java_calls().clear();
  start_thread(t, thread_obj);
  REQUIRE_FALSE(t->has_pending_exception());
  FieldDesc* status = field(thread_class, "threadStatus", "I");
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while ((java_thread_of(thread_obj.get()) != nullptr ||
          thread_obj->field<int32_t>(status->offset) != 2) &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  CHECK(java_thread_of(thread_obj.get()) == nullptr);
  CHECK(thread_obj->field<int32_t>(status->offset) == 2);  // TERMINATED
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto& calls = test::fake_java_calls();
  CHECK(std::find(calls.begin(), calls.end(), "java/lang/Thread.run") != calls.end());
  CHECK(std::find(calls.begin(), calls.end(), "java/lang/Thread.exit") != calls.end());
  // Started twice: IllegalThreadStateException only while alive; Java's
  // Thread.start checks threadStatus itself.
}

TEST_CASE("jvm: park/unpark permits, timeouts and interruptible sleep") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  HandleMark mark(t->handles());
  Handle self = t->handles().make(new_instance(t, vm().classes.Thread));
  FieldDesc* eetop = field(vm().classes.Thread, "eetop", "J");
  self->set_field<int64_t>(eetop->offset, reinterpret_cast<int64_t>(t));
  unpark(self.get());  // the permit is kept for the next park
  auto start = std::chrono::steady_clock::now();
  park(t, false, 0);                            // returns at once
  park(t, false, 2'000'000);                    // 2 ms timeout
  park(t, true, current_time_millis() - 1000);  // a deadline in the past
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));

  sleep_millis(t, 1);
  CHECK_FALSE(t->has_pending_exception());
  t->interrupted.store(true);
  sleep_millis(t, 10'000);
  CHECK(pending(t) == "java.lang.InterruptedException: sleep interrupted");
  CHECK_FALSE(t->interrupted.load());
  sleep_millis(t, -1);
  CHECK(pending(t) == "java.lang.IllegalArgumentException: timeout value is negative");
  self->set_field<int64_t>(eetop->offset, 0);
}

}  // namespace
}  // namespace minijvm

namespace minijvm {
namespace {

TEST_CASE("jvm: JVM_* entries run in the VM state and find classes as libjava expects") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  HandleMark mark(t->handles());
  const ThreadState saved_state = t->state.load();
  t->state.store(ThreadState::kInNative);
  jclass string = JVM_FindClassFromCaller(nullptr, "java/lang/String", JNI_FALSE, nullptr, nullptr);
  CHECK(t->state.load() == ThreadState::kInNative);  // restored after the kInVm section
  REQUIRE(string != nullptr);
  CHECK(deref(string) == boot_class("java/lang/String")->mirror);
  CHECK(JVM_FindClassFromCaller(nullptr, "no/such/Clazz", JNI_FALSE, nullptr, nullptr) == nullptr);
  CHECK(pending(t) == "java.lang.ClassNotFoundException: no/such/Clazz");
  CHECK(JVM_FindClassFromBootLoader(nullptr, "no/such/Clazz") == nullptr);
  CHECK_FALSE(t->has_pending_exception());
  CHECK(deref(JVM_FindPrimitiveClass(nullptr, "long")) == primitive_mirror(BasicType::kLong));
  CHECK(JVM_FindPrimitiveClass(nullptr, "Long") == nullptr);
  jclass ints = JVM_FindClassFromCaller(nullptr, "[I", JNI_FALSE, nullptr, nullptr);
  CHECK(deref(ints) == primitive_array_klass(BasicType::kInt)->mirror);
  jstring name;
  {
    ThreadStateScope in_vm(t, ThreadState::kInVm);  // the test allocates as the VM would
    name = static_cast<jstring>(local(new_string_from_utf8(t, "java.lang.String")));
  }
  CHECK(deref(JVM_FindLoadedClass(nullptr, nullptr, name)) == deref(string));
  CHECK(JVM_IsInterface(nullptr, string) == JNI_FALSE);
  CHECK(JVM_IsArrayClass(nullptr, ints) == JNI_TRUE);
  CHECK(JVM_IsPrimitiveClass(nullptr, local_class(primitive_mirror(BasicType::kInt))) == JNI_TRUE);
  CHECK(JVM_GetClassAccessFlags(nullptr, string) == 0x0031);  // public final super
  t->state.store(saved_state);
}

}  // namespace
}  // namespace minijvm

namespace minijvm {
namespace {

TEST_CASE("jvm: StackWalker batches skip the walker's own frames") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* sample = test::test_class("jvm/JvmTraceSample");
  Klass* walker = boot_class("java/lang/StackStreamFactory$AbstractStackWalker");
  Klass* traverser = boot_class("java/lang/StackStreamFactory$StackFrameTraverser");
  Method* caller = sample->find_declared_method(intern("caller"), intern("()V"));
  Method* thrower = sample->find_declared_method(intern("thrower"), intern("()V"));
  Method* call_walk = nullptr;
  for (auto& m : walker->methods) {
    if (m->name->equals("callStackWalk")) call_walk = m.get();
  }
  REQUIRE(call_walk != nullptr);
  HandleMark mark(t->handles());
  Frame* base = t->top_frame();
  Frame* f1 = t->push_frame(caller);
  REQUIRE(f1 != nullptr);
  f1->pc = caller->code;
  Frame* f2 = t->push_frame(thrower);
  f2->pc = thrower->code + 4;
  Frame* f3 = t->push_frame(call_walk);
  f3->pc = nullptr;

  jobject stream = local(new_instance(t, traverser));
  jobjectArray classes =
      static_cast<jobjectArray>(local(new_object_array(t, vm().classes.Class, 4)));
  test::fake_java_calls().clear();
  JVM_CallStackWalk(nullptr, stream, 0x2 /* class refs only */, 0, 1, 1, classes);
  REQUIRE_FALSE(t->has_pending_exception());
  auto* c = static_cast<ArrayObject*>(deref(classes));
  CHECK(c->data<Object*>()[1] == sample->mirror);  // thrower, the first non-walker frame
  CHECK(c->data<Object*>()[2] == nullptr);         // batch of one
  REQUIRE_FALSE(test::fake_java_calls().empty());
  CHECK(test::fake_java_calls().back() ==
        "java/lang/StackStreamFactory$AbstractStackWalker.doStackWalk");
  // The anchor dies with the walk.
  JVM_MoreStackWalk(nullptr, stream, 0x2, 12345, 1, 2, classes);
  CHECK(pending(t) == "java.lang.InternalError: doStackWalk: corrupted buffers");

  // Full StackFrameInfo objects, then a StackTraceElement from one.
  Klass* sfi_class = boot_class("java/lang/StackFrameInfo");
  Klass* member_name = boot_class("java/lang/invoke/MemberName");
  jobjectArray infos = static_cast<jobjectArray>(local(new_object_array(t, sfi_class, 2)));
  for (int i = 0; i < 2; ++i) {
    Object* sfi = new_instance(t, sfi_class);
    static_cast<ArrayObject*>(deref(infos))->data<Object*>()[i] = sfi;
    sfi->set_ref_field(field(sfi_class, "memberName", "Ljava/lang/Object;")->offset,
                       new_instance(t, member_name));
  }
  JVM_CallStackWalk(nullptr, stream, 0, 0, 2, 0, infos);
  REQUIRE_FALSE(t->has_pending_exception());
  Object* top = static_cast<ArrayObject*>(deref(infos))->data<Object*>()[0];
  Object* mn = top->ref_field(field(sfi_class, "memberName", "Ljava/lang/Object;")->offset);
  CHECK(str(mn->ref_field(field(member_name, "name", "Ljava/lang/String;")->offset)) == "thrower");
  CHECK(top->field<int32_t>(field(sfi_class, "bci", "I")->offset) == 4);
  Object* second = static_cast<ArrayObject*>(deref(infos))->data<Object*>()[1];
  Object* mn2 = second->ref_field(field(sfi_class, "memberName", "Ljava/lang/Object;")->offset);
  CHECK(str(mn2->ref_field(field(member_name, "name", "Ljava/lang/String;")->offset)) == "caller");
  Klass* ste_class = boot_class("java/lang/StackTraceElement");
  jobject ste = local(new_instance(t, ste_class));
  JVM_InitStackTraceElement(nullptr, ste, local(top));
  REQUIRE_FALSE(t->has_pending_exception());
  CHECK(str(deref(ste)->ref_field(field(ste_class, "methodName", "Ljava/lang/String;")->offset)) ==
        "thrower");
  CHECK(deref(ste)->field<int32_t>(field(ste_class, "lineNumber", "I")->offset) == 11);

  t->pop_frame(f3);
  t->pop_frame(f2);
  t->pop_frame(f1);
  CHECK(t->top_frame() == base);
}

}  // namespace
}  // namespace minijvm

namespace minijvm {
namespace {

TEST_CASE("jvm: Reflection.getCallerClass skips the caller-sensitive method and Method.invoke") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  Klass* sample = test::test_class("jvm/JvmTraceSample");
  Klass* reflection = boot_class("jdk/internal/reflect/Reflection");
  Klass* string = boot_class("java/lang/String");
  Klass* method_class = boot_class("java/lang/reflect/Method");
  auto find = [](Klass* k, const char* name, const char* desc) {
    Method* m = k->find_declared_method(intern(name), intern(desc));
    REQUIRE_MESSAGE(m != nullptr, name);
    return m;
  };
  Method* caller = find(sample, "caller", "()V");
  Method* sensitive = find(string, "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;");
  Method* invoke =
      find(method_class, "invoke", "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;");
  Method* get_caller = find(reflection, "getCallerClass", "()Ljava/lang/Class;");
  HandleMark mark(t->handles());
  std::vector<Frame*> pushed;
  auto push = [&](Method* m) {
    Frame* f = t->push_frame(m);
    REQUIRE(f != nullptr);
    f->pc = m->code;
    pushed.push_back(f);
  };
  push(caller);
  push(invoke);
  push(sensitive);
  push(get_caller);
  CHECK(deref(JVM_GetCallerClass(nullptr)) == sample->mirror);
  auto* context = static_cast<ArrayObject*>(deref(JVM_GetClassContext(nullptr)));
  REQUIRE(context != nullptr);
  REQUIRE(context->length() >= 2);
  CHECK(context->data<Object*>()[0] == string->mirror);  // native getCallerClass and invoke skipped
  CHECK(context->data<Object*>()[1] == sample->mirror);
  while (!pushed.empty()) {
    t->pop_frame(pushed.back());
    pushed.pop_back();
  }
  // Without a frame for the native itself, the top frame is the sensitive method.
  push(caller);
  push(sensitive);
  CHECK(deref(JVM_GetCallerClass(nullptr)) == sample->mirror);
  while (!pushed.empty()) {
    t->pop_frame(pushed.back());
    pushed.pop_back();
  }
}

}  // namespace
}  // namespace minijvm
