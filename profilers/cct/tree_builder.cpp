#include "profilers/cct/tree_builder.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <new>
#include <system_error>
#include <utility>

#include "profilers/cct/cct_tree.h"

namespace minijvm::prof {

namespace {

// Empty chunks kept for reuse, oldest first; more are freed. A chunk is
// reused once kPoolReady others were given back after it (4 MiB, more than
// a core's cache: its lines come back from the shared cache, not from the
// core that replayed it).
constexpr size_t kPoolReady = 64;
constexpr size_t kPoolLimit = 2 * kPoolReady;

// Where threads log once the builder is closed: a chunk no one reads, per
// thread, reused as often as it fills, and freed when the thread ends.
thread_local std::unique_ptr<call_log::Chunk> t_discard;

}  // namespace

TreeBuilder::TreeBuilder(Replay replay) : replay_(std::move(replay)) {}

TreeBuilder::~TreeBuilder() {
  if (thread_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    ready_cv_.notify_all();
    thread_.join();
  }
  for (call_log::Chunk* chunk : pool_) delete chunk;
  for (call_log::Chunk* chunk : retired_) delete chunk;
}

void TreeBuilder::start(bool threaded) {
  if (!threaded || thread_.joinable()) return;
  try {
    thread_ = std::thread([this] { run(); });
    threaded_ = true;
  } catch (const std::system_error&) {
    // No second thread: every thread replays its own log.
  }
}

call_log::Chunk* TreeBuilder::take_chunk() {
  // The chunk given back longest ago: its lines have left the cache of the
  // core that replayed it, and are taken back from the shared cache or
  // memory, not from that core (on a 2-core host, taking each line back
  // from the other core doubled the cost of compiled code's calls).
  if (pool_.size() < kPoolReady) return new call_log::Chunk;
  call_log::Chunk* chunk = pool_.front();
  pool_.pop_front();
  return chunk;
}

void TreeBuilder::give_back(call_log::Chunk* chunk) {
  if (pool_.size() < kPoolLimit) {
    pool_.push_back(chunk);
  } else {
    delete chunk;
  }
}

void TreeBuilder::replay_guarded(ThreadTree& tree, const uint64_t* begin, const uint64_t* end) {
  if (tree.out_of_memory) return;
  try {
    replay_(tree, begin, end);
  } catch (const std::bad_alloc&) {
    // The tree's nodes or its stack could not grow: what it holds stays
    // exact, and the profile says the rest is missing.
    tree.out_of_memory = true;
  }
}

void TreeBuilder::discard(call_log::LogCursor& log, bool take_new) {
  if (log.chunk != nullptr) retired_.push_back(log.chunk);  // close() may still read it
  log.chunk = nullptr;
  log.next = log.end = nullptr;
  if (take_new) {
    if (t_discard == nullptr) t_discard = std::make_unique<call_log::Chunk>();
    call_log::point_at(log, t_discard.get());
    log.chunk = nullptr;  // no one's to replay, nor to free
  }
}

void TreeBuilder::hand_over(ThreadTree& tree, bool take_new) {
  call_log::LogCursor& log = tree.log;
  call_log::Chunk* full = log.chunk;
  if (!threaded_) {
    // Replayed here and now, under the build lock that close() takes
    // before it reads the cursor: no word is replayed twice.
    std::lock_guard build(tree.build_mutex);
    {
      std::lock_guard lock(mutex_);
      if (closed_) return discard(log, take_new);
    }
    if (full != nullptr && log.next != full->words) {
      replay_guarded(tree, full->words, log.next);
      log.next = full->words;
    }
    if (take_new) {
      if (full == nullptr) {
        std::lock_guard lock(mutex_);
        call_log::point_at(log, take_chunk());
      }
      return;
    }
    std::lock_guard lock(mutex_);
    if (full != nullptr) give_back(full);
    log = {};
    return;
  }
  std::unique_lock lock(mutex_);
  if (closed_) return discard(log, take_new);
  const size_t words = full == nullptr ? 0 : static_cast<size_t>(log.next - full->words);
  if (words != 0) {
    tree.queued.push_back({full, words});
    ++queued_total_;
    if (!tree.ready) {
      tree.ready = true;
      ready_.push_back(&tree);
    }
    // The builder thread sleeps until a batch is queued: a wake-up per
    // chunk cost the program's thread a tenth of its time on a program
    // that fills a chunk every 50 us.
    if (idle_ && queued_total_ >= kWakeBatch) ready_cv_.notify_one();
  } else if (full != nullptr) {
    give_back(full);
  }
  if (take_new) {
    call_log::point_at(log, take_chunk());
  } else {
    log.chunk = nullptr;
    log.next = log.end = nullptr;
    tree.ended = true;  // its backlog is the builder's alone
    if (!tree.ready && !tree.queued.empty()) {
      tree.ready = true;
      ready_.push_back(&tree);
    }
  }
  // The threads ahead of the builder thread by kMaxBacklog chunks: this
  // one replays its own oldest chunks, until the threads' backlog is down
  // to kMaxBacklog or it has none left, while the builder is not replaying
  // one of them (the builder yields its core to the compiler's, run's
  // setpriority, and may stand still in the middle of a chunk; and where
  // the program's threads keep every core busy, they replay their own
  // logs); past kHardBacklog of its own it waits for the builder's chunk.
  while (!tree.queued.empty() && queued_total_ > kMaxBacklog && !closed_) {
    const bool hard = tree.queued.size() > kHardBacklog;
    lock.unlock();
    const auto start = std::chrono::steady_clock::now();
    if (hard) {
      tree.build_mutex.lock();  // (the lock order: build_mutex, then mutex_)
    } else if (!tree.build_mutex.try_lock()) {
      lock.lock();
      return;
    }
    const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    lock.lock();
    stats_.waited_for_room += waited;
    if (tree.queued.empty() || closed_) {
      tree.build_mutex.unlock();
      break;
    }
    call_log::QueuedChunk next = tree.queued.front();
    tree.queued.pop_front();
    --queued_total_;
    lock.unlock();
    replay_guarded(tree, next.chunk->words, next.chunk->words + next.words);
    tree.build_mutex.unlock();
    lock.lock();
    give_back(next.chunk);
    ++stats_.chunks_by_threads;
  }
}

void TreeBuilder::replay_queued(ThreadTree& tree, bool leave_excess) {
  for (;;) {
    std::lock_guard build(tree.build_mutex);
    call_log::QueuedChunk next;
    {
      std::lock_guard lock(mutex_);
      if (tree.queued.empty()) return;
      // The builder thread leaves one thread's backlog past kMaxBacklog to
      // that thread (hand_over), which replays it while the builder works
      // on others or has no core: the builder on it would make that thread
      // wait for the builder's turns, and for its core.
      if (leave_excess && tree.queued.size() > kMaxBacklog && !tree.ended) return;
      next = tree.queued.front();
      tree.queued.pop_front();
      --queued_total_;
    }
    replay_guarded(tree, next.chunk->words, next.chunk->words + next.words);
    std::lock_guard lock(mutex_);
    give_back(next.chunk);
    if (std::this_thread::get_id() == thread_.get_id()) {
      ++stats_.chunks_by_builder;
    } else {
      ++stats_.chunks_by_threads;
    }
  }
}

void TreeBuilder::run() {
  // Below the program's threads and the JIT's compiler thread when they
  // want the same core: the builder has only to keep up on average (the
  // backlog absorbs the rest), while the compiler's delay is time the
  // program runs interpreted.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
  for (;;) {
    ThreadTree* tree;
    {
      std::unique_lock lock(mutex_);
      if (ready_.empty()) {
        // A tree off the ready list may still hold chunks (those its
        // thread replays): the queued count alone does not wake it.
        idle_ = true;
        ready_cv_.wait(lock, [&] { return stop_ || (!ready_.empty() && queued_total_ >= kWakeBatch); });
        idle_ = false;
        if (ready_.empty()) return;  // stopped, and nothing is left
      }
      tree = ready_.front();
      ready_.pop_front();
      tree->ready = false;  // a chunk handed over from now on puts it back
    }
    replay_queued(*tree, true);
  }
}

void TreeBuilder::drain(ThreadTree& tree) {
  replay_queued(tree);
  call_log::LogCursor& log = tree.log;
  if (log.chunk == nullptr || log.next == log.chunk->words) return;
  std::lock_guard build(tree.build_mutex);
  replay_guarded(tree, log.chunk->words, log.next);
  log.next = log.chunk->words;
}

void TreeBuilder::close(std::deque<ThreadTree>& trees) {
  if (thread_.joinable()) {
    const auto start = std::chrono::steady_clock::now();
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    ready_cv_.notify_all();
    thread_.join();  // once everything queued is replayed
    std::lock_guard lock(mutex_);
    stats_.waited_at_close = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  for (ThreadTree& tree : trees) {
    replay_queued(tree);  // chunks a helping thread had left
    // The last chunk, as far as its thread had filled it when the build
    // lock was had (a thread still running goes on writing past that, into
    // words no one reads), then its pending bytecodes. The exiting
    // thread's own are exact.
    std::lock_guard build(tree.build_mutex);
    call_log::LogCursor& log = tree.log;
    call_log::Chunk* chunk = log.chunk;
    const uint64_t* next = std::atomic_ref<uint64_t*>(log.next).load(std::memory_order_acquire);
    if (chunk != nullptr && next > chunk->words && next <= chunk->words + call_log::Chunk::kWords)
      replay_guarded(tree, chunk->words, next);
    const uint64_t pending = std::atomic_ref<uint64_t>(log.pending).load(std::memory_order_relaxed);
    if (pending != 0) {
      const uint64_t word =
          call_log::with_payload(call_log::kCount, std::min(pending, call_log::kMaxPayload));
      replay_guarded(tree, &word, &word + 1);
    }
  }
}

TreeBuilder::Stats TreeBuilder::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace minijvm::prof
