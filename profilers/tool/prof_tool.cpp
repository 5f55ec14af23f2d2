#include "profilers/tool/prof_tool.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "profilers/export/export.h"

namespace minijvm::prof {

namespace {

bool is_jdk_class(const std::string& internal_name) {
  for (const char* prefix : {"java/", "javax/", "jdk/", "sun/", "com/sun/"})
    if (internal_name.rfind(prefix, 0) == 0) return true;
  return false;
}

Result<Profile> load(const std::string& path) {
  if (!std::ifstream(path, std::ios::binary)) return make_error("java/io/IOException", "cannot read " + path);
  auto profile = read_json_file(path);
  if (!profile.ok()) return make_error("java/io/IOException", path + ": " + profile.error().message);
  return profile;
}

const ProfileTree* tree_of(const Profile& p, const std::string& thread) {
  if (thread.empty()) return &p.merged;
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
               "[--thread NAME] A B\n");
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

ProfileWeights weights_of(const Profile& profile, int metric, const ProjectionOptions& options) {
  ProfileWeights w;
  const ProfileTree* tree = tree_of(profile, options.thread);
  if (tree == nullptr) return w;
  const size_t n = tree->nodes.size();
  // Per node: whether it is kept, its context key, and the kept ancestor.
  std::vector<std::string> key(n);
  std::vector<int32_t> kept_parent(n, -1);
  std::vector<bool> kept(n, false);
  auto label = [&](const ProfileNode& node) {
    return frame_label(profile.methods[static_cast<size_t>(node.method)]);
  };
  for (size_t i = 1; i < n; ++i) {
    const ProfileNode& node = tree->nodes[i];
    int32_t parent = node.parent;
    // The nearest kept ancestor (0 = the root).
    int32_t up = parent > 0 && !kept[static_cast<size_t>(parent)]
                     ? kept_parent[static_cast<size_t>(parent)]
                     : parent;
    bool keep = node.method >= 0 &&
                (!options.app_only ||
                 !is_jdk_class(profile.methods[static_cast<size_t>(node.method)].class_name));
    kept[i] = keep;
    kept_parent[i] = up;
    if (!keep) continue;
    // A call site only counts when the caller itself is kept: frames in
    // between (JDK code) make the site unknown, as an instrumenting profiler
    // of application classes would record it.
    int32_t site = parent == up ? node.site : -1;
    std::string frame = label(node) + "@" + std::to_string(site);
    key[i] = (up > 0 ? key[static_cast<size_t>(up)] + ";" : std::string()) + frame;
    double v = static_cast<double>(node.metrics[static_cast<size_t>(metric)]);
    w.contexts[key[i]] += v;
    w.methods[label(node)] += v;
    std::string caller = up > 0 ? label(tree->nodes[static_cast<size_t>(up)]) : "[root]";
    // Edges weigh what the callee does in that context (its calls, for
    // the calls metric).
    w.edges[caller + " @" + std::to_string(site) + " -> " + label(node)] += v;
  }
  return w;
}

double overlap_percent(const std::map<std::string, double>& a,
                       const std::map<std::string, double>& b) {
  double sa = 0, sb = 0;
  for (const auto& [k, v] : a) sa += v;
  for (const auto& [k, v] : b) sb += v;
  if (sa <= 0 || sb <= 0) return sa <= 0 && sb <= 0 ? 100.0 : 0.0;
  double sum = 0;
  for (const auto& [k, v] : a) {
    auto it = b.find(k);
    if (it != b.end()) sum += std::min(v / sa, it->second / sb);
  }
  return 100.0 * sum;
}

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

std::string check_profile(const Profile& p) {
  auto total = [](const ProfileTree& tree, int m) {
    std::vector<uint64_t> inc = inclusive(tree, m);
    return inc.empty() ? uint64_t{0} : inc[0];
  };
  // The merged tree is the threads' trees merged.
  if (!p.threads.empty()) {
    ProfileTree merged;
    merged.nodes.emplace_back().metrics.assign(p.metrics.size(), 0);
    for (const ThreadProfile& t : p.threads) merge_tree(merged, t.tree);
    if (merged.nodes.size() != p.merged.nodes.size())
      return "the merged tree has " + std::to_string(p.merged.nodes.size()) +
             " nodes, the threads' trees merge into " + std::to_string(merged.nodes.size());
    for (size_t m = 0; m < p.metrics.size(); ++m) {
      uint64_t want = total(merged, static_cast<int>(m)), have = total(p.merged, static_cast<int>(m));
      if (want != have)
        return p.metrics[m] + ": the merged tree holds " + std::to_string(have) +
               ", the threads' trees " + std::to_string(want);
    }
  }
  // A sampler's samples are all in the trees.
  int samples = p.metric_index("samples");
  if (samples >= 0 && find_stat(p.stats, "samples") != nullptr) {
    auto stated = static_cast<uint64_t>(stat_number(p.stats, "samples"));
    if (total(p.merged, samples) != stated)
      return "the tree holds " + std::to_string(total(p.merged, samples)) +
             " samples, the stats say " + std::to_string(stated);
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
                p.merged.nodes.empty() ? size_t{0} : p.merged.nodes.size() - 1, p.threads.size(),
                p.threads.size() == 1 ? "" : "s");
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
      size_t contexts = p.merged.nodes.empty() ? 0 : p.merged.nodes.size() - 1;
      std::printf("profiler %s, %zu context%s, %zu thread%s\n", p.profiler.c_str(), contexts,
                  contexts == 1 ? "" : "s", p.threads.size(), p.threads.size() == 1 ? "" : "s");
      for (size_t i = 0; i < p.metrics.size(); ++i) {
        std::vector<uint64_t> inc = inclusive(p.merged, static_cast<int>(i));
        std::printf("  %-14s %llu\n", p.metrics[i].c_str(),
                    static_cast<unsigned long long>(inc.empty() ? 0 : inc[0]));
      }
    }
    // top (and the end of summary): methods by self value.
    std::map<int32_t, uint64_t> by_method;
    uint64_t total = 0;
    for (const ProfileNode& n : p.merged.nodes) {
      if (n.method < 0) continue;
      by_method[n.method] += n.metrics[static_cast<size_t>(m)];
      total += n.metrics[static_cast<size_t>(m)];
    }
    std::vector<std::pair<uint64_t, int32_t>> order;
    for (const auto& [method, v] : by_method) order.emplace_back(v, method);
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
    std::string error;
    int ma = compared_metric(pa, pb, a.metric, &error);
    int mb = compared_metric(pb, pa, a.metric.empty() ? pa.metrics[static_cast<size_t>(std::max(ma, 0))] : a.metric, &error);
    if (!error.empty()) return fail(error);
    ProjectionOptions options{a.app_only, a.thread};
    if (!a.thread.empty() && (!tree_of(pa, a.thread) || !tree_of(pb, a.thread)))
      return fail("no thread named '" + a.thread + "' in both profiles");
    ProfileWeights wa = weights_of(pa, ma, options), wb = weights_of(pb, mb, options);
    if (command == "compare") {
      std::printf("A %s (%s), B %s (%s)%s%s\n", pa.profiler.c_str(),
                  pa.metrics[static_cast<size_t>(ma)].c_str(), pb.profiler.c_str(),
                  pb.metrics[static_cast<size_t>(mb)].c_str(),
                  a.app_only ? ", application frames only" : "",
                  a.thread.empty() ? "" : (", thread " + a.thread).c_str());
      for (const auto& [profile, name] :
           {std::pair<const Profile*, const char*>{&pa, "A"}, {&pb, "B"}}) {
        if (profile->metric_index("samples") >= 0 && find_stat(profile->stats, "samples") != nullptr &&
            stat_number(profile->stats, "samples") == 0)
          std::printf("(%s holds no samples: a run shorter than one interval?)\n", name);
      }
      // An edge profile (timer, cbs with context=edge) has no contexts to compare.
      const Profile* edges = stat_word(pa.stats, "context") == "edge"   ? &pa
                             : stat_word(pb.stats, "context") == "edge" ? &pb
                                                                        : nullptr;
      if (edges != nullptr)
        std::printf("overlap by calling context  n/a (%s records call edges only)\n",
                    edges == &pa ? "A" : "B");
      else
        std::printf("overlap by calling context  %s\n", percent(overlap_percent(wa.contexts, wb.contexts)).c_str());
      std::printf("overlap by call edge        %s\n", percent(overlap_percent(wa.edges, wb.edges)).c_str());
      std::printf("overlap by method           %s\n", percent(overlap_percent(wa.methods, wb.methods)).c_str());
      std::printf("hot-edge coverage (T=%g)    %s\n", a.threshold,
                  percent(hot_coverage_percent(wa.edges, wb.edges, a.threshold)).c_str());
      return 0;
    }
    // diff: contexts by absolute difference of their values.
    std::vector<std::pair<double, std::string>> deltas;
    std::map<std::string, double> all = wa.contexts;
    for (const auto& [k, v] : wb.contexts) all.emplace(k, 0);
    for (const auto& [k, v] : all) {
      double va = wa.contexts.count(k) ? wa.contexts.at(k) : 0;
      double vb = wb.contexts.count(k) ? wb.contexts.at(k) : 0;
      if (va != vb) deltas.emplace_back(vb - va, k);
    }
    std::sort(deltas.begin(), deltas.end(), [](const auto& x, const auto& y) {
      return std::fabs(x.first) > std::fabs(y.first) || (std::fabs(x.first) == std::fabs(y.first) && x.second < y.second);
    });
    std::printf("%zu contexts differ in %s (B - A):\n", deltas.size(),
                pa.metrics[static_cast<size_t>(ma)].c_str());
    for (int i = 0; i < a.n && i < static_cast<int>(deltas.size()); ++i)
      std::printf("  %+14.0f  %s\n", deltas[static_cast<size_t>(i)].first,
                  deltas[static_cast<size_t>(i)].second.c_str());
    return 0;
  }
  return usage();
}

}  // namespace minijvm::prof
