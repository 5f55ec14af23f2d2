// bcount's agents written in Java (profilers/cct/java_agent.h) against the
// minijvm.profiler API: tests/agent/agent/*.java, compiled against
// minijvm-profiler.jar at build time (MINIJVM_AGENT_CLASSES).
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "profilers/export/export.h"
#include "profilers/tool/prof_tool.h"
#include "scratch_dir.h"

namespace {

using minijvm::prof::Profile;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Run {
  int exit_code = -1;
  std::string out, err;
};

// minijvm PROFILES -cp <test classes>:<agents> prof.JpExample
Run run(const std::string& profiles, const std::string& name) {
  auto dir = minijvm::test::scratch_dir("minijvm-agent-test");
  std::string base = (dir / name).string();
  std::string command = std::string(MINIJVM_BINARY) + " " + profiles + " -cp " +
                        MINIJVM_TEST_CLASSES + ":" + MINIJVM_AGENT_CLASSES +
                        " prof.JpExample >" + base + ".stdout 2>" + base + ".stderr";
  int status = std::system(command.c_str());
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".stdout");
  r.err = slurp(base + ".stderr");
  return r;
}

std::string out_path(const std::string& name) {
  return (minijvm::test::scratch_dir("minijvm-agent-test") / name).string();
}

Profile load(const std::string& path) {
  auto profile = minijvm::prof::read_json(slurp(path));
  REQUIRE_MESSAGE(profile.ok(), path << ": " << (profile.ok() ? "" : profile.error().message));
  return std::move(profile).value();
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_SUITE("profile_agent") {
  TEST_CASE("bcount: a Java agent registers, reports every granularity bytecodes, stops when asked") {
    Run r = run("-profile=bcount:agent=agent.CountingAgent,granularity=500,out=" +
                    out_path("counting.json"),
                "counting");
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "65\n");
    // register sees granularity=500; its return value (1000) sets the period.
    CHECK(count(r.err, "agent: register main 500\n") == 1);
    CHECK(count(r.err, "agent: report ") == 3);  // the third report returns 0
    CHECK(count(r.err, "at-least-granularity=true hottest-has-parent=true") == 3);
    CHECK(count(r.err, "root=<root>") == 3);
    CHECK(r.err.find("bcount profile written to") != std::string::npos);
  }

  TEST_CASE("bcount: a Java agent's own work shows in no profile of the run") {
    std::string with_bcount = out_path("own.bcount.json"), with_cct = out_path("own.cct.json"),
                plain = out_path("plain.cct.json");
    Run r = run("-profile=bcount:agent=agent.CountingAgent,out=" + with_bcount +
                    " -profile=cct:out=" + with_cct,
                "own");
    REQUIRE(r.exit_code == 0);
    REQUIRE(run("-profile=cct:out=" + plain, "plain").exit_code == 0);
    for (const std::string& path : {with_bcount, with_cct}) {
      Profile p = load(path);
      for (const auto& m : p.methods) {
        INFO(path, ": ", m.class_name, ".", m.name);
        CHECK(m.class_name.rfind("agent/", 0) != 0);
        CHECK(m.class_name.rfind("minijvm/profiler/", 0) != 0);
      }
    }
    // The program's own frames are profiled as without the agent (the JDK
    // work below them may shrink: the agent's printing initializes classes
    // the program would have initialized itself).
    Profile a = load(with_cct), b = load(plain);
    minijvm::prof::ProjectionOptions app{true, ""};
    for (const char* metric : {"calls", "bytecodes"}) {
      CAPTURE(metric);
      auto wa = minijvm::prof::weights_of(a, a.metric_index(metric), app);
      auto wb = minijvm::prof::weights_of(b, b.metric_index(metric), app);
      CHECK(wa.contexts == wb.contexts);
    }
  }

  TEST_CASE("bcount: a failing Java agent stops reporting; unusable agents are one-line errors") {
    Run failing = run("-profile=bcount:agent=agent.ThrowingAgent,granularity=1000,out=" +
                          out_path("throwing.json"),
                      "throwing");
    INFO(failing.err);
    CHECK(failing.exit_code == 0);
    CHECK(failing.out == "65\n");
    CHECK(count(failing.err, "agent.ThrowingAgent.report failed on thread \"main\"") == 1);
    CHECK(count(failing.err, "java.lang.IllegalStateException: agent failure on purpose") == 1);

    Run not_agent = run("-profile=bcount:agent=agent.NotAnAgent,out=" + out_path("not.json"), "not");
    CHECK(not_agent.exit_code == 1);
    CHECK(not_agent.out.empty());
    CHECK(not_agent.err.find("minijvm: -profile=bcount: bcount agent agent.NotAnAgent: "
                             "java.lang.ClassCastException: agent.NotAnAgent does not implement "
                             "minijvm.profiler.Agent\n") != std::string::npos);

    Run missing = run("-profile=bcount:agent=agent.Nope,out=" + out_path("nope.json"), "nope");
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("java.lang.ClassNotFoundException: agent.Nope\n") != std::string::npos);

    Run startup = run("-profile=bcount:agent=agent.CountingAgent,startup=include", "startup");
    CHECK(startup.exit_code == 1);
    CHECK(startup.err.find("cannot record start-up") != std::string::npos);
  }
}
