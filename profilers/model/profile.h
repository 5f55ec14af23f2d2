// The profile model every profiler writes and every exporter and tool reads
// (DESIGN.md "Profilers"): a calling context tree with per-node metrics,
// merged over threads and kept per thread. A finished profile is plain data,
// detached from the VM (method names are strings), so the profile tool can
// read one back from JSON and work on it without a VM.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "profilers/model/small_vector.h"

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
// The root (node 0 of a tree) has parent, method, site and line -1.
struct ProfileNode {
  int32_t parent = -1;
  int32_t method = -1;  // index into Profile::methods
  int32_t site = -1;
  int32_t line = -1;
  SmallVector<uint64_t, 4> metrics;  // one per Profile::metrics, exclusive (self) values
  SmallVector<int32_t, 2> children;  // node ids, in creation order
};

// A tree: nodes[0] is the root; a node's parent precedes it.
struct ProfileTree {
  std::vector<ProfileNode> nodes;
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

  // The tree of all threads, merged by context.
  ProfileTree& merged() { return shares_thread_tree_ ? threads.front().tree : merged_; }
  const ProfileTree& merged() const { return shares_thread_tree_ ? threads.front().tree : merged_; }
  // A profile of one thread whose merged tree would be that thread's tree
  // node for node (merge_tree changes nothing: no two children of a node
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
  ProfileTree merged_;
  bool shares_thread_tree_ = false;
};

// Adds the subtree of `source` below its root into `into` below its root,
// merging nodes of equal context (method, site): per-thread trees into the
// merged one. Both trees index the same Profile::methods.
void merge_tree(ProfileTree& into, const ProfileTree& source);

// Whether no two children of a node of `tree` are the same context (method
// and call site): merging the tree into an empty one copies it.
bool contexts_unique(const ProfileTree& tree);

// Inclusive values of metric `m` for every node of `tree` (a node's own value
// plus its descendants').
std::vector<uint64_t> inclusive(const ProfileTree& tree, int m);

// "java.lang.String.hashCode" (the frame label of text and collapsed output).
std::string frame_label(const ProfileMethod& method);

}  // namespace minijvm::prof
