// The call samplers (timer, cbs) end to end, tested as instruments: on the
// bytecode clock a run repeats exactly, so what a sampler must report is
// derived from the program (javap -c) and asserted, and compared with the
// exact profile of the same execution.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "profile_test_support.h"
#include "profilers/tool/prof_tool.h"

namespace {

using minijvm::prof::Profile;
using minijvm::prof::ProfileNode;
using namespace minijvm::test;

// Overlap by call edge (Arnold & Grove): the exact side weighted by calls.
double edge_overlap(const Profile& exact, const Profile& sampled) {
  minijvm::prof::ProjectionOptions all;
  auto e = minijvm::prof::weights_of(exact, exact.metric_index("calls"), all);
  auto s = minijvm::prof::weights_of(sampled, sampled.metric_index("samples"), all);
  return minijvm::prof::overlap_percent(e.edges, s.edges);
}

}  // namespace

TEST_SUITE("profile_sampling") {
  TEST_CASE("timer and cbs on Arnold & Grove's Figure 1, against the exact profile of the run") {
    auto dir = minijvm::test::scratch_dir("minijvm-sampling-adversary");
    // The interval is 48 iterations of the loop plus one bytecode (48 * 209
    // + 1): consecutive ticks land one bytecode further into the 209 of an
    // iteration (prof/Adversary.java), so the ticks of the loop visit its
    // positions evenly.
    const std::string clock = "clock=bytecodes,interval=10033";
    REQUIRE(run(dir,
                "-profile=cct:out=" + (dir / "cct.json").string() +
                    " -profile=timer:" + clock + ",out=" + (dir / "timer.json").string() +
                    " -profile=cbs:" + clock + ",stride=3,samples=16,out=" +
                    (dir / "cbs3.json").string() + " -profile=cbs:" + clock +
                    ",stride=2,samples=16,out=" + (dir / "cbs2.json").string(),
                "prof.Adversary") == 0);
    Profile cct = load(dir / "cct.json"), timer = load(dir / "timer.json"),
            cbs3 = load(dir / "cbs3.json"), cbs2 = load(dir / "cbs2.json");

    // The truth: 50 000 calls of each.
    auto calls = [&](std::string_view m) {
      uint64_t sum = 0;
      const minijvm::prof::ProfileTree& tree = cct.merged();
      for (size_t i = 0; i < tree.nodes.size(); ++i) {
        const ProfileNode& n = tree.nodes[i];
        if (n.method >= 0 && cct.methods[static_cast<size_t>(n.method)].name == m)
          sum += tree.value(i, cct.metric_index("calls"));
      }
      return sum;
    };
    CHECK(calls("call_1") == 50000);
    CHECK(calls("call_2") == 50000);

    // timer: a tick is taken at the next method entry. call_2's entry takes
    // the ticks due at 2 of the 209 positions (call_1's return and the
    // invoke of call_2); call_1's the other 207. One sample per tick.
    uint64_t t1 = samples_of(timer, "prof/Adversary", "call_1");
    uint64_t t2 = samples_of(timer, "prof/Adversary", "call_2");
    uint64_t ticks = t1 + t2;
    INFO("timer: call_1 ", t1, ", call_2 ", t2);
    CHECK(ticks > 1000);  // 50 000 * 209 / 10033
    double expected2 = static_cast<double>(ticks) * 2.0 / 209.0;
    CHECK(static_cast<double>(t2) >= expected2 - 1);
    CHECK(static_cast<double>(t2) <= expected2 + 1);
    CHECK(minijvm::prof::stat_number(timer.stats, "ticks") ==
          minijvm::prof::stat_number(timer.stats, "samples"));

    // cbs, stride 3: the window's entries alternate call_1, call_2, so every
    // third entry alternates too, and 16 samples are 8 of each, whatever
    // the start.
    uint64_t c1 = samples_of(cbs3, "prof/Adversary", "call_1");
    uint64_t c2 = samples_of(cbs3, "prof/Adversary", "call_2");
    INFO("cbs stride 3: call_1 ", c1, ", call_2 ", c2);
    CHECK(c1 + c2 >= 16 * (ticks - 1));
    CHECK((c1 > c2 ? c1 - c2 : c2 - c1) <= 16);
    // cbs, stride 2: a window samples one of the two 16 times, call_2 when
    // the random start (1 or 2) and the first entry after the tick (call_1
    // for 207 of 209 positions) say so: half of the windows, binomially
    // (a standard deviation of 1.5 % over a thousand windows).
    uint64_t d1 = samples_of(cbs2, "prof/Adversary", "call_1");
    uint64_t d2 = samples_of(cbs2, "prof/Adversary", "call_2");
    INFO("cbs stride 2: call_1 ", d1, ", call_2 ", d2);
    double share2 = static_cast<double>(d2) / static_cast<double>(d1 + d2);
    CHECK(share2 > 0.45);
    CHECK(share2 < 0.55);

    // Call-graph accuracy, as the paper measures it: the timer's profile
    // overlaps the truth by about half (it puts 99 % on one of two equal
    // edges), CBS's by nearly all of it.
    double timer_accuracy = edge_overlap(cct, timer);
    double cbs_accuracy = edge_overlap(cct, cbs3);
    INFO("accuracy: timer ", timer_accuracy, ", cbs ", cbs_accuracy);
    CHECK(timer_accuracy < 55);
    CHECK(cbs_accuracy >= 90);
    CHECK(edge_overlap(cct, cbs2) >= 90);

    // An edge profile: root -> caller -> callee at its call site.
    for (const ProfileNode& n : timer.merged().nodes) {
      int depth = 0;
      for (int32_t p = n.parent; p >= 0; p = timer.merged().nodes[static_cast<size_t>(p)].parent) ++depth;
      CHECK(depth <= 2);
    }
    CHECK(minijvm::prof::stat_word(timer.stats, "context") == "edge");
    CHECK(minijvm::prof::stat_word(cbs3.stats, "clock") == "bytecodes");
    // The latency from a tick to the timer's sample is below an iteration.
    CHECK(minijvm::prof::stat_number(timer.stats, "latency_max") < 209);
  }

  TEST_CASE("cbs that samples every call records the exact calling context tree") {
    // stride 1 and a window that never closes, opened by the first tick (a
    // bytecode after a thread's first entry): every later call is sampled,
    // with its full context. The samples are then the exact profile's calls,
    // context by context, but for the calls before each thread's first tick.
    auto dir = minijvm::test::scratch_dir("minijvm-sampling-every-call");
    REQUIRE(run(dir,
                "-profile=cct:out=" + (dir / "cct.json").string() +
                    " -profile=cbs:clock=bytecodes,interval=1,stride=1,samples=4000000000,"
                    "context=full,out=" + (dir / "cbs.json").string(),
                "prof.CctShapes") == 0);
    Profile cct = load(dir / "cct.json"), cbs = load(dir / "cbs.json");
    minijvm::prof::ProjectionOptions all;
    auto exact = minijvm::prof::weights_of(cct, cct.metric_index("calls"), all);
    auto sampled = minijvm::prof::weights_of(cbs, cbs.metric_index("samples"), all);
    double missing = 0;
    for (const auto& [context, calls] : exact.contexts) {
      auto it = sampled.contexts.find(context);
      double got = it == sampled.contexts.end() ? 0 : it->second;
      INFO(context);
      CHECK(got <= calls);
      missing += calls - got;
    }
    for (const auto& [context, samples] : sampled.contexts) {
      INFO(context);
      CHECK(exact.contexts.contains(context));
    }
    CHECK(missing <= 2.0 * static_cast<double>(cct.threads.size()));
    CHECK(minijvm::prof::overlap_percent(exact.contexts, sampled.contexts) > 99.9);
  }

  TEST_CASE("sampled profiles repeat exactly on the bytecode clock") {
    auto dir = minijvm::test::scratch_dir("minijvm-sampling-repeat");
    auto profiles = [&](int i) {
      std::string n = std::to_string(i);
      return "-profile=timer:clock=bytecodes,interval=3001,out=" +
             (dir / ("timer" + n + ".json")).string() +
             " -profile=cbs:clock=bytecodes,interval=3001,jitter=on,seed=7,context=full,out=" +
             (dir / ("cbs" + n + ".json")).string();
    };
    for (int i : {1, 2}) REQUIRE(run(dir, profiles(i), "prof.JpExample") == 0);
    for (const char* m : {"timer", "cbs"}) {
      INFO(m);
      std::string a = repeatable_json(dir / (std::string(m) + "1.json"));
      CHECK(a.find("\"samples\":") != std::string::npos);
      CHECK(a == repeatable_json(dir / (std::string(m) + "2.json")));
    }
    // A threaded program under the deterministic scheduler (whose default
    // clock is the bytecode clock), and the same with another seed.
    auto threaded = [&](int i, const std::string& seed) {
      std::string n = std::to_string(i);
      return "-Xsched=deterministic -profile=cbs:interval=2000,context=full,seed=" + seed +
             ",out=" + (dir / ("racy" + n + ".json")).string();
    };
    REQUIRE(run(dir, threaded(1, "1"), "sched.Racy") == 0);
    REQUIRE(run(dir, threaded(2, "1"), "sched.Racy") == 0);
    REQUIRE(run(dir, threaded(3, "2"), "sched.Racy") == 0);
    std::string first = repeatable_json(dir / "racy1.json");
    CHECK(first == repeatable_json(dir / "racy2.json"));
    CHECK(first != repeatable_json(dir / "racy3.json"));
    Profile racy = load(dir / "racy1.json");
    CHECK(racy.threads.size() >= 3);  // main and the two racing threads
    CHECK(minijvm::prof::stat_word(racy.stats, "clock") == "bytecodes");
  }

  TEST_CASE("every thread that ran has its own tree, by id, in every profiler") {
    auto dir = minijvm::test::scratch_dir("minijvm-sampling-threads");
    REQUIRE(run(dir,
                "-profile=cct:out=" + (dir / "cct.json").string() +
                    " -profile=cbs:clock=bytecodes,interval=997,out=" + (dir / "cbs.json").string(),
                "prof.ManyThreads") == 0);
    for (const char* name : {"cct.json", "cbs.json"}) {
      INFO(name);
      Profile p = load(dir / name);
      REQUIRE(p.threads.size() == 501);
      std::set<int64_t> ids;
      std::set<std::string> names;
      for (const auto& t : p.threads) {
        ids.insert(t.id);
        names.insert(t.name);
      }
      CHECK(ids.size() == 501);
      CHECK(names.size() == 501);  // main, Thread-0 .. Thread-499
      CHECK(p.threads[0].name == "main");
      CHECK(p.threads[0].id == 1);  // Thread.getId(), as on HotSpot
      CHECK(names.count("Thread-499") == 1);
    }
  }

  TEST_CASE("the wall and CPU clocks take samples from a VM thread") {
    auto dir = minijvm::test::scratch_dir("minijvm-sampling-wall");
    // No count is asserted: real time varies. That ticks arrive and become
    // samples, and the profile holds what its stats count, is. The loop
    // runs for tens of ticks: with 400 000 rounds, compiled, it ran for
    // one to three, and one run in ten or fifteen had no sample in it.
    REQUIRE(run(dir,
                "-profile=timer:interval=1ms,out=" + (dir / "wall.json").string() +
                    " -profile=cbs:clock=cpu,interval=1ms,jitter=on,out=" + (dir / "cpu.json").string(),
                "prof.Adversary 4000000") == 0);
    Profile wall = load(dir / "wall.json"), cpu = load(dir / "cpu.json");
    CHECK(minijvm::prof::stat_word(wall.stats, "clock") == "wall");
    CHECK(minijvm::prof::stat_number(wall.stats, "timer_ticks") > 0);
    CHECK(minijvm::prof::stat_number(wall.stats, "samples") > 0);
    CHECK(minijvm::prof::stat_word(cpu.stats, "clock") == "cpu");
    CHECK(minijvm::prof::stat_number(cpu.stats, "samples") > 0);
    CHECK(samples_of(cpu, "prof/Adversary", "call_1") + samples_of(cpu, "prof/Adversary", "call_2") > 0);
    std::string err = read_file((dir / "run.err").string());
    CHECK(err.find("minijvm: timer: ") != std::string::npos);
    CHECK(err.find("minijvm: cbs: ") != std::string::npos);
  }

  TEST_CASE("bad sampler options are one-line errors") {
    auto dir = minijvm::test::scratch_dir("minijvm-sampling-options");
    auto refused = [&](const std::string& option, const std::string& message) {
      INFO(option);
      CHECK(run(dir, "'-profile=" + option + "'", "prof.JpExample") == 1);
      std::string text = read_file((dir / "run.out").string()) + read_file((dir / "run.err").string());
      INFO(text);
      CHECK(text.find(message) != std::string::npos);
      CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    };
    refused("cbs:stride=0", "stride=0: a positive integer");
    refused("cbs:samples=-3", "samples=-3: a positive integer");
    refused("timer:interval=-1ms", "interval=-1ms: a positive period");
    refused("timer:interval=0", "interval=0: a positive period");
    refused("timer:interval=500", "a bare number is a count of bytecodes");
    refused("cbs:clock=sundial", "unknown clock 'sundial'");
    refused("cbs:jitter=maybe", "jitter=maybe: on or off");
    refused("timer:stride=3", "unknown option 'stride=3' for timer");
  }
}
