// Shared by the profiler tests that run minijvm: running a program with
// profilers, reading a profile back (and checking it is consistent), and
// summing a metric by method.
#pragma once

#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>

#include "profilers/export/export.h"
#include "profilers/tool/prof_tool.h"
#include "scratch_dir.h"

namespace minijvm::test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `main_class` (with its arguments) under `options` (-profile=... with
// out= in `dir`); returns the exit status; stdout and stderr go to
// dir/run.out and dir/run.err.
inline int run(const std::filesystem::path& dir, const std::string& options,
               const std::string& main_class) {
  std::string command = std::string(MINIJVM_BINARY) + " " + options + " -cp " +
                        MINIJVM_TEST_CLASSES + " " + main_class + " >" + (dir / "run.out").string() +
                        " 2>" + (dir / "run.err").string();
  int status = std::system(command.c_str());
  // An exact profiler's call log that contradicts itself is a VM bug the
  // run reports on stderr (profilers/cct/replay.cpp).
  const std::string err = read_file((dir / "run.err").string());
  CHECK_MESSAGE(err.find("contradicts itself") == std::string::npos, err);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Reads a profile, which must be consistent (minijvm prof check).
inline prof::Profile load(const std::filesystem::path& path) {
  auto profile = prof::read_json(read_file(path.string()));
  REQUIRE_MESSAGE(profile.ok(), path.string() << ": " << (profile.ok() ? "" : profile.error().message));
  std::string problem = prof::check_profile(profile.value());
  CHECK_MESSAGE(problem.empty(), path.string() << ": " << problem);
  return std::move(profile).value();
}

// `metric` summed over the merged nodes of cls.method (all its contexts).
inline uint64_t metric_of(const prof::Profile& p, std::string_view cls, std::string_view method,
                          std::string_view metric = "samples") {
  int m = p.metric_index(metric);
  REQUIRE(m >= 0);
  uint64_t sum = 0;
  const prof::ProfileTree& tree = p.merged();
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const prof::ProfileNode& n = tree.nodes[i];
    if (n.method < 0) continue;
    const auto& pm = p.methods[static_cast<size_t>(n.method)];
    if (pm.class_name == cls && pm.name == method) sum += tree.value(i, m);
  }
  return sum;
}
inline uint64_t samples_of(const prof::Profile& p, std::string_view cls, std::string_view method) {
  return metric_of(p, cls, method, "samples");
}

// The JSON of a profile without its measures of real time (the stats whose
// names end in _ns: the sampler's own time, times to safepoint, pauses):
// what must repeat byte for byte on the bytecode clock.
inline std::string repeatable_json(const std::filesystem::path& path) {
  return std::regex_replace(read_file(path.string()),
                            std::regex("(\"[a-z_]*_ns\"):[-0-9.e+]+"), "$1:_");
}

}  // namespace minijvm::test
