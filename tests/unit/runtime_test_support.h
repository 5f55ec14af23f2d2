// Shared by the test_runtime_*.cpp units: one VM core per test process,
// booted on first use, with a fake Java invoker (no interpreter is linked
// in these tests) that records the methods it was asked to run.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "vm/classpath/jdk.h"
#include "vm/runtime/bootstrap.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm::test {

// What the fake invoker does for a method; by default nothing.
inline std::function<void(JavaThread*, Method*)>& fake_java_behaviour() {
  static std::function<void(JavaThread*, Method*)> f;
  return f;
}
inline std::vector<std::string>& fake_java_calls() {
  static std::vector<std::string> calls;
  return calls;
}

inline void fake_invoker(JavaThread* thread, Method* method, std::span<const Slot>, Slot* result) {
  fake_java_calls().push_back(method->holder->name->str() + "." + method->name->str());
  if (result) result->raw = 0;
  if (fake_java_behaviour()) fake_java_behaviour()(thread, method);
}

// Installs `invoker` for the scope and restores the one it replaced, so a
// case leaves the process as it found it (another test file may have
// installed the real interpreter, and doctest may run every case in one
// process).
class WithInvoker {
 public:
  explicit WithInvoker(JavaInvoker invoker) : previous_(java_invoker()) {
    set_java_invoker(invoker);
  }
  ~WithInvoker() { set_java_invoker(previous_); }
  WithInvoker(const WithInvoker&) = delete;
  WithInvoker& operator=(const WithInvoker&) = delete;

 private:
  JavaInvoker previous_;
};

// fake_invoker for the scope.
class FakeJava : public WithInvoker {
 public:
  FakeJava() : WithInvoker(&fake_invoker) {}
};

// No invoker for the scope (VM-core-only mode: exceptions are made without
// running Java or initializing their classes).
class NoJava : public WithInvoker {
 public:
  NoJava() : WithInvoker(nullptr) {}
};

// The VM core, created once per process; reused if another test file
// created it first. Installs no invoker (see FakeJava).
inline JavaThread* runtime_thread() {
  static JavaThread* thread = [] {
    JavaThread* t = nullptr;
    if (vm().heap.max_bytes() != 0) {
      std::lock_guard lock(vm().threads_mutex);
      REQUIRE(!vm().threads.empty());
      t = vm().threads.front();
    } else {
      auto jdk = locate_jdk();
      REQUIRE_MESSAGE(jdk.ok(), (jdk.ok() ? "" : jdk.error().message));
      VmOptions options;
      options.max_heap = size_t{512} << 20;
      REQUIRE(create_vm_core(options, *jdk, &t));
    }
    // Like -Xbootclasspath/a: the javac-compiled test classes.
    REQUIRE(vm().boot_class_path.append(MINIJVM_TEST_CLASSES).ok());
    return t;
  }();
  JavaThread::set_current(thread);
  return thread;
}

inline Klass* boot_class(const char* name) {
  JavaThread* t = runtime_thread();
  Klass* k = load_class(t, intern(name), nullptr);
  REQUIRE_MESSAGE(k != nullptr, name);
  REQUIRE(link_class(t, k));
  return k;
}

inline std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Defines a test class from MINIJVM_TEST_CLASSES (or `dir`) in the boot loader.
inline Klass* test_class(const std::string& name, const std::string& dir = MINIJVM_TEST_CLASSES) {
  JavaThread* t = runtime_thread();
  if (Klass* k = find_loaded_class(intern(name), nullptr)) return k;
  std::vector<uint8_t> bytes = read_bytes(dir + "/" + name + ".class");
  Klass* k = define_class(t, intern(name), bytes, nullptr, nullptr, "file:" + dir + "/");
  REQUIRE_MESSAGE(k != nullptr, name);
  REQUIRE(link_class(t, k));
  return k;
}

}  // namespace minijvm::test
