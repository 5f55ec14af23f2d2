// The profile model every profiler writes and every exporter and tool reads
// (DESIGN.md "Profilers"): a calling context tree with per-node metrics,
// merged over threads and kept per thread. A finished profile is plain data,
// detached from the VM (method names are strings), so the profile tool can
// read one back from JSON and work on it without a VM.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace minijvm::prof {

// A method as profiles name it: class in internal form ("java/lang/String").
struct ProfileMethod {
  std::string class_name;
  std::string name;
  std::string descriptor;
  bool is_native = false;
  std::string source;  // SourceFile attribute, "" if none
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
  std::vector<uint64_t> metrics;  // one per Profile::metrics, exclusive (self) values
  std::vector<int32_t> children;  // node ids, in creation order
};

// A tree: nodes[0] is the root; a node's parent precedes it.
struct ProfileTree {
  std::vector<ProfileNode> nodes;
};

struct ThreadProfile {
  std::string name;
  ProfileTree tree;
};

struct Profile {
  std::string profiler;              // "cct", "bcount", ...
  std::vector<std::string> metrics;  // "calls", "bytecodes", "alloc_objects", "alloc_bytes", "samples"
  std::vector<ProfileMethod> methods;
  ProfileTree merged;                // all threads, merged by context
  std::vector<ThreadProfile> threads;

  // The index of a metric by name, or -1.
  int metric_index(std::string_view metric) const;
};

// Inclusive values of metric `m` for every node of `tree` (a node's own value
// plus its descendants').
std::vector<uint64_t> inclusive(const ProfileTree& tree, int m);

// "java.lang.String.hashCode" (the frame label of text and collapsed output).
std::string frame_label(const ProfileMethod& method);

}  // namespace minijvm::prof
