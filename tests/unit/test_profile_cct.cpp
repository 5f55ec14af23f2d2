// The cct profiler end to end: minijvm runs a test program with
// -profile=cct, and the JSON it writes is read back (profilers/export) and
// checked against counts derived by hand from the source and `javap -c`.
#include <doctest/doctest.h>

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "profile_test_support.h"
#include "profilers/cct/cct_tree.h"
#include "profilers/export/export.h"
#include "scratch_dir.h"

namespace {

using minijvm::prof::Profile;
using minijvm::prof::ProfileNode;

// What follows "profile written to PATH" on each summary line of a run's
// stderr: the counts and the hottest method, whatever the file.
std::vector<std::string> summary_tails(const std::string& stderr_path) {
  std::ifstream err(stderr_path);
  std::vector<std::string> tails;
  for (std::string line; std::getline(err, line);)
    if (line.find(" profile written to ") != std::string::npos)
      tails.push_back(line.substr(line.find(" (")));
  return tails;
}

Profile run_profiled(const std::string& main_class, const std::string& options = "",
                     const std::string& mode = "cct", const std::string& vm_options = "") {
  auto dir = minijvm::test::scratch_dir("minijvm-cct-test");
  std::string out = (dir / (main_class + "." + mode + ".json")).string();
  std::string command = std::string(MINIJVM_BINARY) + " " + vm_options + " '-profile=" + mode +
                        ":out=" + out + options + "' -cp " + MINIJVM_TEST_CLASSES + " " +
                        main_class + " >" + out + ".stdout 2>" + out + ".stderr";
  REQUIRE(std::system(command.c_str()) == 0);
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  auto profile = minijvm::prof::read_json(text.str());
  REQUIRE_MESSAGE(profile.ok(), (profile.ok() ? "" : profile.error().message));
  // The summary line on stderr names the file.
  std::ifstream err(out + ".stderr");
  std::stringstream err_text;
  err_text << err.rdbuf();
  CHECK(err_text.str().find("minijvm: " + mode + " profile written to " + out) != std::string::npos);
  CHECK_MESSAGE(err_text.str().find("contradicts itself") == std::string::npos, err_text.str());
  return std::move(profile).value();
}

int metric(const Profile& p, const char* name) { return p.metric_index(name); }

bool is(const Profile& p, const ProfileNode& n, std::string_view cls, std::string_view name) {
  if (n.method < 0) return false;
  const auto& m = p.methods[static_cast<size_t>(n.method)];
  return m.class_name == cls && m.name == name;
}

// The children of merged node `parent` that are cls.name.
std::vector<int> children(const Profile& p, int parent, std::string_view cls,
                          std::string_view name) {
  std::vector<int> found;
  const ChildIndex kids(p.merged());
  for (int c : kids[static_cast<size_t>(parent)])
    if (is(p, p.merged().nodes[static_cast<size_t>(c)], cls, name)) found.push_back(c);
  return found;
}

int only_child(const Profile& p, int parent, std::string_view cls, std::string_view name) {
  std::vector<int> found = children(p, parent, cls, name);
  INFO(cls, ".", name);
  REQUIRE(found.size() == 1);
  return found[0];
}

uint64_t value(const Profile& p, int node, const char* name) {
  return p.merged().value(static_cast<size_t>(node), metric(p, name));
}

// Sum of `name` over every merged node of cls.method.
uint64_t total(const Profile& p, std::string_view cls, std::string_view method, const char* name) {
  uint64_t sum = 0;
  const ProfileTree& tree = p.merged();
  for (size_t i = 0; i < tree.nodes.size(); ++i)
    if (is(p, tree.nodes[i], cls, method)) sum += tree.value(i, metric(p, name));
  return sum;
}

}  // namespace

TEST_SUITE("profile_cct") {
  TEST_CASE("cct: the JP paper's example, calls and executed bytecodes") {
    Profile p = run_profiled("prof.JpExample");
    REQUIRE(p.profiler == "cct");
    int main = only_child(p, 0, "prof/JpExample", "main");
    CHECK(p.merged().nodes[static_cast<size_t>(main)].site == -1);
    int f = only_child(p, main, "prof/JpExample", "f");
    CHECK(value(p, f, "calls") == 1);
    int h = only_child(p, f, "prof/JpExample", "h");
    int g = only_child(p, f, "prof/JpExample", "g");
    CHECK(value(p, h, "calls") == 10);
    CHECK(value(p, g, "calls") == 10);
    int gh = only_child(p, g, "prof/JpExample", "h");
    CHECK(value(p, gh, "calls") == 55);
    // javap -c: h is getstatic, iconst_1, iadd, putstatic, return (5);
    // g(i) runs 6 + 6i instructions (2 to start, 6 per iteration, 3 for the
    // final test, 1 return): 60 + 6 * 55 = 390 over i = 1..10.
    CHECK(value(p, h, "bytecodes") == 10 * 5);
    CHECK(value(p, gh, "bytecodes") == 55 * 5);
    CHECK(value(p, g, "bytecodes") == 390);
    // f: 2 to start, per iteration 7 (iload/iconst/if_icmpgt, invokestatic h,
    // iload, invokestatic g, iinc, goto: 8), 3 for the final test, return.
    CHECK(value(p, f, "bytecodes") == 2 + 10 * 8 + 3 + 1);
    // The call sites are bytecode indices in the caller, with their lines.
    const ProfileNode& hn = p.merged().nodes[static_cast<size_t>(h)];
    const ProfileNode& gn = p.merged().nodes[static_cast<size_t>(g)];
    CHECK(hn.site >= 0);
    CHECK(gn.site > hn.site);
    CHECK(hn.line == 17);
    CHECK(gn.line == 18);
  }

  TEST_CASE("cct, bcount: runs of bytecodes longer than a call's log word holds") {
    // javap -c: spin(n) runs 5 + 9n instructions and its invoke before h's
    // call, and 5 + 9n and its return after: 12 + 18n, n = 1 000 000, more
    // than a call's word carries (2^21 - 1). Interpreted (where the count
    // goes straight into the call's word when it fits), compiled at once,
    // and mixed (spin's loops replaced on the stack), the counts are these.
    // loopThenCall(n) runs 2 + 9n + 3 and its invoke before h's call, and
    // its return after, n = 300 000: compiled at once, the second caller()
    // runs it inside its own code (inlined), the loop's count bounded
    // there as in a compiled method's own loop (compiler.cpp, kCountBound).
    // With a threshold of 300 001, the first loopThenCall is compiled at
    // its last backward branch and enters its code there with the
    // interpreter's count of 2 + 9n, which the code's entry bounds.
    for (const char* mode : {"cct", "bcount"}) {
      for (const char* vm : {"-Xint", "-Xcomp -Xbatch", "", "-Xbatch -XX:CompileThreshold=300001"}) {
        INFO(mode, " ", vm);
        Profile p = run_profiled("prof.LongRuns", "", mode, vm);
        int main = only_child(p, 0, "prof/LongRuns", "main");
        int spin = only_child(p, main, "prof/LongRuns", "spin");
        CHECK(value(p, main, "bytecodes") == 9);
        CHECK(value(p, spin, "calls") == 1);
        CHECK(value(p, spin, "bytecodes") == 12 + 18 * 1000000);
        std::vector<int> callers = children(p, main, "prof/LongRuns", "caller");
        REQUIRE(callers.size() == 2);  // main's two call sites
        for (int caller : callers) {
          CHECK(value(p, caller, "calls") == 1);
          CHECK(value(p, caller, "bytecodes") == 3);
          int loop = only_child(p, caller, "prof/LongRuns", "loopThenCall");
          CHECK(value(p, loop, "calls") == 1);
          CHECK(value(p, loop, "bytecodes") == 7 + 9 * 300000);
          int h = only_child(p, loop, "prof/LongRuns", "h");
          CHECK(value(p, h, "calls") == 1);
          CHECK(value(p, h, "bytecodes") == 5);
        }
        for (int h : {only_child(p, main, "prof/LongRuns", "h"),
                      only_child(p, spin, "prof/LongRuns", "h")}) {
          CHECK(value(p, h, "calls") == 1);
          CHECK(value(p, h, "bytecodes") == 5);
        }
      }
    }
  }

  TEST_CASE("cct: allocated objects and bytes, the VM's on the frame's behalf included") {
    Profile p = run_profiled("prof.Allocs");
    int main = only_child(p, 0, "prof/Allocs", "main");
    // The second round (prof/Allocs.java: classes already loaded).
    int all = -1;
    for (int c : children(p, main, "prof/Allocs", "all"))
      if (p.merged().nodes[static_cast<size_t>(c)].site == 3) all = c;
    REQUIRE(all >= 0);
    auto check = [&](int node, uint64_t objects, uint64_t bytes) {
      CHECK(value(p, node, "alloc_objects") == objects);
      CHECK(value(p, node, "alloc_bytes") == bytes);
    };
    check(all, 0, 0);
    int objects = only_child(p, all, "prof/Allocs", "objects");
    check(objects, 10, 10 * 16);
    check(only_child(p, objects, "java/lang/Object", "<init>"), 0, 0);
    check(only_child(p, all, "prof/Allocs", "pairs"), 5, 5 * 32);
    // int[10], byte[3], and long[3][4]: the outer array and the three inner
    // ones the VM makes for multianewarray.
    check(only_child(p, all, "prof/Allocs", "arrays"), 6, 64 + 32 + 48 + 3 * 56);
    // The copy belongs to the native Object.clone, the original to copies.
    int copies = only_child(p, all, "prof/Allocs", "copies");
    check(copies, 1, 40);
    check(only_child(p, copies, "java/lang/Object", "clone"), 1, 40);
    // Array.newInstance -> the native Array.newArray, which makes the array.
    int reflective = only_child(p, all, "prof/Allocs", "reflective");
    check(reflective, 0, 0);
    int new_instance = only_child(p, reflective, "java/lang/reflect/Array", "newInstance");
    check(only_child(p, new_instance, "java/lang/reflect/Array", "newArray"), 1, 48);
    // The first round also pays for loading Allocs$Pair: the name the VM
    // passes to loadClass ("prof.Allocs$Pair", a String of 32 bytes and its
    // 16 Latin-1 bytes, 24 + 16) is made in the frame of the `new`.
    int first = -1;
    for (int c : children(p, main, "prof/Allocs", "all"))
      if (p.merged().nodes[static_cast<size_t>(c)].site == 0) first = c;
    REQUIRE(first >= 0);
    check(only_child(p, first, "prof/Allocs", "pairs"), 5 + 2, 5 * 32 + 32 + 40);
  }

  TEST_CASE("several profilers record the same run, each with its own output") {
    auto dir = minijvm::test::scratch_dir("minijvm-cct-several");
    std::string a = (dir / "a.json").string(), b = (dir / "b.json").string(),
                c = (dir / "c.json").string();
    std::string command = std::string(MINIJVM_BINARY) + " -profile=cct:out=" + a +
                          " -profile=bcount:out=" + b + " '-profile=cct:out=" + c +
                          ",only=prof.JpExample.g' -cp " + MINIJVM_TEST_CLASSES +
                          " prof.JpExample >" + a + ".stdout 2>" + a + ".stderr";
    REQUIRE(std::system(command.c_str()) == 0);
    auto load = [](const std::string& path) {
      std::ifstream in(path);
      std::stringstream text;
      text << in.rdbuf();
      auto profile = minijvm::prof::read_json(text.str());
      REQUIRE_MESSAGE(profile.ok(), path << ": " << (profile.ok() ? "" : profile.error().message));
      return std::move(profile).value();
    };
    Profile cct = load(a), bcount = load(b), only = load(c);
    CHECK(cct.profiler == "cct");
    CHECK(bcount.profiler == "bcount");
    // Both exact, both built from the same events: the same tree, node for
    // node, with equal calls and executed bytecodes.
    REQUIRE(cct.merged().nodes.size() == bcount.merged().nodes.size());
    for (size_t i = 1; i < cct.merged().nodes.size(); ++i) {
      const ProfileNode& x = cct.merged().nodes[i];
      const ProfileNode& y = bcount.merged().nodes[i];
      INFO("node ", i);
      CHECK(cct.methods[static_cast<size_t>(x.method)].name ==
            bcount.methods[static_cast<size_t>(y.method)].name);
      CHECK(x.site == y.site);
      CHECK(value(cct, static_cast<int>(i), "calls") == value(bcount, static_cast<int>(i), "calls"));
      CHECK(value(cct, static_cast<int>(i), "bytecodes") ==
            value(bcount, static_cast<int>(i), "bytecodes"));
    }
    // The third, selective one is what it is alone.
    REQUIRE(ChildIndex(only.merged())[0].size() == 1);
    int g = only_child(only, 0, "prof/JpExample", "g");
    CHECK(value(only, g, "calls") == 10);
    CHECK(value(only, g, "bytecodes") == 390);
    // One summary line per profile.
    std::ifstream err(a + ".stderr");
    std::stringstream err_text;
    err_text << err.rdbuf();
    for (const std::string& path : {a, b, c})
      CHECK(err_text.str().find("profile written to " + path) != std::string::npos);
  }

  TEST_CASE("cct: the streamed JSON (plain and .gz) holds what the other formats hold") {
    // JSON streams from the live trees (CctProfiler::write); text is written
    // from a Profile snapshot. In one run, with threads, the two must agree.
    auto dir = minijvm::test::scratch_dir("minijvm-cct-streamed");
    std::string json = (dir / "a.json").string(), gz = (dir / "b.json.gz").string(),
                text = (dir / "c.txt").string();
    std::string command = std::string(MINIJVM_BINARY) + " -profile=cct:out=" + json +
                          " -profile=cct:out=" + gz + " -profile=cct:out=" + text + " -cp " +
                          MINIJVM_TEST_CLASSES + " prof.CctShapes >" + json + ".stdout 2>" + json +
                          ".stderr";
    REQUIRE(std::system(command.c_str()) == 0);
    auto plain = minijvm::prof::read_json_file(json);
    auto packed = minijvm::prof::read_json_file(gz);
    REQUIRE_MESSAGE(plain.ok(), (plain.ok() ? "" : plain.error().message));
    REQUIRE_MESSAGE(packed.ok(), (packed.ok() ? "" : packed.error().message));
    CHECK(plain->threads.size() > 1);
    auto as_text = [](const Profile& p) {
      std::ostringstream out;
      minijvm::prof::write_text(p, {}, out);
      return out.str();
    };
    std::ifstream in(text);
    std::stringstream written;
    written << in.rdbuf();
    CHECK(as_text(*plain) == written.str());
    CHECK(as_text(*packed) == written.str());
    // The three summary lines count the same contexts and name the same method.
    std::vector<std::string> tails = summary_tails(json + ".stderr");
    REQUIRE(tails.size() == 3);
    CHECK(tails[0] == tails[1]);
    CHECK(tails[0] == tails[2]);
    CHECK(tails[0].find(" (" + std::to_string(plain->merged().nodes.size() - 1) + " contexts, ") == 0);
  }

  TEST_CASE("cct: a profile of many blocks of rows is written in order, on two threads") {
    // The writer formats blocks of 16 384 rows, it and a second thread each
    // taking the next block: 87 381 contexts on main and 21 845 on another
    // thread span trees and blocks. Each thread's tree is complete and in order, and the
    // JSON agrees with the text written from a snapshot of the same run.
    auto dir = minijvm::test::scratch_dir("minijvm-cct-blocks");
    std::string json = (dir / "a.json").string(), text = (dir / "b.txt").string();
    std::string command = std::string(MINIJVM_BINARY) + " -profile=cct:out=" + json +
                          " -profile=cct:out=" + text + " -cp " + MINIJVM_TEST_CLASSES +
                          " prof.ManyContexts >" + json + ".stdout 2>" + json + ".stderr";
    REQUIRE(std::system(command.c_str()) == 0);
    auto profile = minijvm::prof::read_json_file(json);
    REQUIRE_MESSAGE(profile.ok(), (profile.ok() ? "" : profile.error().message));
    std::ifstream in(text);
    std::stringstream written;
    written << in.rdbuf();
    std::ostringstream as_text;
    minijvm::prof::write_text(*profile, {}, as_text);
    CHECK(as_text.str() == written.str());
    for (const auto& [name, depth] : {std::pair<std::string, int>{"main", 8}, {"walker", 7}}) {
      INFO(name);
      const ThreadProfile* thread = nullptr;
      for (const ThreadProfile& t : profile->threads)
        if (t.name == name) thread = &t;
      REQUIRE(thread != nullptr);
      // Every walk context: each call made once, d calls deep under the
      // first; a node's parent comes before it.
      const ProfileTree& tree = thread->tree;
      size_t walks = 0;
      for (size_t i = 1; i < tree.nodes.size(); ++i) {
        const ProfileNode& n = tree.nodes[i];
        REQUIRE(n.parent < static_cast<int>(i));
        if (profile->methods[static_cast<size_t>(n.method)].name != "walk") continue;
        ++walks;
        CHECK(tree.value(i, metric(*profile, "calls")) == 1);
      }
      size_t expected = ((size_t{1} << (2 * (depth + 1))) - 1) / 3;
      CHECK(walks == expected);
    }
    // The summary lines (the totals and each method's share, summed by
    // both formatting threads) are the snapshot's.
    std::vector<std::string> tails = summary_tails(json + ".stderr");
    REQUIRE(tails.size() == 2);
    CHECK(tails[0] == tails[1]);
  }

  TEST_CASE("several profilers: one output each, at most four calling-context profilers") {
    auto dir = minijvm::test::scratch_dir("minijvm-cct-several");
    std::string log = (dir / "refused.txt").string();
    // Refused before the program starts: a one-line error, no output.
    auto refused = [&](const std::string& profiles, const std::string& message) {
      std::string command = std::string(MINIJVM_BINARY) + profiles + " -cp " +
                            MINIJVM_TEST_CLASSES + " prof.JpExample >" + log + " 2>&1";
      CHECK(std::system(command.c_str()) != 0);
      std::ifstream in(log);
      std::stringstream stream;
      stream << in.rdbuf();
      std::string text = stream.str();
      INFO(text);
      CHECK(text.find(message) != std::string::npos);
      CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    };
    refused(" -profile=cct -profile=cct", "minijvm-cct.json is already the output of -profile=cct");
    std::string five;
    for (int i = 0; i < 5; ++i) five += " -profile=cct:out=" + (dir / std::to_string(i)).string() + ".json";
    refused(five, "at most 4 calling-context profilers per run");
  }

  TEST_CASE("cct: a deterministic program gives the same profile every run") {
    auto json = [](const Profile& p) {
      std::ostringstream out;
      minijvm::prof::write_json(p, out);
      return out.str();
    };
    // (JpExample: single-threaded; a program that joins a thread is not
    // deterministic at the bytecode level, its join loop depends on timing.)
    std::string first = json(run_profiled("prof.JpExample"));
    CHECK(json(run_profiled("prof.JpExample")) == first);
  }

  TEST_CASE("cct, bcount: the builder thread and the program's threads build the same trees") {
    // The trees are built from the threads' call logs, on the profiler's
    // builder thread or (builder=inline) by each thread as its log fills:
    // the same words make the same tree, byte for byte, also with the JIT
    // compiling as the program runs (where compiled code logs its calls).
    auto dir = minijvm::test::scratch_dir("minijvm-cct-builders");
    for (const char* mode : {"cct", "bcount"}) {
      for (const char* tier : {"-Xint", "-XX:CompileThreshold=7 -Xbatch"}) {
        std::string base = std::string(MINIJVM_BINARY) + " -Xsched=deterministic " + tier + " -profile=" +
                           mode + ":out=" + (dir / "p").string();
        std::string tail = " -cp " + std::string(MINIJVM_TEST_CLASSES) + " prof.CctShapes >" +
                           (dir / "out").string() + " 2>" + (dir / "err").string();
        REQUIRE(std::system((base + "-thread.json,builder=thread" + tail).c_str()) == 0);
        std::string err = minijvm::test::read_file((dir / "err").string());
        CHECK(err.find("contradicts itself") == std::string::npos);
        REQUIRE(std::system((base + "-inline.json,builder=inline -Xlog:profiler" + tail).c_str()) == 0);
        // -Xlog:profiler (on stdout) says who replayed the logs: with
        // builder=inline, the program's threads.
        const std::string log = minijvm::test::read_file((dir / "out").string());
        CHECK(log.find("call logs replayed: 0 chunks by the builder thread") != std::string::npos);
        INFO(mode << " " << tier);
        CHECK(minijvm::test::read_file((dir / "p-thread.json").string()) ==
              minijvm::test::read_file((dir / "p-inline.json").string()));
      }
    }
  }

  TEST_CASE("cct: only= records the dynamic extent of the selected methods") {
    Profile p = run_profiled("prof.JpExample", ",only=prof.JpExample.g|no.such.*");
    REQUIRE(ChildIndex(p.merged())[0].size() == 1);  // nothing but g's activations
    int g = only_child(p, 0, "prof/JpExample", "g");
    CHECK(value(p, g, "calls") == 10);
    CHECK(value(p, g, "bytecodes") == 390);
    CHECK(value(p, only_child(p, g, "prof/JpExample", "h"), "calls") == 55);
  }

  TEST_CASE("cct: exclude= cuts out a method's dynamic extent") {
    Profile p = run_profiled("prof.JpExample", ",exclude=*.JpExample.g");
    int main = only_child(p, 0, "prof/JpExample", "main");
    int f = only_child(p, main, "prof/JpExample", "f");
    CHECK(value(p, only_child(p, f, "prof/JpExample", "h"), "calls") == 10);
    CHECK(children(p, f, "prof/JpExample", "g").empty());
    CHECK(total(p, "prof/JpExample", "h", "calls") == 10);
  }

  TEST_CASE("bcount: precise and default basic-block accounting (JP)") {
    // BbaExample: risky is one 14-instruction block; iaload (the third)
    // throws for i = 3, 4. caller's try block has 3 instructions after the
    // invoke (istore_2, iinc, goto), skipped twice.
    Profile p = run_profiled("prof.BbaExample", "", "bcount");
    REQUIRE(p.profiler == "bcount");
    REQUIRE(p.metrics == std::vector<std::string>{"calls", "bytecodes", "bytecodes_default"});
    int main = only_child(p, 0, "prof/BbaExample", "main");
    int caller = only_child(p, main, "prof/BbaExample", "caller");
    int risky = only_child(p, caller, "prof/BbaExample", "risky");
    CHECK(value(p, risky, "calls") == 5);
    CHECK(value(p, risky, "bytecodes") == 3 * 14 + 2 * 3);
    CHECK(value(p, risky, "bytecodes_default") == 5 * 14);
    // caller: 10 instructions either way it runs (javap -c); +3 per throw.
    CHECK(value(p, caller, "bytecodes") == 50);
    CHECK(value(p, caller, "bytecodes_default") == 50 + 2 * 3);
    CHECK(value(p, main, "bytecodes") == value(p, main, "bytecodes_default"));

    Profile d = run_profiled("prof.BbaExample", ",bba=default", "bcount");
    REQUIRE(d.metrics == std::vector<std::string>{"calls", "bytecodes", "bytecodes_precise"});
    int dr = only_child(d, only_child(d, only_child(d, 0, "prof/BbaExample", "main"),
                                      "prof/BbaExample", "caller"),
                        "prof/BbaExample", "risky");
    CHECK(value(d, dr, "bytecodes") == 70);
    CHECK(value(d, dr, "bytecodes_precise") == 48);
  }

  TEST_CASE("bcount: periodic agents every granularity bytecodes") {
    auto dir = minijvm::test::scratch_dir("minijvm-cct-agents");
    std::string out = (dir / "p.json").string();
    std::string base = std::string(MINIJVM_BINARY) + " -cp " + MINIJVM_TEST_CLASSES;
    // snapshot: the thread's tree so far, as p.main.<k>.json, growing.
    REQUIRE(std::system((base + " -profile=bcount:out=" + out +
                         ",agent=snapshot,granularity=1000 prof.JpExample >/dev/null 2>&1")
                            .c_str()) == 0);
    uint64_t previous = 0;
    int snapshots = 0;
    for (int k = 1; std::filesystem::exists(dir / ("p.main." + std::to_string(k) + ".json")); ++k) {
      std::ifstream in(dir / ("p.main." + std::to_string(k) + ".json"));
      std::stringstream text;
      text << in.rdbuf();
      auto snapshot = minijvm::prof::read_json(text.str());
      REQUIRE(snapshot.ok());
      uint64_t executed = minijvm::prof::inclusive(snapshot->merged(), 1)[0];
      CHECK(executed >= previous + 1000);  // at least one period more
      previous = executed;
      ++snapshots;
    }
    CHECK(snapshots >= 3);  // JpExample's main runs some 6000 bytecodes
    // top: one stderr line per period, naming the hot contexts.
    std::string err = (dir / "top.stderr").string();
    REQUIRE(std::system((base + " -profile=bcount:out=" + out +
                         ",agent=top,granularity=2000,top=2 prof.JpExample >/dev/null 2>" + err)
                            .c_str()) == 0);
    std::ifstream in(err);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str().find("minijvm: bcount [main] +") != std::string::npos);
    CHECK(text.str().find("prof.JpExample.g") != std::string::npos);
  }

  TEST_CASE("cct: sites=off merges call sites") {
    Profile p = run_profiled("prof.CctShapes", ",sites=off");
    int main = only_child(p, 0, "prof/CctShapes", "main");
    int twice = only_child(p, main, "prof/CctShapes", "twice");
    CHECK(value(p, twice, "calls") == 2);
    CHECK(p.merged().nodes[static_cast<size_t>(twice)].site == -1);
  }

  TEST_CASE("cct: recursion, call sites, unwinding, <clinit>, reflection, lambdas, threads") {
    Profile p = run_profiled("prof.CctShapes");
    int main = only_child(p, 0, "prof/CctShapes", "main");
    // fib(10) makes 177 calls, one of them from main.
    CHECK(total(p, "prof/CctShapes", "fib", "calls") == 177);
    CHECK(value(p, only_child(p, main, "prof/CctShapes", "fib"), "calls") == 1);
    // Two call sites of twice in main: two contexts.
    std::vector<int> twice = children(p, main, "prof/CctShapes", "twice");
    REQUIRE(twice.size() == 2);
    CHECK(p.merged().nodes[static_cast<size_t>(twice[0])].site !=
          p.merged().nodes[static_cast<size_t>(twice[1])].site);
    // thrower(2) three times: a chain of three, each entered 3 times; the
    // exception unwinds them and leaf() is again called from main.
    int t0 = only_child(p, main, "prof/CctShapes", "thrower");
    int t1 = only_child(p, t0, "prof/CctShapes", "thrower");
    int t2 = only_child(p, t1, "prof/CctShapes", "thrower");
    CHECK(value(p, t0, "calls") == 3);
    CHECK(value(p, t2, "calls") == 3);
    CHECK(children(p, t2, "prof/CctShapes", "thrower").empty());
    CHECK(children(p, t2, "prof/CctShapes", "leaf").empty());
    std::vector<int> leaves = children(p, main, "prof/CctShapes", "leaf");
    REQUIRE(leaves.size() == 1);
    CHECK(value(p, leaves[0], "calls") == 3);
    // Lazy's initializer runs under main, at the getstatic that triggered it.
    int clinit = only_child(p, main, "prof/CctShapes$Lazy", "<clinit>");
    CHECK(p.merged().nodes[static_cast<size_t>(clinit)].site >= 0);
    only_child(p, clinit, "prof/CctShapes$Lazy", "compute");
    // The reflective call hangs below main (through Method.invoke), never at the root.
    bool target_found = false;
    for (size_t i = 0; i < p.merged().nodes.size(); ++i) {
      if (!is(p, p.merged().nodes[i], "prof/CctShapes", "target")) continue;
      target_found = true;
      int up = p.merged().nodes[i].parent;
      while (up > 0 && up != main) up = p.merged().nodes[static_cast<size_t>(up)].parent;
      CHECK(up == main);
    }
    CHECK(target_found);
    // The lambda's body is a call from main (the proxy frame is hidden).
    int lambda = only_child(p, main, "prof/CctShapes", "lambda$main$0");
    only_child(p, lambda, "prof/CctShapes", "leaf");
    // The worker thread is its own tree, rooted at its entry.
    bool worker = false;
    for (const auto& t : p.threads) {
      if (t.name != "worker") continue;
      worker = true;
      REQUIRE(t.tree.nodes.size() > 1);
      const ProfileNode& entry = t.tree.nodes[static_cast<size_t>(ChildIndex(t.tree)[0][0])];
      CHECK(p.methods[static_cast<size_t>(entry.method)].name == "run");
    }
    CHECK(worker);
  }

  TEST_CASE("cct: SIGTERM still writes the profile") {
    auto dir = minijvm::test::scratch_dir("minijvm-cct-test");
    std::string out = (dir / "sleeper.json").string();
    std::filesystem::remove(out);
    std::string command = "sh -c '" + std::string(MINIJVM_BINARY) + " -profile=cct:out=" + out +
                          " -cp " + MINIJVM_TEST_CLASSES + " prof.Sleeper >" + out +
                          ".stdout 2>" + out + ".stderr & pid=$!; " +
                          "i=0; while ! grep -q ready " + out + ".stdout && [ $i -lt 600 ]; " +
                          "do sleep 0.1; i=$((i+1)); done; " +
                          "kill -TERM $pid; wait $pid; exit $?'";
    int status = std::system(command.c_str());
    CHECK(WEXITSTATUS(status) == 128 + 15);
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    auto profile = minijvm::prof::read_json(text.str());
    REQUIRE_MESSAGE(profile.ok(), (profile.ok() ? "" : profile.error().message));
    int main = only_child(*profile, 0, "prof/Sleeper", "main");
    CHECK(value(*profile, only_child(*profile, main, "prof/Sleeper", "work"), "calls") == 1);
  }

  TEST_CASE("cct: -XX:+UseTransparentHugePages records the same tree") {
    // A JDK program's start-up and run make about 800 000 contexts: far
    // past a tree's first region (32 766 nodes), the one in small pages.
    auto dir = minijvm::test::scratch_dir("minijvm-cct-huge");
    std::string base = std::string(MINIJVM_BINARY) + " -Xsched=deterministic";
    std::string tail = std::string(",startup=include -cp ") + MINIJVM_TEST_CLASSES +
                       " diff.indy.Records >/dev/null 2>&1";
    std::string small = (dir / "small.json").string(), huge = (dir / "huge.json").string();
    REQUIRE(std::system((base + " -profile=cct:out=" + small + tail).c_str()) == 0);
    REQUIRE(std::system((base + " -XX:+UseTransparentHugePages -profile=cct:out=" + huge + tail).c_str()) == 0);
    std::string a = minijvm::test::read_file(small), b = minijvm::test::read_file(huge);
    auto profile = minijvm::prof::read_json(a);
    REQUIRE(profile.ok());
    CHECK(profile->merged().nodes.size() > 100000);
    CHECK(a == b);
    CHECK(std::system((base + " -XX:-UseTransparentHugePages -profile=cct:out=" + small + tail).c_str()) == 0);
  }

  TEST_CASE("cct: a tree's later chunks are mapped whole when taken, its first as it fills") {
    using minijvm::prof::Node;
    using minijvm::prof::NodeArena;
    const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    const size_t pages = NodeArena::kPopulated / page;
    // The pages of [from, from + NodeArena::kPopulated) the process has resident.
    auto resident = [&](const void* from) {
      const uintptr_t start = reinterpret_cast<uintptr_t>(from) & ~(page - 1);
      std::vector<unsigned char> in(pages + 1);
      REQUIRE(mincore(reinterpret_cast<void*>(start), NodeArena::kPopulated, in.data()) == 0);
      return static_cast<size_t>(std::count_if(in.begin(), in.end() - 1, [](unsigned char c) { return c & 1; }));
    };
    // Whether this kernel populates (MADV_POPULATE_WRITE is Linux 5.14's).
    void* probe = mmap(nullptr, NodeArena::kPopulated, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(probe != MAP_FAILED);
    const bool populates = NodeArena::populate(static_cast<Node*>(probe));
    if (populates) CHECK(resident(probe) == pages);
    munmap(probe, NodeArena::kPopulated);

    NodeArena arena;  // the root, in the first chunk
    // Only the root's page, unless the kernel backs every region with a
    // huge page anyway (transparent huge pages "always").
    std::ifstream thp("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string thp_mode((std::istreambuf_iterator<char>(thp)), std::istreambuf_iterator<char>());
    if (thp_mode.find("[always]") == std::string::npos) CHECK(resident(&arena[0]) <= 2);
    while (arena.end() <= NodeArena::kChunkSize) arena.add();
    REQUIRE(arena.end() == NodeArena::kChunkSize + 2);  // the second chunk's header and first node
    if (populates) CHECK(resident(&arena[NodeArena::kChunkSize]) == pages);
  }

  TEST_CASE("cct: bad -profile options are one-line errors") {
    std::string base = std::string(MINIJVM_BINARY) + " -cp " + MINIJVM_TEST_CLASSES;
    CHECK(std::system((base + " -profile=nosuch prof.JpExample >/dev/null 2>&1").c_str()) != 0);
    CHECK(std::system((base + " -profile=cct:bogus=1 prof.JpExample >/dev/null 2>&1").c_str()) !=
          0);
    CHECK(std::system((base + " -profile=cct:out=x.unknown prof.JpExample >/dev/null 2>&1")
                          .c_str()) != 0);
  }

  TEST_CASE("cct: a profile that cannot be written is a line on stderr and a failed run") {
    using minijvm::test::read_file;
    using minijvm::test::run;
    auto dir = minijvm::test::scratch_dir("minijvm-cct-unwritable");
    auto lines_of = [](const std::string& text) {
      return std::count(text.begin(), text.end(), '\n');
    };
    const std::string nowhere = "-profile=cct:out=" + (dir / "no/such/dir/p.json").string();
    CHECK(run(dir, nowhere, "prof.JpExample") == 1);
    std::string err = read_file((dir / "run.err").string());
    CHECK(err.find("minijvm: cannot write the cct profile: ") == 0);
    CHECK(lines_of(err) == 1);
    // System.exit(0) writes the profiles in JVM_Halt: the same; a program's
    // own non-zero status is kept; a written profile leaves it alone.
    CHECK(run(dir, nowhere, "diff.lib.ExitHook 0") == 1);
    CHECK(run(dir, nowhere, "diff.lib.ExitHook 5") == 5);
    CHECK(run(dir, "-profile=cct:out=" + (dir / "p.json").string(), "diff.lib.ExitHook 0") == 0);
    CHECK(std::filesystem::exists(dir / "p.json"));
    // A write that fails on the way, as on a full disk (/dev/full).
    if (std::filesystem::exists("/dev/full")) {
      CHECK(run(dir, "-profile=cct:out=/dev/full,format=json", "prof.JpExample") == 1);
      err = read_file((dir / "run.err").string());
      CHECK(err.find("minijvm: cannot write the cct profile: ") == 0);
      CHECK(err.find("No space left on device") != std::string::npos);
      CHECK(lines_of(err) == 1);
    }
  }
}
