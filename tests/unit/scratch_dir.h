// A per-process scratch directory for tests that write files. The name
// carries the process id: the Release and the sanitized suites run on the
// same machine, and ctest runs tests in parallel, so a fixed name would let
// one run read another's leftovers.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace minijvm::test {

inline std::filesystem::path scratch_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() /
             (name + "-" + std::to_string(static_cast<long>(::getpid())));
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace minijvm::test
