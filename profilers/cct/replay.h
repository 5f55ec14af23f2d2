// Replaying a thread's call log (call_log.h) into its calling context tree
// (cct_tree.h): what the tree builder (tree_builder.h) does with each chunk.
// Each call finds its context under the caller's, or makes it: the
// caller's last hit first, then the tree's call cache, then the caller's
// children. A kLeaf word is a call and its return in one. The contexts of the thread's live frames are a stack here, one
// per counted frame; a word's bytecodes go to the top one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "profilers/cct/cct_tree.h"
#include "vm/runtime/method.h"

namespace minijvm::prof {

// A glob over "pkg.Class.method": '*' matches any run of characters.
bool glob_match(std::string_view pattern, std::string_view text);

// only= / exclude=: '|'-separated globs over "pkg.Class.method".
class MethodFilter {
 public:
  explicit MethodFilter(std::string_view patterns);
  bool empty() const { return patterns_.empty(); }
  bool matches(const Method* m) const;

 private:
  std::vector<std::string> patterns_;
};

class LogReplayer {
 public:
  struct Options {
    bool sites = true;    // sites=off merges a method's call sites (-1)
    bool startup = false;  // startup=include: start-up threads record too
    MethodFilter only{""};
    MethodFilter exclude{""};
  };
  // Every method a log calls is registered in `methods` (for the writer).
  LogReplayer(Options options, MethodIds* methods) : options_(std::move(options)), methods_(methods) {}

  // Applies the words [word, end) of `tree`'s log to the tree. Throws
  // bad_alloc when the tree cannot grow (what it holds stays exact).
  void replay(ThreadTree& tree, const uint64_t* word, const uint64_t* end) const;

 private:
  void enter(ThreadTree& tree, uint32_t method, int32_t site, bool rooted) const;
  // The context of a call of `method` at `site` (-1 with sites=off) from
  // the context `parent`, found or made, and its call counted.
  static Node* child_for(ThreadTree& tree, Node* parent, uint32_t method, int32_t site);
  // The same, pushed on the tree's stack of live contexts.
  static void push_child(ThreadTree& tree, Node* parent, uint32_t method, int32_t site);
  uint8_t learn(ThreadTree& tree, uint32_t id) const;

  const Options options_;
  MethodIds* const methods_;
};

}  // namespace minijvm::prof
