// The calling context tree of the cct and bcount profilers, one per thread,
// built from the thread's call log (call_log.h) by whichever thread replays
// it (replay.h, tree_builder.h): one at a time, under the tree's build lock.
//
// A context costs 48 bytes (issue 14): nodes live in a per-thread arena and
// link to each other by 32-bit index; the method is its Method::id.
// Calls and allocated objects count in 32 bits, and a counter that wraps
// carries into the tree's overflow map, so every count stays exact. A call
// finds its node in the parent's last hit, else in the child after it
// (the children stand in the order they are called), else in the tree's
// call cache (a fixed-size table, not per node), else in the parent's
// child list.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#include "profilers/cct/call_log.h"
#include "vm/runtime/method.h"

namespace minijvm::prof {

// A context: a method called from a call site (bci) in its parent context.
struct Node {
  static constexpr uint32_t kNone = 0;  // no child / sibling / parent (see NodeArena)

  // What a call that finds its context touches comes first, in 24 bytes
  // (a node is 48 bytes, so a quarter of them straddle two cache lines
  // there, rather than half with these fields spread over the node).
  uint32_t method = 0;  // Method::id; unused at the root
  // The bci in the parent's method, plus one (0: -1, a thread's entry, a
  // call from a native frame, sites=off): site().
  uint16_t site_plus_one = 0;
  // A bit per child, children_bit of its (method, site): a call whose bit
  // is clear has no context yet, and is made one without a search.
  uint16_t children_filter = 0;
  uint32_t calls = 0;   // low 32 bits (Carries)
  // The child found last, the first cache a call tries: its address minus
  // this node's, in bytes (0: none, or too far for 32 bits), so that the
  // hit costs one load.
  int32_t last_hit = 0;
  uint64_t bytecodes = 0;
  uint32_t first_child = kNone;  // in call order (ThreadTree::add_child)
  uint32_t parent = kNone;       // kNone at the root
  uint32_t next_sibling = kNone;
  uint32_t alloc_objects = 0;  // low 32 bits (Carries)
  // cct: allocated bytes. bcount allocates nothing: there it is what the
  // default BBA counts and never runs (the over-count).
  uint64_t alloc_bytes = 0;

  uint64_t& overcount() { return alloc_bytes; }
  uint64_t overcount() const { return alloc_bytes; }

  int32_t site() const { return static_cast<int32_t>(site_plus_one) - 1; }
  bool is(uint32_t method_id, int32_t call_site) const {
    return method == method_id && site_plus_one == static_cast<uint16_t>(call_site + 1);
  }
  static uint16_t children_bit(uint32_t method_id, int32_t call_site) {
    const uint32_t h = (method_id * 0x9e3779b1u) ^ (static_cast<uint32_t>(call_site) * 0x85ebca6bu);
    return static_cast<uint16_t>(1u << (h >> 28));
  }

  // The child found last, or nullptr.
  Node* last_hit_node() {
    return last_hit == 0 ? nullptr : reinterpret_cast<Node*>(reinterpret_cast<char*>(this) + last_hit);
  }
  // The last hit, if it is the child for (method, site); else nullptr.
  Node* last_hit_for(uint32_t method_id, int32_t call_site) {
    Node* child = last_hit_node();
    return child != nullptr && child->is(method_id, call_site) ? child : nullptr;
  }
  void remember_hit(const Node* child) {
    std::ptrdiff_t offset = reinterpret_cast<const char*>(child) - reinterpret_cast<const char*>(this);
    last_hit = offset == static_cast<int32_t>(offset) ? static_cast<int32_t>(offset) : 0;
  }
};
static_assert(sizeof(Node) == 48, "a context costs 48 bytes");

// The nodes of one tree, in chunks that never move (a frame holds a Node*
// while the tree grows). A chunk is 1 MiB-aligned and its first slot holds
// its number, so a Node* gives its index without a search; index 0 (that
// slot of chunk 0) is no node, which lets 0 mean "none". The root is 1.
// A tree of millions of new contexts would take a page fault per 85 of
// them, and on some hosts the faults cost more than the nodes' own writes:
// a tree's chunks after its first have their pages mapped in one call when
// they are taken (populate; the first stays lazy, as most trees are small).
// Chunks come two to a 2 MiB region, which past a tree's first the kernel
// is asked to back with a huge page under -XX:+UseTransparentHugePages
// (cct_tree.cpp): fewer pages to map and to miss in the TLB. Off by
// default: a chunk fills three quarters of its megabyte, and a huge page
// commits the rest too (64 bytes a context).
class NodeArena {
 public:
  static constexpr uint32_t kChunkBits = 14;
  static constexpr uint32_t kChunkSize = 1u << kChunkBits;  // nodes, header slot included
  static constexpr uint32_t kRoot = 1;

  NodeArena() { add(); }
  ~NodeArena();
  // Whether new regions are advised for huge pages (set at start-up).
  static void use_huge_pages(bool on);
  // The bytes of a chunk its nodes fill, in whole pages.
  static constexpr size_t kPopulated = (kChunkSize * sizeof(Node) + 4095) & ~size_t{4095};
  // Maps the pages of `chunk`'s nodes now (the class comment); whether the
  // kernel did.
  static bool populate(Node* chunk);
  NodeArena(const NodeArena&) = delete;
  NodeArena& operator=(const NodeArena&) = delete;

  Node& operator[](uint32_t i) { return chunks_[i >> kChunkBits][i & (kChunkSize - 1)]; }
  const Node& operator[](uint32_t i) const {
    return chunks_[i >> kChunkBits][i & (kChunkSize - 1)];
  }
  // One past the last index in use (indices 0 mod kChunkSize are headers).
  uint32_t end() const { return next_; }
  bool is_node(uint32_t i) const { return (i & (kChunkSize - 1)) != 0 && i < next_; }
  // The nodes in use.
  uint32_t count() const {
    return next_ - static_cast<uint32_t>(chunks_.size());
  }

  // A new zeroed node; its index.
  uint32_t add() {
    if (!has_room()) {
      // Untouched pages of a fresh chunk cost nothing.
      chunks_.push_back(new_chunk());
      chunk_ = chunks_.back();
      // Past its first chunk a tree is a large one (the class comment).
      if (chunks_.size() > 1) populate(chunk_);
      chunk_->method = static_cast<uint32_t>(chunks_.size() - 1);  // the header
      ++next_;
    }
    chunk_[next_ & (kChunkSize - 1)] = Node{};
    return next_++;
  }
  // Whether add() takes its node from the current chunk, with no chunk to
  // map.
  bool has_room() const { return (next_ & (kChunkSize - 1)) != 0; }

  // Chunks are aligned to this: a node's chunk header is its address
  // rounded down to it.
  static constexpr size_t kAlignment = size_t{1} << 20;
  // The index of `node`, a node of this arena.
  static uint32_t index_of(const Node* node) {
    auto address = reinterpret_cast<uintptr_t>(node);
    const auto* header = reinterpret_cast<const Node*>(address & ~uintptr_t{kAlignment - 1});
    return (header->method << kChunkBits) | static_cast<uint32_t>(node - header);
  }

 private:
  static_assert(kChunkSize * sizeof(Node) <= kAlignment);
  // A kAlignment-aligned chunk of kAlignment bytes: the spare half of the
  // last region, else the first half of a new one. Throws bad_alloc.
  Node* new_chunk();

  std::vector<Node*> chunks_;  // within regions_
  std::vector<void*> regions_;  // owned: 2 * kAlignment bytes each
  Node* spare_ = nullptr;
  Node* chunk_ = nullptr;               // chunks_.back()
  uint32_t next_ = 0;
};

// Method::id -> Method*, for the methods the trees have nodes of: filled as
// nodes are made (on any thread), read when a profile is written.
class MethodIds {
 public:
  void add(Method* m) {
    std::lock_guard lock(mutex_);
    if (m->id >= methods_.size()) methods_.resize(m->id + 1u + m->id / 2u);
    methods_[m->id] = m;
  }
  Method* get(uint32_t id) const {
    std::lock_guard lock(mutex_);
    return id < methods_.size() ? methods_[id] : nullptr;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<Method*> methods_;
};

// What the tree's builder knows of each method it met, by Method::id: a
// byte of flags (kSeen once the method is registered with the profiler's
// method table and the rest are set), so that replaying a call reads a
// byte, not the method (cct_profiler.cpp, CctProfiler::enter). Read and
// written by whoever replays the tree.
class MethodFlags {
 public:
  static constexpr uint8_t kSeen = 1, kHidden = 2, kExcluded = 4, kOnly = 8;
  static constexpr uint8_t kNamed = 16;  // a context of the tree is the method's
  MethodFlags() = default;
  ~MethodFlags() { std::free(bytes_); }
  MethodFlags(const MethodFlags&) = delete;
  MethodFlags& operator=(const MethodFlags&) = delete;

  // The method's flags, 0 before it is seen.
  uint8_t of(uint32_t id) const { return id < size_ ? bytes_[id] : 0; }
  // Throws bad_alloc.
  void set(uint32_t id, uint8_t flags) {
    if (id >= size_) {
      uint32_t size = id + 1024 + id / 2;
      auto* bytes = static_cast<uint8_t*>(std::realloc(bytes_, size));
      if (bytes == nullptr) throw std::bad_alloc();
      std::fill(bytes + size_, bytes + size, uint8_t{0});
      bytes_ = bytes;
      size_ = size;
    }
    bytes_[id] = flags;
  }

 private:
  uint8_t* bytes_ = nullptr;
  uint32_t size_ = 0;
};

// The context of frames in the dynamic extent of an excluded method
// (exclude=): nothing there is recorded, and it has no children.
inline Node g_excluded;

// The high bits of the 32-bit counters: added 2^32 each time one wraps.
struct Carries {
  std::unordered_map<uint32_t, uint64_t> calls, alloc_objects;
};

// A call's node, found by (parent, method, site) in O(1) unless two hot
// calls collide: a direct-mapped table of recently found children, each
// checked against the key before use.
class CallCache {
 public:
  static constexpr uint32_t kBits = 13;
  static constexpr uint64_t kParentFactor = 0x9e3779b97f4a7c15ull;
  static constexpr uint64_t kCallFactor = 0xc2b2ae3d27d4eb4full;
  struct Entry {
    const Node* parent = nullptr;
    Node* child = nullptr;
  };

  CallCache() : entries_(new Entry[1u << kBits]()) {}
  ~CallCache() { delete[] entries_; }
  CallCache(const CallCache&) = delete;
  CallCache& operator=(const CallCache&) = delete;

  // The half of the key a call site and its callee make.
  static constexpr uint64_t call_hash(uint32_t method, int32_t site) {
    return (uint64_t{method} << 16 ^ static_cast<uint32_t>(site)) * kCallFactor;
  }
  Entry& at(const Node* parent, uint32_t method, int32_t site) {
    uint64_t key = reinterpret_cast<uintptr_t>(parent) * kParentFactor ^ call_hash(method, site);
    return entries_[key >> (64 - kBits)];
  }

 private:
  Entry* entries_;  // 1 << kBits
};

class TreeBuilder;

// A context of the builder's stack (CctProfiler::replay): one per counted
// frame of the thread, as the log says. `node` is what the frame's callees
// hang under: its context, a hidden frame's visible caller's (or nullptr),
// &g_excluded, or nullptr for a frame outside what is recorded.
struct LiveContext {
  Node* node;
  uint32_t method;  // Method::id, checked by the frame's return
  bool counts;      // the frame's bytecodes and allocations go to node
};

struct ThreadTree {
  ThreadTree() = default;
  ThreadTree(const ThreadTree&) = delete;
  ThreadTree& operator=(const ThreadTree&) = delete;
  ~ThreadTree() { delete log.chunk; }  // the chunk its thread logs into, if any

  // The thread's end of its log, written by that thread alone: first, on a
  // cache line of its own (compiled code appends through it).
  call_log::LogCursor log;

  // --- the tree builder's (tree_builder.h) ---------------------------------
  TreeBuilder* builder = nullptr;  // the profiler's, which takes full chunks
  // Chunks handed over and not replayed yet (under the builder's mutex),
  // and whether the tree waits on its ready list.
  alignas(64) std::deque<call_log::QueuedChunk> queued;
  bool ready = false;
  bool ended = false;  // its thread handed over its last chunk
  std::mutex build_mutex;  // held while a chunk is replayed into the tree

  // --- replaying (CctProfiler::replay), under build_mutex -------------------
  std::vector<LiveContext> stack;
  // The log contradicted itself (a return whose method is not the frame's):
  // a VM bug, reported when the profile is written.
  bool inconsistent = false;
  // The tree could not grow (out of memory): the rest of its log is dropped
  // and the profile says so.
  bool out_of_memory = false;
  bool startup_thread = false;  // is_startup_thread, when the tree was made

  std::string name;
  int64_t id = -1;  // java.lang.Thread.getId()
  NodeArena nodes;
  Carries carries;
  // The methods this tree's log has called.
  MethodFlags methods;
  // The Method::ids its contexts name, in the order their first contexts
  // were made (the profile numbers methods as the nodes first name them).
  std::vector<uint32_t> named;
  // bcount's agent (JP): bytecodes since the last report, and when the next
  // is due (0: never again on this thread).
  uint64_t since_report = 0;
  uint64_t next_report = 0;
  bool registered = false;
  bool report_due = false;  // a Java agent's report waits for the next method entry

  Node& root() { return nodes[NodeArena::kRoot]; }
  CallCache call_cache;

  // A new context, `method` (registered) called at `site` from `parent`
  // (index `parent_index`); its index. It goes right after `after` (the
  // parent's last hit, the call made before this one), else in front of
  // the other children: the children of a context called in the same
  // order at each visit then stand in that order, which predicted_child
  // follows.
  uint32_t add_child(Node* parent, uint32_t parent_index, uint32_t method, int32_t site,
                     Node* after = nullptr) {
    if ((methods.of(method) & MethodFlags::kNamed) == 0) [[unlikely]] {
      named.push_back(method);
      methods.set(method, methods.of(method) | MethodFlags::kNamed);
    }
    const uint32_t index = nodes.add();  // parent stays valid: chunks never move
    Node& child = nodes[index];
    child.method = method;
    child.site_plus_one = static_cast<uint16_t>(site + 1);
    child.parent = parent_index;
    link_after(*parent, after, index);
    parent->children_filter |= Node::children_bit(method, site);
    return index;
  }
  // The child of `parent` (a context of this tree) for (method, site), or
  // Node::kNone: a walk of its children (none when its bit in the parent's
  // filter is clear).
  uint32_t find_child(const Node& parent, uint32_t method, int32_t site) const {
    if ((parent.children_filter & Node::children_bit(method, site)) == 0) return Node::kNone;
    for (uint32_t c = parent.first_child; c != Node::kNone; c = nodes[c].next_sibling) {
      if (nodes[c].is(method, site)) return c;
    }
    return Node::kNone;
  }
  // The child the parent's next call most likely makes, or nullptr: the
  // one after its last hit, `last` (else its first child, when the last
  // hit is the last child or there is none): a context's calls repeat in
  // the order of its children (add_child, find_child_after).
  Node* predicted_child(const Node& parent, const Node* last) {
    const uint32_t next = last != nullptr ? last->next_sibling : Node::kNone;
    const uint32_t c = next != Node::kNone ? next : parent.first_child;
    return c != Node::kNone ? &nodes[c] : nullptr;
  }
  // find_child, and the child found moved to right after `after` (the
  // parent's last hit, the call made before this one), else to the front
  // of the children: a context whose calls repeat in an order gets its
  // children in that order, and the next search is short. The children's
  // order is no one else's: the profile lists contexts in the order they
  // were made (their index).
  uint32_t find_child_after(Node& parent, Node* after, uint32_t method, int32_t site) {
    if ((parent.children_filter & Node::children_bit(method, site)) == 0) return Node::kNone;
    uint32_t before = Node::kNone;
    for (uint32_t c = parent.first_child; c != Node::kNone; before = c, c = nodes[c].next_sibling) {
      Node& n = nodes[c];
      if (!n.is(method, site)) continue;
      Node* prev = before != Node::kNone ? &nodes[before] : nullptr;
      if (prev == after) return c;  // in place already
      (prev != nullptr ? prev->next_sibling : parent.first_child) = n.next_sibling;
      link_after(parent, after, c);
      return c;
    }
    return Node::kNone;
  }
  uint64_t calls(uint32_t i) const { return nodes[i].calls + carried(carries.calls, i); }
  uint64_t alloc_objects(uint32_t i) const {
    return nodes[i].alloc_objects + carried(carries.alloc_objects, i);
  }

 private:
  // Links the node `index` (not in the list) into `parent`'s children,
  // right after `after` (one of them), or in front when it is nullptr.
  void link_after(Node& parent, Node* after, uint32_t index) {
    uint32_t& link = after != nullptr ? after->next_sibling : parent.first_child;
    nodes[index].next_sibling = link;
    link = index;
  }
  static uint64_t carried(const std::unordered_map<uint32_t, uint64_t>& map, uint32_t i) {
    if (map.empty()) return 0;
    auto it = map.find(i);
    return it == map.end() ? 0 : it->second;
  }
};

// A counted frame's profiler slot (call_log.h): its thread's tree, with the
// low bit set in a hidden method's frame, so that its callee's call sees
// that without reading the method. Null in a frame whose call was not
// logged.
inline void* context_word(ThreadTree* tree, bool hidden) {
  return reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(tree) | uintptr_t{hidden});
}
inline ThreadTree* tree_in(void* word) {
  return reinterpret_cast<ThreadTree*>(reinterpret_cast<uintptr_t>(word) & ~uintptr_t{1});
}
inline bool hidden_in(void* word) { return (reinterpret_cast<uintptr_t>(word) & 1) != 0; }

}  // namespace minijvm::prof
