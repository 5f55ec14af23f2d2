// The profile exporters (profilers/export/): JSON golden text and round trip,
// reader errors, collapsed stacks, text tree, HTML, summary line, files.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/export/profile_file.h"
#include "scratch_dir.h"

using namespace minijvm::prof;

namespace {

// Appends a node under `parent` (creation order) and returns its id.
int32_t add(ProfileTree& t, int32_t parent, int32_t method, int32_t site, int32_t line,
            std::vector<uint64_t> metrics) {
  ProfileNode n;
  n.parent = parent;
  n.method = method;
  n.site = site;
  n.line = line;
  if (t.nodes.empty()) t.width = metrics.size();
  return t.add(n, metrics);
}

// Keeps the first `count` metrics of every node of `tree`.
void keep_metrics(ProfileTree& tree, size_t count) {
  ProfileTree narrow(count);
  for (size_t i = 0; i < tree.nodes.size(); ++i)
    narrow.add(tree.nodes[i], tree.metrics(i).first(count));
  tree = std::move(narrow);
}

// Node i's values.
std::vector<uint64_t> values_of(const ProfileTree& tree, size_t i) {
  std::span<const uint64_t> v = tree.metrics(i);
  return {v.begin(), v.end()};
}

ProfileMethod method(std::string cls, std::string name, std::string desc, std::string source,
                     bool native = false) {
  return ProfileMethod{std::move(cls), std::move(name), std::move(desc), native, std::move(source)};
}

// root -> Main.main -> String.hashCode @5 (line 7).
Profile tiny() {
  Profile p;
  p.profiler = "cct";
  p.metrics = {"calls", "bytecodes"};
  p.methods = {method("Main", "main", "([Ljava/lang/String;)V", "Main.java"),
               method("java/lang/String", "hashCode", "()I", "String.java")};
  ProfileTree t;
  add(t, -1, -1, -1, -1, {0, 0});
  add(t, 0, 0, -1, -1, {1, 10});
  add(t, 1, 1, 5, 7, {2, 30});
  p.merged() = t;
  p.threads.push_back({"main", t, 1});
  return p;
}

// Methods: 0 Main.main, 1 Main.work, 2 Main.fib, 3 Object.hashCode (native),
// 4 Worker.run. Merged tree (calls, bytecodes, alloc_objects, alloc_bytes):
//   1 main                    1  100  1   16
//   2   work @3 (line 10)     1  200  0    0
//   3     hashCode @4 native  1    0  0    0
//   4   work @8 (line 11)     1  300  2   48
//   5   fib @12 (line 12)     1   50  0    0
//   6     fib @7 (line 20)    2   40  0    0
//   7       fib @7            4   30  0    0
//   8       fib @15           2   10  0    0
//   9   run (thread entry)    1  270  0    0   (second thread, merged at the root)
Profile bigger() {
  Profile p;
  p.profiler = "cct";
  p.metrics = {"calls", "bytecodes", "alloc_objects", "alloc_bytes"};
  p.methods = {method("Main", "main", "([Ljava/lang/String;)V", "Main.java"),
               method("Main", "work", "(I)V", "Main.java"),
               method("Main", "fib", "(I)I", "Main.java"),
               method("java/lang/Object", "hashCode", "()I", "Object.java", true),
               method("Worker", "run", "()V", "")};
  ProfileTree m;
  add(m, -1, -1, -1, -1, {0, 0, 0, 0});
  add(m, 0, 0, -1, -1, {1, 100, 1, 16});
  add(m, 1, 1, 3, 10, {1, 200, 0, 0});
  add(m, 2, 3, 4, -1, {1, 0, 0, 0});
  add(m, 1, 1, 8, 11, {1, 300, 2, 48});
  add(m, 1, 2, 12, 12, {1, 50, 0, 0});
  add(m, 5, 2, 7, 20, {2, 40, 0, 0});
  add(m, 6, 2, 7, 20, {4, 30, 0, 0});
  add(m, 6, 2, 15, -1, {2, 10, 0, 0});
  // The merged tree keeps a value beyond 2^53 exactly.
  add(m, 0, 4, -1, -1, {1, 270, 0, (uint64_t{1} << 63) + 5});
  p.merged() = m;
  ProfileTree main_tree(m.width);
  for (size_t i = 0; i < 9; ++i) main_tree.add(m.nodes[i], m.metrics(i));
  p.threads.push_back({"main", main_tree});
  ProfileTree worker;
  add(worker, -1, -1, -1, -1, {0, 0, 0, 0});
  add(worker, 0, 4, -1, -1, {1, 270, 0, (uint64_t{1} << 63) + 5});
  p.threads.push_back({"worker \"1\"\t\x01 \xc3\xa9", worker});
  return p;
}

void check_tree_equal(const ProfileTree& a, const ProfileTree& b) {
  REQUIRE(a.nodes.size() == b.nodes.size());
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    CAPTURE(i);
    CHECK(a.nodes[i].parent == b.nodes[i].parent);
    CHECK(a.nodes[i].method == b.nodes[i].method);
    CHECK(a.nodes[i].site == b.nodes[i].site);
    CHECK(a.nodes[i].line == b.nodes[i].line);
    CHECK(values_of(a, i) == values_of(b, i));
  }
}

void check_profile_equal(const Profile& a, const Profile& b) {
  CHECK(a.profiler == b.profiler);
  CHECK(a.metrics == b.metrics);
  REQUIRE(a.methods.size() == b.methods.size());
  for (size_t i = 0; i < a.methods.size(); ++i) {
    CHECK(a.methods[i].class_name == b.methods[i].class_name);
    CHECK(a.methods[i].name == b.methods[i].name);
    CHECK(a.methods[i].descriptor == b.methods[i].descriptor);
    CHECK(a.methods[i].is_native == b.methods[i].is_native);
    CHECK(a.methods[i].source == b.methods[i].source);
  }
  check_tree_equal(a.merged(), b.merged());
  CHECK(a.stats == b.stats);
  REQUIRE(a.threads.size() == b.threads.size());
  for (size_t t = 0; t < a.threads.size(); ++t) {
    CHECK(a.threads[t].name == b.threads[t].name);
    CHECK(a.threads[t].id == b.threads[t].id);
    CHECK(a.threads[t].stats == b.threads[t].stats);
    check_tree_equal(a.threads[t].tree, b.threads[t].tree);
  }
}

std::string json_of(const Profile& p) {
  std::ostringstream out;
  write_json(p, out);
  return out.str();
}

std::string text_of(const Profile& p, TextOptions o = {}) {
  std::ostringstream out;
  write_text(p, o, out);
  return out.str();
}

std::string collapsed_of(const Profile& p, int metric, bool sites = false) {
  std::ostringstream out;
  write_collapsed(p, metric, out, sites);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_SUITE("profile_export") {
  TEST_CASE("export: JSON of a tiny profile (golden)") {
    // Version 3: a node's parent as the distance up to it, trailing zero
    // values left out, and its line in its parent's method's "lines".
    const char* golden =
        "{\"format\":\"minijvm-profile\",\"version\":3,\"profiler\":\"cct\","
        "\"metrics\":[\"calls\",\"bytecodes\"],\n"
        "\"node_fields\":[\"up\",\"method\",\"site\",\"calls\",\"bytecodes\"],\n"
        "\"threads\":[\n"
        "{\"name\":\"main\",\"id\":1,\"node_count\":3,\"nodes\":[\n"
        "[0,-1,-1],\n"
        "[1,0,-1,1,10],\n"
        "[1,1,5,2,30]]}],\n"
        "\"methods\":[\n"
        "{\"id\":0,\"class\":\"Main\",\"name\":\"main\",\"descriptor\":\"([Ljava/lang/String;)V\","
        "\"native\":false,\"source\":\"Main.java\",\"lines\":[5,7]},\n"
        "{\"id\":1,\"class\":\"java/lang/String\",\"name\":\"hashCode\",\"descriptor\":\"()I\","
        "\"native\":false,\"source\":\"String.java\"}]}\n";
    CHECK(json_of(tiny()) == golden);
  }

  TEST_CASE("export: lines no line table gives are written as version 2, and read back") {
    // A thread's entry with a line: version 3 reads -1 there.
    Profile p = tiny();
    p.threads[0].tree.nodes[1].line = 3;
    p.merged() = p.threads[0].tree;
    const char* golden =
        "{\"format\":\"minijvm-profile\",\"version\":2,\"profiler\":\"cct\","
        "\"metrics\":[\"calls\",\"bytecodes\"],\n"
        "\"node_fields\":[\"parent\",\"method\",\"site\",\"line\",\"calls\",\"bytecodes\"],\n"
        "\"threads\":[\n"
        "{\"name\":\"main\",\"id\":1,\"node_count\":3,\"nodes\":[\n"
        "[-1,-1,-1,-1,0,0],\n"
        "[0,0,-1,3,1,10],\n"
        "[1,1,5,7,2,30]]}],\n"
        "\"methods\":[\n"
        "{\"id\":0,\"class\":\"Main\",\"name\":\"main\",\"descriptor\":\"([Ljava/lang/String;)V\","
        "\"native\":false,\"source\":\"Main.java\"},\n"
        "{\"id\":1,\"class\":\"java/lang/String\",\"name\":\"hashCode\",\"descriptor\":\"()I\","
        "\"native\":false,\"source\":\"String.java\"}]}\n";
    CHECK(json_of(p) == golden);
    auto back = read_json(golden);
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    check_profile_equal(p, back.value());
    // Two lines for one call site: version 2 as well.
    Profile twice = tiny();
    add(twice.threads[0].tree, 1, 1, 5, 8, {1, 1});
    CHECK(contains(json_of(twice), "\"version\":2"));
    // A site with no line among sites with one: an entry of its own.
    Profile unknown = tiny();
    add(unknown.threads[0].tree, 1, 0, 9, -1, {1, 1});
    std::string json = json_of(unknown);
    CHECK(contains(json, "\"lines\":[5,7,9,-1]"));
    auto unknown_back = read_json(json);
    REQUIRE(unknown_back.ok());
    CHECK(unknown_back->threads[0].tree.nodes[3].line == -1);
    CHECK(unknown_back->threads[0].tree.nodes[2].line == 7);
  }

  TEST_CASE("export: a version-3 node's line is its parent's method's at the site") {
    // "lines" are start_pc, line pairs: a site takes the last start_pc at
    // or below it, as a class file's LineNumberTable does.
    std::string json = json_of(tiny());
    json.replace(json.find("\"lines\":[5,7]"), 13, "\"lines\":[0,3,4,6,9,12]");
    json.replace(json.find("[1,1,5,2,30]"), 12, "[1,1,5,2,30],\n[2,1,2],\n[3,1,9],\n[4,1,100]");
    auto back = read_json(json);
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    const ProfileTree& t = back->threads[0].tree;
    REQUIRE(t.nodes.size() == 6);
    CHECK(t.nodes[2].line == 6);
    CHECK(t.nodes[3].line == 3);
    CHECK(t.nodes[4].line == 12);
    CHECK(t.nodes[5].line == 12);
    for (size_t i = 2; i < 6; ++i) CHECK(t.nodes[i].parent == 1);
    CHECK(t.nodes[1].line == -1);  // site -1
  }

  TEST_CASE("export: threads read back are merged when first asked, counted and summed before") {
    // Two threads share main and main->work@3. The one with more nodes
    // ("second") is the one the count starts from; the other ("first")
    // adds main->hash@5 and, below that, hash->work@9; "second" alone has
    // main->x@7, x->y@1 and a second entry at the root, other.
    Profile p;
    p.profiler = "cct";
    p.metrics = {"calls", "bytecodes"};
    p.methods = {method("A", "main", "()V", ""), method("A", "work", "()V", ""),
                 method("A", "hash", "()I", ""), method("A", "x", "()V", ""),
                 method("A", "y", "()V", ""),    method("A", "other", "()V", "")};
    ProfileTree first, second;
    add(first, -1, -1, -1, -1, {0, 0});
    add(first, 0, 0, -1, -1, {1, 10});
    add(first, 1, 1, 3, -1, {2, 20});
    add(first, 1, 2, 5, -1, {3, 30});
    add(first, 3, 1, 9, -1, {1, 5});
    add(second, -1, -1, -1, -1, {0, 0});
    add(second, 0, 0, -1, -1, {1, 1});
    add(second, 1, 1, 3, -1, {4, 40});
    add(second, 1, 3, 7, -1, {1, 7});
    add(second, 3, 4, 1, -1, {6, 60});
    add(second, 0, 5, -1, -1, {1, 2});
    p.threads.push_back({"second", second, 2, {}});
    p.threads.push_back({"first", first, 1, {}});
    p.merged() = merge_threads(p.threads, p.metrics.size());
    const size_t want_contexts = p.merged().nodes.size() - 1;
    REQUIRE(want_contexts == 7);
    const std::vector<uint64_t> want_totals = metric_totals(p);
    CHECK(want_totals == std::vector<uint64_t>{20, 175});
    std::vector<bool> want_seen;
    const std::vector<uint64_t> want_by_method = method_totals(p, 1, &want_seen);
    CHECK(want_by_method == std::vector<uint64_t>{11, 65, 30, 7, 60, 2});

    auto back = read_json(json_of(p));
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    REQUIRE(back->merge_pending());
    CHECK(merged_contexts(*back) == want_contexts);
    CHECK(metric_totals(*back) == want_totals);
    std::vector<bool> seen;
    CHECK(method_totals(*back, 1, &seen) == want_by_method);
    CHECK(seen == want_seen);
    CHECK(back->merge_pending());  // none of those made the merged tree
    const Profile& read = back.value();
    check_tree_equal(read.merged(), p.merged());
    // Children in the order they were made: "second" first, then what
    // "first" adds.
    const ChildIndex kids(read.merged());
    auto ids = [&](size_t node) {
      std::span<const int32_t> k = kids[node];
      return std::vector<int32_t>(k.begin(), k.end());
    };
    CHECK(ids(0) == std::vector<int32_t>{1, 5});
    CHECK(ids(1) == std::vector<int32_t>{2, 3, 6});
    CHECK(ids(2).empty());
    CHECK(ids(3) == std::vector<int32_t>{4});
    CHECK(ids(6) == std::vector<int32_t>{7});
    CHECK(ids(7).empty());
    CHECK_FALSE(back->merge_pending());
    CHECK(merged_contexts(*back) == want_contexts);
    CHECK(metric_totals(*back) == want_totals);
  }

  TEST_CASE("export: a thread with a context twice under one parent is counted as merged") {
    // Not what minijvm writes, but a file may say it (the profile fuzzer's
    // first find): the merged tree holds main once, and so does the count.
    Profile p;
    p.profiler = "cct";
    p.metrics = {"calls"};
    p.methods = {method("A", "main", "()V", ""), method("A", "work", "()V", "")};
    ProfileTree twice, other;
    add(twice, -1, -1, -1, -1, {0});
    add(twice, 0, 0, -1, -1, {1});
    add(twice, 1, 1, 3, -1, {2});
    add(twice, 0, 0, -1, -1, {4});
    add(twice, 3, 1, 3, -1, {8});
    add(other, -1, -1, -1, -1, {0});
    add(other, 0, 0, -1, -1, {16});
    p.threads.push_back({"twice", twice, 1, {}});
    p.threads.push_back({"other", other, 2, {}});
    auto back = read_json(json_of(p));
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    REQUIRE(back->merge_pending());
    CHECK(merged_contexts(*back) == 2);
    CHECK(metric_totals(*back) == std::vector<uint64_t>{31});
    REQUIRE(back->merged().nodes.size() == 3);
    CHECK(values_of(back->merged(), 1) == std::vector<uint64_t>{21});
    CHECK(values_of(back->merged(), 2) == std::vector<uint64_t>{10});
  }

  TEST_CASE("export: version 1 profiles (node objects, merged tree written) still read") {
    const char* version1 =
        "{\"format\":\"minijvm-profile\",\"version\":1,\"profiler\":\"cct\","
        "\"metrics\":[\"calls\",\"bytecodes\"],\n"
        "\"methods\":[\n"
        "{\"id\":0,\"class\":\"Main\",\"name\":\"main\",\"descriptor\":\"([Ljava/lang/String;)V\","
        "\"native\":false,\"source\":\"Main.java\"},\n"
        "{\"id\":1,\"class\":\"java/lang/String\",\"name\":\"hashCode\",\"descriptor\":\"()I\","
        "\"native\":false,\"source\":\"String.java\"}],\n"
        "\"nodes\":[\n"
        "{\"id\":0,\"parent\":-1,\"method\":-1,\"site\":-1,\"line\":-1,\"calls\":0,\"bytecodes\":0},\n"
        "{\"id\":1,\"parent\":0,\"method\":0,\"site\":-1,\"line\":-1,\"calls\":1,\"bytecodes\":10},\n"
        "{\"id\":2,\"parent\":1,\"method\":1,\"site\":5,\"line\":7,\"calls\":2,\"bytecodes\":30}],\n"
        "\"threads\":[\n"
        "{\"name\":\"main\",\"id\":1,\"nodes\":[\n"
        "{\"id\":0,\"parent\":-1,\"method\":-1,\"site\":-1,\"line\":-1,\"calls\":0,\"bytecodes\":0},\n"
        "{\"id\":1,\"parent\":0,\"method\":0,\"site\":-1,\"line\":-1,\"calls\":1,\"bytecodes\":10},\n"
        "{\"id\":2,\"parent\":1,\"method\":1,\"site\":5,\"line\":7,\"calls\":2,\"bytecodes\":30}]}]"
        "}\n";
    auto back = read_json(version1);
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    check_profile_equal(tiny(), back.value());
    CHECK(json_of(back.value()) == json_of(tiny()));
  }

  TEST_CASE("export: a node_count hint is taken only up to what the text or file can hold") {
    // Ten characters a node row at least: tiny's three nodes, or a text of
    // a few hundred bytes claiming fifty million, reserve only what they can.
    auto dir = minijvm::test::scratch_dir("minijvm-export-hint");
    const std::string honest = json_of(tiny());
    std::string claims = honest;
    const std::string hint = "\"node_count\":3,";
    REQUIRE(claims.find(hint) != std::string::npos);
    claims.replace(claims.find(hint), hint.size(), "\"node_count\":50000000,");
    const std::string path = (dir / "claims.json").string();
    {
      std::ofstream out(path, std::ios::binary);
      out << claims;
    }
    for (int from_file = 0; from_file < 2; ++from_file) {
      CAPTURE(from_file);
      auto taken = read_json(honest);
      auto refused = from_file ? read_json_file(path) : read_json(claims);
      REQUIRE(taken.ok());
      REQUIRE_MESSAGE(refused.ok(), (refused.ok() ? "" : refused.error().message));
      check_profile_equal(tiny(), refused.value());
      CHECK(taken->threads[0].tree.nodes.capacity() == 3);
      CHECK(refused->threads[0].tree.nodes.capacity() < 1000);
    }
  }

  TEST_CASE("export: a tree's arrays mapped ahead of the parse, and one that outgrows its hint") {
    // Over a million nodes (17 MB of them: mapped on a thread of their own
    // while they are read), once with their count and once with a count
    // short of it, so the arrays move while being read.
    constexpr int kNodes = 1'100'000;
    for (int hint : {kNodes, kNodes - 50'000}) {
      CAPTURE(hint);
      std::string json =
          "{\"format\":\"minijvm-profile\",\"version\":3,\"profiler\":\"cct\","
          "\"metrics\":[\"calls\",\"bytecodes\"],\"threads\":[{\"name\":\"main\",\"id\":1,"
          "\"node_count\":" + std::to_string(hint) + ",\"nodes\":[\n[0,-1,-1]";
      for (int i = 1; i < kNodes; ++i) json += i % 3 == 0 ? ",\n[1,0,4,1,7]" : ",\n[1,0,4,1]";
      json += "]}],\"methods\":[{\"id\":0,\"class\":\"A\",\"name\":\"f\",\"descriptor\":\"()V\","
              "\"native\":false,\"source\":\"A.java\",\"lines\":[0,10,4,11]}]}";
      auto back = read_json(json);
      REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
      const ProfileTree& t = back->threads[0].tree;
      REQUIRE(t.nodes.size() == static_cast<size_t>(kNodes));
      uint64_t bytecodes = 0;
      bool chain = true;
      for (size_t i = 1; i < t.nodes.size(); ++i) {
        chain = chain && t.nodes[i].parent == static_cast<int32_t>(i) - 1 && t.nodes[i].method == 0 &&
                t.value(i, 0) == 1 && (i == 1 ? t.nodes[i].line == -1 : t.nodes[i].line == 11);
        bytecodes += t.value(i, 1);
      }
      CHECK(chain);
      CHECK(bytecodes == 7u * ((kNodes - 1) / 3));
    }
  }

  TEST_CASE("export: .gz profiles are written compressed and read back") {
    auto dir = minijvm::test::scratch_dir("minijvm-export-gz");
    Profile p = bigger();
    std::string plain = (dir / "p.json").string(), packed = (dir / "p.json.gz").string();
    CHECK(format_from_path(packed) == Format::kJson);
    CHECK(format_from_path((dir / "p.txt.gz").string()) == Format::kText);
    CHECK(format_from_path((dir / "p.pb.gz").string()) == Format::kPprof);
    REQUIRE(write_profile(p, Format::kJson, plain).ok());
    REQUIRE(write_profile(p, Format::kJson, packed).ok());
    std::ifstream in(packed, std::ios::binary);
    unsigned char magic[2] = {};
    in.read(reinterpret_cast<char*>(magic), 2);
    CHECK(magic[0] == 0x1f);  // gzip
    CHECK(magic[1] == 0x8b);
    for (const std::string& path : {plain, packed}) {
      auto back = read_json_file(path);
      REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
      check_profile_equal(p, back.value());
    }
    auto missing = read_json_file((dir / "none.json.gz").string());
    REQUIRE_FALSE(missing.ok());
    CHECK(contains(missing.error().message, "none.json.gz"));
    auto unwritable = write_profile(p, Format::kJson, (dir / "no/such/dir.json.gz").string());
    REQUIRE_FALSE(unwritable.ok());
    CHECK(contains(unwritable.error().message, "cannot write profile to"));
  }

  TEST_CASE("export: JSON string escaping") {
    Profile p = tiny();
    p.profiler = "a\"b\\c\n\x01\x1f \xc3\xa9/";
    std::string json = json_of(p);
    CHECK(contains(json, "\"profiler\":\"a\\\"b\\\\c\\u000a\\u0001\\u001f \xc3\xa9/\""));
    auto back = read_json(json);
    REQUIRE(back.ok());
    CHECK(back->profiler == p.profiler);
    // Escapes write_json never emits are still read.
    auto esc = read_json(
        "{\"format\":\"minijvm-profile\",\"version\":1,\"profiler\":\"\\n\\t\\/"
        "\\u00e9\\ud83d\\ude00\","
        "\"metrics\":[],\"methods\":[],\"nodes\":[{\"id\":0,\"parent\":-1,\"method\":-1,\"site\":-"
        "1}]}");
    REQUIRE_MESSAGE(esc.ok(), (esc.ok() ? "" : esc.error().message));
    CHECK(esc->profiler == "\n\t/\xc3\xa9\xf0\x9f\x98\x80");
    CHECK(esc->merged().nodes.size() == 1);
    CHECK(esc->threads.empty());
  }

  TEST_CASE("export: JSON round trip is exact") {
    Profile p = bigger();
    std::string json = json_of(p);
    auto back = read_json(json);
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    check_profile_equal(p, back.value());
    CHECK(json_of(back.value()) == json);
    CHECK(contains(json, ",9223372036854775813]"));
    // Whitespace and key order do not matter to the reader.
    std::string spaced = json;
    for (size_t pos = 0; (pos = spaced.find(',', pos)) != std::string::npos; pos += 3)
      spaced.replace(pos, 1, " ,\t");
    auto back2 = read_json(spaced);
    REQUIRE_MESSAGE(back2.ok(), (back2.ok() ? "" : back2.error().message));
    check_profile_equal(p, back2.value());
  }

  TEST_CASE("export: a large profile reads back exactly, across the reader's blocks") {
    // 60 000 nodes of a pseudo-random tree: over 1 MiB of JSON, so rows lie
    // across the reader's blocks, and the fast row path and the generic
    // parse both read some.
    Profile p;
    p.profiler = "cct";
    p.metrics = {"calls", "bytecodes"};
    for (int m = 0; m < 50; ++m) {
      std::string cls = "C";
      cls += std::to_string(m);
      p.methods.push_back(method(cls, "m", "()V", ""));
    }
    ProfileTree t;
    add(t, -1, -1, -1, -1, {0, 0});
    uint64_t x = 12345;
    for (int i = 1; i < 60000; ++i) {
      x = x * 6364136223846793005u + 1442695040888963407u;
      auto parent = static_cast<int32_t>((x >> 33) % static_cast<uint64_t>(i));
      // Distinct children: the call site is the child's own id.
      add(t, parent, static_cast<int32_t>((x >> 20) % 50), i, (x & 1) != 0 ? -1 : static_cast<int32_t>(x % 5000),
          {x >> 40, i % 7 == 0 ? ~uint64_t{0} : x % 1000000});
    }
    p.merged() = t;
    p.threads.push_back({"main", t, 1, {}});
    auto dir = minijvm::test::scratch_dir("minijvm-export-large");
    for (const char* name : {"large.json", "large.json.gz"}) {
      std::string path = (dir / name).string();
      REQUIRE(write_profile(p, Format::kJson, path).ok());
      auto back = read_json_file(path);
      REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
      check_profile_equal(p, back.value());
      // One thread whose contexts are distinct: its tree is the merged tree, held once.
      CHECK(back->shares_thread_tree());
      CHECK(&back->merged() == &back->threads[0].tree);
    }
  }

  TEST_CASE("export: node rows the fast path leaves to the generic parse") {
    std::string json = json_of(tiny());
    auto with_row = [&](const std::string& row) {
      std::string text = json;
      text.replace(text.find("[1,1,5,2,30]"), 12, row);
      return read_json(text);
    };
    auto spaced = with_row("[ 1, 1,5 ,2,30 ]");
    REQUIRE_MESSAGE(spaced.ok(), (spaced.ok() ? "" : spaced.error().message));
    check_profile_equal(tiny(), spaced.value());
    auto widest = with_row("[1,1,5,2,18446744073709551615]");  // 20 digits
    REQUIRE(widest.ok());
    CHECK(widest->merged().value(2, 1) == ~uint64_t{0});
    auto short_row = with_row("[1,1,5,2]");  // a missing metric reads as 0
    REQUIRE(short_row.ok());
    CHECK(short_row->merged().value(2, 0) == 2);
    CHECK(short_row->merged().value(2, 1) == 0);
    auto head_only = with_row("[1,1,5]");
    REQUIRE(head_only.ok());
    CHECK(head_only->merged().value(2, 0) == 0);
    CHECK(head_only->merged().nodes[2].line == 7);
    auto no_site = with_row("[1,1]");
    REQUIRE_FALSE(no_site.ok());
    CHECK(contains(no_site.error().message, "node 2 has 2 values (up, method, site and the metrics)"));
    auto long_row = with_row("[1,1,5,2,30,4]");
    REQUIRE_FALSE(long_row.ok());
    CHECK(contains(long_row.error().message, "a node has more values than metrics"));
    auto negative = with_row("[1,1,5,-2,30]");
    REQUIRE_FALSE(negative.ok());
    CHECK(contains(negative.error().message, "\"calls\" must be an integer in range"));
    auto too_big = with_row("[1,2147483648,5,2,30]");
    REQUIRE_FALSE(too_big.ok());
    CHECK(contains(too_big.error().message, "\"method\" must be an integer in range"));
    auto smallest = with_row("[1,1,-2147483648,2,30]");
    REQUIRE(smallest.ok());
    CHECK(smallest->merged().nodes[2].site == INT32_MIN);
    CHECK(smallest->merged().nodes[2].line == -1);
    CHECK_FALSE(with_row("[1,1,05,2,30]").ok());  // not JSON
    CHECK_FALSE(with_row("[1,1,5,2,3.5]").ok());
    CHECK_FALSE(with_row("[1,1,5,2,30,]").ok());
  }

  TEST_CASE("export: one thread with a context twice is merged, not shared") {
    std::string json = json_of(tiny());
    // A second child of main with hashCode's context (@5): merged into one.
    json.replace(json.find("[1,1,5,2,30]"), 12, "[1,1,5,2,30],\n[2,1,5,1,4]");
    auto back = read_json(json);
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    CHECK_FALSE(back->shares_thread_tree());
    CHECK(back->threads[0].tree.nodes.size() == 4);
    REQUIRE(back->merged().nodes.size() == 3);
    CHECK(values_of(back->merged(), 2) == std::vector<uint64_t>{3, 34});
  }

  TEST_CASE("export: a sampler's stats and thread ids round-trip") {
    Profile p = tiny();
    p.profiler = "cbs";
    p.metrics = {"samples"};
    keep_metrics(p.merged(), 1);
    keep_metrics(p.threads[0].tree, 1);
    p.stats = {{"clock", std::string("bytecodes")}, {"interval", int64_t{10033}},
               {"latency_mean", 12.5}, {"samples", int64_t{3}}};
    p.threads[0].id = 7;
    p.threads[0].stats = {{"ticks", int64_t{2}}, {"samples", int64_t{3}}};
    std::string json = json_of(p);
    CHECK(contains(json, "\"stats\":{\"clock\":\"bytecodes\",\"interval\":10033,"
                         "\"latency_mean\":12.5,\"samples\":3}"));
    CHECK(contains(json, "{\"name\":\"main\",\"id\":7,\"stats\":{\"ticks\":2,\"samples\":3}"));
    auto back = read_json(json);
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().message));
    check_profile_equal(p, back.value());
    CHECK(json_of(back.value()) == json);
    CHECK(minijvm::prof::stat_word(back->stats, "clock") == "bytecodes");
    CHECK(minijvm::prof::stat_number(back->stats, "latency_mean") == 12.5);
    CHECK(minijvm::prof::stat_number(back->stats, "interval") == 10033);
  }

  TEST_CASE("export: read_json errors say what and where") {
    std::string json = json_of(tiny());
    auto truncated = read_json(std::string_view(json).substr(0, json.size() / 2));
    REQUIRE_FALSE(truncated.ok());
    CHECK(truncated.error().exception == "java/io/IOException");
    CHECK(contains(truncated.error().message, "profile JSON: "));
    CHECK(contains(truncated.error().message, " at offset "));

    auto colon = read_json("{\"format\" \"minijvm-profile\"}");
    REQUIRE_FALSE(colon.ok());
    CHECK(colon.error().message == "profile JSON: expected ':' at offset 10");

    std::string wrong_format = json;
    wrong_format.replace(wrong_format.find("minijvm-profile"), 15, "speedscope");
    auto wf = read_json(wrong_format);
    REQUIRE_FALSE(wf.ok());
    CHECK(contains(wf.error().message, "not a minijvm profile"));

    std::string wrong_version = json;
    wrong_version.replace(wrong_version.find("\"version\":3"), 11, "\"version\":4");
    auto wv = read_json(wrong_version);
    REQUIRE_FALSE(wv.ok());
    CHECK(contains(wv.error().message, "unsupported version 4 (this reader knows versions 1 to 3)"));

    auto with = [&](const std::string& old, const std::string& replacement) {
      std::string text = json;
      text.replace(text.find(old), old.size(), replacement);
      return read_json(text);
    };
    // The profile with `old` replaced is refused with `message`.
    auto refused = [&](const std::string& old, const std::string& replacement, const char* message) {
      INFO(replacement);
      auto result = with(old, replacement);
      REQUIRE_FALSE(result.ok());
      CHECK(contains(result.error().message, message));
    };
    refused("[1,1,5,2,30]", "[7,1,5,2,30]", "node 2: bad up 7");
    refused("[1,1,5,2,30]", "[0,1,5,2,30]", "node 2: bad up 0");
    refused("[0,-1,-1]", "[1,-1,-1]", "node 0: bad up 1");

    // Rows are read by the version, which must come first.
    std::string late = json;
    late.erase(late.find("\"version\":3,"), 12);
    late.insert(late.rfind('}'), ",\"version\":3");
    auto lv = read_json(late);
    REQUIRE_FALSE(lv.ok());
    CHECK(contains(lv.error().message, "\"version\" must come before the nodes"));

    for (const char* lines : {"\"lines\":[5]", "\"lines\":[5,7,5,8]", "\"lines\":[5,7,4,8]",
                              "\"lines\":[-1,7]"})
      refused("\"lines\":[5,7]", lines, "\"lines\" must pair increasing start_pcs with lines");
    refused("\"lines\":[5,7]", "\"lines\":5", "\"lines\" must be an array");
    refused("\"lines\":[5,7]", "\"lines\":[[5,7]]", "\"lines\" must be integers");

    CHECK_FALSE(read_json(json + "x").ok());
    CHECK_FALSE(read_json("").ok());
    CHECK_FALSE(read_json(std::string(10000, '[')).ok());  // nesting is bounded
  }

  TEST_CASE("export: collapsed stacks") {
    Profile p = bigger();
    std::string out = collapsed_of(p, 1);
    std::vector<std::string> expected = {
        "Main.main 100",
        "Main.main;Main.work 200",
        "Main.main;Main.work 300",
        "Main.main;Main.fib 50",
        "Main.main;Main.fib;Main.fib 40",
        "Main.main;Main.fib;Main.fib;Main.fib 30",
        "Main.main;Main.fib;Main.fib;Main.fib 10",
        "Worker.run 270",
    };
    CHECK(lines_of(out) == expected);
    // The values sum to the total self value of the metric.
    uint64_t sum = 0;
    for (const std::string& l : lines_of(out)) sum += std::stoull(l.substr(l.rfind(' ') + 1));
    CHECK(sum == inclusive(p.merged(), 1)[0]);
    CHECK(sum == 1000);

    std::vector<std::string> sites = lines_of(collapsed_of(p, 0, true));
    REQUIRE(sites.size() == 9);  // every non-root node has calls > 0
    CHECK(sites[2] == "Main.main;Main.work@3;java.lang.Object.hashCode@4 1");
    CHECK(sites[7] == "Main.main;Main.fib@12;Main.fib@7;Main.fib@15 2");
    CHECK(sites[8] == "Worker.run 1");
    CHECK(lines_of(collapsed_of(p, 2)) ==
          std::vector<std::string>{"Main.main 1", "Main.main;Main.work 2"});
  }

  TEST_CASE("export: text tree") {
    Profile p = bigger();
    TextOptions o;
    o.metric = 1;
    std::string text = text_of(p, o);
    std::vector<std::string> lines = lines_of(text);
    REQUIRE(lines.size() > 12);
    CHECK(lines[0] == "cct profile, metric bytecodes, total 1000 (9 contexts, 2 threads)");
    // Sorted by inclusive value: main (730) before run (270); under main the
    // work@8 (300) before work@3 (200) before fib (130).
    CHECK(lines[2] == "           730  73.00%            100  Main.main");
    CHECK(lines[3] == "           300  30.00%            300    Main.work @8 (Main.java:11)");
    CHECK(lines[4] == "           200  20.00%            200    Main.work @3 (Main.java:10)");
    CHECK(lines[5] == "             0   0.00%              0      java.lang.Object.hashCode @4");
    CHECK(lines[6] == "           130  13.00%             50    Main.fib @12 (Main.java:12)");
    CHECK(lines[7] == "            80   8.00%             40      Main.fib @7 (Main.java:20)");
    CHECK(lines[8] == "            30   3.00%             30        Main.fib @7 (Main.java:20)");
    CHECK(lines[9] == "            10   1.00%             10        Main.fib @15");
    CHECK(lines[10] == "           270  27.00%            270  Worker.run");
    CHECK(contains(text, "top methods by self bytecodes"));
    // Main.work: self 500; Main.fib: self 130, total 130 (recursion counted once).
    CHECK(contains(text, "           500  50.00%            500  50.00%  Main.work\n"));
    CHECK(contains(text, "           130  13.00%            130  13.00%  Main.fib\n"));
    CHECK_FALSE(contains(text, "java.lang.Object.hashCode\n"));  // self 0: not in the table

    TextOptions cut = o;
    cut.min_percent = 10.0;
    std::string cut_text = text_of(p, cut);
    CHECK(contains(cut_text, "Main.fib @12"));
    CHECK_FALSE(contains(cut_text, "Main.fib @7"));
    CHECK(contains(cut_text, "            80   8.00%                     ... 1 more\n"));
    CHECK(contains(cut_text, "... 1 more\n"));  // hashCode under work@3

    TextOptions shallow = o;
    shallow.max_depth = 1;
    std::vector<std::string> sl = lines_of(text_of(p, shallow));
    CHECK(sl[2] == "           730  73.00%            100  Main.main");
    CHECK(sl[3] == "           630  63.00%                   ... 3 more");
    CHECK(sl[4] == "           270  27.00%            270  Worker.run");
  }

  TEST_CASE("export: HTML flame graph is self-contained and embeds the data") {
    Profile p = bigger();
    p.methods[1].name = "<init>";  // must not end the <script> early
    std::ostringstream out;
    write_html(p, out);
    std::string html = out.str();
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(
        contains(html, "\"metrics\":[\"calls\",\"bytecodes\",\"alloc_objects\",\"alloc_bytes\"]"));
    CHECK(contains(html, "\"Main.\\u003cinit\\u003e\""));
    CHECK(contains(html, "\"Worker.run\""));
    CHECK(contains(html, "[1,2,12,1,50,0,0]"));  // fib under main
    CHECK_FALSE(contains(html, "http://"));
    CHECK_FALSE(contains(html, "https://"));
    CHECK_FALSE(contains(html, "<init>"));
    // Exactly one data block and one script end per script start.
    size_t opens = 0, closes = 0;
    for (size_t pos = 0; (pos = html.find("<script", pos)) != std::string::npos; ++pos) ++opens;
    for (size_t pos = 0; (pos = html.find("</script>", pos)) != std::string::npos; ++pos) ++closes;
    CHECK(opens == 2);
    CHECK(closes == 2);
  }

  TEST_CASE("export: summary line") {
    CHECK(summary_line(bigger(), "minijvm-cct.json") ==
          "minijvm: cct profile written to minijvm-cct.json (9 contexts, 2 threads; "
          "hottest method: Main.work 50.0% of bytecodes, self)");
    Profile only_calls = tiny();
    only_calls.metrics = {"calls"};
    keep_metrics(only_calls.merged(), 1);
    CHECK(summary_line(only_calls, "x.json") ==
          "minijvm: cct profile written to x.json (2 contexts, 1 thread; "
          "hottest method: java.lang.String.hashCode 66.7% of calls, self)");
    Profile empty;
    empty.profiler = "bcount";
    CHECK(summary_line(empty, "e.json") ==
          "minijvm: bcount profile written to e.json (0 contexts, 0 threads; hottest method: none)");
  }

  TEST_CASE("export: formats by name and path") {
    CHECK(format_from_name("json") == Format::kJson);
    CHECK(format_from_name("text") == Format::kText);
    CHECK(format_from_name("collapsed") == Format::kCollapsed);
    CHECK(format_from_name("html") == Format::kHtml);
    CHECK(format_from_name("pprof") == Format::kPprof);
    CHECK_FALSE(format_from_name("JSON").has_value());
    CHECK(format_from_path("out/app.json") == Format::kJson);
    CHECK(format_from_path("a.txt") == Format::kText);
    CHECK(format_from_path("a.collapsed") == Format::kCollapsed);
    CHECK(format_from_path("flame.html") == Format::kHtml);
    CHECK(format_from_path("a.pb.gz") == Format::kPprof);
    CHECK_FALSE(format_from_path("json").has_value());
    CHECK_FALSE(format_from_path("a.json.bak").has_value());
  }

  TEST_CASE("export: a profile file gets what it is given, in any pieces, written by its own thread") {
    namespace fs = std::filesystem;
    auto dir = minijvm::test::scratch_dir("minijvm-export-file");
    // 5 MiB of text in pieces smaller and larger than the 1 MiB buffers.
    std::string text;
    uint64_t x = 7;
    while (text.size() < (5u << 20)) {
      x = x * 6364136223846793005u + 1442695040888963407u;
      text += std::to_string(x >> 20);
      text += (x & 15) == 0 ? '\n' : ',';
    }
    for (const char* name : {"f.json", "f.json.gz"}) {
      std::string path = (dir / name).string();
      auto out = ProfileFileOut::open(path);
      REQUIRE(out.ok());
      size_t at = 0;
      for (size_t piece : {size_t{1}, size_t{7}, size_t{4096}, (size_t{1} << 20) + 3, size_t{3} << 20, size_t{1}}) {
        piece = std::min(piece, text.size() - at);
        REQUIRE(out.value()->sputn(text.data() + at, static_cast<std::streamsize>(piece)) ==
                static_cast<std::streamsize>(piece));
        at += piece;
      }
      for (; at < text.size(); ++at) REQUIRE(out.value()->sputc(text[at]) == static_cast<unsigned char>(text[at]));
      REQUIRE(out.value()->close().ok());
      auto in = ProfileFileIn::open(path);
      REQUIRE(in.ok());
      std::string back(text.size() + 1, '\0');
      size_t got = 0;
      for (;;) {
        auto n = in.value()->read(back.data() + got, back.size() - got);
        REQUIRE(n.ok());
        if (*n == 0) break;
        got += *n;
      }
      back.resize(got);
      CHECK(back == text);
    }
    {
      // Five buffers compressed are five gzip members; nothing compressed is
      // still a gzip file (one empty member).
      std::ifstream gz((dir / "f.json.gz").string(), std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(gz)), std::istreambuf_iterator<char>());
      size_t members = 0;
      for (size_t at = 0; (at = bytes.find("\x1f\x8b\x08", at)) != std::string::npos; ++at) ++members;
      CHECK(members >= 5);
      std::string empty = (dir / "empty.json.gz").string();
      auto out = ProfileFileOut::open(empty);
      REQUIRE(out.ok());
      REQUIRE(out.value()->close().ok());
      CHECK(fs::file_size(empty) > 0);
      auto in = ProfileFileIn::open(empty);
      REQUIRE(in.ok());
      char c = 0;
      auto n = in.value()->read(&c, 1);
      REQUIRE(n.ok());
      CHECK(*n == 0);
    }
    {
      // Compressed data cut off mid-stream is an error, not an early end.
      std::string whole = (dir / "f.json.gz").string(), cut = (dir / "cut.json.gz").string();
      fs::copy_file(whole, cut);
      fs::resize_file(cut, fs::file_size(whole) / 2);
      auto in = ProfileFileIn::open(cut);
      REQUIRE(in.ok());
      std::string block(1 << 16, '\0');
      minijvm::Result<size_t> n = size_t{0};
      while ((n = in.value()->read(block.data(), block.size())).ok() && *n > 0) {
      }
      REQUIRE_FALSE(n.ok());
      CHECK(n.error().message == "cannot read " + cut + ": unexpected end of file");
    }
    if (fs::exists("/dev/full")) {
      // The disk fills while the writer thread writes: close() says so.
      auto out = ProfileFileOut::open("/dev/full");
      REQUIRE(out.ok());
      out.value()->sputn(text.data(), static_cast<std::streamsize>(text.size()));
      auto closed = out.value()->close();
      REQUIRE_FALSE(closed.ok());
      CHECK(contains(closed.error().message, "error writing profile to /dev/full: "));
      CHECK(contains(closed.error().message, std::strerror(ENOSPC)));
    }
  }

  TEST_CASE("export: write_profile writes files and reports failures") {
    namespace fs = std::filesystem;
    fs::path dir =
        fs::temp_directory_path() / ("minijvm-export-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    Profile p = bigger();
    std::string json_path = (dir / "p.json").string();
    REQUIRE(write_profile(p, Format::kJson, json_path).ok());
    std::ifstream in(json_path);
    std::stringstream buf;
    buf << in.rdbuf();
    auto back = read_json(buf.str());
    REQUIRE(back.ok());
    check_profile_equal(p, back.value());

    std::string collapsed_path = (dir / "p.collapsed").string();
    REQUIRE(write_profile(p, Format::kCollapsed, collapsed_path).ok());
    std::ifstream cin_(collapsed_path);
    std::string first;
    std::getline(cin_, first);
    CHECK(first == "Main.main 100");  // the "bytecodes" metric

    REQUIRE(write_profile(p, Format::kText, (dir / "p.txt").string()).ok());
    REQUIRE(write_profile(p, Format::kHtml, (dir / "p.html").string()).ok());
    CHECK(fs::file_size(dir / "p.html") > 1000);

    std::string bad = (dir / "no-such-dir" / "p.json").string();
    auto r = write_profile(p, Format::kJson, bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().exception == "java/io/IOException");
    CHECK(contains(r.error().message, bad));
    CHECK(contains(r.error().message, "No such file or directory"));
    fs::remove_all(dir);
  }
}
