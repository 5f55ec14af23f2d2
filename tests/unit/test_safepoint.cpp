// Safepoints and handshakes (safepoint/safepoint.h), through the stress
// mode of the minijvm binary: a global safepoint about every millisecond
// and a handshake with every thread that walks and checks its stack. The
// threaded programs of the differential suite also run under it
// (tests/differential/safepoint.list); this checks the mode itself.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "scratch_dir.h"

namespace {

struct Run {
  int exit_code = -1;
  std::string out, err;
};

Run run(const std::string& options, const std::string& main_class) {
  auto dir = minijvm::test::scratch_dir("minijvm-safepoint-test");
  std::string base = (dir / main_class).string();
  std::string command = std::string(MINIJVM_BINARY) + " " + options + " -cp " +
                        MINIJVM_TEST_CLASSES + " " + main_class + " >" + base + ".out 2>" + base +
                        ".err";
  int status = std::system(command.c_str());
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  for (auto [path, text] : {std::pair{base + ".out", &r.out}, std::pair{base + ".err", &r.err}}) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    *text = s.str();
  }
  return r;
}

}  // namespace

TEST_SUITE("safepoint") {
  TEST_CASE("-XX:+SafepointALot stops every thread again and again, and the program runs on") {
    Run plain = run("", "diff.lib.Threads");
    Run stressed = run("-XX:+SafepointALot -Xlog:safepoint,handshake", "diff.lib.Threads");
    REQUIRE(plain.exit_code == 0);
    CHECK(stressed.exit_code == 0);
    // -Xlog goes to stdout: the program's lines are the rest, unchanged.
    std::istringstream lines(stressed.out);
    std::string program, line;
    int safepoints = 0, handshakes = 0;
    const std::regex safepoint_line(
        R"(^\[[0-9.]+s\]\[info\]\[safepoint\] Safepoint "SafepointALot", Time since last: [0-9]+ ns, )"
        R"(Reaching safepoint: [0-9]+ ns, At safepoint: [0-9]+ ns, Total: [0-9]+ ns$)");
    const std::regex handshake_line(
        R"(^\[[0-9.]+s\]\[info\]\[handshake\] Handshake "StackWalk", Targeted threads: 1, )"
        R"(Executed by requesting thread: [01], Total completion time: [0-9]+ ns$)");
    while (std::getline(lines, line)) {
      if (line.find("][safepoint] ") != std::string::npos) {
        CHECK_MESSAGE(std::regex_match(line, safepoint_line), line);
        ++safepoints;
      } else if (line.find("][handshake] ") != std::string::npos) {
        CHECK_MESSAGE(std::regex_match(line, handshake_line), line);
        ++handshakes;
      } else {
        program += line + "\n";
      }
    }
    CHECK(program == plain.out);
    CHECK(stressed.err == plain.err);
    CHECK(safepoints > 0);
    CHECK(handshakes > 0);
  }

  TEST_CASE("-XX:GuaranteedSafepointInterval=MS, and bad values are one-line errors") {
    Run timed = run("-XX:GuaranteedSafepointInterval=2 -Xlog:safepoint", "diff.lib.Threads");
    CHECK(timed.exit_code == 0);
    CHECK(timed.out.find("Safepoint \"Cleanup\"") != std::string::npos);
    Run bad = run("-XX:GuaranteedSafepointInterval=soon", "diff.lib.Threads");
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("Improperly specified VM option 'GuaranteedSafepointInterval=soon'") !=
          std::string::npos);
  }
}
