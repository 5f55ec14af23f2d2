// Every JVM_* symbol libjava.so imports is defined, exported with C linkage
// and default visibility (found by dlsym in this executable, built with
// ENABLE_EXPORTS), and is the function jvm_exports() lists.
#include <dlfcn.h>
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>

#include "classlib-bridge/jvm/jvm_exports.h"

namespace minijvm {
namespace {

std::set<std::string> required_jvm_symbols() {
  std::ifstream in("/work/shared/reference/libjava_required_JVM_symbols.txt");
  if (!in.good())
    in.open(MINIJVM_SOURCE_DIR "/../shared/reference/libjava_required_JVM_symbols.txt");
  std::set<std::string> names;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("JVM_", 0) == 0) names.insert(line);
  }
  return names;
}

TEST_CASE("jvm: every JVM_* symbol libjava imports is exported") {
  std::set<std::string> required = required_jvm_symbols();
  REQUIRE(required.size() == 141);
  std::set<std::string> listed;
  for (const JvmExport& e : jvm_exports()) {
    listed.insert(e.name);
    void* found = dlsym(RTLD_DEFAULT, e.name);
    CHECK_MESSAGE(found == e.address, e.name);
  }
  for (const std::string& name : required) {
    CHECK_MESSAGE(listed.count(name) == 1, name);
    CHECK_MESSAGE(dlsym(RTLD_DEFAULT, name.c_str()) != nullptr, name);
  }
}

}  // namespace
}  // namespace minijvm
