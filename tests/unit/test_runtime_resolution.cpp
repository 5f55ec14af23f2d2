// Resolution errors with HotSpot 17's messages: RtCaller was compiled
// against tests/java/runtime/RtTarget.java; here an incompatible RtTarget is
// compiled with javac and defined first.
#include <cstdlib>
#include <filesystem>

#include "runtime_test_support.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/resolution.h"

namespace minijvm {
namespace {

uint16_t find_ref(Klass* k, classfile::CpTag tag, const char* name) {
  const classfile::ConstantPool& cp = k->class_file->constant_pool;
  for (uint16_t i = 1; i < cp.count(); ++i)
    if (cp.tag(i) == tag && cp.member_ref(i).name->equals(name)) return i;
  FAIL("no constant ", name);
  return 0;
}

std::string pending_text(JavaThread* t) {
  REQUIRE(t->has_pending_exception());
  Object* e = t->pending_exception();
  std::string s = e->klass()->external_name() + ": " + exception_message(e);
  t->clear_pending_exception();
  return s;
}

TEST_CASE("runtime: resolution errors carry HotSpot's messages") {
  test::NoJava no_java;
  JavaThread* t = test::runtime_thread();
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("minijvm_rt_" + std::to_string(::getpid()));
  fs::create_directories(dir / "src" / "runtime");
  {
    std::ofstream src(dir / "src" / "runtime" / "RtTarget.java");
    src << "package runtime;\n"
           "public class RtTarget {\n"
           "  public int sfield;\n"              // no longer static
           "  private int ifield;\n"             // now private
           "  public static void m(int x) {}\n"  // now static; s() and gone removed
           "}\n";
  }
  std::string javac = std::string(MINIJVM_JAVAP);
  javac.replace(javac.rfind("javap"), 5, "javac");
  std::string cmd = javac + " -d " + (dir / "out").string() + " " +
                    (dir / "src" / "runtime" / "RtTarget.java").string();
  REQUIRE(std::system(cmd.c_str()) == 0);
  test::test_class("runtime/RtTarget", (dir / "out").string());
  Klass* caller = test::test_class("runtime/RtCaller");
  using classfile::CpTag;

  CHECK(resolve_field(t, caller, find_ref(caller, CpTag::kFieldref, "ifield"), false, true) ==
        nullptr);
  CHECK(pending_text(t) ==
        "java.lang.IllegalAccessError: class runtime.RtCaller tried to access private field "
        "runtime.RtTarget.ifield (runtime.RtCaller and runtime.RtTarget are in unnamed module of "
        "loader 'bootstrap')");
  CHECK(resolve_field(t, caller, find_ref(caller, CpTag::kFieldref, "sfield"), true, true) ==
        nullptr);
  CHECK(pending_text(t) ==
        "java.lang.IncompatibleClassChangeError: Expected static field runtime.RtTarget.sfield");
  CHECK(resolve_field(t, caller, find_ref(caller, CpTag::kFieldref, "gone"), false, false) ==
        nullptr);
  CHECK(pending_text(t) == "java.lang.NoSuchFieldError: gone");
  CHECK(resolve_method(t, caller, find_ref(caller, CpTag::kMethodref, "s"), InvokeKind::kStatic) ==
        nullptr);
  CHECK(pending_text(t) == "java.lang.NoSuchMethodError: 'void runtime.RtTarget.s()'");
  CHECK(resolve_method(t, caller, find_ref(caller, CpTag::kMethodref, "m"), InvokeKind::kVirtual) ==
        nullptr);
  CHECK(pending_text(t) ==
        "java.lang.IncompatibleClassChangeError: Expecting non-static method "
        "'void runtime.RtTarget.m(int)'");
  CHECK(resolve_method(t, caller, find_ref(caller, CpTag::kMethodref, "m"),
                       InvokeKind::kInterface) == nullptr);
  CHECK(pending_text(t) ==
        "java.lang.IncompatibleClassChangeError: Found class runtime.RtTarget, but interface "
        "was expected");
  // The constructor resolves fine for invokespecial.
  Method* init = resolve_method(t, caller, find_ref(caller, CpTag::kMethodref, "<init>"),
                                InvokeKind::kSpecial);
  REQUIRE(init != nullptr);
  CHECK(init->holder->name->equals("java/lang/Object"));
  fs::remove_all(dir);
}

TEST_CASE("runtime: superclass checks at definition (JVMS 5.3.5)") {
  test::NoJava no_java;
  JavaThread* t = test::runtime_thread();
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("minijvm_rt_super_" + std::to_string(::getpid()));
  fs::create_directories(dir / "src");
  auto write = [&](const char* file, const char* text) {
    std::ofstream(dir / "src" / file) << text;
  };
  std::string javac = std::string(MINIJVM_JAVAP);
  javac.replace(javac.rfind("javap"), 5, "javac");
  auto compile = [&](const char* file) {
    std::string cmd = javac + " -cp " + (dir / "out").string() + " -d " + (dir / "out").string() +
                      " " + (dir / "src" / file).string();
    REQUIRE(std::system(cmd.c_str()) == 0);
  };
  write("RtFinalBase.java", "package runtime; public class RtFinalBase {}");
  write("RtIfaceBase.java", "package runtime; public class RtIfaceBase {}");
  write("RtFinalSub.java", "package runtime; public class RtFinalSub extends RtFinalBase {}");
  write("RtIfaceSub.java", "package runtime; public class RtIfaceSub extends RtIfaceBase {}");
  compile("RtFinalBase.java");
  compile("RtIfaceBase.java");
  compile("RtFinalSub.java");
  compile("RtIfaceSub.java");
  write("RtFinalBase.java", "package runtime; public final class RtFinalBase {}");
  write("RtIfaceBase.java", "package runtime; public interface RtIfaceBase {}");
  compile("RtFinalBase.java");
  compile("RtIfaceBase.java");
  std::string out = (dir / "out").string();
  test::test_class("runtime/RtFinalBase", out);
  test::test_class("runtime/RtIfaceBase", out);
  std::vector<uint8_t> iface_sub = test::read_bytes(out + "/runtime/RtIfaceSub.class");
  CHECK(define_class(t, intern("runtime/RtIfaceSub"), iface_sub, nullptr, nullptr, "file:") ==
        nullptr);
  CHECK(pending_text(t) ==
        "java.lang.IncompatibleClassChangeError: class runtime.RtIfaceSub has interface "
        "runtime.RtIfaceBase as super class");
  std::vector<uint8_t> bytes = test::read_bytes(out + "/runtime/RtFinalSub.class");
  CHECK(define_class(t, intern("runtime/RtFinalSub"), bytes, nullptr, nullptr, "file:") == nullptr);
  CHECK(pending_text(t) ==
        "java.lang.IncompatibleClassChangeError: class runtime.RtFinalSub cannot inherit from "
        "final class runtime.RtFinalBase");
  CHECK(find_loaded_class(intern("runtime/RtFinalSub"), nullptr) == nullptr);
  // A missing class is NoClassDefFoundError naming it.
  CHECK(load_class(t, intern("runtime/RtDoesNotExist"), nullptr) == nullptr);
  CHECK(pending_text(t) == "java.lang.NoClassDefFoundError: runtime/RtDoesNotExist");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace minijvm
