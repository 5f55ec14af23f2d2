// minijvm prof: the comparison metrics on profiles built by hand, where the
// overlap and coverage can be computed on paper, and the commands end to end.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "profilers/export/export.h"
#include "profilers/tool/prof_tool.h"
#include "scratch_dir.h"

namespace {

using namespace minijvm::prof;

// main -> work (site 3) -> java.util.Map.get (site 5) -> App.hash (via JDK),
// and main -> work (site 9); one metric "calls".
Profile sample(uint64_t work3, uint64_t work9, uint64_t hash) {
  Profile p;
  p.profiler = "cct";
  p.metrics = {"calls"};
  p.methods = {{"App", "main", "([Ljava/lang/String;)V", false, "App.java"},
               {"App", "work", "()V", false, "App.java"},
               {"java/util/Map", "get", "(Ljava/lang/Object;)Ljava/lang/Object;", false, ""},
               {"App", "hash", "()I", false, "App.java"}};
  auto add = [&](int32_t parent, int32_t method, int32_t site, uint64_t v) {
    ProfileNode n;
    n.parent = parent;
    n.method = method;
    n.site = site;
    if (p.merged().nodes.empty()) p.merged().width = 1;
    return p.merged().add(n, {&v, 1});
  };
  add(-1, -1, -1, 0);
  int main = add(0, 0, -1, 1);
  int w3 = add(main, 1, 3, work3);
  int get = add(w3, 2, 5, 1);
  add(get, 3, 7, hash);
  add(main, 1, 9, work9);
  p.threads.push_back({"main", p.merged(), -1, {}});
  return p;
}

}  // namespace

TEST_SUITE("prof_tool") {
  TEST_CASE("prof: overlap and hot-edge coverage as defined on paper") {
    std::map<std::string, double> a{{"x", 60}, {"y", 30}, {"z", 10}};
    std::map<std::string, double> b{{"x", 50}, {"y", 50}};
    // min(.6,.5) + min(.3,.5) = .8
    CHECK(overlap_percent(a, b) == doctest::Approx(80.0));
    CHECK(overlap_percent(a, a) == doctest::Approx(100.0));
    CHECK(overlap_percent(a, {}) == doctest::Approx(0.0));
    // Hot at 0.4 of the hottest: a's x (60) and y (30 < 24? no: 30 >= 24) ->
    // {x, y}; both hot in b.
    CHECK(hot_coverage_percent(a, b, 0.4) == doctest::Approx(100.0));
    // At 0.1: a's hot set is {x, y, z}; z is not in b.
    CHECK(hot_coverage_percent(a, b, 0.1) == doctest::Approx(200.0 / 3));
  }

  TEST_CASE("prof: context weights sum equal keys, look up and overlap as a map would") {
    ContextWeights a, b;
    for (auto [k, v] : {std::pair<uint64_t, double>{30, 10}, {7, 20}, {30, 20}, {12, 40}, {7, 10}}) a.add(k, v);
    a.seal();  // 7: 30, 12: 40, 30: 30
    REQUIRE(a.size() == 3);
    CHECK(a.begin()->first == 7);
    CHECK(a.at(7) == 30);
    CHECK(a.at(30) == 30);
    CHECK(a.contains(12));
    CHECK_FALSE(a.contains(8));
    CHECK(a.find(8) == a.end());
    CHECK_THROWS_AS(a.at(8), std::out_of_range);
    b.add(12, 50);
    b.add(99, 50);
    b.seal();
    // a normalised: .3 .4 .3; b: 12 .5, 99 .5 -> min(.4, .5) = .4
    CHECK(overlap_percent(a, b) == doctest::Approx(40.0));
    CHECK(overlap_percent(a, a) == doctest::Approx(100.0));
    CHECK(overlap_percent(a, ContextWeights{}) == doctest::Approx(0.0));
    ProfileWeights wa, wb;
    wa.contexts = a;
    wb.contexts = b;
    auto deltas = differing_contexts(wa, wb);
    REQUIRE(deltas.size() == 4);  // 99 (50), 30 (30), 7 (30), 12 (10): by |b - a|, ties by key
    CHECK(deltas[0].key == 99);
    CHECK(deltas[1].key == 7);
    CHECK(deltas[2].key == 30);
    CHECK(deltas[3].key == 12);
    CHECK(deltas[3].a == 40);
    CHECK(deltas[3].b == 50);
  }

  TEST_CASE("prof: contexts, edges and methods, with and without JDK frames") {
    Profile p = sample(4, 2, 3);
    ProfileWeights all = weights_of(p, 0, {});
    CHECK(all.contexts.size() == 5);
    CHECK(all.contexts.at(context_key("App.main@-1;App.work@3")) == 4);
    CHECK(all.methods.at("App.work") == 6);
    CHECK(all.edges.at("App.work @5 -> java.util.Map.get") == 1);
    ProfileWeights app = weights_of(p, 0, {/*app_only=*/true, ""});
    CHECK(app.methods.count("java.util.Map.get") == 0);
    // hash re-attached to work; its site is unknown (JDK code in between).
    CHECK(app.contexts.at(context_key("App.main@-1;App.work@3;App.hash@-1")) == 3);
    CHECK(app.edges.at("App.work @-1 -> App.hash") == 3);

    // Same shape, other weights: contexts overlap by the min of the shares.
    Profile q = sample(2, 4, 3);
    ProfileWeights other = weights_of(q, 0, {});
    double expected = 100.0 * (1.0 / 11 + 2.0 / 11 + 1.0 / 11 + 3.0 / 11 + 2.0 / 11);
    CHECK(overlap_percent(all.contexts, other.contexts) == doctest::Approx(expected));
    CHECK(overlap_percent(all.methods, other.methods) == doctest::Approx(100.0));
  }

  TEST_CASE("prof: a method's origin, where the profile says it, decides what --app-only keeps") {
    // org/xml/sax is the JDK's (java.xml) though its package name does not
    // say so; jdk.compiler's javac is the application's when it runs as one.
    Profile p = sample(4, 2, 3);
    p.methods[1].class_name = "org/xml/sax/helpers/AttributesImpl";
    p.methods[1].origin = ProfileMethod::Origin::kJdk;
    p.methods[2].class_name = "com/sun/tools/javac/Main";
    p.methods[2].origin = ProfileMethod::Origin::kApplication;
    ProjectionOptions app_only{true, "", /*paths=*/true};
    ProfileWeights app = weights_of(p, 0, app_only);
    CHECK(app.methods.count("org.xml.sax.helpers.AttributesImpl.work") == 0);
    CHECK(app.contexts.at(context_key("App.main@-1;com.sun.tools.javac.Main.get@-1")) == 1);
    CHECK(app.contexts.at(context_key("App.main@-1;com.sun.tools.javac.Main.get@-1;App.hash@7")) == 3);
    CHECK(app.path_of(context_key("App.main@-1;com.sun.tools.javac.Main.get@-1;App.hash@7")) ==
          "App.main@-1;com.sun.tools.javac.Main.get@-1;App.hash@7");
    // The origin survives JSON; a profile without it is judged by package.
    auto back = read_json([&] {
      std::ostringstream out;
      write_json(p, out);
      return out.str();
    }());
    REQUIRE(back.ok());
    CHECK(back.value().methods[1].origin == ProfileMethod::Origin::kJdk);
    CHECK(back.value().methods[2].origin == ProfileMethod::Origin::kApplication);
    CHECK(back.value().methods[0].origin == ProfileMethod::Origin::kUnknown);

    // differing_contexts: by |b - a|, contexts missing on one side included.
    Profile q = sample(4, 2, 3);
    Profile r = sample(4, 7, 1);
    std::vector<ContextDelta> d = differing_contexts(weights_of(q, 0, app_only), weights_of(r, 0, app_only));
    REQUIRE(d.size() == 2);
    CHECK(d[0].key == context_key("App.main@-1;App.work@9"));
    CHECK(d[0].a == 2);
    CHECK(d[0].b == 7);
    CHECK(d[1].key == context_key("App.main@-1;App.work@3;App.hash@-1"));
  }

  TEST_CASE("prof: the commands on files") {
    auto dir = minijvm::test::scratch_dir("minijvm-prof-tool-test");
    std::string a = (dir / "a.json").string(), b = (dir / "b.json").string();
    REQUIRE(write_profile(sample(4, 2, 3), Format::kJson, a).ok());
    REQUIRE(write_profile(sample(2, 4, 3), Format::kJson, b).ok());
    std::string tool = std::string(MINIJVM_BINARY) + " prof ";
    auto run = [&](const std::string& args) {
      std::string out = (dir / "out.txt").string();
      int status = std::system((tool + args + " >" + out + " 2>&1").c_str());
      std::ifstream in(out);
      std::stringstream text;
      text << in.rdbuf();
      return std::make_pair(WEXITSTATUS(status), text.str());
    };
    auto [s1, summary] = run("summary " + a);
    CHECK(s1 == 0);
    CHECK(summary.find("profiler cct, 5 contexts, 1 thread") != std::string::npos);
    CHECK(summary.find("calls          11") != std::string::npos);
    auto [s2, compare] = run("compare " + a + " " + a);
    CHECK(s2 == 0);
    CHECK(compare.find("overlap by calling context  100.00%") != std::string::npos);
    auto [s3, compared] = run("compare --app-only " + a + " " + b);
    CHECK(s3 == 0);
    CHECK(compared.find("overlap by method           100.00%") != std::string::npos);
    auto [s4, diff] = run("diff " + a + " " + b);
    CHECK(s4 == 0);
    CHECK(diff.find("2 contexts differ") != std::string::npos);
    // Differing contexts are named by their paths (read again with paths
    // only when some differ).
    CHECK(diff.find("+2  App.main@-1;App.work@9") != std::string::npos);
    CHECK(diff.find("-2  App.main@-1;App.work@3") != std::string::npos);
    auto [s4a, same] = run("diff " + a + " " + a);
    CHECK(s4a == 0);
    CHECK(same == "0 contexts differ in calls (B - A):\n");
    auto [s5, converted] = run("convert " + a + " " + (dir / "a.collapsed").string());
    CHECK(s5 == 0);
    std::ifstream collapsed(dir / "a.collapsed");
    std::stringstream lines;
    lines << collapsed.rdbuf();
    CHECK(lines.str().find("App.main;App.work 4") != std::string::npos);
    CHECK(run("compare " + a).first == 2);                 // usage
    CHECK(run("summary " + (dir / "none.json").string()).first == 1);
    CHECK(run("top --metric nosuch " + a).first == 1);
  }
}
