// The tree builder of the exact profilers: it turns each thread's call log
// (call_log.h) into that thread's calling context tree. Threads hand it
// their log a chunk at a time; it replays the chunks in order, one tree at
// a time per thread of its own (the builder thread), so that on a machine
// with a core to spare the program runs on while its contexts are found
// and made. A thread whose log runs too far ahead of its tree (kMaxBacklog
// chunks) replays its own chunks while the builder is busy with other
// trees, and otherwise waits for it: the log's memory stays bounded and
// the tree is never more than that behind at exit.
//
// Inline (builder=inline, and whenever an agent reads the tree while the
// program runs): no builder thread; a thread replays each chunk itself as
// it fills, and drain() replays the rest at once.
//
// Replaying is the profiler's (Replay): it runs under the tree's build
// lock, on whichever thread replays. The result depends on the words alone,
// never on which thread replayed them or when.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "profilers/cct/call_log.h"

namespace minijvm::prof {

struct ThreadTree;

class TreeBuilder {
 public:
  using Replay = std::function<void(ThreadTree& tree, const uint64_t* begin, const uint64_t* end)>;
  // Chunks queued and not replayed yet, of all threads, past which a
  // thread replays one of its own at each hand-over (when the builder
  // thread is not replaying one); and chunks of one thread's log past which
  // it waits for the builder instead. The builder thread yields its core to
  // the JIT's compiler thread, and can fall that far behind during a burst
  // of compiles: Jython's small run waited 0.27 s with a hard backlog of 16
  // MiB, 0.05 s with 64 MiB. The bound is the threads' together: a program
  // of one busy thread (Rhino with the JIT) lets the builder catch up after
  // the compiles rather than replay 600 of its 21 000 chunks itself, as it
  // did at 256 chunks of its own; a program whose threads keep every core
  // busy (BenchThreads) builds its trees itself from the same total on, as
  // with 256 chunks each of its four threads.
  static constexpr size_t kMaxBacklog = 1024;  // 64 MiB
  static constexpr size_t kHardBacklog = 2048;
  // Chunks queued (of all threads) that wake the builder thread.
  static constexpr size_t kWakeBatch = 8;

  explicit TreeBuilder(Replay replay);
  ~TreeBuilder();
  TreeBuilder(const TreeBuilder&) = delete;
  TreeBuilder& operator=(const TreeBuilder&) = delete;

  bool threaded() const { return threaded_; }
  // Before the first chunk: the builder thread starts (threaded), or every
  // thread replays its own log (also when no thread could be had).
  void start(bool threaded);
  // The owning thread's chunk is full, or the thread ends (`take_new`
  // false): its words go to the tree (queued, or replayed at once inline),
  // and the cursor gets an empty chunk, or none. After close(), the words
  // are dropped and the cursor gets a chunk no one reads.
  void hand_over(ThreadTree& tree, bool take_new);
  // Replays everything `tree`'s thread logged so far, on the calling
  // thread, which must be that thread (an agent's report).
  void drain(ThreadTree& tree);
  // At exit: the builder thread replays what is queued and stops; then each
  // tree's last, partly filled chunk is replayed here (of a thread still
  // running, the words it had logged when this began), and from then on
  // nothing logged is kept. The trees are final when it returns.
  void close(std::deque<ThreadTree>& trees);

  // What the builder did, for -Xlog:profiler: chunks replayed (by the
  // builder thread, and by the program's threads), and the seconds the
  // program's threads waited for room, and close() for the builder.
  struct Stats {
    uint64_t chunks_by_builder = 0, chunks_by_threads = 0;
    double waited_for_room = 0, waited_at_close = 0;
  };
  Stats stats() const;

 private:
  void discard(call_log::LogCursor& log, bool take_new);  // under mutex_
  call_log::Chunk* take_chunk();                   // under mutex_
  void give_back(call_log::Chunk* chunk);          // under mutex_
  void replay_guarded(ThreadTree& tree, const uint64_t* begin, const uint64_t* end);
  // Replays `tree`'s queued chunks, one at a time, until none is left (or,
  // `leave_excess`, until its thread is to replay them: hand_over).
  void replay_queued(ThreadTree& tree, bool leave_excess = false);
  void run();

  const Replay replay_;
  bool threaded_ = false;
  mutable std::mutex mutex_;  // the queues, the ready list, the pool, closed_, stats_
  std::condition_variable ready_cv_;  // a tree has chunks queued, or stop
  std::deque<ThreadTree*> ready_;
  std::deque<call_log::Chunk*> pool_;
  // Last chunks handed over after close(), which close() may still be
  // reading: freed with the builder.
  std::vector<call_log::Chunk*> retired_;
  Stats stats_;      // under mutex_
  size_t queued_total_ = 0;  // chunks queued, of every tree
  bool idle_ = false;        // the builder thread waits for a batch
  bool stop_ = false;
  bool closed_ = false;
  std::thread thread_;
};

}  // namespace minijvm::prof
