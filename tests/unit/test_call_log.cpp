// The exact profilers' call log (profilers/cct/call_log.h): its words, the
// replay that builds a tree from them (replay.h), and the tree builder that
// takes a thread's log a chunk at a time (tree_builder.h), on its own
// thread or inline. The end-to-end tests (test_profile_cct.cpp, the oracle,
// jit.sh) check the trees real programs log; these check the pieces on
// logs written by hand.
#include <doctest/doctest.h>

#include <chrono>
#include <deque>
#include <thread>
#include <vector>

#include "profilers/cct/call_log.h"
#include "profilers/cct/cct_tree.h"
#include "profilers/cct/replay.h"
#include "profilers/cct/tree_builder.h"

namespace {

namespace cl = minijvm::prof::call_log;
using minijvm::prof::LogReplayer;
using minijvm::prof::MethodFlags;
using minijvm::prof::MethodIds;
using minijvm::prof::Node;
using minijvm::prof::NodeArena;
using minijvm::prof::ThreadTree;
using minijvm::prof::TreeBuilder;

constexpr uint32_t kA = 10, kB = 11, kC = 12, kHidden = 13, kExcluded = 14;

// A tree whose methods are known to the replay already (their flags set),
// so that it reads no Method.
struct HandTree {
  ThreadTree tree;
  MethodIds ids;
  LogReplayer replayer{LogReplayer::Options{}, &ids};
  HandTree() {
    for (uint32_t m : {kA, kB, kC}) tree.methods.set(m, MethodFlags::kSeen);
    tree.methods.set(kHidden, MethodFlags::kSeen | MethodFlags::kHidden);
    tree.methods.set(kExcluded, MethodFlags::kSeen | MethodFlags::kExcluded);
  }
  void replay(const std::vector<uint64_t>& words) {
    replayer.replay(tree, words.data(), words.data() + words.size());
  }
  // The child of `parent` for (method, site).
  const Node* child(const Node& parent, uint32_t method, int32_t site) {
    uint32_t i = tree.find_child(parent, method, site);
    return i == Node::kNone ? nullptr : &tree.nodes[i];
  }
  size_t children(const Node& parent) {
    size_t n = 0;
    for (uint32_t c = parent.first_child; c != Node::kNone; c = tree.nodes[c].next_sibling) ++n;
    return n;
  }
};

}  // namespace

TEST_SUITE("call log") {
  TEST_CASE("call log: each word keeps what it says") {
    uint64_t call = cl::call(false, 123456, 4321, 99);
    CHECK((call & cl::kTagMask) == cl::kCall);
    CHECK(cl::site_of(call) == 4321);
    CHECK(((call >> cl::kCallCountShift) & cl::kMaxCallCount) == 99);
    CHECK((call >> cl::kCallMethodShift) == 123456);
    uint64_t root = cl::call(true, cl::kMaxShortMethod, -1, cl::kMaxCallCount);
    CHECK((root & cl::kTagMask) == cl::kRootCall);
    CHECK(cl::site_of(root) == -1);
    CHECK(((root >> cl::kCallCountShift) & cl::kMaxCallCount) == cl::kMaxCallCount);
    CHECK((root >> cl::kCallMethodShift) == cl::kMaxShortMethod);
    uint64_t long_call = cl::long_call(true, 0xfedcba98u, 65534);
    CHECK((long_call & cl::kTagMask) == cl::kLongCall);
    CHECK(cl::site_of(long_call) == 65534);
    CHECK(((long_call >> cl::kLongCallRootedBit) & 1) == 1);
    CHECK((long_call >> cl::kLongCallMethodShift) == 0xfedcba98u);
    uint64_t ret = cl::return_of(0x12345, cl::kMaxReturnCount);
    CHECK((ret & cl::kTagMask) == cl::kReturn);
    CHECK(((ret >> cl::kReturnCheckShift) & cl::kReturnCheckMask) == (0x12345 & cl::kReturnCheckMask));
    CHECK((ret >> cl::kReturnCountShift) == cl::kMaxReturnCount);
    uint64_t alloc = cl::with_payload(cl::kAlloc, cl::kMaxPayload);
    CHECK((alloc & cl::kTagMask) == cl::kAlloc);
    CHECK((alloc >> cl::kPayloadShift) == cl::kMaxPayload);
    uint64_t leaf = cl::leaf(cl::kMaxShortMethod, 65534, cl::kMaxLeafCount);
    CHECK((leaf & cl::kTagMask) == cl::kLeaf);
    CHECK(cl::is_leaf(leaf));
    CHECK(cl::site_of(leaf) == 65534);
    CHECK(cl::leaf_count(leaf) == cl::kMaxLeafCount);
    CHECK((leaf >> cl::kCallMethodShift) == cl::kMaxShortMethod);
    CHECK(cl::is_leaf(cl::leaf(0, -1, 0)));  // never a word of zeros
    CHECK_FALSE(cl::is_leaf(0));
  }

  TEST_CASE("call log: a kLeaf word is its call and its return") {
    // The same calls, as a call and a return and as a kLeaf (whose
    // caller's bytecodes come with its next word): the same tree.
    HandTree words, leaves;
    words.replay({cl::call(true, kA, -1, 0), cl::call(false, kB, 3, 5), cl::return_of(kB, 2),
                  cl::call(false, kB, 3, 1), cl::return_of(kB, 4), cl::call(false, kHidden, 8, 0),
                  cl::call(false, kC, 8, 0), cl::return_of(kC, 6), cl::return_of(kHidden, 0),
                  cl::call(false, kExcluded, 12, 0), cl::return_of(kExcluded, 7), cl::return_of(kA, 3)});
    leaves.replay({cl::call(true, kA, -1, 0), cl::leaf(kB, 3, 2), cl::leaf(kB, 3, 4),
                   cl::call(false, kHidden, 8, 6), cl::leaf(kC, 8, 6), cl::return_of(kHidden, 0),
                   cl::leaf(kExcluded, 12, 7), cl::return_of(kA, 3)});
    for (HandTree* t : {&words, &leaves}) {
      CHECK_FALSE(t->tree.inconsistent);
      CHECK(t->tree.stack.empty());
      CHECK(t->tree.nodes.count() == 4);  // the root, A, B and C (the hidden frame's callee, under A)
      const Node* a = t->child(t->tree.root(), kA, -1);
      REQUIRE(a != nullptr);
      CHECK(a->bytecodes == 9);
      const Node* b = t->child(*a, kB, 3);
      REQUIRE(b != nullptr);
      CHECK(b->calls == 2);
      CHECK(b->bytecodes == 6);
      const Node* c = t->child(*a, kC, 8);
      REQUIRE(c != nullptr);
      CHECK(c->calls == 1);
      CHECK(c->bytecodes == 6);
      CHECK(t->child(*a, kExcluded, 12) == nullptr);
    }
    // A kLeaf with no frame below it contradicts the log.
    HandTree unrooted;
    unrooted.replay({cl::leaf(kB, 3, 2)});
    CHECK(unrooted.tree.inconsistent);
  }

  TEST_CASE("call log: a replay builds the contexts, calls, bytecodes and allocations") {
    HandTree t;
    t.replay({
        cl::call(true, kA, -1, 0),            // main: a thread's entry
        cl::call(false, kB, 3, 5),            // A ran 5 bytecodes, then called B at 3
        cl::return_of(kB, 2),                 // B ran 2
        cl::call(false, kB, 3, 1),            // the same call again: the same context
        cl::with_payload(cl::kAlloc, 24),    // B allocates 24 bytes
        cl::with_payload(cl::kCount, 10),    // B's bytecodes, without a frame change
        cl::return_of(kB, 4),
        cl::call(false, kC, 7, 0),
        cl::return_of(kC, 9),
        cl::return_of(kA, 3),
    });
    CHECK_FALSE(t.tree.inconsistent);
    CHECK(t.tree.stack.empty());
    CHECK(t.tree.nodes.count() == 4);  // the root, A, B and C
    const Node* a = t.child(t.tree.root(), kA, -1);
    REQUIRE(a != nullptr);
    CHECK(a->calls == 1);
    CHECK(a->bytecodes == 9);
    const Node* b = t.child(*a, kB, 3);
    REQUIRE(b != nullptr);
    CHECK(b->calls == 2);
    CHECK(b->bytecodes == 16);
    CHECK(b->alloc_objects == 1);
    CHECK(b->alloc_bytes == 24);
    const Node* c = t.child(*a, kC, 7);
    REQUIRE(c != nullptr);
    CHECK(c->calls == 1);
    CHECK(c->bytecodes == 9);
    CHECK(t.children(*a) == 2);
  }

  TEST_CASE("call log: a context's children stand in the order it calls them") {
    // A calls B@1, C@2, B@3 at each visit: the children are made in that
    // order after one another, so the child after the last hit is the next
    // call (and after the last, the first): the prediction the replay tries
    // before the call cache.
    HandTree t;
    std::vector<uint64_t> visit{cl::call(false, kB, 1, 0), cl::return_of(kB, 0),
                                cl::call(false, kC, 2, 0), cl::return_of(kC, 0),
                                cl::call(false, kB, 3, 0), cl::return_of(kB, 0)};
    t.replay({cl::call(true, kA, -1, 0)});
    t.replay(visit);
    Node* a = &t.tree.nodes[t.tree.find_child(t.tree.root(), kA, -1)];
    auto order = [&] {
      std::vector<std::pair<uint32_t, int32_t>> calls;
      for (uint32_t c = a->first_child; c != Node::kNone; c = t.tree.nodes[c].next_sibling)
        calls.emplace_back(t.tree.nodes[c].method, t.tree.nodes[c].site());
      return calls;
    };
    const std::vector<std::pair<uint32_t, int32_t>> in_call_order{{kB, 1}, {kC, 2}, {kB, 3}};
    CHECK(order() == in_call_order);
    Node* last = a->last_hit_node();
    REQUIRE(last != nullptr);
    CHECK(last->is(kB, 3));
    CHECK(t.tree.predicted_child(*a, last)->is(kB, 1));  // after the last child, the first
    CHECK(t.tree.predicted_child(*a, nullptr)->is(kB, 1));
    CHECK(t.tree.predicted_child(*a, &t.tree.nodes[a->first_child])->is(kC, 2));
    for (int i = 0; i < 3; ++i) t.replay(visit);
    CHECK(order() == in_call_order);
    for (uint32_t c = a->first_child; c != Node::kNone; c = t.tree.nodes[c].next_sibling)
      CHECK(t.tree.nodes[c].calls == 4);

    // A search moves the child it finds to right after the last hit: a
    // visit in another order reorders the children to it.
    Node* b3 = &t.tree.nodes[t.tree.find_child(*a, kB, 3)];
    CHECK(t.tree.find_child_after(*a, b3, kC, 2) != Node::kNone);  // C after B@3
    const std::vector<std::pair<uint32_t, int32_t>> c_moved{{kB, 1}, {kB, 3}, {kC, 2}};
    CHECK(order() == c_moved);
    CHECK(t.tree.find_child_after(*a, nullptr, kC, 2) != Node::kNone);  // no last hit: to the front
    const std::vector<std::pair<uint32_t, int32_t>> c_first{{kC, 2}, {kB, 1}, {kB, 3}};
    CHECK(order() == c_first);
    CHECK(t.tree.find_child_after(*a, nullptr, kA, 9) == Node::kNone);
    CHECK(order() == c_first);
    // The counts do not depend on the order.
    t.replay(visit);
    t.replay({cl::return_of(kA, 0)});
    CHECK_FALSE(t.tree.inconsistent);
    CHECK(t.tree.nodes.count() == 5);  // the root, A, B@1, C@2, B@3
    for (uint32_t c = a->first_child; c != Node::kNone; c = t.tree.nodes[c].next_sibling)
      CHECK(t.tree.nodes[c].calls == 5);
  }

  TEST_CASE("call log: hidden frames are transparent, excluded ones cut out their extent") {
    HandTree t;
    t.replay({
        cl::call(true, kA, -1, 0),
        cl::call(false, kHidden, 4, 1),   // a lambda's glue, called at 4
        cl::call(false, kB, 4, 2),        // its callee: the word has the visible caller's site
        cl::return_of(kB, 1),
        cl::return_of(kHidden, 3),        // glue: counted nowhere
        cl::call(false, kExcluded, 6, 0),
        cl::call(false, kC, 1, 5),        // inside the excluded extent: nowhere
        cl::with_payload(cl::kAlloc, 16),
        cl::return_of(kC, 5),
        cl::return_of(kExcluded, 5),
        cl::return_of(kA, 0),
    });
    CHECK_FALSE(t.tree.inconsistent);
    CHECK(t.tree.nodes.count() == 3);  // the root, A and B
    const Node* a = t.child(t.tree.root(), kA, -1);
    REQUIRE(a != nullptr);
    CHECK(a->bytecodes == 1);  // its own only: not the glue's, not the excluded extent's
    CHECK(t.children(*a) == 1);
    const Node* b = t.child(*a, kB, 4);
    REQUIRE(b != nullptr);
    CHECK(b->calls == 1);
    CHECK(b->bytecodes == 1);
  }

  TEST_CASE("call log: a call of a frame with no context hangs under the root") {
    HandTree t;
    t.replay({
        cl::call(true, kA, -1, 0),
        cl::call(true, kB, -1, 7),   // from a frame entered before recording: rooted
        cl::return_of(kB, 1),
        cl::return_of(kA, 2),
    });
    CHECK(t.children(t.tree.root()) == 2);
    const Node* a = t.child(t.tree.root(), kA, -1);
    const Node* b = t.child(t.tree.root(), kB, -1);
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    CHECK(a->bytecodes == 9);  // the rooted call's bytecodes are the frame on top's
    CHECK(b->bytecodes == 1);
  }

  TEST_CASE("call log: a call count that wraps carries into the tree's carries") {
    HandTree t;
    t.replay({cl::call(true, kA, -1, 0), cl::call(false, kB, 2, 0), cl::return_of(kB, 0)});
    const Node* b = t.child(*t.child(t.tree.root(), kA, -1), kB, 2);
    REQUIRE(b != nullptr);
    const uint32_t index = NodeArena::index_of(b);
    t.tree.nodes[index].calls = UINT32_MAX;
    t.replay({cl::call(false, kB, 2, 0), cl::return_of(kB, 0), cl::call(false, kB, 2, 0)});
    CHECK(t.tree.calls(index) == uint64_t{UINT32_MAX} + 2);
  }

  TEST_CASE("call log: a log that contradicts itself is noticed, not obeyed blindly") {
    HandTree wrong_return;
    wrong_return.replay({cl::call(true, kA, -1, 0), cl::call(false, kB, 1, 0), cl::return_of(kC, 0)});
    CHECK(wrong_return.tree.inconsistent);
    HandTree extra_return;
    extra_return.replay({cl::call(true, kA, -1, 0), cl::return_of(kA, 0), cl::return_of(kA, 0)});
    CHECK(extra_return.tree.inconsistent);
    HandTree unrooted;
    unrooted.replay({cl::call(false, kA, 5, 0)});  // a caller with a context, but none on the stack
    CHECK(unrooted.tree.inconsistent);
    HandTree bad_tag;
    bad_tag.replay({0});
    CHECK(bad_tag.tree.inconsistent);
  }

  TEST_CASE("tree builder: every word reaches the tree, in order, inline and on its own thread") {
    for (bool threaded : {false, true}) {
      INFO("threaded " << threaded);
      // Each tree's words are numbered; the replay checks they come in order.
      struct Seen {
        uint64_t next = 1;
        bool in_order = true;
      };
      std::deque<ThreadTree> trees(3);
      std::vector<Seen> seen(trees.size());
      TreeBuilder builder([&](ThreadTree& tree, const uint64_t* word, const uint64_t* end) {
        size_t i = 0;
        while (&trees[i] != &tree) ++i;  // (a deque's elements are not contiguous)
        Seen& s = seen[i];
        for (; word < end; ++word) {
          if (*word >> 3 != s.next) s.in_order = false;
          s.next = (*word >> 3) + 1;
        }
        // Slow to replay: the loggers run far enough ahead to wait or help.
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      });
      builder.start(threaded);
      CHECK(builder.threaded() == threaded);
      constexpr uint64_t kWords = 40 * cl::Chunk::kWords + 123;  // a partial chunk at the end
      // Far enough ahead of the slow replay to wait for its turn.
      constexpr uint64_t kBusyWords = 2 * TreeBuilder::kHardBacklog * cl::Chunk::kWords;
      std::vector<std::thread> loggers;
      for (size_t i = 0; i < trees.size(); ++i) {
        ThreadTree& tree = trees[i];
        tree.builder = &builder;
        loggers.emplace_back([&tree, &builder, i] {
          const uint64_t words = i == 0 ? kBusyWords : kWords;
          for (uint64_t w = 1; w <= words; ++w) {
            if (tree.log.next >= tree.log.end) builder.hand_over(tree, true);
            cl::put(tree.log, cl::with_payload(cl::kCount, w));
          }
          if (i == 2) builder.hand_over(tree, false);  // a thread that ends
        });
      }
      for (std::thread& t : loggers) t.join();
      builder.close(trees);
      // The busy logger ran far enough ahead to replay some of its chunks.
      if (threaded) CHECK(builder.stats().chunks_by_threads > 0);
      for (size_t i = 0; i < trees.size(); ++i) {
        INFO("tree " << i);
        CHECK(seen[i].in_order);
        CHECK(seen[i].next - 1 == (i == 0 ? kBusyWords : kWords));
      }
      // Closed: what is logged from now on is dropped.
      const uint64_t before = seen[1].next;
      for (int w = 0; w < 2 * static_cast<int>(cl::Chunk::kWords); ++w) {
        if (trees[1].log.next >= trees[1].log.end) builder.hand_over(trees[1], true);
        cl::put(trees[1].log, cl::with_payload(cl::kCount, 1));
      }
      CHECK(seen[1].next == before);
    }
  }

  TEST_CASE("tree builder: at close, a thread's pending bytecodes go to its tree") {
    std::deque<ThreadTree> trees(1);
    uint64_t counted = 0;
    TreeBuilder builder([&](ThreadTree&, const uint64_t* word, const uint64_t* end) {
      for (; word < end; ++word)
        if ((*word & cl::kTagMask) == cl::kCount) counted += *word >> cl::kPayloadShift;
    });
    builder.start(true);
    trees[0].builder = &builder;
    builder.hand_over(trees[0], true);
    cl::put(trees[0].log, cl::with_payload(cl::kCount, 5));
    trees[0].log.pending = 37;  // counted since the last word
    builder.close(trees);
    CHECK(counted == 42);
  }
}
