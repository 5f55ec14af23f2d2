// The independent oracle of issue 5 ("Tests"): every program listed in
// tests/oracle/programs.txt runs under HotSpot with the CCT agent of
// tests/oracle/CctAgent.java (java -Xint -javaagent:cct-agent.jar=OUT) and
// under minijvm -profile=cct; minijvm's merged tree projected onto
// application frames (weights_of, app_only) must equal the agent's exactly,
// for calls and for executed bytecodes: same contexts, same values, 100 %
// overlap by context, edge and method.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/tool/prof_tool.h"
#include "scratch_dir.h"

namespace {

using minijvm::prof::Profile;
using minijvm::prof::ProfileWeights;
using minijvm::prof::ProjectionOptions;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// "Main arg1 arg2" lines; '#' starts a comment line.
std::vector<std::vector<std::string>> programs() {
  std::vector<std::vector<std::string>> result;
  std::istringstream in(slurp(std::string(MINIJVM_SOURCE_DIR) + "/tests/oracle/programs.txt"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<std::string> program;
    for (std::string w; words >> w;) program.push_back(w);
    if (!program.empty()) result.push_back(program);
  }
  return result;
}

int exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

// Runs `command` (stdout/stderr to OUT.stdout / OUT.stderr, stdin from the
// program's tests/java/stdin file if any); returns the exit code.
int run(const std::string& command, const std::string& main_class, const std::string& out) {
  std::string stdin_file =
      std::string(MINIJVM_SOURCE_DIR) + "/tests/java/stdin/" + main_class + ".txt";
  if (!std::filesystem::exists(stdin_file)) stdin_file = "/dev/null";
  std::string full = command + " <" + stdin_file + " >" + out + ".stdout 2>" + out + ".stderr";
  return exit_code(std::system(full.c_str()));
}

Profile load(const std::string& path) {
  auto profile = minijvm::prof::read_json(slurp(path));
  REQUIRE_MESSAGE(profile.ok(), path << ": " << (profile.ok() ? "" : profile.error().message));
  return std::move(profile).value();
}

// Requires a == b, naming the first differing keys with both values.
void require_equal(const std::map<std::string, double>& oracle,
                   const std::map<std::string, double>& minijvm, const std::string& what) {
  std::ostringstream diff;
  int differing = 0;
  std::map<std::string, double> all = oracle;
  for (const auto& [k, v] : minijvm) all.emplace(k, 0);
  for (const auto& [k, v] : all) {
    auto a = oracle.find(k), b = minijvm.find(k);
    bool same = a != oracle.end() && b != minijvm.end() && a->second == b->second;
    if (same) continue;
    if (++differing <= 10) {
      diff << "\n  " << k << ": oracle "
           << (a == oracle.end() ? std::string("(none)") : std::to_string(static_cast<uint64_t>(a->second)))
           << ", minijvm "
           << (b == minijvm.end() ? std::string("(none)") : std::to_string(static_cast<uint64_t>(b->second)));
    }
  }
  INFO(what << ": " << differing << " contexts differ" << diff.str());
  CHECK(differing == 0);
}

}  // namespace

TEST_SUITE("cct_oracle") {
  TEST_CASE("the programs list is not empty and starts with the JP example") {
    auto list = programs();
    REQUIRE(list.size() >= 15);
    CHECK(list[0][0] == "prof.JpExample");
  }

  TEST_CASE("minijvm's application CCT equals the HotSpot agent's, program by program") {
    auto dir = minijvm::test::scratch_dir("minijvm-cct-oracle");
    const std::string exports =
        " --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED"
        " --add-exports java.base/jdk.internal.org.objectweb.asm.commons=ALL-UNNAMED";
    size_t index = 0;
    for (const auto& program : programs()) {
#if defined(__SANITIZE_ADDRESS__)
      // A test of semantics, and slow under the sanitizers: there, the first
      // few programs only (the Release run checks them all).
      if (index++ >= 4) break;
#else
      ++index;
#endif
      const std::string& main_class = program[0];
      std::string args;
      for (size_t i = 1; i < program.size(); ++i) args += " '" + program[i] + "'";
      SUBCASE(main_class.c_str()) {
        std::string oracle_out = (dir / (main_class + ".oracle.json")).string();
        std::string minijvm_out = (dir / (main_class + ".minijvm.json")).string();
        std::filesystem::remove(oracle_out);
        std::filesystem::remove(minijvm_out);
        int java_rc = run(std::string(MINIJVM_JAVA) + " -Xint -Xss1m" + exports + " -javaagent:" +
                              MINIJVM_ORACLE_AGENT + "=" + oracle_out + " -cp " +
                              MINIJVM_TEST_CLASSES + " " + main_class + args,
                          main_class, oracle_out);
        int minijvm_rc = run(std::string(MINIJVM_BINARY) + " -Xss1m '-profile=cct:out=" +
                                 minijvm_out + "' -cp " + MINIJVM_TEST_CLASSES + " " + main_class +
                                 args,
                             main_class, minijvm_out);
        CHECK(java_rc == minijvm_rc);
        Profile oracle = load(oracle_out);
        Profile minijvm = load(minijvm_out);
        // An agent that hit an internal error says so (and on stderr).
        REQUIRE_MESSAGE(oracle.profiler == "oracle", slurp(oracle_out + ".stderr"));
        REQUIRE(minijvm.profiler == "cct");
        for (std::string metric : {"calls", "bytecodes"}) {
          CAPTURE(metric);
          int mo = oracle.metric_index(metric), mm = minijvm.metric_index(metric);
          REQUIRE(mo >= 0);
          REQUIRE(mm >= 0);
          ProjectionOptions app{true, ""};
          ProfileWeights wo = minijvm::prof::weights_of(oracle, mo, app);
          ProfileWeights wm = minijvm::prof::weights_of(minijvm, mm, app);
          CHECK(!wo.contexts.empty());
          require_equal(wo.contexts, wm.contexts, main_class + " " + metric);
          CHECK(minijvm::prof::overlap_percent(wo.contexts, wm.contexts) == doctest::Approx(100.0));
          CHECK(minijvm::prof::overlap_percent(wo.edges, wm.edges) == doctest::Approx(100.0));
          CHECK(minijvm::prof::overlap_percent(wo.methods, wm.methods) == doctest::Approx(100.0));
        }
      }
    }
  }
}
