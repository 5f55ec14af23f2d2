// `minijvm prof COMMAND ...`: reading, converting, diffing and comparing
// profiles (the JSON that -profile= writes). Works on files alone, without
// a VM.
//
//   summary FILE                         totals, contexts, threads, hottest contexts
//   top [-n N] [--metric M] FILE          methods by self value
//   tree [--metric M] [--min-percent P] [--max-depth D] FILE
//   convert IN OUT                       to the format of OUT's extension
//   check FILE                           the profile is consistent: the merged
//       tree is the threads' merged, and a sampler's samples agree with its stats
//   diff [--metric M] [-n N] A B         contexts whose value differs most
//   compare [--metric M] [--threshold T] [--app-only] [--thread NAME] A B
//       overlap percentage (Arnold & Grove) by calling context, by call edge
//       (caller, call site, callee) and by method, and hot-edge coverage
//       (Zhuang et al.) of A's hot edges at T (default 0.1) of the hottest,
//       and the share of A's top-10 methods among B's
//   experiment SPEC [--out DIR] [-j N] [--emit parallel|slurm] [--job I]
//   experiment --merge DIR
//       accuracy experiments: workloads x sampler settings, each sampler
//       against the exact profile of the same run (experiment.h)
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "profilers/model/profile.h"
#include "vm/result.h"

namespace minijvm::prof {

// The command line after "prof"; returns the exit status (0, 1 for an
// error, 2 for bad usage), writing to stdout/stderr.
int prof_tool_main(const std::vector<std::string>& args);

// check: "" if `profile` is consistent, else the first disagreement.
std::string check_profile(const Profile& profile);

// The comparison of compare, for tests and other tools.
struct ProjectionOptions {
  bool app_only = false;    // drop JDK frames (ProfileMethod::origin, else by package)
  std::string thread;       // one thread's tree; "" for the merged tree
  bool paths = false;       // also keep what names each context (ProfileWeights::path_of)
};
// Weights by context key, sorted by key: built in one go (add, then
// seal), then looked up, and compared with another's in one pass. A
// profile has millions of contexts; a hash table of them cost a node
// allocation and a cache miss each.
class ContextWeights {
 public:
  using value_type = std::pair<uint64_t, double>;
  using const_iterator = std::vector<value_type>::const_iterator;

  void reserve(size_t n) { items_.reserve(n); }
  // Adds `weight` to `key`'s, in any order; seal() before any lookup.
  void add(uint64_t key, double weight) { items_.emplace_back(key, weight); }
  // Sorts by key and sums the weights of equal keys.
  void seal();

  const_iterator begin() const { return items_.begin(); }
  const_iterator end() const { return items_.end(); }
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const_iterator find(uint64_t key) const;
  bool contains(uint64_t key) const { return find(key) != end(); }
  // The weight of `key`; std::out_of_range if it has none (as map::at).
  double at(uint64_t key) const;
  bool operator==(const ContextWeights&) const = default;

 private:
  std::vector<value_type> items_;
};

// Weights of one profile by element: calling contexts, call edges
// ("caller @site -> callee"), methods. A context is keyed by a 64-bit hash
// of its path of frames ("label@site" from the root, context_key), so that
// profiles of millions of deep contexts compare in linear time and space;
// two different paths collide with a chance of about n^2 / 2^65.
struct ProfileWeights {
  ContextWeights contexts;
  std::map<std::string, double> edges;
  std::map<std::string, double> methods;
  // With ProjectionOptions::paths: each context's last frame, so that a
  // context is named on demand, not millions of paths kept.
  struct Frame {
    uint64_t parent;  // the caller's context key, 0 for the root
    int32_t label;    // index into labels
    int32_t site;
  };
  std::unordered_map<uint64_t, Frame> frames;
  std::vector<std::string> labels;
  // "Main.main@-1;App.work@3" (needs ProjectionOptions::paths).
  std::string path_of(uint64_t key) const;
};
// A context whose weight differs between two profiles.
struct ContextDelta {
  uint64_t key;
  double a, b;
};
// The contexts weighing differently in a and b, by |b - a| descending (ties
// by key: an order that does not depend on how the maps were built).
std::vector<ContextDelta> differing_contexts(const ProfileWeights& a, const ProfileWeights& b);
// The key of the context "Main.main@-1;App.work@3" (frames from the root,
// separated by ';').
uint64_t context_key(std::string_view path);
ProfileWeights weights_of(const Profile& profile, int metric, const ProjectionOptions& options);
// 100 * sum over keys of min(a/sum(a), b/sum(b)).
double overlap_percent(const std::map<std::string, double>& a,
                       const std::map<std::string, double>& b);
double overlap_percent(const ContextWeights& a, const ContextWeights& b);
// The percentage of a's hot keys (weight >= threshold * a's maximum) that
// are hot in b too.
double hot_coverage_percent(const std::map<std::string, double>& a,
                            const std::map<std::string, double>& b, double threshold);
// The percentage of a's `n` heaviest keys (fewer if a has fewer) that are
// among b's `n` heaviest. Ties are broken by key, so the sets are defined.
double top_agreement_percent(const std::map<std::string, double>& a,
                             const std::map<std::string, double>& b, size_t n);

// What compare reports of B against the reference A, as numbers
// (percentages; context is NaN when one of them records call edges only).
struct Accuracy {
  std::string metric_a, metric_b;  // the metrics compared
  double context = 0, edge = 0, method = 0;
  double hot_edge = 0;             // hot-edge coverage at `threshold`
  double top10 = 0;                // top_agreement_percent of the methods, n = 10
};
// B against A with compare's choice of metrics (`metric` as its --metric).
// Error: a metric or thread the profiles lack.
Result<Accuracy> accuracy_of(const Profile& a, const Profile& b, const std::string& metric,
                             double threshold, const ProjectionOptions& options);

}  // namespace minijvm::prof
