#include "profilers/tool/prof_tool.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "profilers/export/export.h"
#include "profilers/tool/experiment.h"

namespace minijvm::prof {

namespace {

// --app-only's JDK frames: as the profile says (ProfileMethod::origin), or
// by package where it does not (older profiles).
bool is_jdk_method(const ProfileMethod& m) {
  if (m.origin != ProfileMethod::Origin::kUnknown) return m.origin == ProfileMethod::Origin::kJdk;
  for (const char* prefix : {"java/", "javax/", "jdk/", "sun/", "com/sun/"})
    if (m.class_name.rfind(prefix, 0) == 0) return true;
  return false;
}

Result<Profile> load(const std::string& path) {
  if (!std::ifstream(path, std::ios::binary)) return make_error("java/io/IOException", "cannot read " + path);
  auto profile = read_json_file(path);
  if (!profile.ok()) return make_error("java/io/IOException", path + ": " + profile.error().message);
  return profile;
}

const ProfileTree* tree_of(const Profile& p, const std::string& thread) {
  if (thread.empty()) return &p.merged();
  for (const ThreadProfile& t : p.threads)
    if (t.name == thread) return &t.tree;
  return nullptr;
}

struct Args {
  std::vector<std::string> files;
  std::string metric;
  int n = 20;
  double min_percent = 0.0;
  int max_depth = -1;
  double threshold = 0.1;
  bool app_only = false;
  std::string thread;
  std::string error;
};

Args parse(const std::vector<std::string>& args, size_t from) {
  Args a;
  for (size_t i = from; i < args.size(); ++i) {
    const std::string& s = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) {
        a.error = s + " needs a value";
        return "";
      }
      return args[++i];
    };
    try {
      if (s == "--metric") a.metric = value();
      else if (s == "-n") a.n = std::stoi(value());
      else if (s == "--min-percent") a.min_percent = std::stod(value());
      else if (s == "--max-depth") a.max_depth = std::stoi(value());
      else if (s == "--threshold") a.threshold = std::stod(value());
      else if (s == "--thread") a.thread = value();
      else if (s == "--app-only") a.app_only = true;
      else if (!s.empty() && s[0] == '-') a.error = "unknown option " + s;
      else a.files.push_back(s);
    } catch (const std::exception&) {
      a.error = "bad number after " + s;
    }
  }
  return a;
}

// The metric to use: the one named, else bytecodes if present, else the first.
int metric_of(const Profile& p, const std::string& name, std::string* error) {
  if (!name.empty()) {
    int m = p.metric_index(name);
    if (m < 0) *error = "the profile has no metric '" + name + "'";
    return m;
  }
  int m = p.metric_index("bytecodes");
  return m >= 0 ? m : 0;
}

// The metric of `p` to compare with `other`: a sampler's "samples"; against
// a sampler, what its samples estimate ("estimates" in its stats: calls for
// timer and cbs, bytecodes for the stack samplers) unless --metric says
// otherwise; else as metric_of.
int compared_metric(const Profile& p, const Profile& other, const std::string& name,
                    std::string* error) {
  int samples = p.metric_index("samples");
  if (samples >= 0 && p.metrics.size() == 1) return samples;
  if (name.empty() || name == "samples") {
    if (other.metric_index("samples") >= 0 && other.metrics.size() == 1) {
      std::string estimated = stat_word(other.stats, "estimates");
      return metric_of(p, estimated.empty() ? "bytecodes" : estimated, error);
    }
    if (name.empty()) return metric_of(p, name, error);
  }
  return metric_of(p, name, error);
}

int usage() {
  std::fprintf(stderr,
               "usage: minijvm prof summary FILE\n"
               "       minijvm prof top [-n N] [--metric M] FILE\n"
               "       minijvm prof tree [--metric M] [--min-percent P] [--max-depth D] FILE\n"
               "       minijvm prof convert IN OUT\n"
               "       minijvm prof check FILE\n"
               "       minijvm prof diff [--metric M] [-n N] [--app-only] [--thread NAME] A B\n"
               "       minijvm prof compare [--metric M] [--threshold T] [--app-only] "
               "[--thread NAME] A B\n"
               "       minijvm prof experiment SPEC [--out DIR] [-j N] [--emit parallel|slurm] "
               "[--job I]\n"
               "       minijvm prof experiment --merge DIR\n");
  return 2;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "minijvm prof: %s\n", message.c_str());
  return 1;
}

// TRY for the commands: a failed Result ends the command with its message.
#define TRY_OR_FAIL(...)                                                        \
  ({                                                                            \
    auto&& tool_result_ = (__VA_ARGS__);                                        \
    if (!tool_result_.ok()) return fail(std::move(tool_result_).error().message); \
    std::move(tool_result_).value();                                            \
  })

std::string percent(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f%%", v);
  return buffer;
}

}  // namespace

namespace {

// FNV-1a of a method's label.
uint64_t label_hash(std::string_view label) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : label) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

// A context's key: its parent context's, extended by the frame (the
// method's label hash and the call site).
uint64_t extend_key(uint64_t parent, uint64_t label, int32_t site) {
  uint64_t k = (parent ^ label ^ (uint64_t{static_cast<uint32_t>(site)} << 7)) * 0x9e3779b97f4a7c15ull;
  return k ^ (k >> 29);
}

// Calls f(key, weight in a, weight in b) for every key in a or b (0 where
// it has none), in key order: one pass over two tables sorted by key
// (std::map, ContextWeights).
template <typename Map, typename F>
void for_each_key(const Map& a, const Map& b, F f) {
  auto x = a.begin(), y = b.begin();
  while (x != a.end() || y != b.end()) {
    if (y == b.end() || (x != a.end() && x->first < y->first)) {
      f(x->first, x->second, 0.0);
      ++x;
    } else if (x == a.end() || y->first < x->first) {
      f(y->first, 0.0, y->second);
      ++y;
    } else {
      f(x->first, x->second, y->second);
      ++x;
      ++y;
    }
  }
}

template <typename Map>
double overlap_of(const Map& a, const Map& b) {
  double sa = 0, sb = 0;
  for (const auto& [k, v] : a) sa += v;
  for (const auto& [k, v] : b) sb += v;
  if (sa <= 0 || sb <= 0) return sa <= 0 && sb <= 0 ? 100.0 : 0.0;
  double sum = 0;
  for_each_key(a, b, [&](const auto&, double va, double vb) { sum += std::min(va / sa, vb / sb); });
  return 100.0 * sum;
}

}  // namespace

uint64_t context_key(std::string_view path) {
  uint64_t key = 0;
  while (!path.empty()) {
    size_t end = path.find(';');
    std::string_view frame = path.substr(0, end);
    size_t at = frame.rfind('@');
    int32_t site = at == std::string_view::npos ? -1 : std::atoi(std::string(frame.substr(at + 1)).c_str());
    key = extend_key(key, label_hash(frame.substr(0, at)), site);
    path = end == std::string_view::npos ? std::string_view() : path.substr(end + 1);
  }
  return key;
}

ProfileWeights weights_of(const Profile& profile, int metric, const ProjectionOptions& options) {
  ProfileWeights w;
  const ProfileTree* tree = tree_of(profile, options.thread);
  if (tree == nullptr) return w;
  const size_t n = tree->nodes.size();
  // Labels once per method; edges and methods summed by index, named at
  // the end: a profile has millions of nodes but few methods and edges.
  std::vector<std::string> labels(profile.methods.size());
  std::vector<uint64_t> hashes(profile.methods.size());
  std::vector<bool> jdk(profile.methods.size()), seen(profile.methods.size());
  for (size_t m = 0; m < labels.size(); ++m) {
    labels[m] = frame_label(profile.methods[m]);
    hashes[m] = label_hash(labels[m]);
    jdk[m] = is_jdk_method(profile.methods[m]);
  }
  // Per node: whether it is kept, its context key, and the kept ancestor.
  std::vector<uint64_t> key(n, 0);
  std::vector<int32_t> kept_parent(n, -1);
  std::vector<bool> kept(n, false);
  std::vector<double> by_method(labels.size(), 0.0);
  struct Edge {
    int32_t caller, site, callee;  // caller -1: the root
    bool operator==(const Edge&) const = default;
  };
  struct EdgeHash {
    size_t operator()(const Edge& e) const {
      return (uint64_t{static_cast<uint32_t>(e.caller)} * 0x9e3779b97f4a7c15ull) ^
             (uint64_t{static_cast<uint32_t>(e.site)} << 32 | static_cast<uint32_t>(e.callee));
    }
  };
  std::unordered_map<Edge, double, EdgeHash> edges;
  // At most a context per node: the table is sized once, not rehashed as
  // millions of contexts arrive.
  w.contexts.reserve(n);
  if (options.paths) w.frames.reserve(n);
  for (size_t i = 1; i < n; ++i) {
    const ProfileNode& node = tree->nodes[i];
    int32_t parent = node.parent;
    // The nearest kept ancestor (0 = the root).
    int32_t up = parent > 0 && !kept[static_cast<size_t>(parent)]
                     ? kept_parent[static_cast<size_t>(parent)]
                     : parent;
    bool keep = node.method >= 0 && (!options.app_only || !jdk[static_cast<size_t>(node.method)]);
    kept[i] = keep;
    kept_parent[i] = up;
    if (!keep) continue;
    // A call site only counts when the caller itself is kept: frames in
    // between (JDK code) make the site unknown, as an instrumenting profiler
    // of application classes would record it.
    int32_t site = parent == up ? node.site : -1;
    const auto method = static_cast<size_t>(node.method);
    key[i] = extend_key(up > 0 ? key[static_cast<size_t>(up)] : 0, hashes[method], site);
    double v = static_cast<double>(tree->value(i, metric));
    w.contexts.add(key[i], v);
    if (options.paths)
      w.frames.try_emplace(key[i], ProfileWeights::Frame{up > 0 ? key[static_cast<size_t>(up)] : 0,
                                                         node.method, site});
    by_method[method] += v;
    seen[method] = true;
    // Edges weigh what the callee does in that context (its calls, for
    // the calls metric).
    edges[Edge{up > 0 ? tree->nodes[static_cast<size_t>(up)].method : -1, site, node.method}] += v;
  }
  w.contexts.seal();
  for (size_t m = 0; m < labels.size(); ++m)
    if (seen[m]) w.methods[labels[m]] += by_method[m];
  if (options.paths) w.labels = labels;
  for (const auto& [e, v] : edges) {
    std::string caller = e.caller >= 0 ? labels[static_cast<size_t>(e.caller)] : "[root]";
    w.edges[caller + " @" + std::to_string(e.site) + " -> " + labels[static_cast<size_t>(e.callee)]] += v;
  }
  return w;
}

std::string ProfileWeights::path_of(uint64_t key) const {
  std::vector<const Frame*> chain;
  for (auto it = frames.find(key); it != frames.end(); it = frames.find(it->second.parent))
    chain.push_back(&it->second);
  std::string path;
  for (auto f = chain.rbegin(); f != chain.rend(); ++f) {
    if (!path.empty()) path += ';';
    path += labels[static_cast<size_t>((*f)->label)] + "@" + std::to_string((*f)->site);
  }
  return path;
}

void ContextWeights::seal() {
  std::sort(items_.begin(), items_.end(),
            [](const value_type& x, const value_type& y) { return x.first < y.first; });
  size_t out = 0;
  for (size_t i = 0; i < items_.size(); ++out) {
    items_[out] = items_[i];
    for (++i; i < items_.size() && items_[i].first == items_[out].first; ++i) items_[out].second += items_[i].second;
  }
  items_.resize(out);
}

ContextWeights::const_iterator ContextWeights::find(uint64_t key) const {
  auto it = std::lower_bound(items_.begin(), items_.end(), key,
                             [](const value_type& x, uint64_t k) { return x.first < k; });
  return it != items_.end() && it->first == key ? it : items_.end();
}

double ContextWeights::at(uint64_t key) const {
  auto it = find(key);
  if (it == end()) throw std::out_of_range("ContextWeights::at: no such context");
  return it->second;
}

std::vector<ContextDelta> differing_contexts(const ProfileWeights& a, const ProfileWeights& b) {
  std::vector<ContextDelta> deltas;
  for_each_key(a.contexts, b.contexts, [&](uint64_t k, double va, double vb) {
    if (va != vb) deltas.push_back({k, va, vb});
  });
  std::sort(deltas.begin(), deltas.end(), [](const ContextDelta& x, const ContextDelta& y) {
    double dx = std::fabs(x.b - x.a), dy = std::fabs(y.b - y.a);
    return dx > dy || (dx == dy && x.key < y.key);
  });
  return deltas;
}

double overlap_percent(const std::map<std::string, double>& a,
                       const std::map<std::string, double>& b) {
  return overlap_of(a, b);
}

double overlap_percent(const ContextWeights& a, const ContextWeights& b) { return overlap_of(a, b); }

double hot_coverage_percent(const std::map<std::string, double>& a,
                            const std::map<std::string, double>& b, double threshold) {
  auto hot = [threshold](const std::map<std::string, double>& m) {
    double max = 0;
    for (const auto& [k, v] : m) max = std::max(max, v);
    std::vector<std::string> keys;
    for (const auto& [k, v] : m)
      if (max > 0 && v >= threshold * max) keys.push_back(k);
    return keys;
  };
  std::vector<std::string> ha = hot(a), hb = hot(b);
  if (ha.empty()) return 100.0;
  size_t covered = 0;
  for (const std::string& k : ha)
    if (std::binary_search(hb.begin(), hb.end(), k)) ++covered;
  return 100.0 * static_cast<double>(covered) / static_cast<double>(ha.size());
}

double top_agreement_percent(const std::map<std::string, double>& a,
                             const std::map<std::string, double>& b, size_t n) {
  auto top = [n](const std::map<std::string, double>& m) {
    std::vector<std::pair<double, std::string>> order;
    for (const auto& [k, v] : m)
      if (v > 0) order.emplace_back(v, k);
    std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) {
      return x.first > y.first || (x.first == y.first && x.second < y.second);
    });
    std::vector<std::string> keys;
    for (size_t i = 0; i < order.size() && i < n; ++i) keys.push_back(order[i].second);
    std::sort(keys.begin(), keys.end());
    return keys;
  };
  std::vector<std::string> ta = top(a), tb = top(b);
  if (ta.empty()) return tb.empty() ? 100.0 : 0.0;
  size_t shared = 0;
  for (const std::string& k : ta)
    if (std::binary_search(tb.begin(), tb.end(), k)) ++shared;
  return 100.0 * static_cast<double>(shared) / static_cast<double>(ta.size());
}

Result<Accuracy> accuracy_of(const Profile& pa, const Profile& pb, const std::string& metric,
                             double threshold, const ProjectionOptions& options) {
  std::string error;
  int ma = compared_metric(pa, pb, metric, &error);
  if (!error.empty()) return make_error("java/lang/IllegalArgumentException", error);
  int mb = compared_metric(pb, pa, metric.empty() ? pa.metrics[static_cast<size_t>(ma)] : metric, &error);
  if (!error.empty()) return make_error("java/lang/IllegalArgumentException", error);
  if (!options.thread.empty() && (!tree_of(pa, options.thread) || !tree_of(pb, options.thread)))
    return make_error("java/lang/IllegalArgumentException",
                      "no thread named '" + options.thread + "' in both profiles");
  ProfileWeights wa = weights_of(pa, ma, options), wb = weights_of(pb, mb, options);
  Accuracy r;
  r.metric_a = pa.metrics[static_cast<size_t>(ma)];
  r.metric_b = pb.metrics[static_cast<size_t>(mb)];
  bool edges_only = stat_word(pa.stats, "context") == "edge" || stat_word(pb.stats, "context") == "edge";
  r.context = edges_only ? std::nan("") : overlap_percent(wa.contexts, wb.contexts);
  r.edge = overlap_percent(wa.edges, wb.edges);
  r.method = overlap_percent(wa.methods, wb.methods);
  r.hot_edge = hot_coverage_percent(wa.edges, wb.edges, threshold);
  r.top10 = top_agreement_percent(wa.methods, wb.methods, 10);
  return r;
}

std::string check_profile(const Profile& p) {
  auto total = [](const ProfileTree& tree, int m) {
    std::vector<uint64_t> inc = inclusive(tree, m);
    return inc.empty() ? uint64_t{0} : inc[0];
  };
  // The merged tree is the threads' trees merged (a profile read back
  // makes it so when first asked for it: nothing to compare).
  if (!p.threads.empty() && !p.merge_pending()) {
    ProfileTree merged = merge_threads(p.threads, p.metrics.size());
    if (merged.nodes.size() != p.merged().nodes.size())
      return "the merged tree has " + std::to_string(p.merged().nodes.size()) +
             " nodes, the threads' trees merge into " + std::to_string(merged.nodes.size());
    for (size_t m = 0; m < p.metrics.size(); ++m) {
      uint64_t want = total(merged, static_cast<int>(m)), have = total(p.merged(), static_cast<int>(m));
      if (want != have)
        return p.metrics[m] + ": the merged tree holds " + std::to_string(have) +
               ", the threads' trees " + std::to_string(want);
    }
  }
  // A sampler's samples are all in the trees.
  int samples = p.metric_index("samples");
  if (samples >= 0 && find_stat(p.stats, "samples") != nullptr) {
    auto stated = static_cast<uint64_t>(stat_number(p.stats, "samples"));
    uint64_t held = metric_totals(p)[static_cast<size_t>(samples)];
    if (held != stated)
      return "the tree holds " + std::to_string(held) + " samples, the stats say " +
             std::to_string(stated);
    uint64_t threads = 0;
    for (const ThreadProfile& t : p.threads) {
      auto own = static_cast<uint64_t>(stat_number(t.stats, "samples"));
      threads += own;
      if (total(t.tree, samples) != own)
        return "thread " + t.name + " (id " + std::to_string(t.id) + "): the tree holds " +
               std::to_string(total(t.tree, samples)) + " samples, its stats say " +
               std::to_string(own);
    }
    if (threads != stated)
      return "the threads' stats add up to " + std::to_string(threads) + " samples, the stats say " +
             std::to_string(stated);
  }
  return "";
}

int prof_tool_main(const std::vector<std::string>& args) {
  if (args.empty()) return usage();
  const std::string& command = args[0];
  if (command == "experiment")
    return experiment::experiment_main(std::vector<std::string>(args.begin() + 1, args.end()));
  Args a = parse(args, 1);
  if (!a.error.empty()) return fail(a.error);

  if (command == "convert") {
    if (a.files.size() != 2) return usage();
    Profile p = TRY_OR_FAIL(load(a.files[0]));
    auto format = format_from_path(a.files[1]);
    if (!format) return fail("cannot tell the format of " + a.files[1] + " (.json .txt .collapsed .html .pb.gz)");
    auto written = write_profile(p, *format, a.files[1]);
    if (!written.ok()) return fail(written.error().message);
    return 0;
  }
  if (command == "check") {
    if (a.files.size() != 1) return usage();
    Profile p = TRY_OR_FAIL(load(a.files[0]));
    std::string problem = check_profile(p);
    if (!problem.empty()) return fail(a.files[0] + ": " + problem);
    std::printf("%s: consistent (%zu contexts, %zu thread%s)\n", a.files[0].c_str(),
                merged_contexts(p), p.threads.size(), p.threads.size() == 1 ? "" : "s");
    return 0;
  }
  if (command == "summary" || command == "top" || command == "tree") {
    if (a.files.size() != 1) return usage();
    Profile p = TRY_OR_FAIL(load(a.files[0]));
    std::string error;
    int m = metric_of(p, a.metric, &error);
    if (!error.empty()) return fail(error);
    if (command == "tree") {
      TextOptions options;
      options.metric = m;
      options.min_percent = a.min_percent;
      options.max_depth = a.max_depth;
      write_text(p, options, std::cout);
      return 0;
    }
    if (command == "summary") {
      // From the threads' trees: a profile of several threads read back is
      // not merged for this (merged_contexts, metric_totals, method_totals).
      size_t contexts = merged_contexts(p);
      std::printf("profiler %s, %zu context%s, %zu thread%s\n", p.profiler.c_str(), contexts,
                  contexts == 1 ? "" : "s", p.threads.size(), p.threads.size() == 1 ? "" : "s");
      // A metric's total is its root's inclusive value: every node's own.
      std::vector<uint64_t> totals = metric_totals(p);
      for (size_t i = 0; i < p.metrics.size(); ++i)
        std::printf("  %-14s %llu\n", p.metrics[i].c_str(), static_cast<unsigned long long>(totals[i]));
    }
    // top (and the end of summary): methods by self value.
    std::vector<bool> seen;
    std::vector<uint64_t> by_method = method_totals(p, m, &seen);
    uint64_t total = 0;
    for (uint64_t v : by_method) total += v;
    std::vector<std::pair<uint64_t, int32_t>> order;
    for (size_t method = 0; method < by_method.size(); ++method)
      if (seen[method]) order.emplace_back(by_method[method], static_cast<int32_t>(method));
    std::sort(order.begin(), order.end(),
              [](const auto& x, const auto& y) { return x.first > y.first || (x.first == y.first && x.second < y.second); });
    int limit = command == "summary" ? 5 : a.n;
    std::printf("%s by self %s:\n", command == "summary" ? "hottest methods" : "methods",
                p.metrics[static_cast<size_t>(m)].c_str());
    for (int i = 0; i < limit && i < static_cast<int>(order.size()); ++i) {
      double share = total > 0 ? 100.0 * static_cast<double>(order[static_cast<size_t>(i)].first) /
                                     static_cast<double>(total)
                               : 0.0;
      std::printf("  %12llu %8s  %s\n",
                  static_cast<unsigned long long>(order[static_cast<size_t>(i)].first),
                  percent(share).c_str(),
                  frame_label(p.methods[static_cast<size_t>(order[static_cast<size_t>(i)].second)]).c_str());
    }
    return 0;
  }
  if (command == "diff" || command == "compare") {
    if (a.files.size() != 2) return usage();
    Profile pa = TRY_OR_FAIL(load(a.files[0]));
    Profile pb = TRY_OR_FAIL(load(a.files[1]));
    ProjectionOptions options{a.app_only, a.thread};
    if (command == "compare") {
      Accuracy r = TRY_OR_FAIL(accuracy_of(pa, pb, a.metric, a.threshold, options));
      std::printf("A %s (%s), B %s (%s)%s%s\n", pa.profiler.c_str(), r.metric_a.c_str(),
                  pb.profiler.c_str(), r.metric_b.c_str(),
                  a.app_only ? ", application frames only" : "",
                  a.thread.empty() ? "" : (", thread " + a.thread).c_str());
      for (const auto& [profile, name] :
           {std::pair<const Profile*, const char*>{&pa, "A"}, {&pb, "B"}}) {
        if (profile->metric_index("samples") >= 0 && find_stat(profile->stats, "samples") != nullptr &&
            stat_number(profile->stats, "samples") == 0)
          std::printf("(%s holds no samples: a run shorter than one interval?)\n", name);
      }
      // An edge profile (timer, cbs with context=edge) has no contexts to compare.
      if (std::isnan(r.context))
        std::printf("overlap by calling context  n/a (%s records call edges only)\n",
                    stat_word(pa.stats, "context") == "edge" ? "A" : "B");
      else
        std::printf("overlap by calling context  %s\n", percent(r.context).c_str());
      std::printf("overlap by call edge        %s\n", percent(r.edge).c_str());
      std::printf("overlap by method           %s\n", percent(r.method).c_str());
      std::printf("hot-edge coverage (T=%g)    %s\n", a.threshold, percent(r.hot_edge).c_str());
      std::printf("top-10 methods shared       %s\n", percent(r.top10).c_str());
      return 0;
    }
    std::string error;
    int ma = compared_metric(pa, pb, a.metric, &error);
    int mb = compared_metric(pb, pa, a.metric.empty() ? pa.metrics[static_cast<size_t>(std::max(ma, 0))] : a.metric, &error);
    if (!error.empty()) return fail(error);
    if (!a.thread.empty() && (!tree_of(pa, a.thread) || !tree_of(pb, a.thread)))
      return fail("no thread named '" + a.thread + "' in both profiles");
    // diff: contexts by absolute difference of their values, named by their
    // paths. Paths are kept only when some context differs: for millions of
    // contexts their table costs more than the weights (Rhino's oracle and
    // its equal profiles: 20 -> 11.5 s).
    ProfileWeights wa = weights_of(pa, ma, options), wb = weights_of(pb, mb, options);
    std::vector<ContextDelta> deltas = differing_contexts(wa, wb);
    if (!deltas.empty() && a.n > 0) {
      options.paths = true;
      wa = weights_of(pa, ma, options);
      wb = weights_of(pb, mb, options);
    }
    std::printf("%zu contexts differ in %s (B - A):\n", deltas.size(),
                pa.metrics[static_cast<size_t>(ma)].c_str());
    for (int i = 0; i < a.n && i < static_cast<int>(deltas.size()); ++i) {
      const ContextDelta& d = deltas[static_cast<size_t>(i)];
      std::string path = wa.frames.contains(d.key) ? wa.path_of(d.key) : wb.path_of(d.key);
      std::printf("  %+14.0f  %s\n", d.b - d.a, path.c_str());
    }
    return 0;
  }
  return usage();
}

}  // namespace minijvm::prof
