// The independent oracle of issue 5 ("Tests"): every program listed in
// tests/oracle/programs.txt runs under HotSpot with the CCT agent of
// tests/oracle/CctAgent.java (java -XX:TieredStopAtLevel=1 -javaagent:...=OUT;
// C1 only is cheaper than -Xint for these short runs, and the counts do not
// depend on it) and under minijvm -profile=cct, each in its own working directory, two
// programs at a time; minijvm's merged tree projected onto application
// frames (weights_of, app_only) must equal the agent's exactly, for calls and
// for executed bytecodes: same contexts, same values, 100 % overlap by
// context, edge and method, and the same exit code. Every program is checked
// (a failure names the program and the first differing contexts).
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
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

// Runs `command` in its own working directory OUT.d (programs write files
// there), stdout/stderr to OUT.stdout / OUT.stderr, stdin from the program's
// tests/java/stdin file if any; returns the exit code. Thread-safe.
int run(const std::string& command, const std::string& main_class, const std::string& out) {
  std::string stdin_file =
      std::string(MINIJVM_SOURCE_DIR) + "/tests/java/stdin/" + main_class + ".txt";
  if (!std::filesystem::exists(stdin_file)) stdin_file = "/dev/null";
  std::filesystem::create_directories(out + ".d");
  std::string full = "cd '" + out + ".d' && " + command + " <" + stdin_file + " >" + out +
                     ".stdout 2>" + out + ".stderr";
  return exit_code(std::system(full.c_str()));
}

// One program run under HotSpot with the agent and under minijvm.
struct Runs {
  std::string oracle_out, minijvm_out;
  int java_rc = -1, minijvm_rc = -1;
};

Runs run_both(const std::vector<std::string>& program, const std::filesystem::path& dir) {
  static const std::string exports =
      " --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED"
      " --add-exports java.base/jdk.internal.org.objectweb.asm.commons=ALL-UNNAMED"
      " --add-exports java.base/jdk.internal.access=ALL-UNNAMED";
  const std::string& main_class = program[0];
  std::string args;
  for (size_t i = 1; i < program.size(); ++i) args += " '" + program[i] + "'";
  Runs r;
  r.oracle_out = (dir / (main_class + ".oracle.json")).string();
  r.minijvm_out = (dir / (main_class + ".minijvm.json")).string();
  std::filesystem::remove(r.oracle_out);
  std::filesystem::remove(r.minijvm_out);
  r.java_rc = run(std::string(MINIJVM_JAVA) + " -XX:TieredStopAtLevel=1 -Xss1m" + exports +
                      " -javaagent:" + MINIJVM_ORACLE_AGENT + "=" + r.oracle_out + " -cp " +
                      MINIJVM_TEST_CLASSES + " " + main_class + args,
                  main_class, r.oracle_out);
  r.minijvm_rc = run(std::string(MINIJVM_BINARY) + " -Xss1m '-profile=cct:out=" + r.minijvm_out +
                         "' -cp " + MINIJVM_TEST_CLASSES + " " + main_class + args,
                     main_class, r.minijvm_out);
  return r;
}

// Reads a profile; false (and a failed check naming the file and the run's
// stderr) if it cannot.
bool load(const std::string& path, Profile* out) {
  auto profile = minijvm::prof::read_json(slurp(path));
  CHECK_MESSAGE(profile.ok(), path << ": " << (profile.ok() ? "" : profile.error().message)
                                   << "\n" << slurp(path + ".stderr"));
  if (!profile.ok()) return false;
  // A call log that contradicts itself is a VM bug the run reports.
  CHECK_MESSAGE(slurp(path + ".stderr").find("contradicts itself") == std::string::npos,
                slurp(path + ".stderr"));
  *out = std::move(profile).value();
  return true;
}

// Requires the oracle's contexts to weigh what minijvm's do, naming the
// first differing contexts with both values.
void require_equal(const ProfileWeights& oracle, const ProfileWeights& minijvm, const std::string& what) {
  std::vector<minijvm::prof::ContextDelta> deltas = minijvm::prof::differing_contexts(oracle, minijvm);
  std::ostringstream diff;
  for (size_t i = 0; i < deltas.size() && i < 10; ++i) {
    const auto& d = deltas[i];
    bool in_oracle = oracle.contexts.contains(d.key), in_minijvm = minijvm.contexts.contains(d.key);
    diff << "\n  " << (in_oracle ? oracle.path_of(d.key) : minijvm.path_of(d.key)) << ": oracle "
         << (in_oracle ? std::to_string(static_cast<uint64_t>(d.a)) : std::string("(none)"))
         << ", minijvm "
         << (in_minijvm ? std::to_string(static_cast<uint64_t>(d.b)) : std::string("(none)"));
  }
  INFO(what << ": " << deltas.size() << " contexts differ" << diff.str());
  CHECK(deltas.empty());
}

// Removes what run_both wrote for one program.
void remove_runs(const Runs& r) {
  for (const std::string& out : {r.oracle_out, r.minijvm_out})
    for (const char* suffix : {"", ".stdout", ".stderr", ".d"})
      std::filesystem::remove_all(out + suffix);
}

}  // namespace

TEST_SUITE("cct_oracle") {
  TEST_CASE("the programs list is not empty and starts with the JP example") {
    auto list = programs();
    REQUIRE(list.size() >= 100);
    CHECK(list[0][0] == "prof.JpExample");
  }

  TEST_CASE("minijvm's application CCT equals the HotSpot agent's, program by program") {
    auto dir = minijvm::test::scratch_dir("minijvm-cct-oracle");
    std::vector<std::vector<std::string>> list = programs();
#if defined(__SANITIZE_ADDRESS__)
    // A test of semantics, and slow under the sanitizers: there, the first
    // few programs only (the Release run checks them all).
    if (list.size() > 4) list.resize(4);
#endif
    // Two programs' runs are in flight while one is checked; the checks stay
    // on this thread (doctest's assertions are not thread-safe).
    constexpr size_t kInFlight = 2;
    std::vector<std::future<Runs>> runs(list.size());
    auto start = [&](size_t i) {
      if (i < list.size())
        runs[i] = std::async(std::launch::async, run_both, std::cref(list[i]), std::cref(dir));
    };
    for (size_t i = 0; i < kInFlight; ++i) start(i);
    for (size_t i = 0; i < list.size(); ++i) {
      Runs r = runs[i].get();
      start(i + kInFlight);
      const std::string& main_class = list[i][0];
      INFO("program " << main_class);
      CHECK(r.java_rc == r.minijvm_rc);
      bool same = r.java_rc == r.minijvm_rc;
      Profile oracle, minijvm;
      if (!load(r.oracle_out, &oracle) || !load(r.minijvm_out, &minijvm)) continue;
      same = same && oracle.profiler == "oracle" && minijvm.profiler == "cct";
      // An agent that hit an internal error says so (and on stderr).
      CHECK_MESSAGE(oracle.profiler == "oracle", slurp(r.oracle_out + ".stderr"));
      CHECK(minijvm.profiler == "cct");
      for (std::string metric : {"calls", "bytecodes"}) {
        CAPTURE(metric);
        int mo = oracle.metric_index(metric), mm = minijvm.metric_index(metric);
        CHECK(mo >= 0);
        CHECK(mm >= 0);
        if (mo < 0 || mm < 0) {
          same = false;
          continue;
        }
        ProjectionOptions app{true, "", /*paths=*/true};
        ProfileWeights wo = minijvm::prof::weights_of(oracle, mo, app);
        ProfileWeights wm = minijvm::prof::weights_of(minijvm, mm, app);
        CHECK(!wo.contexts.empty());
        require_equal(wo, wm, main_class + " " + metric);
        same = same && !wo.contexts.empty() && wo.contexts == wm.contexts;
        CHECK(minijvm::prof::overlap_percent(wo.contexts, wm.contexts) == doctest::Approx(100.0));
        CHECK(minijvm::prof::overlap_percent(wo.edges, wm.edges) == doctest::Approx(100.0));
        CHECK(minijvm::prof::overlap_percent(wo.methods, wm.methods) == doctest::Approx(100.0));
      }
      // A program's two profiles take up to gigabytes: kept only when they
      // differ, so the suite's disk use stays that of two programs.
      if (same) remove_runs(r);
    }
  }
}
