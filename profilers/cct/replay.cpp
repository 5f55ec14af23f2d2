#include "profilers/cct/replay.h"

#include "profilers/cct/call_log.h"
#include "vm/runtime/klass.h"

namespace minijvm::prof {

bool glob_match(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

MethodFilter::MethodFilter(std::string_view patterns) {
  while (!patterns.empty()) {
    size_t bar = patterns.find('|');
    if (bar != 0) patterns_.emplace_back(patterns.substr(0, bar));
    if (bar == std::string_view::npos) break;
    patterns = patterns.substr(bar + 1);
  }
}

bool MethodFilter::matches(const Method* m) const {
  std::string name = m->holder->external_name() + "." + std::string(m->name->view());
  for (const std::string& p : patterns_)
    if (glob_match(p, name)) return true;
  return false;
}

namespace {

// The context the current frame's bytecodes and allocations go to, or nullptr.
Node* counting_context(const ThreadTree& tree) {
  return tree.stack.empty() || !tree.stack.back().counts ? nullptr : tree.stack.back().node;
}

void credit(const ThreadTree& tree, uint64_t bytecodes) {
  if (bytecodes == 0) return;
  if (Node* node = counting_context(tree)) node->bytecodes += bytecodes;
}

// A word the log's own words contradict: a VM bug, which the profile's
// summary reports (the tests look for it) rather than a crash.
void inconsistent(ThreadTree& tree) { tree.inconsistent = true; }

// The return (or unwind) of the current frame, whose method's id ends in
// the bits `check`.
void leave(ThreadTree& tree, uint32_t check) {
  if (tree.stack.empty() || (tree.stack.back().method & call_log::kReturnCheckMask) != check)
      [[unlikely]] {
    inconsistent(tree);
    if (tree.stack.empty()) return;
  }
  tree.stack.pop_back();
}

}  // namespace

void LogReplayer::replay(ThreadTree& tree, const uint64_t* word, const uint64_t* end) const {
  using namespace call_log;
  std::vector<LiveContext>& stack = tree.stack;
  const bool sites = options_.sites;  // (else reloaded after every store to a node)
  // A callee seen before, neither hidden nor excluded (kNamed aside, and
  // kOnly, which matters only for a frame with no context): the fast paths'.
  constexpr uint8_t kPlain = MethodFlags::kSeen | MethodFlags::kHidden | MethodFlags::kExcluded;
  for (; word < end; ++word) {
    // The log's lines were written on another core: asked for ahead of
    // use, their transfers overlap.
    __builtin_prefetch(word + 64);
    const uint64_t w = *word;
    const uint64_t tag = w & kTagMask;
    // The common cases first: a return of the frame on top, and a call
    // from a counted frame of a method with nothing special about it whose
    // context is its caller's last hit.
    if (tag == kReturn && !stack.empty()) {
      LiveContext& top = stack.back();
      if ((top.method & kReturnCheckMask) == ((w >> kReturnCheckShift) & kReturnCheckMask)) [[likely]] {
        if (top.counts) top.node->bytecodes += w >> kReturnCountShift;
        stack.pop_back();
        continue;
      }
    } else if (tag == kCall && !stack.empty() && stack.back().counts) {
      const auto id = static_cast<uint32_t>(w >> kCallMethodShift);
      if ((tree.methods.of(id) & kPlain) == MethodFlags::kSeen) [[likely]] {
        Node* parent = stack.back().node;
        parent->bytecodes += (w >> kCallCountShift) & kMaxCallCount;
        const int32_t site = sites ? site_of(w) : -1;
        Node* child = parent->last_hit_for(id, site);
        if (child != nullptr && child->calls != UINT32_MAX) [[likely]] {
          ++child->calls;
          stack.push_back({child, id, true});
        } else {
          push_child(tree, parent, id, site);
        }
        continue;
      }
    } else if (is_leaf(w) && !stack.empty() && stack.back().counts) {
      // A call and its return: the context found or made as a call's, its
      // bytecodes added, and nothing pushed.
      const auto id = static_cast<uint32_t>(w >> kCallMethodShift);
      if ((tree.methods.of(id) & kPlain) == MethodFlags::kSeen) [[likely]] {
        const int32_t site = sites ? site_of(w) : -1;
        child_for(tree, stack.back().node, id, site)->bytecodes += leaf_count(w);
        continue;
      }
    }
    switch (tag) {
      case kLeaf:  // as the call and the return it stands for
        if (!is_leaf(w)) {
          inconsistent(tree);
          break;
        }
        enter(tree, static_cast<uint32_t>(w >> kCallMethodShift), site_of(w), false);
        credit(tree, leaf_count(w));
        leave(tree, static_cast<uint32_t>(w >> kCallMethodShift) & kReturnCheckMask);
        break;
      case kCall:
      case kRootCall:
        credit(tree, (w >> kCallCountShift) & kMaxCallCount);
        enter(tree, static_cast<uint32_t>(w >> kCallMethodShift), site_of(w), tag == kRootCall);
        break;
      case kLongCall:
        enter(tree, static_cast<uint32_t>(w >> kLongCallMethodShift), site_of(w),
              ((w >> kLongCallRootedBit) & 1) != 0);
        break;
      case kReturn:
        credit(tree, w >> kReturnCountShift);
        leave(tree, static_cast<uint32_t>(w >> kReturnCheckShift) & kReturnCheckMask);
        break;
      case kCount:
        credit(tree, w >> kPayloadShift);
        break;
      case kAlloc:
        if (Node* node = counting_context(tree)) {
          if (++node->alloc_objects == 0) [[unlikely]]
            tree.carries.alloc_objects[NodeArena::index_of(node)] += uint64_t{1} << 32;
          node->alloc_bytes += w >> kPayloadShift;
        }
        break;
      case kOvercount:
        if (Node* node = counting_context(tree)) node->overcount() += w >> kPayloadShift;
        break;
      default:
        inconsistent(tree);
        break;
    }
  }
}

// A call of `method_id` from `site` in the current frame (rooted: from a
// frame with no context): the callee's context found or made, and pushed.
void LogReplayer::enter(ThreadTree& tree, uint32_t method_id, int32_t site, bool rooted) const {
  uint8_t flags = tree.methods.of(method_id);
  if (flags == 0) [[unlikely]] {
    flags = learn(tree, method_id);
    if (flags == 0) {  // no such method
      inconsistent(tree);
      tree.stack.push_back({nullptr, method_id, false});
      return;
    }
  }
  Node* parent = nullptr;  // the visible caller's context
  if (!rooted) {
    if (tree.stack.empty()) [[unlikely]]
      inconsistent(tree);
    else
      parent = tree.stack.back().node;
  }
  if (parent == &g_excluded) {
    tree.stack.push_back({parent, method_id, false});
    return;
  }
  // Hidden frames (lambda proxies, LambdaForms: Method::is_hidden) are
  // transparent: their callees hang under the visible caller's context at
  // the visible caller's call site, so a lambda's body is a call from the
  // frame that invoked the interface method. Their own instructions are
  // glue the program did not write (HotSpot hides and compiles them): not
  // counted.
  if ((flags & MethodFlags::kHidden) != 0) {
    tree.stack.push_back({parent, method_id, false});
    return;
  }
  // Selective profiling (JP2): exclude= cuts out a method's dynamic extent;
  // with only=, a thread records from a matching method's entry to its
  // exit, the activation hanging under the thread's root.
  if ((flags & MethodFlags::kExcluded) != 0) {
    tree.stack.push_back({&g_excluded, method_id, false});
    return;
  }
  if (parent != nullptr) {
    if (!options_.sites) site = -1;
  } else {
    // A thread's entry, the first frame entered once recording began, or
    // (only=) a frame outside the selected methods' extent.
    site = -1;
    if ((!options_.startup && tree.startup_thread) ||
        (!options_.only.empty() && (flags & MethodFlags::kOnly) == 0)) {
      tree.stack.push_back({nullptr, method_id, false});
      return;
    }
    parent = &tree.root();
  }
  push_child(tree, parent, method_id, site);
}

void LogReplayer::push_child(ThreadTree& tree, Node* parent, uint32_t method_id, int32_t site) {
  tree.stack.push_back({child_for(tree, parent, method_id, site), method_id, true});
}

Node* LogReplayer::child_for(ThreadTree& tree, Node* parent, uint32_t method_id, int32_t site) {
  Node* child = parent->last_hit_for(method_id, site);
  uint32_t hit = Node::kNone;  // child's index, once known
  if (child == nullptr) {
    // A call the parent's filter says none of its children is makes a new
    // context at once (the callers of most new contexts), right after the
    // last hit (ThreadTree::add_child). Else the child after the last hit
    // is tried: a context's calls repeat in the order of its children.
    // Then the call cache, which knows most calls a loop makes in turn
    // (asked for at once: the two loads overlap); else the parent's
    // children are searched, and a new context is made when none is.
    Node* last = parent->last_hit_node();
    CallCache::Entry& cached = tree.call_cache.at(parent, method_id, site);
    if ((parent->children_filter & Node::children_bit(method_id, site)) != 0) {
      __builtin_prefetch(&cached);
      child = tree.predicted_child(*parent, last);
      if (child == nullptr || !child->is(method_id, site))
        child = cached.parent == parent && cached.child->is(method_id, site) ? cached.child : nullptr;
    }
    if (child == nullptr) {
      hit = tree.find_child_after(*parent, last, method_id, site);  // (none, when the filter says so)
      if (hit == Node::kNone) hit = tree.add_child(parent, NodeArena::index_of(parent), method_id, site, last);
      child = &tree.nodes[hit];
      cached = {parent, child};
    }
    parent->remember_hit(child);
  }
  if (++child->calls == 0) [[unlikely]] {
    if (hit == Node::kNone) hit = NodeArena::index_of(child);
    tree.carries.calls[hit] += uint64_t{1} << 32;
  }
  return child;
}

// The flags of the method whose id is `id` (MethodFlags), met for the
// first time in this tree's log, after registering it with the method
// table; 0 when no method has the id.
uint8_t LogReplayer::learn(ThreadTree& tree, uint32_t id) const {
  Method* method = method_by_id(id);
  if (method == nullptr) return 0;
  methods_->add(method);
  uint8_t flags = MethodFlags::kSeen;
  if (method->is_hidden) flags |= MethodFlags::kHidden;
  if (!options_.exclude.empty() && options_.exclude.matches(method)) flags |= MethodFlags::kExcluded;
  if (!options_.only.empty() && options_.only.matches(method)) flags |= MethodFlags::kOnly;
  tree.methods.set(id, flags);
  return flags;
}

}  // namespace minijvm::prof
