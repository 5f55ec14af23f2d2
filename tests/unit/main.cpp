// The one doctest main of minijvm_unit_tests; every other file here only adds
// test cases. After the run it removes the scratch directories the tests made
// if every test passed, and names them if one failed.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <filesystem>
#include <iostream>
#include <system_error>

#include "scratch_dir.h"

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  int failed = context.run();
  auto& scratch = minijvm::test::scratch_dirs();
  for (const auto& dir : scratch.dirs) {
    if (failed != 0) {
      std::cerr << "test files kept in " << dir.string() << "\n";
      continue;
    }
    std::error_code error;
    std::filesystem::remove_all(dir, error);
    if (error) std::cerr << "cannot remove " << dir.string() << ": " << error.message() << "\n";
  }
  return failed;
}
