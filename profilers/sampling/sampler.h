// What every sampler shares: the clock (clock.h), the ticks delivered to
// threads, each thread's tree of samples, the statistics, and the profile
// (metric "samples", a "stats" object). A sampler decides what a tick
// means and when a poll takes a sample (CallSampler: the next method entry;
// the stack samplers: the next poll).
//
// Ticks reach a thread as a bit in JavaThread::sample_ticks and a poll bit
// (kPollEntry or kPollSample): the wall and CPU clocks' VM thread sets them,
// the bytecode clock sets them on the thread itself. The thread takes them
// at its next armed poll (profilers/session.cpp sampling_poll), on its own
// stack: everything of a thread's state here is written by that thread,
// under its lock only where the profile writer may read it.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "profilers/profiler.h"
#include "profilers/sampling/clock.h"

namespace minijvm::prof {

// The calling contexts of one thread's samples: a node per (method, call
// site in the parent), as the exact CCT has them, with a sample count.
class SampleTree {
 public:
  struct Node {
    Method* method = nullptr;  // nullptr at the root
    int32_t site = -1;
    Node* first_child = nullptr;  // newest first
    Node* next_sibling = nullptr;
    uint64_t samples = 0;
  };
  // One frame of a sampled path: the method, and its call site (bci) in the
  // frame below, -1 at the path's start or under a native frame.
  struct Step {
    Method* method;
    int32_t site;
  };
  // Adds one sample to the context `path` (root's child first).
  void add(const std::vector<Step>& path);
  const Node& root() const { return root_; }

 private:
  Node root_;
  std::deque<Node> nodes_;  // stable addresses
};

// A stack frame as a sample sees it: its method and current bci (-1 in a
// native frame).
struct RawFrame {
  Method* method;
  int32_t bci;
};

// The context of a stack given top frame first: its visible frames, bottom
// first, each with its call site, as the exact CCT has it. Hidden frames
// (lambda proxies, LambdaForms) are transparent: a frame above one has the
// visible caller's bci as its site. `max_depth` > 0 keeps the top frames
// only (the trace is truncated); returns whether it was.
bool path_of(const std::vector<RawFrame>& top_first, std::vector<SampleTree::Step>* path,
             int max_depth = 0);
// The raw frames of `thread`'s stack, top first (it is the caller or stopped).
void raw_frames(JavaThread* thread, std::vector<RawFrame>* frames);
// path_of(raw_frames(thread)).
bool visible_path(JavaThread* thread, std::vector<SampleTree::Step>* path, int max_depth = 0);

// The options every sampler takes: the clock's (clock.h), out= and format=.
struct CommonOptions {
  explicit CommonOptions(const ProfilerSpec& spec) : out("minijvm-" + spec.mode + ".json") {}
  // Takes `key=value` if it is a common option: returns true (and sets
  // *error on a bad value), or false for a key that is not one.
  bool take(const std::string& key, const std::string& value, std::string* error);
  ClockOptionParser clock;
  std::string out;
  std::string format;
};

// One thread's sampling state; samplers extend it with their own.
struct SamplerThread {
  virtual ~SamplerThread() = default;
  std::string name;
  int64_t id = -1;
  bool excluded = false;  // a start-up thread (profiler.h is_startup_thread)
  std::optional<TickSchedule> schedule;  // the bytecode clock's deadlines
  // The tick being delivered (when it came, in the clock's unit), and the
  // one being served, for the latency from tick to sample.
  uint64_t tick_came = 0;
  bool tick_open = false;
  uint64_t tick_at = 0;
  // Statistics.
  uint64_t ticks = 0;
  uint64_t ticks_coalesced = 0;  // came while the previous one was still served
  uint64_t samples = 0;
  uint64_t latency_sum = 0;
  uint64_t latency_max = 0;
  uint64_t latency_count = 0;
  int64_t sampler_ns = 0;  // time spent taking this thread's samples
  // Guards `tree` and the statistics against the profile writer.
  std::mutex lock;
  SampleTree tree;
};

class Sampler : public Profiler {
 public:
  Sampler(std::string mode, ClockOptions clock, std::string out, std::string format)
      : mode_(std::move(mode)), clock_(clock), out_(std::move(out)), format_(std::move(format)) {}

  std::string_view mode() const override { return mode_; }
  // Samplers need no per-event hook: the counting loop runs for them only
  // on the bytecode clock (profilers/hooks.h counting()).
  uint32_t events() const override { return 0; }
  void method_entry(JavaThread*, Frame*) override {}
  void method_exit(JavaThread*, Frame*, bool) override {}
  void bytecodes(JavaThread*, Frame*, uint64_t) override {}
  void allocation(JavaThread*, Frame*, Klass*, uint64_t) override {}
  Sampler* as_sampler() override { return this; }
  const std::string& out_path() const override { return out_; }
  const std::string& format() const override { return format_; }
  std::string summary_note(const ProfileSummary& summary) const override;
  Profile snapshot() override;

  const ClockOptions& clock() const { return clock_; }
  // Whether ticks are taken at any instruction (async): the interpreter's
  // async loop must run.
  virtual bool samples_anywhere() const { return false; }
  bool on_bytecode_clock() const { return clock_.clock == Clock::kBytecodes; }
  // Recording begins: the wall and CPU clocks start their thread.
  void start();
  void stop();

  // The bytecode clock, on `thread` at a method entry: runs the ticks that
  // are due; returns the count at which the next one is.
  uint64_t clock_due(JavaThread* thread);
  // At an armed poll of `thread`: `ticked` if a tick of this sampler is
  // pending. Returns the poll bits the sampler wants set now.
  uint32_t at_poll(JavaThread* thread, bool ticked, PollKind kind);

 protected:
  // A tick for `t` (on its thread). The base counts it.
  virtual void on_tick(JavaThread* thread, SamplerThread& t) = 0;
  // An armed poll of `thread` (its top frame synced).
  virtual void on_poll(JavaThread* thread, SamplerThread& t, PollKind kind) = 0;
  // The poll bits the thread's state asks for (kPollEntry, kPollSample or 0).
  virtual uint32_t poll_bits(const SamplerThread& t) const = 0;
  // The poll bit a tick sets: the polls at which a tick can be served.
  virtual uint32_t tick_bits() const = 0;
  virtual std::unique_ptr<SamplerThread> new_thread() { return std::make_unique<SamplerThread>(); }
  // The sampler's settings and totals for "stats", after the common ones.
  virtual void add_stats(Stats& stats) const = 0;
  // The end of the summary line: the sampler's own measures, or "".
  virtual std::string summary_extra(const Stats&) const { return ""; }
  // More statistics of one thread (under its lock).
  virtual void add_thread_stats(const SamplerThread&, Stats&) const {}
  // Before the profile is built: samples still in the making are completed
  // (incremental stack tracing's retrieve).
  virtual void retrieve() {}

  // This thread's state (created at its first tick), or nullptr if it is
  // not sampled.
  SamplerThread* thread_state(JavaThread* thread);
  // The tick being delivered is served from now on: its latency ends at
  // the next sample.
  static void open_tick(SamplerThread& t) {
    t.tick_open = true;
    t.tick_at = t.tick_came;
  }
  // The tick being served has its sample: its latency ends now (t.lock held).
  void close_tick(JavaThread* thread, SamplerThread& t) const;
  // Records one sample of `path` on `t`, closing an open tick's latency.
  void record(JavaThread* thread, SamplerThread& t, const std::vector<SampleTree::Step>& path,
              int64_t began_ns);
  // The thread's position on the sampler's clock.
  uint64_t clock_now(JavaThread* thread) const;

 protected:
  // The wall and CPU clocks' tick, on the clock thread: by default a tick
  // bit for each thread that is due (see sampler.cpp).
  virtual void deliver_wall_tick(int64_t now_ns);
  // Delivers a tick to `thread` from the clock thread.
  void post_tick(JavaThread* thread, int64_t now_ns);
  std::mutex& threads_lock() { return threads_lock_; }
  const std::deque<std::unique_ptr<SamplerThread>>& all_threads() const { return threads_; }

 private:
  std::string mode_;
  ClockOptions clock_;
  std::string out_;
  std::string format_;
  std::optional<TickThread> tick_thread_;
  std::mutex threads_lock_;
  std::deque<std::unique_ptr<SamplerThread>> threads_;  // in order of first tick
  // The CPU clock: each thread's CPU time at its last tick.
  std::vector<std::pair<JavaThread*, int64_t>> cpu_marks_;
};

}  // namespace minijvm::prof
