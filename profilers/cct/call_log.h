// A thread's call log: what the exact profilers (cct, bcount) record while
// the program runs. Each call, return, batch of executed bytecodes,
// allocation and over-count is one 64-bit word appended to the thread's
// log; the thread's calling context tree is built from the log by the tree
// builder (tree_builder.h), on a thread of its own, so that the tree's
// work -- finding a call's context among millions, most of them far out of
// the cache, and making new ones -- is not the program's.
//
// The words (the tag in the low 3 bits):
//   kCall       site+1 in bits 3..18, the caller's bytecodes since its last
//               word in 19..39, the callee's Method::id in 40..63
//   kLeaf       a call and its return in one word, when the callee's
//               instructions are known where the call is made (compiled
//               code's call of a trivial method, run in place): kCall's
//               site and id, the callee's bytecodes in 19..38, bit 39 set
//               (so no word of zeros is one). The caller's own bytecodes
//               stay pending: it is the current frame before and after.
//   kRootCall   the same, for a call whose visible caller (hidden frames
//               skipped) has no context: the callee's context hangs under
//               the thread's root (a thread's entry, recording begun)
//   kLongCall   site+1 in 3..18, rooted in bit 19, Method::id in 32..63:
//               a call whose id has more than 24 bits (no bytecodes: a
//               kCount comes first)
//   kReturn     the low 13 bits of the returning method's id in 3..15 (the
//               builder checks them against the context it leaves), its
//               bytecodes since its last word in 16..63
//   kCount      bytecodes of the current frame, in 3..63
//   kAlloc      an object allocated by the current frame: its bytes in 3..63
//   kOvercount  bcount's default BBA: bytecodes counted ahead and not
//               run, in 3..63 (an exception cut the block short)
//
// Bytecodes counted by a frame go to the thread's pending count
// (LogCursor::pending, which counted frames' Frame::bytecode_counter points
// at); each word takes the pending count with it, so a word's bytecodes
// belong to the frame that ran before it: the caller of a call, the
// returning frame of a return. A frame that logged its call (its profiler
// slot non-null) logs its return or unwind, so the builder's stack of
// contexts is the thread's stack of counted frames.
//
// Compiled code appends words itself (interp/jit/compiler.cpp) with this
// layout: `next` and `end` at the front of the thread's tree.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace minijvm::prof::call_log {

enum Tag : uint64_t {
  kLeaf = 0,
  kCall = 1,
  kRootCall = 2,
  kReturn = 3,
  kCount = 4,
  kAlloc = 5,
  kOvercount = 6,
  kLongCall = 7,
};
constexpr uint64_t kTagMask = 7;
constexpr int kPayloadShift = 3;  // kCount, kAlloc, kOvercount

constexpr int kSiteShift = 3;
constexpr int kCallCountShift = 19;
constexpr int kCallMethodShift = 40;
constexpr uint64_t kMaxCallCount = (uint64_t{1} << 21) - 1;
constexpr uint32_t kMaxShortMethod = (1u << 24) - 1;
constexpr int kLongCallRootedBit = 19;
constexpr int kLongCallMethodShift = 32;

constexpr int kLeafMarkBit = 39;
constexpr uint64_t kMaxLeafCount = (uint64_t{1} << 20) - 1;

constexpr int kReturnCheckShift = 3;
constexpr uint32_t kReturnCheckMask = (1u << 13) - 1;
constexpr int kReturnCountShift = 16;
constexpr uint64_t kMaxReturnCount = (uint64_t{1} << 48) - 1;
constexpr uint64_t kMaxPayload = (uint64_t{1} << 61) - 1;

// site is a bci, or -1 (a call from a native frame, or sites=off).
constexpr uint64_t site_bits(int32_t site) {
  return uint64_t{static_cast<uint16_t>(site + 1)} << kSiteShift;
}
constexpr int32_t site_of(uint64_t word) {
  return static_cast<int32_t>((word >> kSiteShift) & 0xffff) - 1;
}

// A call of method `method` (<= kMaxShortMethod) from `site` after `count`
// (<= kMaxCallCount) bytecodes of its caller.
constexpr uint64_t call(bool rooted, uint32_t method, int32_t site, uint64_t count) {
  return (rooted ? kRootCall : kCall) | site_bits(site) | count << kCallCountShift |
         uint64_t{method} << kCallMethodShift;
}
constexpr uint64_t long_call(bool rooted, uint32_t method, int32_t site) {
  return kLongCall | site_bits(site) | uint64_t{rooted} << kLongCallRootedBit |
         uint64_t{method} << kLongCallMethodShift;
}
// The return of a frame of `method`, after `count` (<= kMaxReturnCount)
// bytecodes of it.
constexpr uint64_t return_of(uint32_t method, uint64_t count) {
  return kReturn | uint64_t{method & kReturnCheckMask} << kReturnCheckShift | count << kReturnCountShift;
}
// A call of `method` (<= kMaxShortMethod) from `site` that returned after
// `count` (<= kMaxLeafCount) bytecodes of its own, with no word between.
constexpr uint64_t leaf(uint32_t method, int32_t site, uint64_t count) {
  return kLeaf | site_bits(site) | count << kCallCountShift | uint64_t{1} << kLeafMarkBit |
         uint64_t{method} << kCallMethodShift;
}
constexpr bool is_leaf(uint64_t word) {
  return (word & kTagMask) == kLeaf && ((word >> kLeafMarkBit) & 1) != 0;
}
constexpr uint64_t leaf_count(uint64_t word) { return (word >> kCallCountShift) & kMaxLeafCount; }
// kCount, kAlloc or kOvercount with `value` (<= kMaxPayload).
constexpr uint64_t with_payload(Tag tag, uint64_t value) { return tag | value << kPayloadShift; }

// A chunk of a log: filled by its thread, then handed to the tree builder
// and given back empty.
struct Chunk {
  static constexpr size_t kWords = 8192;  // 64 KiB
  uint64_t words[kWords];
};
// Room kept past a cursor's end: once next < end, four words fit (compiled
// code writes a call run in place, up to four words, after one check).
constexpr size_t kGroupWords = 4;

// A full chunk (or a thread's last) waiting for the tree builder.
struct QueuedChunk {
  Chunk* chunk;
  size_t words;
};

// The thread's end of its log (the front of its ThreadTree), written by that
// thread only. An append needs next < end, where kGroupWords - 1 words of
// the chunk are still free; past it, the chunk goes to the builder and
// another is taken (TreeBuilder::hand_over). Before the first chunk, next
// == end == nullptr.
struct LogCursor {
  uint64_t* next = nullptr;
  uint64_t* end = nullptr;
  // Bytecodes counted since the last word (Frame::bytecode_counter of the
  // thread's counted frames points here).
  uint64_t pending = 0;
  Chunk* chunk = nullptr;
};
static_assert(offsetof(LogCursor, next) == 0 && offsetof(LogCursor, end) == 8 &&
                  offsetof(LogCursor, pending) == 16,
              "compiled code appends with this layout");

// Points `log` at the start of `chunk`.
inline void point_at(LogCursor& log, Chunk* chunk) {
  log.chunk = chunk;
  log.next = chunk->words;
  log.end = chunk->words + Chunk::kWords - (kGroupWords - 1);
}

// How far ahead of the next word an append asks for the log's line (in
// words: eight lines; four did as well interpreted, less well compiled).
// A chunk is reused long after it was replayed, so its lines come from
// the shared cache or memory, not from a core's own: asked for ahead,
// they are there when the words come (Rhino and Jython, interpreted and
// with the JIT: up to 3 % faster, never slower).
constexpr size_t kPrefetchWords = 64;

// Appends `word` at log.next, which must be below log.end. The cursor
// moves after the word is written (close() reads a running thread's cursor).
// (The line asked for may be past the chunk: a prefetch never faults.)
inline void put(LogCursor& log, uint64_t word) {
  __builtin_prefetch(log.next + kPrefetchWords, 1, 3);
  *log.next = word;
  std::atomic_ref<uint64_t*>(log.next).store(log.next + 1, std::memory_order_release);
}

}  // namespace minijvm::prof::call_log
