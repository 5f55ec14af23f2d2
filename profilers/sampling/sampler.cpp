#include "profilers/sampling/sampler.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "profilers/method_table.h"
#include "safepoint/stack_walk.h"
#include "vm/runtime/vm.h"

namespace minijvm::prof {

// --- SampleTree -----------------------------------------------------------------

void SampleTree::add(const std::vector<Step>& path) {
  Node* node = &root_;
  for (const Step& step : path) {
    Node* child = node->first_child;
    while (child != nullptr && (child->method != step.method || child->site != step.site))
      child = child->next_sibling;
    if (child == nullptr) {
      child = &nodes_.emplace_back();
      child->method = step.method;
      child->site = step.site;
      child->next_sibling = node->first_child;
      node->first_child = child;
    }
    node = child;
  }
  ++node->samples;
}

bool path_of(const std::vector<RawFrame>& top_first, std::vector<SampleTree::Step>* path,
             int max_depth) {
  path->clear();
  for (const RawFrame& f : top_first) {
    if (f.method->is_hidden) continue;
    // This visible frame is the caller of the one last added.
    if (!path->empty()) path->back().site = f.bci;
    path->push_back({f.method, -1});
  }
  bool truncated = max_depth > 0 && path->size() > static_cast<size_t>(max_depth);
  if (truncated) {
    path->resize(static_cast<size_t>(max_depth));
    path->back().site = -1;
  }
  std::reverse(path->begin(), path->end());
  return truncated;
}

void raw_frames(JavaThread* thread, std::vector<RawFrame>* frames) {
  frames->clear();
  for (Frame* f = thread->top_frame(); f != nullptr; f = f->caller)
    frames->push_back({f->method, f->pc != nullptr ? static_cast<int32_t>(f->bci()) : -1});
}

bool visible_path(JavaThread* thread, std::vector<SampleTree::Step>* path, int max_depth) {
  thread_local std::vector<RawFrame> frames;
  raw_frames(thread, &frames);
  return path_of(frames, path, max_depth);
}

// --- CommonOptions -------------------------------------------------------------

bool CommonOptions::take(const std::string& key, const std::string& value, std::string* error) {
  if (clock.take(key, value, error)) return true;
  if (key == "out") {
    out = value;
  } else if (key == "format") {
    format = value;
  } else {
    return false;
  }
  return true;
}

// --- Sampler --------------------------------------------------------------------

SamplerThread* Sampler::thread_state(JavaThread* thread) {
  auto*& slot = reinterpret_cast<SamplerThread*&>(thread->profiler_data[thread_slot()]);
  if (slot == nullptr) {
    std::unique_ptr<SamplerThread> t = new_thread();
    t->name = thread->name;
    t->id = thread->id;
    t->excluded = is_startup_thread(thread);
    slot = t.get();
    std::lock_guard lock(threads_lock_);
    threads_.push_back(std::move(t));
  }
  return slot->excluded ? nullptr : slot;
}

uint64_t Sampler::clock_now(JavaThread* thread) const {
  if (on_bytecode_clock()) return std::max(thread->bytecodes, thread->bytecodes_at_poll);
  return static_cast<uint64_t>(monotonic_ns());
}

uint64_t Sampler::clock_due(JavaThread* thread) {
  SamplerThread* t = thread_state(thread);
  if (t == nullptr) return std::numeric_limits<uint64_t>::max();
  uint64_t now = clock_now(thread);
  if (!t->schedule) {
    // The thread's clock starts now: at its first entry once recording began.
    t->schedule.emplace(clock_, now, static_cast<uint64_t>(thread->id));
    return t->schedule->due();
  }
  while (now >= t->schedule->due()) {
    t->tick_came = t->schedule->due();
    {
      std::lock_guard lock(t->lock);  // the statistics, against the profile writer
      ++t->ticks;
      on_tick(thread, *t);
    }
    t->schedule->advance();
  }
  uint32_t bits = poll_bits(*t);
  if (bits != 0) thread->poll_word.fetch_or(bits, std::memory_order_relaxed);
  return t->schedule->due();
}

uint32_t Sampler::at_poll(JavaThread* thread, bool ticked, PollKind kind) {
  SamplerThread* t = thread_state(thread);
  if (t == nullptr) return 0;
  if (ticked) {
    t->tick_came = static_cast<uint64_t>(
        thread->sample_tick_ns[thread_slot()].load(std::memory_order_relaxed));
    std::lock_guard lock(t->lock);  // the statistics, against the profile writer
    ++t->ticks;
    on_tick(thread, *t);
  }
  on_poll(thread, *t, kind);
  return poll_bits(*t);
}

void Sampler::close_tick(JavaThread* thread, SamplerThread& t) const {
  if (!t.tick_open) return;
  uint64_t now = clock_now(thread);
  uint64_t latency = now > t.tick_at ? now - t.tick_at : 0;
  t.latency_sum += latency;
  t.latency_max = std::max(t.latency_max, latency);
  ++t.latency_count;
  t.tick_open = false;
}

void Sampler::record(JavaThread* thread, SamplerThread& t,
                     const std::vector<SampleTree::Step>& path, int64_t began_ns) {
  std::lock_guard lock(t.lock);
  t.tree.add(path);
  ++t.samples;
  close_tick(thread, t);
  t.sampler_ns += monotonic_ns() - began_ns;
}

void Sampler::start() {
  if (on_bytecode_clock()) return;
  tick_thread_.emplace(clock_, [this](int64_t now_ns) { deliver_wall_tick(now_ns); });
}

void Sampler::stop() {
  if (tick_thread_) tick_thread_->stop();
}

// The wall clock ticks every thread that runs Java code (a thread blocked or
// in native is not running, as Jikes RVM's timer only interrupts running
// threads); the CPU clock ticks those whose CPU time grew by an interval.
void Sampler::deliver_wall_tick(int64_t now_ns) {
  std::lock_guard lock(vm().threads_mutex);
  std::vector<std::pair<JavaThread*, int64_t>> marks;
  for (JavaThread* thread : vm().threads) {
    if (clock_.clock == Clock::kCpu) {
      int64_t cpu = thread_cpu_ns(thread->os_thread.load(std::memory_order_relaxed));
      if (cpu < 0) continue;
      auto it = std::find_if(cpu_marks_.begin(), cpu_marks_.end(),
                             [&](const auto& m) { return m.first == thread; });
      // A thread seen first, or a new one in a dead one's memory (its CPU
      // time is below the mark): its CPU clock starts now.
      int64_t mark = it == cpu_marks_.end() || it->second > cpu ? cpu : it->second;
      bool due = cpu - mark >= static_cast<int64_t>(clock_.interval);
      marks.emplace_back(thread, due ? cpu : mark);
      if (!due) continue;
    } else {
      ThreadState state = thread->state.load(std::memory_order_relaxed);
      if (state != ThreadState::kInJava && state != ThreadState::kInVm) continue;
    }
    post_tick(thread, now_ns);
  }
  if (clock_.clock == Clock::kCpu) cpu_marks_ = std::move(marks);
}

void Sampler::post_tick(JavaThread* thread, int64_t now_ns) {
  uint32_t bit = 1u << thread_slot();
  if ((thread->sample_ticks.load(std::memory_order_relaxed) & bit) == 0)
    thread->sample_tick_ns[thread_slot()].store(now_ns, std::memory_order_relaxed);
  thread->sample_ticks.fetch_or(bit, std::memory_order_release);
  thread->poll_word.fetch_or(tick_bits(), std::memory_order_relaxed);
}

// --- the profile ------------------------------------------------------------------

namespace {

// Appends `root`'s subtree depth first, children in creation order.
void add_tree(ProfileTree& tree, const SampleTree::Node& root, MethodTable& methods) {
  struct Pending {
    const SampleTree::Node* node;
    int32_t parent;
    const Method* caller;  // the parent's method, for the line of the site
  };
  std::vector<Pending> pending{{&root, -1, nullptr}};
  while (!pending.empty()) {
    Pending p = pending.back();
    pending.pop_back();
    ProfileNode n;
    n.parent = p.parent;
    n.method = p.node->method != nullptr ? methods.index(p.node->method) : -1;
    n.site = p.node->site;
    if (n.site >= 0 && p.caller != nullptr)
      n.line = p.caller->line_number(static_cast<uint32_t>(n.site));
    const uint64_t samples = p.node->samples;
    int32_t id = tree.add(n, {&samples, 1});
    // Newest-first siblings pushed in list order pop oldest first.
    for (const SampleTree::Node* c = p.node->first_child; c != nullptr; c = c->next_sibling)
      pending.push_back({c, id, p.node->method});
  }
}

void add_latency(Stats& stats, const char* unit, uint64_t sum, uint64_t max, uint64_t count) {
  stats.emplace_back("latency_unit", std::string(unit));
  stats.emplace_back("latency_mean", count ? static_cast<double>(sum) / static_cast<double>(count) : 0.0);
  stats.emplace_back("latency_max", static_cast<int64_t>(max));
}

}  // namespace

Profile Sampler::snapshot() {
  retrieve();
  Profile profile;
  profile.profiler = mode_;
  profile.metrics = {"samples"};
  MethodTable methods(&profile.methods);
  uint64_t ticks = 0, coalesced = 0, samples = 0, lat_sum = 0, lat_max = 0, lat_count = 0;
  int64_t sampler_ns = 0;
  std::lock_guard threads_lock(threads_lock_);
  for (const auto& t : threads_) {
    if (t->excluded) continue;
    std::lock_guard lock(t->lock);
    ThreadProfile tp;
    tp.name = t->name;
    tp.id = t->id;
    tp.tree = ProfileTree(1);
    add_tree(tp.tree, t->tree.root(), methods);
    tp.stats.emplace_back("ticks", static_cast<int64_t>(t->ticks));
    tp.stats.emplace_back("samples", static_cast<int64_t>(t->samples));
    add_latency(tp.stats, clock_.unit(), t->latency_sum, t->latency_max, t->latency_count);
    add_thread_stats(*t, tp.stats);
    profile.threads.push_back(std::move(tp));
    ticks += t->ticks;
    coalesced += t->ticks_coalesced;
    samples += t->samples;
    lat_sum += t->latency_sum;
    lat_max = std::max(lat_max, t->latency_max);
    lat_count += t->latency_count;
    sampler_ns += t->sampler_ns;
  }
  profile.merged() = merge_threads(profile.threads, 1);
  Stats& s = profile.stats;
  s.emplace_back("clock", std::string(clock_.clock_name()));
  s.emplace_back("interval", static_cast<int64_t>(clock_.interval));
  s.emplace_back("interval_unit", std::string(clock_.unit()));
  s.emplace_back("jitter", std::string(clock_.jitter ? "on" : "off"));
  s.emplace_back("seed", static_cast<int64_t>(clock_.seed));
  add_stats(s);
  if (tick_thread_) s.emplace_back("timer_ticks", static_cast<int64_t>(tick_thread_->fired()));
  s.emplace_back("ticks", static_cast<int64_t>(ticks));
  s.emplace_back("ticks_coalesced", static_cast<int64_t>(coalesced));
  s.emplace_back("samples", static_cast<int64_t>(samples));
  add_latency(s, clock_.unit(), lat_sum, lat_max, lat_count);
  s.emplace_back("sampler_ns", sampler_ns);
  return profile;
}

std::string Sampler::summary_note(const ProfileSummary& summary) const {
  const Stats& s = summary.stats;
  // A global safepoint sampler's ticks are its clock thread's.
  double ticks = stat_number(s, "ticks");
  if (ticks == 0) ticks = stat_number(s, "timer_ticks");
  char line[400];
  std::snprintf(line, sizeof line,
                "minijvm: %s: %lld samples from %lld ticks (%s clock, every %lld %s), latency "
                "mean %.1f max %lld %s, sampler time %.3f ms%s",
                mode_.c_str(), static_cast<long long>(stat_number(s, "samples")),
                static_cast<long long>(ticks), clock_.clock_name(),
                static_cast<long long>(clock_.interval), clock_.unit(),
                stat_number(s, "latency_mean"), static_cast<long long>(stat_number(s, "latency_max")),
                clock_.unit(), stat_number(s, "sampler_ns") / 1e6, summary_extra(s).c_str());
  return line;
}

}  // namespace minijvm::prof
