// JNI natives end to end without the interpreter: the test library
// (tests/jni/jni_test_lib.c) is loaded, the natives of jni/JniNatives
// (tests/java/jni/JniNatives.java) are bound by the JNI binder and called
// through their NativeInvoker with hand-built argument Slots.
#include <doctest/doctest.h>

#include <dlfcn.h>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/native_calls/ffi_invoker.h"
#include "classlib-bridge/native_calls/jni_binder.h"
#include "classlib-bridge/native_calls/native_libraries.h"
#include "interp/interpreter.h"
#include "runtime_test_support.h"
#include "scratch_dir.h"
#include "vm/classpath/jdk.h"
#include "vm/runtime/bootstrap.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/natives.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"

namespace minijvm {
namespace {

// The VM core, created once per process (create_vm_core may run only once;
// another test file may have created it on this thread already).
JavaThread* vm_thread() {
  static JavaThread* thread = []() -> JavaThread* {
    if (JavaThread::current() != nullptr) return JavaThread::current();
    auto jdk = locate_jdk();
    if (!jdk.ok()) return nullptr;
    JavaThread* t = nullptr;
    return create_vm_core(VmOptions{}, jdk.value(), &t) ? t : nullptr;
  }();
  return thread;
}

// jni/JniNatives, defined by the boot loader from the javac output, with
// the test library loaded and the JNI binder installed.
Klass* natives_class(JavaThread* thread) {
  static Klass* klass = [&]() -> Klass* {
    std::ifstream in(MINIJVM_TEST_CLASSES "/jni/JniNatives.class", std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
    if (bytes.empty()) return nullptr;
    Klass* k = define_class(thread, nullptr, bytes, nullptr, nullptr, "test");
    if (k == nullptr || !link_class(thread, k)) return nullptr;
    install_jni_binder();
    if (load_native_library(thread, MINIJVM_JNI_TEST_LIB) == nullptr) return nullptr;
    return k;
  }();
  return klass;
}

Method* method(Klass* k, const char* name, const char* descriptor) {
  return k->find_declared_method(intern(name), intern(descriptor));
}

// Binds (through natives.h, as the interpreter does) and invokes.
Slot call(JavaThread* thread, Method* m, std::vector<Slot> args) {
  Slot result;
  result.raw = 0xdeadbeefdeadbeef;
  REQUIRE(m != nullptr);
  if (!bind_native(thread, m)) return result;
  NativeInvoker invoker = m->native_invoker.load();
  REQUIRE((invoker != nullptr));
  invoker(thread, m, args.data(), &result);
  return result;
}

std::string pending_class(JavaThread* thread) {
  Object* e = thread->pending_exception();
  return e ? e->klass()->external_name() : "";
}

struct Fixture {
  JavaThread* thread = vm_thread();
  Klass* k = nullptr;
  Fixture() {
    REQUIRE_MESSAGE(thread != nullptr, "the VM core did not start");
    k = natives_class(thread);
    if (k == nullptr && thread->has_pending_exception()) {
      FAIL("setting up jni/JniNatives failed: " << pending_class(thread));
    }
    REQUIRE(k != nullptr);
    thread->clear_pending_exception();
  }
};

}  // namespace

TEST_CASE_FIXTURE(Fixture, "JNI: JNI_OnLoad ran with a working JavaVM and GetEnv") {
  CHECK(call(thread, method(k, "onLoadCalled", "()Z"), {}).i == 1);
  JNIEnv* env = nullptr;
  CHECK(java_vm()->functions->GetEnv(java_vm(), reinterpret_cast<void**>(&env), JNI_VERSION_10) ==
        JNI_OK);
  CHECK(env == jni_env_of(thread));
  CHECK(thread_of_env(env) == thread);
}

TEST_CASE_FIXTURE(Fixture, "JNI: primitive arguments and results through libffi") {
  CHECK(call(thread, method(k, "addInts", "(II)I"), {slot_int(40), slot_int(2)}).i == 42);
  CHECK(call(thread, method(k, "addLongs", "(JJ)J"),
             {slot_long(1LL << 40), slot_long(0), slot_long(5), slot_long(0)})
            .j == (1LL << 40) + 5);
  CHECK(call(thread, method(k, "half", "(F)F"), {slot_float(3.0f)}).f == 1.5f);
  // int, long (2 slots), double (2 slots), float, boolean, byte, char, short.
  Slot r = call(thread, method(k, "mixed", "(IJDFZBCS)D"),
                {slot_int(1), slot_long(20), slot_long(0), slot_double(0.5), slot_long(0),
                 slot_float(0.25f), slot_int(1), slot_int(-3), slot_int(65), slot_int(-7)});
  CHECK(r.d == doctest::Approx(1 + 20 + 0.5 + 0.25 + 1000 - 3 + 65 - 7));
  CHECK_FALSE(thread->has_pending_exception());
}

TEST_CASE_FIXTURE(Fixture, "JNI: sub-int results are normalized") {
  CHECK(call(thread, method(k, "negate", "(Z)Z"), {slot_int(0)}).i == 1);  // C returned 2
  CHECK(call(thread, method(k, "negate", "(Z)Z"), {slot_int(1)}).i == 0);
  CHECK(call(thread, method(k, "byteOf", "(I)B"), {slot_int(0x1ff)}).i == -1);
  CHECK(call(thread, method(k, "charOf", "(I)C"), {slot_int(-1)}).i == 0xffff);
  CHECK(call(thread, method(k, "shortOf", "(I)S"), {slot_int(0x18000)}).i == -32768);
}

TEST_CASE_FIXTURE(Fixture, "JNI: instance natives, fields and static fields") {
  HandleMark mark(thread->handles());
  Handle obj = thread->handles().make(new_instance(thread, k));
  REQUIRE_FALSE(obj.is_null());
  call(thread, method(k, "setValue", "(I)V"), {slot_ref(obj.get()), slot_int(1234)});
  CHECK(call(thread, method(k, "getValue", "()I"), {slot_ref(obj.get())}).i == 1234);
  CHECK(call(thread, method(k, "bumpCounter", "(J)J"), {slot_long(5), slot_long(0)}).j == 5);
  CHECK(call(thread, method(k, "bumpCounter", "(J)J"), {slot_long(7), slot_long(0)}).j == 12);
  CHECK_FALSE(thread->has_pending_exception());
}

TEST_CASE_FIXTURE(Fixture, "JNI: strings in and out") {
  HandleMark mark(thread->handles());
  Handle name = thread->handles().make(new_string_from_utf8(thread, "minijvm"));
  Slot r = call(thread, method(k, "greet", "(Ljava/lang/String;)Ljava/lang/String;"),
                {slot_ref(name.get())});
  REQUIRE(r.l != nullptr);
  CHECK(string_to_utf8(r.l) == "Hello, minijvm!");
  // "aé€": 3 chars; modified UTF-8 1 + 2 + 3 bytes.
  Handle s = thread->handles().make(new_string_from_utf8(thread, "a\xc3\xa9\xe2\x82\xac"));
  CHECK(call(thread, method(k, "utfLength", "(Ljava/lang/String;)I"), {slot_ref(s.get())}).i ==
        6003);
}

TEST_CASE_FIXTURE(Fixture, "JNI: primitive and object arrays") {
  HandleMark mark(thread->handles());
  Handle ints = thread->handles().make(new_primitive_array(thread, BasicType::kInt, 5));
  REQUIRE_FALSE(ints.is_null());
  auto* a = static_cast<ArrayObject*>(ints.get());
  for (int i = 0; i < 5; ++i) a->data<int32_t>()[i] = i + 1;
  CHECK(call(thread, method(k, "sumArray", "([I)I"), {slot_ref(a)}).i == 15);

  Slot made = call(thread, method(k, "makeArray", "(I)[I"), {slot_int(4)});
  REQUIRE(made.l != nullptr);
  auto* m = static_cast<ArrayObject*>(made.l);
  REQUIRE(m->length() == 4);
  CHECK(m->data<int32_t>()[3] == 9);

  Handle doubles = thread->handles().make(new_primitive_array(thread, BasicType::kDouble, 3));
  auto* d = static_cast<ArrayObject*>(doubles.get());
  d->data<double>()[1] = 2.5;
  d->data<double>()[2] = 4.0;
  Method* sum = method(k, "sumDoubles", "([DII)D");
  CHECK(call(thread, sum, {slot_ref(d), slot_int(1), slot_int(2)}).d == 6.5);
  CHECK_FALSE(thread->has_pending_exception());
  call(thread, sum, {slot_ref(d), slot_int(2), slot_int(2)});
  CHECK(pending_class(thread) == "java.lang.ArrayIndexOutOfBoundsException");
  thread->clear_pending_exception();

  Handle objs = thread->handles().make(new_object_array(thread, vm().classes.Object, 2));
  Handle elem = thread->handles().make(new_string_from_utf8(thread, "x"));
  static_cast<ArrayObject*>(objs.get())->data<Object*>()[1] = elem.get();
  Method* element_of = method(k, "elementOf", "([Ljava/lang/Object;I)Ljava/lang/Object;");
  CHECK(call(thread, element_of, {slot_ref(objs.get()), slot_int(1)}).l == elem.get());
  call(thread, element_of, {slot_ref(objs.get()), slot_int(2)});
  CHECK(pending_class(thread) == "java.lang.ArrayIndexOutOfBoundsException");
  thread->clear_pending_exception();
}

TEST_CASE_FIXTURE(Fixture, "JNI: references: identity, locals freed, globals survive") {
  HandleMark mark(thread->handles());
  Handle obj = thread->handles().make(new_instance(thread, vm().classes.Object));
  Method* identity = method(k, "identity", "(Ljava/lang/Object;)Ljava/lang/Object;");
  CHECK(call(thread, identity, {slot_ref(obj.get())}).l == obj.get());
  CHECK(call(thread, identity, {slot_ref(nullptr)}).l == nullptr);

  const size_t top = thread->handles().top();
  CHECK(call(thread, method(k, "makeLocals", "(I)I"), {slot_int(100)}).i == 100);
  CHECK(thread->handles().top() == top);  // the native's local frame is gone

  call(thread, method(k, "keepGlobal", "(Ljava/lang/Object;)V"), {slot_ref(obj.get())});
  CHECK(thread->handles().top() == top);
  CHECK(call(thread, method(k, "getGlobal", "()Ljava/lang/Object;"), {}).l == obj.get());
  CHECK(call(thread, method(k, "globalRefType", "()I"), {}).i == JNIGlobalRefType);
}

TEST_CASE_FIXTURE(Fixture, "JNI: JNIEnv reference functions called directly") {
  JNIEnv* env = jni_env_of(thread);
  HandleMark mark(thread->handles());
  Handle obj = thread->handles().make(new_instance(thread, vm().classes.Object));
  jobject local = reinterpret_cast<jobject>(obj.slot());
  CHECK(env->GetObjectRefType(local) == JNILocalRefType);
  jobject global = env->NewGlobalRef(local);
  jweak weak = env->NewWeakGlobalRef(local);
  CHECK(env->GetObjectRefType(global) == JNIGlobalRefType);
  CHECK(env->GetObjectRefType(weak) == JNIWeakGlobalRefType);
  CHECK(env->IsSameObject(global, local));
  CHECK(env->IsSameObject(weak, local));
  CHECK_FALSE(env->IsSameObject(global, nullptr));
  CHECK(env->PushLocalFrame(8) == JNI_OK);
  jobject inner = env->NewLocalRef(global);
  jobject survivor = env->PopLocalFrame(inner);
  CHECK(env->IsSameObject(survivor, local));
  env->DeleteGlobalRef(global);
  env->DeleteWeakGlobalRef(weak);
  jclass object_class = env->GetObjectClass(local);
  CHECK(env->IsInstanceOf(local, object_class));
  CHECK(env->GetSuperclass(object_class) == nullptr);
  jclass string_class =
      reinterpret_cast<jclass>(thread->handles().make(vm().classes.String->mirror).slot());
  CHECK(env->IsAssignableFrom(string_class, object_class));
  CHECK_FALSE(env->IsAssignableFrom(object_class, string_class));
  CHECK(env->IsSameObject(env->GetSuperclass(string_class), object_class));
}

TEST_CASE_FIXTURE(Fixture, "JNI: member IDs fail with NoSuchFieldError / NoSuchMethodError") {
  JNIEnv* env = jni_env_of(thread);
  HandleMark mark(thread->handles());
  jclass c = reinterpret_cast<jclass>(thread->handles().make(k->mirror).slot());
  CHECK(env->GetFieldID(c, "value", "I") != nullptr);
  CHECK(env->GetStaticFieldID(c, "counter", "J") != nullptr);
  CHECK_FALSE(env->ExceptionCheck());
  CHECK(env->GetFieldID(c, "counter", "J") == nullptr);  // static, asked as instance
  CHECK(pending_class(thread) == "java.lang.NoSuchFieldError");
  env->ExceptionClear();
  CHECK(env->GetStaticMethodID(c, "addInts", "(II)I") != nullptr);
  CHECK(env->GetMethodID(c, "addInts", "(II)I") == nullptr);
  CHECK(pending_class(thread) == "java.lang.NoSuchMethodError");
  env->ExceptionClear();
}

TEST_CASE_FIXTURE(Fixture, "JNI: binding by long names, underscores and unicode names") {
  CHECK(call(thread, method(k, "overloaded", "(I)I"), {slot_int(4)}).i == 40);
  CHECK(call(thread, method(k, "overloaded", "(J)I"), {slot_long(4), slot_long(0)}).i == 400);
  CHECK(call(thread, method(k, "with_underscore", "(I)I"), {slot_int(1)}).i == 8);
  CHECK(call(thread, method(k, "unicod\xc3\xa9", "(I)I"), {slot_int(1)}).i == 10);
  CHECK_FALSE(thread->has_pending_exception());
}

TEST_CASE_FIXTURE(Fixture, "JNI: RegisterNatives takes precedence over library lookup") {
  JNIEnv* env = jni_env_of(thread);
  HandleMark mark(thread->handles());
  void* lib = dlopen(MINIJVM_JNI_TEST_LIB, RTLD_LAZY | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  void* impl = dlsym(lib, "registered_impl");
  REQUIRE(impl != nullptr);
  jclass c = reinterpret_cast<jclass>(thread->handles().make(k->mirror).slot());
  JNINativeMethod entry{const_cast<char*>("registered"), const_cast<char*>("(I)I"), impl};
  CHECK(env->RegisterNatives(c, &entry, 1) == JNI_OK);
  Method* m = method(k, "registered", "(I)I");
  CHECK(call(thread, m, {slot_int(1)}).i == 1001);
  // UnregisterNatives: the next call binds by name again.
  CHECK(env->UnregisterNatives(c) == JNI_OK);
  CHECK((m->native_invoker.load() == nullptr));
  CHECK(call(thread, m, {slot_int(1)}).i == 2);
  // A name that does not exist.
  JNINativeMethod bad{const_cast<char*>("nope"), const_cast<char*>("(I)I"), impl};
  CHECK(env->RegisterNatives(c, &bad, 1) == JNI_ERR);
  CHECK(pending_class(thread) == "java.lang.NoSuchMethodError");
  CHECK(exception_message(thread->pending_exception()) ==
        "Method 'int jni.JniNatives.nope(int)' name or signature does not match");
  thread->clear_pending_exception();
  dlclose(lib);
}

TEST_CASE_FIXTURE(Fixture, "JNI: RegisterNatives leaves an intrinsic's VM binding and rebinds other VM natives") {
  // As java.base's registerNatives does for Thread.currentThread (an
  // intrinsic) and would for any VM native that is not one.
  static const NativeEntry table[] = {
      {"jni/JniNatives", "vmIntrinsic", "(I)I",
       [](JavaThread*, Method*, Slot* args, Slot* result) { *result = slot_int(args[0].i * 3); }, true},
      {"jni/JniNatives", "vmNative", "(I)I",
       [](JavaThread*, Method*, Slot* args, Slot* result) { *result = slot_int(args[0].i * 5); }},
  };
  register_vm_natives(table);
  Method* intrinsic = method(k, "vmIntrinsic", "(I)I");
  Method* plain = method(k, "vmNative", "(I)I");
  CHECK(call(thread, intrinsic, {slot_int(7)}).i == 21);
  CHECK(call(thread, plain, {slot_int(7)}).i == 35);
  JNIEnv* env = jni_env_of(thread);
  HandleMark mark(thread->handles());
  void* lib = dlopen(MINIJVM_JNI_TEST_LIB, RTLD_LAZY | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  void* impl = dlsym(lib, "registered_impl");  // 1000 + a
  REQUIRE(impl != nullptr);
  jclass c = reinterpret_cast<jclass>(thread->handles().make(k->mirror).slot());
  JNINativeMethod entries[] = {{const_cast<char*>("vmIntrinsic"), const_cast<char*>("(I)I"), impl},
                               {const_cast<char*>("vmNative"), const_cast<char*>("(I)I"), impl}};
  CHECK(env->RegisterNatives(c, entries, 2) == JNI_OK);
  CHECK((intrinsic->native_invoker.load() == table[0].function));
  CHECK(call(thread, intrinsic, {slot_int(7)}).i == 21);
  CHECK(call(thread, plain, {slot_int(7)}).i == 1007);
  CHECK_FALSE(thread->has_pending_exception());
  dlclose(lib);
}

TEST_CASE_FIXTURE(Fixture, "JNI: a missing native is UnsatisfiedLinkError with HotSpot's message") {
  Method* m = method(k, "missing", "(ILjava/lang/String;)V");
  REQUIRE(m != nullptr);
  CHECK(unsatisfied_link_message(m) == "'void jni.JniNatives.missing(int, java.lang.String)'");
  CHECK_FALSE(bind_native(thread, m));
  CHECK(pending_class(thread) == "java.lang.UnsatisfiedLinkError");
  CHECK(exception_message(thread->pending_exception()) ==
        "'void jni.JniNatives.missing(int, java.lang.String)'");
  thread->clear_pending_exception();
  CHECK((m->native_invoker.load() == nullptr));
}

TEST_CASE_FIXTURE(Fixture, "JNI: a library that cannot be loaded is UnsatisfiedLinkError") {
  CHECK(load_native_library(thread, "/nonexistent/libnothing.so") == nullptr);
  CHECK(pending_class(thread) == "java.lang.UnsatisfiedLinkError");
  CHECK(exception_message(thread->pending_exception()).starts_with("/nonexistent/libnothing.so: "));
  thread->clear_pending_exception();
  // Loading the same library again returns it without running JNI_OnLoad twice.
  CHECK(load_native_library(thread, MINIJVM_JNI_TEST_LIB) != nullptr);
}

TEST_CASE_FIXTURE(Fixture, "JNI: a synchronized native holds its receiver's monitor") {
  HandleMark mark(thread->handles());
  Handle obj = thread->handles().make(new_instance(thread, k));
#if defined(__SANITIZE_ADDRESS__)
  // The inflated Monitor is referenced only from the object's mark word in
  // the mmap'd Java heap, which LeakSanitizer does not scan: not a leak.
  __lsan::ScopedDisabler monitor_lives_in_java_heap;
#endif
  CHECK(call(thread, method(k, "holdsLock", "()Z"), {slot_ref(obj.get())}).i == 1);
  CHECK_FALSE(thread->has_pending_exception());
}

// The Call*/NewObject functions run Java code: they need the interpreter,
// installed for this case only (later cases in the same process expect the
// invoker they had, as each has in its own process under ctest).
TEST_CASE_FIXTURE(Fixture, "JNI: NewObject and Call<Type>Method(A) call back into Java") {
  test::WithInvoker interpreter(&interp::execute);
  // (base 5 + 4) * 2 = 18; nonvirtual plus(1) on value 5 = 6.
  CHECK(call(thread, method(k, "callBack", "(II)I"), {slot_int(5), slot_int(4)}).i == 18006);
  CHECK_FALSE(thread->has_pending_exception());
}

TEST_CASE_FIXTURE(Fixture, "JNI: Throw, ExceptionOccurred, ExceptionCheck, ExceptionClear") {
  JNIEnv* env = jni_env_of(thread);
  HandleMark mark(thread->handles());
  // An unconstructed Throwable is enough to be thrown (no Java code runs).
  Handle ex = thread->handles().make(new_instance(thread, vm().classes.Throwable));
  REQUIRE_FALSE(ex.is_null());
  CHECK_FALSE(env->ExceptionCheck());
  CHECK(env->ExceptionOccurred() == nullptr);
  CHECK(env->Throw(reinterpret_cast<jthrowable>(ex.slot())) == JNI_OK);
  CHECK(env->ExceptionCheck());
  CHECK(thread->pending_exception() == ex.get());
  CHECK(env->IsSameObject(env->ExceptionOccurred(), reinterpret_cast<jobject>(ex.slot())));
  env->ExceptionClear();
  CHECK_FALSE(thread->has_pending_exception());
}

TEST_CASE_FIXTURE(Fixture, "JNI: ThrowNew leaves the exception pending") {
  HandleMark mark(thread->handles());
  Handle msg = thread->handles().make(new_string_from_utf8(thread, "boom"));
  call(thread, method(k, "throwIt", "(Ljava/lang/String;)V"), {slot_ref(msg.get())});
  REQUIRE(thread->has_pending_exception());
  // FindClass initializes IllegalStateException, which runs Throwable's and
  // Class's initializers: that needs the interpreter and java.base's
  // natives. Until those run, the failure of that initialization is what is
  // pending (still an exception, never a silent success).
  if (pending_class(thread) == "java.lang.IllegalStateException") {
    CHECK(exception_message(thread->pending_exception()) == "boom");
  } else {
    MESSAGE("class library not ready; ThrowNew's FindClass left "
            << pending_class(thread) << ": " << exception_message(thread->pending_exception()));
  }
  thread->clear_pending_exception();
}

TEST_CASE("JNI: under the deterministic scheduler a native thread's attach fails in one line") {
  // diff.lang.JniAttach's threads (the test library's own) try to attach;
  // the scheduler runs only threads it starts, so each gets JNI_ERR and no
  // env, says why once on stderr, and the program goes on (it is compared
  // with java without -Xsched by the differential suite).
  auto dir = minijvm::test::scratch_dir("minijvm-jni-attach");
  std::string out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
  std::string command = std::string(MINIJVM_BINARY) + " -Xsched=deterministic -cp " +
                        MINIJVM_TEST_CLASSES + " diff.lang.JniAttach >" + out + " 2>" + err;
  REQUIRE(std::system(command.c_str()) == 0);
  auto lines = [](const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> all;
    for (std::string line; std::getline(in, line);) all.push_back(line);
    return all;
  };
  std::vector<std::string> stdout_lines = lines(out), stderr_lines = lines(err);
  REQUIRE(stdout_lines.size() == 12);
  CHECK(stdout_lines[0] == "no arguments: GetEnv before -2, attach -1 | ");
  CHECK(stdout_lines[7] == "holding a monitor: GetEnv before -2, attach -1 | ");
  CHECK(stdout_lines[10] == "detach from a native method: -9");
  CHECK(stdout_lines[11] == "main: main alive=true");
  REQUIRE(stderr_lines.size() == 7);
  for (const std::string& line : stderr_lines)
    CHECK(line ==
          "minijvm: AttachCurrentThread of a native thread is not supported under "
          "-Xsched=deterministic");
}

TEST_CASE("JNI: load_libjava (needs an object with soname libjvm.so)" *
          doctest::skip(dlopen("libjvm.so", RTLD_LAZY | RTLD_NOLOAD) == nullptr)) {
  JavaThread* thread = vm_thread();
  REQUIRE(thread != nullptr);
  auto jdk = locate_jdk();
  REQUIRE(jdk.ok());
  CHECK(load_libjava(thread, jdk.value()) != nullptr);
}

}  // namespace minijvm
