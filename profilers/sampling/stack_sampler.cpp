#include "profilers/sampling/stack_sampler.h"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "profilers/sampling/incremental_trace.h"
#include "profilers/sampling/sampler.h"
#include "safepoint/safepoint.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/vm.h"

namespace minijvm::prof {

namespace {

enum class Kind { kSample, kPartial, kIncremental, kAsync };

struct StackOptions {
  Kind kind = Kind::kSample;
  int depth = 256;            // sample: frames kept, 0 for all
  bool running_only = false;  // sample: threads=running
  int threads = 1;            // partial, incremental: K
  bool waiting = false;       // partial, incremental
  bool verify = false;        // incremental
};

// A thread held at a poll (kStopped) was running: a safepoint or another
// sampler's pause holds it for a moment.
bool is_running(ThreadState s) {
  return s == ThreadState::kInJava || s == ThreadState::kInVm || s == ThreadState::kStopped;
}
bool is_waiting(ThreadState s) { return s == ThreadState::kBlocked || s == ThreadState::kInNative; }

struct StackThread : SamplerThread {
  bool pending = false;  // a tick waits for this thread's next poll (or instruction)
  std::vector<RawFrame> raw;
  std::vector<SampleTree::Step> path;
  // incremental: the traces, and with verify=on a full walk per trace
  std::optional<IncrementalTrace> trace;
  std::vector<std::vector<RawFrame>> walks;
  uint64_t full_walk_frames = 0;  // what a full walk at every sample would decode
  uint64_t waiting_samples = 0;   // taken while the thread waited or ran native code
  uint64_t glue_ticks = 0;        // ticks that found a hidden frame on top
  int64_t pause_sum = 0;          // partial: the thread's stops for its own samples
  int64_t pause_max = 0;
  uint64_t pauses = 0;
};

// Sums of a sampler's own measures (guarded by StackSampler::stats_lock_).
struct StackStats {
  uint64_t requests = 0;  // safepoints (sample) or partial safepoints
  int64_t tts_sum = 0;    // time to safepoint, ns
  int64_t tts_max = 0;
  int64_t pause_sum = 0;  // sample: time at the safepoint
  uint64_t truncated = 0;
  uint64_t stopped_unsampled = 0;
  uint64_t verify_mismatches = 0;
};

class StackSampler;
StackSampler* g_incremental = nullptr;  // the run's incremental sampler (one at most)

class StackSampler final : public Sampler {
 public:
  StackSampler(std::string mode, ClockOptions clock, StackOptions options, std::string out,
               std::string format)
      : Sampler(std::move(mode), clock, std::move(out), std::move(format)),
        options_(options),
        random_(clock.seed ^ 0x5a3b1e) {}

  bool samples_anywhere() const override { return options_.kind == Kind::kAsync; }

  // Incremental stack tracing: `frame` carries a barrier and is on top again.
  void returned_to(JavaThread* thread, Frame* frame) {
    auto* t = static_cast<StackThread*>(thread->profiler_data[thread_slot()]);
    if (t == nullptr || !t->trace) {
      frame->return_barrier = false;
      return;
    }
    t->trace->returned_to(frame);
  }

 protected:
  std::unique_ptr<SamplerThread> new_thread() override {
    auto t = std::make_unique<StackThread>();
    if (options_.kind == Kind::kIncremental) t->trace.emplace();
    return t;
  }

  uint32_t tick_bits() const override {
    return options_.kind == Kind::kAsync ? kPollAsync : kPollSample;
  }
  uint32_t poll_bits(const SamplerThread& t) const override {
    return static_cast<const StackThread&>(t).pending ? tick_bits() : 0;
  }

  void on_tick(JavaThread*, SamplerThread& base) override {
    auto& t = static_cast<StackThread&>(base);
    if (t.pending) {
      ++t.ticks_coalesced;
      return;
    }
    t.pending = true;
    open_tick(t);
  }

  void on_poll(JavaThread* thread, SamplerThread& base, PollKind kind) override {
    auto& t = static_cast<StackThread&>(base);
    // async takes its tick at the instruction it lands on; the others at a poll.
    if (!t.pending || (kind == PollKind::kAnywhere) != (options_.kind == Kind::kAsync)) return;
    t.pending = false;
    if (options_.kind == Kind::kSample) {
      global_sample(thread);  // the bytecode clock: this thread's tick samples every thread
    } else if (on_bytecode_clock() || options_.kind == Kind::kAsync) {
      take(thread, t, false);
    } else {
      take_ticket(thread, t);
    }
  }

  void deliver_wall_tick(int64_t now_ns) override {
    switch (options_.kind) {
      case Kind::kSample:
        global_sample(nullptr);
        break;
      case Kind::kPartial:
      case Kind::kIncremental:
        partial_request(now_ns);
        break;
      case Kind::kAsync:
        Sampler::deliver_wall_tick(now_ns);
        break;
    }
  }

  void retrieve() override;
  void add_stats(Stats& stats) const override;
  std::string summary_extra(const Stats& s) const override {
    char text[200] = "";
    if (options_.kind == Kind::kSample) {
      std::snprintf(text, sizeof text, "; %lld safepoints, time to safepoint mean %.0f max %lld ns",
                    static_cast<long long>(stat_number(s, "safepoints")),
                    stat_number(s, "time_to_safepoint_mean_ns"),
                    static_cast<long long>(stat_number(s, "time_to_safepoint_max_ns")));
    } else if (options_.kind != Kind::kAsync && !on_bytecode_clock()) {
      std::snprintf(text, sizeof text,
                    "; %lld partial safepoints, time to safepoint mean %.0f ns, pause mean %.0f ns, "
                    "%lld stopped unsampled",
                    static_cast<long long>(stat_number(s, "partial_safepoints")),
                    stat_number(s, "time_to_safepoint_mean_ns"), stat_number(s, "pause_mean_ns"),
                    static_cast<long long>(stat_number(s, "stopped_unsampled")));
    }
    std::string extra = text;
    if (options_.kind == Kind::kIncremental) {
      extra += "; frames decoded " + std::to_string(static_cast<long long>(stat_number(s, "frames_decoded"))) +
               " (a full walk per sample: " +
               std::to_string(static_cast<long long>(stat_number(s, "frames_full_walk"))) + ")";
      if (options_.verify)
        extra += ", verify: " + std::to_string(static_cast<long long>(stat_number(s, "verify_mismatches"))) +
                 " mismatches";
    }
    return extra;
  }
  void add_thread_stats(const SamplerThread& base, Stats& stats) const override {
    const auto& t = static_cast<const StackThread&>(base);
    stats.emplace_back("glue_ticks", static_cast<int64_t>(t.glue_ticks));
    if (options_.waiting) stats.emplace_back("samples_waiting", static_cast<int64_t>(t.waiting_samples));
    if (options_.kind == Kind::kPartial || options_.kind == Kind::kIncremental) {
      stats.emplace_back("pause_mean_ns", t.pauses ? static_cast<double>(t.pause_sum) / static_cast<double>(t.pauses) : 0.0);
      stats.emplace_back("pause_max_ns", t.pause_max);
    }
    if (options_.kind == Kind::kIncremental) {
      stats.emplace_back("frames_decoded", static_cast<int64_t>(t.trace ? t.trace->frames_decoded() : 0));
      stats.emplace_back("frames_full_walk", static_cast<int64_t>(t.full_walk_frames));
    }
  }

 private:
  // One sample of `thread` (the current thread, or one that is stopped),
  // into its own state `t`.
  void take(JavaThread* thread, StackThread& t, bool waiting) {
    int64_t began = monotonic_ns();
    Frame* top = thread->top_frame();
    if (top == nullptr) return;
    // A tick in a hidden frame (a lambda proxy's or LambdaForm's glue) is
    // no sample: the exact profile does not count those instructions either.
    if (top->method->is_hidden) {
      std::lock_guard lock(t.lock);
      ++t.glue_ticks;
      close_tick(thread, t);
      return;
    }
    if (waiting) ++t.waiting_samples;
    if (options_.kind == Kind::kIncremental) {
      uint64_t depth = 0;
      for (Frame* f = top; f != nullptr; f = f->caller) ++depth;
      std::lock_guard lock(t.lock);
      t.trace->sample(top);
      t.full_walk_frames += depth;
      if (options_.verify) {
        raw_frames(thread, &t.raw);
        t.walks.push_back(t.raw);
      }
      ++t.samples;  // in the tree at retrieve, when the trace is complete
      close_tick(thread, t);
      t.sampler_ns += monotonic_ns() - began;
      return;
    }
    raw_frames(thread, &t.raw);
    bool truncated = path_of(t.raw, &t.path, options_.kind == Kind::kSample ? options_.depth : 0);
    if (truncated) {
      std::lock_guard lock(stats_lock_);
      ++stats_.truncated;
    }
    record(thread, t, t.path, began);
  }

  // sample: a global safepoint, then every thread's stack (threads=running:
  // those that ran Java code when the safepoint was asked for).
  void global_sample(JavaThread* requester) {
    std::vector<int64_t> running;
    if (options_.running_only) {
      std::lock_guard lock(vm().threads_mutex);
      for (JavaThread* t : vm().threads)
        if (t == requester || is_running(t->state.load(std::memory_order_relaxed)))
          running.push_back(t->id);
    }
    safepoint::GlobalSafepoint safepoint("ProfileSample");
    int64_t reached = monotonic_ns();
    {
      std::lock_guard lock(vm().threads_mutex);
      for (JavaThread* t : vm().threads) {
        if (options_.running_only && std::find(running.begin(), running.end(), t->id) == running.end())
          continue;
        ThreadState state = t->state.load(std::memory_order_relaxed);
        if (state == ThreadState::kNew || state == ThreadState::kTerminated) continue;
        auto* st = static_cast<StackThread*>(thread_state(t));
        if (st == nullptr) continue;
        take(t, *st, false);
      }
    }
    std::lock_guard lock(stats_lock_);
    ++stats_.requests;
    stats_.tts_sum += safepoint.time_to_safepoint_ns();
    stats_.tts_max = std::max(stats_.tts_max, safepoint.time_to_safepoint_ns());
    stats_.pause_sum += monotonic_ns() - reached;
  }

  // partial, incremental on the wall and CPU clocks: a partial safepoint
  // that K runnable threads enter, each sampling itself (take_ticket); with
  // waiting=on, the waiting threads' share sampled here.
  void partial_request(int64_t now_ns);
  void take_ticket(JavaThread* thread, StackThread& t);
  // Ends the partial safepoint: threads that have not come yet lose their
  // tick and do not stop (request_lock_ held).
  void close_request() {
    open_ = false;
    closed_ns_ = monotonic_ns();
    uint32_t bit = 1u << thread_slot();
    std::lock_guard threads(vm().threads_mutex);
    for (JavaThread* t : vm().threads) t->sample_ticks.fetch_and(~bit, std::memory_order_relaxed);
  }

  StackOptions options_;
  mutable std::mutex stats_lock_;
  StackStats stats_;
  SplitMix64 random_;  // which waiting threads are sampled (clock thread only)
  // The partial safepoint in progress (guarded by request_lock_).
  std::mutex request_lock_;
  std::condition_variable request_cv_;
  uint64_t epoch_ = 0;
  bool open_ = false;
  int wanted_ = 0;     // tickets that sample
  int tickets_ = 0;    // taken
  int handed_in_ = 0;  // traces in
  uint64_t released_ = 0;  // the last request whose sampled threads may go on
  int64_t closed_ns_ = 0;  // when the request in progress ended
};

void StackSampler::partial_request(int64_t now_ns) {
  std::vector<JavaThread*> waiting;
  uint64_t epoch;
  bool requested;
  {
    std::lock_guard request(request_lock_);
    std::lock_guard threads(vm().threads_mutex);
    std::vector<JavaThread*> runnable;
    for (JavaThread* t : vm().threads) {
      if (is_startup_thread(t)) continue;
      ThreadState s = t->state.load(std::memory_order_relaxed);
      if (is_running(s)) runnable.push_back(t);
      else if (is_waiting(s)) waiting.push_back(t);
    }
    int k = options_.threads;
    int r = static_cast<int>(runnable.size()), w = static_cast<int>(waiting.size());
    int k_wait = 0;
    if (options_.waiting && r + w > 0) {
      // §3.1: the K samples in proportion, runnable to waiting.
      k_wait = std::min(w, static_cast<int>((static_cast<int64_t>(k) * w + (r + w) / 2) / (r + w)));
    }
    int k_run = std::min(r, k - k_wait);
    // Which waiting threads: chosen at random, the first k_wait of a shuffle.
    for (int i = 0; i < k_wait; ++i)
      std::swap(waiting[static_cast<size_t>(i)],
                waiting[static_cast<size_t>(i) + random_.below(waiting.size() - static_cast<size_t>(i))]);
    waiting.resize(static_cast<size_t>(k_wait));
    epoch = ++epoch_;
    requested = open_ = k_run > 0;
    wanted_ = k_run;
    tickets_ = handed_in_ = 0;
    if (open_)
      for (JavaThread* t : runnable) post_tick(t, now_ns);
  }
  // The waiting threads' samples, taken here while each is held stopped
  // (a handshake: the request lock is not held, the thread may come to a
  // poll meanwhile and take the sample itself).
  for (JavaThread* w : waiting) {
    safepoint::handshake(
        w,
        [this](JavaThread* t) {
          if (auto* st = static_cast<StackThread*>(thread_state(t))) take(t, *st, true);
        },
        "ProfileSample");
  }
  std::unique_lock request(request_lock_);
  if (requested) {
    uint32_t bit = 1u << thread_slot();
    while (open_ && tickets_ < wanted_) {
      request_cv_.wait_for(request, std::chrono::milliseconds(1));
      // Threads that blocked or ended before their poll cannot come: the
      // request waits for those that still can (§3).
      int can_come = 0;
      std::lock_guard threads(vm().threads_mutex);
      for (JavaThread* t : vm().threads)
        if ((t->sample_ticks.load(std::memory_order_relaxed) & bit) != 0 &&
            is_running(t->state.load(std::memory_order_relaxed)))
          ++can_come;
      wanted_ = std::min(wanted_, tickets_ + can_come);
    }
    if (open_) close_request();  // fewer than K could come
    int64_t tts = closed_ns_ - now_ns;
    request_cv_.wait(request, [&] { return handed_in_ >= wanted_; });
    std::lock_guard lock(stats_lock_);
    ++stats_.requests;
    stats_.tts_sum += tts;
    stats_.tts_max = std::max(stats_.tts_max, tts);
  }
  released_ = epoch;
  request_cv_.notify_all();
}

void StackSampler::take_ticket(JavaThread* thread, StackThread& t) {
  std::unique_lock request(request_lock_);
  if (!open_ || tickets_ >= wanted_) {
    std::lock_guard lock(stats_lock_);
    ++stats_.stopped_unsampled;
    return;
  }
  uint64_t epoch = epoch_;
  if (++tickets_ == wanted_) {
    close_request();  // §4: the last thread to be sampled ends the safepoint
    request_cv_.notify_all();
  }
  request.unlock();
  int64_t stopped = monotonic_ns();
  take(thread, t, false);  // self-sampling: the thread walks its own stack
  request.lock();
  // The last trace in resumes the sampled threads at once, rather than
  // waiting for the clock thread to be scheduled to do it.
  if (++handed_in_ >= wanted_ && !open_) released_ = epoch;
  request_cv_.notify_all();
  // The sampled threads go on together, when every trace is in (§4). A
  // fiber of the deterministic scheduler cannot wait for others here.
  if (!sched::deterministic()) {
    request.unlock();
    ThreadState saved = thread->transition(ThreadState::kStopped);
    request.lock();
    request_cv_.wait(request, [&] { return released_ >= epoch; });
    request.unlock();
    thread->transition(saved);
  }
  int64_t pause = monotonic_ns() - stopped;
  t.pause_sum += pause;
  t.pause_max = std::max(t.pause_max, pause);
  ++t.pauses;
}

void StackSampler::retrieve() {
  if (options_.kind != Kind::kIncremental) return;
  // §5.3 retrieve: the skeletons still open stand for live frames of
  // threads that are still running; they are completed at a safepoint.
  safepoint::GlobalSafepoint safepoint("ProfileRetrieve");
  std::lock_guard threads(threads_lock());
  std::vector<RawFrame> chain;
  for (const auto& base : all_threads()) {
    auto& t = static_cast<StackThread&>(*base);
    if (!t.trace) continue;
    std::lock_guard lock(t.lock);
    t.trace->complete();
    const auto& traces = t.trace->traces();
    for (size_t i = 0; i < traces.size(); ++i) {
      chain.clear();
      for (const IncrementalTrace::Object* o = traces[i]; o != nullptr; o = o->parent)
        chain.push_back({const_cast<Method*>(o->method), o->bci});
      if (options_.verify && i < t.walks.size()) {
        const std::vector<RawFrame>& walk = t.walks[i];
        bool same = walk.size() == chain.size() &&
                    std::equal(walk.begin(), walk.end(), chain.begin(), [](const RawFrame& a, const RawFrame& b) {
                      return a.method == b.method && a.bci == b.bci;
                    });
        if (!same) {
          std::lock_guard s(stats_lock_);
          if (++stats_.verify_mismatches <= 10) {
            std::fprintf(stderr,
                         "minijvm: incremental: verify: trace %zu of thread \"%s\" is %zu frames, a "
                         "full walk %zu, and they differ\n",
                         i, t.name.c_str(), chain.size(), walk.size());
          }
        }
      }
      path_of(chain, &t.path);
      t.tree.add(t.path);
    }
  }
}

void StackSampler::add_stats(Stats& stats) const {
  std::lock_guard lock(stats_lock_);
  stats.emplace_back("estimates", std::string("bytecodes"));
  uint64_t glue = 0;
  for (const auto& base : all_threads()) glue += static_cast<const StackThread&>(*base).glue_ticks;
  stats.emplace_back("glue_ticks", static_cast<int64_t>(glue));
  auto mean = [](int64_t sum, uint64_t n) { return n ? static_cast<double>(sum) / static_cast<double>(n) : 0.0; };
  switch (options_.kind) {
    case Kind::kSample:
      stats.emplace_back("depth", static_cast<int64_t>(options_.depth));
      stats.emplace_back("threads", std::string(options_.running_only ? "running" : "all"));
      stats.emplace_back("safepoints", static_cast<int64_t>(stats_.requests));
      stats.emplace_back("time_to_safepoint_mean_ns", mean(stats_.tts_sum, stats_.requests));
      stats.emplace_back("time_to_safepoint_max_ns", stats_.tts_max);
      stats.emplace_back("pause_total_ns", stats_.pause_sum);
      stats.emplace_back("truncated", static_cast<int64_t>(stats_.truncated));
      break;
    case Kind::kPartial:
    case Kind::kIncremental: {
      stats.emplace_back("threads", static_cast<int64_t>(options_.threads));
      stats.emplace_back("waiting", std::string(options_.waiting ? "on" : "off"));
      stats.emplace_back("partial_safepoints", static_cast<int64_t>(stats_.requests));
      stats.emplace_back("time_to_safepoint_mean_ns", mean(stats_.tts_sum, stats_.requests));
      stats.emplace_back("time_to_safepoint_max_ns", stats_.tts_max);
      stats.emplace_back("stopped_unsampled", static_cast<int64_t>(stats_.stopped_unsampled));
      int64_t pause_sum = 0, pause_max = 0;
      uint64_t pauses = 0, waiting = 0, decoded = 0, full = 0;
      for (const auto& base : all_threads()) {
        const auto& t = static_cast<const StackThread&>(*base);
        pause_sum += t.pause_sum;
        pause_max = std::max(pause_max, t.pause_max);
        pauses += t.pauses;
        waiting += t.waiting_samples;
        if (t.trace) decoded += t.trace->frames_decoded();
        full += t.full_walk_frames;
      }
      stats.emplace_back("pause_mean_ns", mean(pause_sum, pauses));
      stats.emplace_back("pause_max_ns", pause_max);
      stats.emplace_back("samples_waiting", static_cast<int64_t>(waiting));
      if (options_.kind == Kind::kIncremental) {
        stats.emplace_back("verify", std::string(options_.verify ? "on" : "off"));
        stats.emplace_back("verify_mismatches", static_cast<int64_t>(stats_.verify_mismatches));
        stats.emplace_back("frames_decoded", static_cast<int64_t>(decoded));
        stats.emplace_back("frames_full_walk", static_cast<int64_t>(full));
      }
      break;
    }
    case Kind::kAsync:
      break;
  }
}

void on_return_barrier(JavaThread* thread, Frame* frame) {
  if (g_incremental != nullptr)
    g_incremental->returned_to(thread, frame);
  else
    frame->return_barrier = false;
}

std::optional<int> count(const std::string& text, int least) {
  int v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < least)
    return std::nullopt;
  return v;
}

}  // namespace

Result<std::unique_ptr<Profiler>> create_stack_sampler(const ProfilerSpec& spec) {
  StackOptions options;
  options.kind = spec.mode == "sample"        ? Kind::kSample
                 : spec.mode == "partial"     ? Kind::kPartial
                 : spec.mode == "incremental" ? Kind::kIncremental
                                              : Kind::kAsync;
  options.threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  bool partial = options.kind == Kind::kPartial || options.kind == Kind::kIncremental;
  CommonOptions common(spec);
  auto fail = [&](const std::string& why) {
    return make_error("", "-profile=" + spec.text + ": " + why);
  };
  for (const auto& [key, value] : spec.options) {
    std::string error;
    if (common.take(key, value, &error)) {
      if (!error.empty()) return fail(error);
    } else if (options.kind == Kind::kSample && key == "depth") {
      auto n = count(value, 0);
      if (!n) return fail("depth=" + value + ": a number of frames (0: unlimited)");
      options.depth = *n;
    } else if (options.kind == Kind::kSample && key == "threads" &&
               (value == "all" || value == "running")) {
      options.running_only = value == "running";
    } else if (partial && key == "threads") {
      auto n = count(value, 1);
      if (!n) return fail("threads=" + value + ": a positive number of threads");
      options.threads = *n;
    } else if (partial && key == "waiting" && (value == "on" || value == "off")) {
      options.waiting = value == "on";
    } else if (options.kind == Kind::kIncremental && key == "verify" &&
               (value == "on" || value == "off")) {
      options.verify = value == "on";
    } else {
      std::string keys = options.kind == Kind::kSample ? ", depth=N, threads=all|running"
                         : options.kind == Kind::kPartial ? ", threads=K, waiting=on|off"
                         : options.kind == Kind::kIncremental
                             ? ", threads=K, waiting=on|off, verify=on|off"
                             : "";
      return fail("unknown option '" + key + "=" + value + "' for " + spec.mode +
                  " (out=PATH, format=json|text|collapsed|html|pprof, interval=10ms|N, "
                  "clock=wall|cpu|bytecodes, jitter=on|off, seed=N" + keys + ")");
    }
  }
  Result<ClockOptions> clock_options = common.clock.finish();
  if (!clock_options.ok()) return fail(clock_options.error().message);
  if (options.kind == Kind::kIncremental && g_incremental != nullptr)
    return fail("one incremental sampler per run");
  auto sampler = std::make_unique<StackSampler>(spec.mode, *clock_options, options,
                                                std::move(common.out), std::move(common.format));
  if (options.kind == Kind::kIncremental) {
    g_incremental = sampler.get();
    set_return_barrier_hook(&on_return_barrier);
  }
  return std::unique_ptr<Profiler>(std::move(sampler));
}

}  // namespace minijvm::prof
