// The profile model every profiler writes and every exporter and tool reads
// (DESIGN.md "Profilers"): a calling context tree with per-node metrics,
// merged over threads and kept per thread. A finished profile is plain data,
// detached from the VM (method names are strings), so the profile tool can
// read one back from JSON and work on it without a VM.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace minijvm::prof {

// A method as profiles name it: class in internal form ("java/lang/String").
struct ProfileMethod {
  std::string class_name;
  std::string name;
  std::string descriptor;
  bool is_native = false;
  std::string source;  // SourceFile attribute, "" if none
  // Whether the class is the JDK's (defined by the boot or the platform
  // loader, or a generated reflection accessor) or the application's
  // (issue 13: what --app-only keeps). Unknown in profiles that do not say;
  // readers then judge by the package name.
  enum class Origin : uint8_t { kUnknown, kJdk, kApplication };
  Origin origin = Origin::kUnknown;
};

// One calling context: `method` called from its parent's method at bytecode
// index `site` (-1 at a thread's entry, or when call sites are merged).
// `line` is the source line of `site` in the parent's method (-1 unknown).
// The root (node 0 of a tree) has parent, method, site and line -1. A
// node's metric values are its tree's (ProfileTree::metrics), and its
// children are found from the parent links (ChildIndex): 16 bytes a node,
// so that a profile of tens of millions of contexts is read back without
// gigabytes of pages to clear (issue 14).
struct ProfileNode {
  int32_t parent = -1;
  int32_t method = -1;  // index into Profile::methods
  int32_t site = -1;
  int32_t line = -1;
};
static_assert(sizeof(ProfileNode) == 16);

// A tree: nodes[0] is the root; a node's parent precedes it, and siblings
// come in the order they were made. Node i's values of the profile's
// metrics (one per Profile::metrics, exclusive: the node's own) are
// values[i * width ...]: always nodes.size() * width of them.
struct ProfileTree {
  std::vector<ProfileNode> nodes;
  std::vector<uint64_t> values;
  size_t width = 0;  // metrics per node

  ProfileTree() = default;
  explicit ProfileTree(size_t metric_count) : width(metric_count) {}

  // Appends `node` with its values zero (or `metrics`, width of them);
  // returns its id.
  int32_t add(const ProfileNode& node);
  int32_t add(const ProfileNode& node, std::span<const uint64_t> metrics);
  void reserve(size_t count);

  std::span<uint64_t> metrics(size_t node) { return {values.data() + node * width, width}; }
  std::span<const uint64_t> metrics(size_t node) const {
    return {values.data() + node * width, width};
  }
  // Metric `m` of `node`; 0 when `m` is not one of the tree's metrics.
  uint64_t value(size_t node, int m) const {
    return m >= 0 && static_cast<size_t>(m) < width ? values[node * width + static_cast<size_t>(m)]
                                                    : 0;
  }
};

// The children of every node of `tree`, in the order they were made, found
// from the parent links once (8 bytes a node) by the walks that go down
// the tree. The tree must not grow while the index is used.
class ChildIndex {
 public:
  explicit ChildIndex(const ProfileTree& tree);
  std::span<const int32_t> operator[](size_t node) const {
    return {ids_.data() + begin_[node], begin_[node + 1] - begin_[node]};
  }

 private:
  std::vector<uint32_t> begin_;  // node -> its first child's place in ids_; one past the last node
  std::vector<int32_t> ids_;
};

// A sampler's statistics (profilers/sampling/): named values in a fixed
// order, numbers or words ("clock": "bytecodes"). Exact profiles have none.
using StatValue = std::variant<int64_t, double, std::string>;
using Stats = std::vector<std::pair<std::string, StatValue>>;

// The value of `key` in `stats`, or nullptr.
const StatValue* find_stat(const Stats& stats, std::string_view key);
// The number `key` holds (an integer or a double), or `otherwise`.
double stat_number(const Stats& stats, std::string_view key, double otherwise = 0);
// The word `key` holds, or "".
std::string stat_word(const Stats& stats, std::string_view key);

struct ThreadProfile {
  std::string name;
  ProfileTree tree;
  // java.lang.Thread.getId() of the thread (unique in a run even when names
  // repeat or a thread reuses a dead one's memory); -1 if unknown.
  int64_t id = -1;
  Stats stats;  // a sampler's per-thread statistics
};

struct Profile {
  std::string profiler;              // "cct", "bcount", ...
  std::vector<std::string> metrics;  // "calls", "bytecodes", "alloc_objects", "alloc_bytes", "samples"
  std::vector<ProfileMethod> methods;
  std::vector<ThreadProfile> threads;
  Stats stats;  // a sampler's statistics ("stats" in JSON); empty for exact profiles

  // The tree of all threads, merged by context. A profile whose threads
  // are merged later (merge_later) merges them at the first call, so the
  // first call must not race with another.
  ProfileTree& merged() {
    if (merge_pending_) make_merged();
    return shares_thread_tree_ ? threads.front().tree : merged_;
  }
  const ProfileTree& merged() const {
    if (merge_pending_) make_merged();
    return shares_thread_tree_ ? threads.front().tree : merged_;
  }
  // The JSON reader's profiles of several threads: the merged tree is made
  // only when asked for, so that what needs none (prof summary, prof top)
  // does not pay for a second tree as large as the first.
  void merge_later() {
    merged_ = ProfileTree{};
    merge_pending_ = true;
  }
  bool merge_pending() const { return merge_pending_; }
  // A profile of one thread whose merged tree would be that thread's tree
  // node for node (merge_threads changes nothing: no two children of a node
  // are the same context) may hold the tree once: merged() is then the
  // thread's tree, and changing one changes the other. The JSON reader
  // does this; it halves the memory of a large one-thread profile. Threads
  // are not added to such a profile.
  void share_thread_tree() {
    merged_ = ProfileTree{};
    shares_thread_tree_ = true;
  }
  bool shares_thread_tree() const { return shares_thread_tree_; }

  // The index of a metric by name, or -1.
  int metric_index(std::string_view metric) const;

 private:
  void make_merged() const;

  mutable ProfileTree merged_;
  mutable bool merge_pending_ = false;
  bool shares_thread_tree_ = false;
};

// The contexts of the merged tree (its nodes but the root), counted without
// making it when it is still to be made.
size_t merged_contexts(const Profile& profile);

// Each metric's total over the merged tree, and metric `m`'s self value
// summed per method (indexed as Profile::methods; `seen`, if given, says
// which methods have a context): from the threads' trees while the merged
// tree is still to be made, as it would hold them.
std::vector<uint64_t> metric_totals(const Profile& profile);
std::vector<uint64_t> method_totals(const Profile& profile, int m,
                                    std::vector<bool>* seen = nullptr);

// The threads' trees merged into a new tree of `width` metrics: each
// tree's subtree below its root added below the new root, nodes of equal
// context (method, site) merged. The trees index the same
// Profile::methods.
ProfileTree merge_threads(const std::vector<ThreadProfile>& threads, size_t width);

// Whether no two children of a node of `tree` are the same context (method
// and call site): merging the tree into an empty one copies it.
bool contexts_unique(const ProfileTree& tree);

// Inclusive values of metric `m` for every node of `tree` (a node's own value
// plus its descendants').
std::vector<uint64_t> inclusive(const ProfileTree& tree, int m);

// "java.lang.String.hashCode" (the frame label of text and collapsed output).
std::string frame_label(const ProfileMethod& method);

}  // namespace minijvm::prof
