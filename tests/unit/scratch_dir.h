// A per-process scratch directory for tests that write files. The name
// carries the process id: the Release and the sanitized suites run on the
// same machine, and ctest runs tests in parallel, so a fixed name would let
// one run read another's leftovers.
//
// Every scratch directory is removed when the test process ends with all its
// test cases passed (main.cpp); after a failure they are kept for reading,
// and their paths are printed. Profiles of large programs take gigabytes, so
// a suite that kept them would fill the disk of a CI machine.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <mutex>
#include <set>
#include <string>

namespace minijvm::test {

struct ScratchDirs {
  std::mutex lock;
  std::set<std::filesystem::path> dirs;
};

inline ScratchDirs& scratch_dirs() {
  static ScratchDirs all;
  return all;
}

inline std::filesystem::path scratch_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() /
             (name + "-" + std::to_string(static_cast<long>(::getpid())));
  std::filesystem::create_directories(dir);
  ScratchDirs& all = scratch_dirs();
  std::lock_guard<std::mutex> guard(all.lock);
  all.dirs.insert(dir);
  return dir;
}

}  // namespace minijvm::test
