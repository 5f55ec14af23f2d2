// The profiling session: the profilers of this run, the event dispatch of
// hooks.h, and writing the profiles at exit.
#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

#include "profilers/cct/cct_profiler.h"
#include "profilers/cct/java_agent.h"
#include "profilers/export/export.h"
#include "profilers/hooks.h"
#include "profilers/profiler.h"
#include "profilers/sampling/call_sampler.h"
#include "profilers/sampling/sampler.h"
#include "profilers/sampling/stack_sampler.h"
#include "vm/log.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/vm.h"

namespace minijvm::prof {

namespace {

// A profiler of the run, and whether it records now: those with
// startup=include from start-up, the others from main.
struct Entry {
  std::unique_ptr<Profiler> profiler;
  std::atomic<bool> active{false};
  bool has_events = false;  // samplers have none: the event hooks skip them
};

struct Session {
  std::deque<Entry> profilers;  // stable: dispatch reads it without a lock
  int frame_slots = 0;          // assigned so far
  std::mutex threads_mutex;
  std::vector<JavaThread*> startup_threads;  // see is_startup_thread
  std::mutex finish_mutex;
  bool finished = false;
  std::atomic<bool> write_failed{false};  // a profile finish() could not write
};
// The current thread's SuspendRecording depth. Only runs with a profiler
// that runs Java code suspend recording, and only they pay for reading it
// (a thread_local in a shared library is a call on every event).
thread_local int t_suspended = 0;

// The profilers that record events now, in the order they began (those
// with startup=include first, then the others in command-line order): the
// event hooks read it without a lock. Append-only until finish(), which
// stops all recording first.
Profiler* g_event_profilers[JavaThread::kProfilerThreadSlots];
std::atomic<int> g_event_profiler_count{0};
bool g_may_suspend = false;  // set by configure, before any event
bool suspended() { return g_may_suspend && t_suspended != 0; }

// Recording stopped: compiled code appends to no thread's call log any
// more (JavaThread::call_log). A thread in the middle of an append
// finishes it, as one that read recording() just before it stopped does.
void stop_call_logs() {
  std::lock_guard lock(vm().threads_mutex);
  for (JavaThread* thread : vm().threads)
    thread->stop_call_log();
}

Session& session() {
  static auto* s = new Session();  // never destroyed: threads may outlive exit
  return *s;
}

}  // namespace

Result<ProfilerSpec> parse_profiler_spec(std::string_view text) {
  ProfilerSpec spec;
  spec.text = std::string(text);
  size_t colon = text.find(':');
  spec.mode = std::string(text.substr(0, colon));
  if (spec.mode.empty()) return make_error("", "-profile=" + spec.text + ": no profiler named");
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      return make_error("", "-profile=" + spec.text + ": expected key=value, found '" +
                                std::string(item) + "'");
    }
    spec.options.emplace_back(std::string(item.substr(0, eq)), std::string(item.substr(eq + 1)));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return spec;
}

namespace {
bool is_call_sampler_mode(std::string_view mode) { return mode == "timer" || mode == "cbs"; }
bool is_stack_sampler_mode(std::string_view mode) {
  return mode == "sample" || mode == "partial" || mode == "incremental" || mode == "async";
}
}  // namespace

bool is_sampler_mode(std::string_view mode) {
  return is_call_sampler_mode(mode) || is_stack_sampler_mode(mode);
}

Result<std::unique_ptr<Profiler>> create_profiler(const ProfilerSpec& spec) {
  if (spec.mode == "cct" || spec.mode == "bcount") return create_cct_profiler(spec);
  if (is_call_sampler_mode(spec.mode)) return create_call_sampler(spec);
  if (is_stack_sampler_mode(spec.mode)) return create_stack_sampler(spec);
  return make_error("", "-profile=" + spec.text + ": unknown profiler '" + spec.mode +
                            "' (available: " + available_modes() + ")");
}

std::string available_modes() {
  return "cct, bcount, timer, cbs, sample, partial, incremental, async";
}

namespace {

// SIGINT and SIGTERM write the profiles before the process ends (with the
// shell's 128 + signal status). The signals are blocked here, before any
// other thread exists, so every thread inherits the mask and one thread
// waits for them with sigwait: the profile is written outside a signal
// handler.
void write_profiles_on_signals() {
  static sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  if (pthread_sigmask(SIG_BLOCK, &signals, nullptr) != 0) return;
  std::thread([] {
    int sig = 0;
    if (sigwait(&signals, &sig) != 0) return;
    finish();
    std::fflush(nullptr);
    std::_Exit(128 + sig);
  }).detach();
}

}  // namespace

namespace {

// The heap's allocation observer (vm/runtime/heap.h): the object goes to the
// frame the thread is running.
void observe_allocation(JavaThread* thread, Object* object, size_t bytes) {
  if (thread == nullptr || !recording(kAllocations) || suspended()) return;
  Frame* frame = thread->top_frame();
  if (frame == nullptr) return;
  for (Entry& e : session().profilers) {
    if (e.has_events && e.active.load(std::memory_order_relaxed))
      e.profiler->allocation(thread, frame, object->klass(), bytes);
  }
}

}  // namespace

Result<void> configure(const std::vector<std::string>& specs) {
  Session& s = session();
#ifdef MINIJVM_NO_PROFILER_HOOKS
  if (!specs.empty()) {
    return make_error("", "-profile=" + specs.front() +
                              ": this minijvm was built without profiler hooks "
                              "(-DMINIJVM_PROFILER_HOOKS=OFF)");
  }
#endif
  for (const std::string& text : specs) {
    ProfilerSpec spec = TRY(parse_profiler_spec(text));
    std::unique_ptr<Profiler> profiler = TRY(create_profiler(spec));
    for (const Entry& e : s.profilers) {
      if (e.profiler->out_path() == profiler->out_path()) {
        return make_error("", "-profile=" + text + ": " + profiler->out_path() +
                                  " is already the output of -profile=" +
                                  std::string(e.profiler->mode()) + " (give each out=...)");
      }
    }
    if (s.profilers.size() == static_cast<size_t>(JavaThread::kProfilerThreadSlots)) {
      return make_error("", "-profile=" + text + ": at most " +
                                std::to_string(JavaThread::kProfilerThreadSlots) +
                                " profilers per run");
    }
    profiler->assign_thread_slot(static_cast<int>(s.profilers.size()));
    if (profiler->needs_frame_slot()) {
      if (s.frame_slots == Frame::kProfilerSlots) {
        return make_error("", "-profile=" + text + ": at most " +
                                  std::to_string(Frame::kProfilerSlots) +
                                  " calling-context profilers per run");
      }
      profiler->assign_frame_slot(s.frame_slots++);
    }
    std::string format = profiler->format();
    if (!format.empty() && !format_from_name(format)) {
      return make_error("", "-profile=" + text + ": unknown format '" + format +
                                "' (json, text, collapsed, html, pprof)");
    }
    if (format.empty() && !format_from_path(profiler->out_path())) {
      return make_error("", "-profile=" + text + ": cannot tell the format of '" +
                                profiler->out_path() +
                                "' (use .json .txt .collapsed .html .pb.gz or format=...)");
    }
    if (profiler->uses_profiler_api() && profiler_api_jar().empty()) {
      return make_error("", "-profile=" + text +
                                ": minijvm-profiler.jar (the minijvm.profiler API) is not beside "
                                "the minijvm binary; build the minijvm_profiler_api target");
    }
    detail::g_events.fetch_or(profiler->events(), std::memory_order_relaxed);
    if (Sampler* sampler = profiler->as_sampler()) {
      detail::g_sampler_configured.store(true, std::memory_order_relaxed);
      if (sampler->on_bytecode_clock() || sampler->samples_anywhere())
        detail::g_clock_configured.store(true, std::memory_order_relaxed);
    }
    if (profiler->uses_profiler_api()) g_may_suspend = true;
    Entry& entry = s.profilers.emplace_back();
    entry.has_events = profiler->events() != 0;
    entry.profiler = std::move(profiler);
  }
  if (s.profilers.empty()) return {};
  Profiler* counter = nullptr;
  int counters = 0;
  for (Entry& e : s.profilers) {
    if ((e.profiler->events() & kBytecodes) == 0) continue;
    ++counters;
    counter = e.profiler.get();
  }
  if (counters == 1 && counter->can_count_bytecodes_directly()) {
    counter->count_bytecodes_directly();
    detail::g_direct_bytecodes.store(true, std::memory_order_relaxed);
  }
  Profiler* only_events = nullptr;
  int with_events = 0;
  for (Entry& e : s.profilers) {
    if (!e.has_events) continue;
    ++with_events;
    only_events = e.profiler.get();
  }
  detail::g_frame_slots.store(s.frame_slots, std::memory_order_relaxed);
  if (with_events == 1 && only_events->inline_cct_slot() >= 0) {
    detail::g_inline_cct_tree_slot.store(only_events->thread_slot(), std::memory_order_relaxed);
    detail::g_inline_cct_slot.store(only_events->inline_cct_slot(), std::memory_order_relaxed);
  }
  if ((detail::g_events.load(std::memory_order_relaxed) & kAllocations) != 0)
    set_allocation_observer(&observe_allocation);
  write_profiles_on_signals();
  return {};
}

bool configured() { return !session().profilers.empty(); }

std::string profiler_class_path() {
  for (const Entry& e : session().profilers)
    if (e.profiler->uses_profiler_api()) return profiler_api_jar();
  return "";
}

Result<void> start_recording(bool startup) {
  Session& s = session();
  if (!startup) {
    for (Entry& e : s.profilers) {
      if (e.profiler->includes_startup()) continue;
      if (auto prepared = e.profiler->prepare(JavaThread::current()); !prepared) {
        return make_error("", "-profile=" + std::string(e.profiler->mode()) + ": " +
                                  prepared.error().message);
      }
    }
    // Main begins, on the current thread: every other thread alive now
    // belongs to start-up.
    JavaThread* current = JavaThread::current();
    std::scoped_lock lock(vm().threads_mutex, s.threads_mutex);
    for (JavaThread* t : vm().threads)
      if (t != current) s.startup_threads.push_back(t);
  }
  // The event hooks run when a profiler that asked for events records; a
  // sampler alone needs none (only the counting loop, on the bytecode clock).
  bool any = false, counting = false, async = false;
  for (Entry& e : s.profilers) {
    if (startup && !e.profiler->includes_startup()) continue;
    if (Sampler* sampler = e.profiler->as_sampler()) {
      sampler->start();
      counting |= sampler->on_bytecode_clock();
      async |= sampler->samples_anywhere();
    }
    if (e.active.exchange(true, std::memory_order_acq_rel)) continue;
    if (e.has_events) {
      int n = g_event_profiler_count.load(std::memory_order_relaxed);
      g_event_profilers[n] = e.profiler.get();
      g_event_profiler_count.store(n + 1, std::memory_order_release);
    }
    any |= e.profiler->events() != 0;
  }
  // The async loop counts bytecodes too.
  if (async) detail::g_async.store(true, std::memory_order_release);
  if (counting || async) {
    detail::g_counting.store(true, std::memory_order_release);
    // The main thread's bytecode clock starts at main (its first entry).
    if (JavaThread* current = JavaThread::current()) current->sample_due = 0;
  }
  if (any) detail::g_recording.store(true, std::memory_order_release);
  return {};
}

Result<ProfileSummary> Profiler::write(Format format) {
  Profile profile = snapshot();
  CHECK_OK(write_profile(profile, format, out_path()));
  return summarize(profile);
}

SuspendRecording::SuspendRecording() { ++t_suspended; }
SuspendRecording::~SuspendRecording() { --t_suspended; }

bool is_startup_thread(JavaThread* thread) {
  Session& s = session();
  std::lock_guard lock(s.threads_mutex);
  return std::find(s.startup_threads.begin(), s.startup_threads.end(), thread) !=
         s.startup_threads.end();
}

bool finish() {
  Session& s = session();
  {
    std::lock_guard lock(s.finish_mutex);
    if (s.finished || s.profilers.empty()) return !s.write_failed.load();
    s.finished = true;
  }
  detail::g_recording.store(false, std::memory_order_seq_cst);
  stop_call_logs();
  g_event_profiler_count.store(0, std::memory_order_release);
  detail::g_counting.store(false, std::memory_order_release);
  detail::g_async.store(false, std::memory_order_release);
  // Every sampler stops before any profile is written: a sampler still
  // ticking while an exact profile of millions of contexts is written
  // would sample the writing (the exiting thread's last frame).
  for (Entry& e : s.profilers) {
    e.active.store(false, std::memory_order_release);
    if (Sampler* sampler = e.profiler->as_sampler()) sampler->stop();
  }
  for (Entry& e : s.profilers) {
    Profiler* profiler = e.profiler.get();
    const std::string& path = profiler->out_path();
    auto format = profiler->format().empty() ? format_from_path(path)
                                             : format_from_name(profiler->format());
    auto start = std::chrono::steady_clock::now();
    Result<ProfileSummary> written = profiler->write(format.value_or(Format::kJson));
    if (written.ok() && log::enabled(log::Set::profiler, log::Level::info)) {
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::error_code size_error;
      auto bytes = std::filesystem::file_size(path, size_error);
      char line[256];
      std::snprintf(line, sizeof line, "%s profile: %s, %llu bytes, written in %.3f s",
                    written->profiler.c_str(), path.c_str(),
                    size_error ? 0ull : static_cast<unsigned long long>(bytes), seconds);
      log::write(log::Set::profiler, log::Level::info, line);
    }
    if (written.ok()) {
      std::fprintf(stderr, "%s\n", summary_line(*written, path).c_str());
      std::string note = profiler->summary_note(*written);
      if (!note.empty()) std::fprintf(stderr, "%s\n", note.c_str());
    } else {
      std::fprintf(stderr, "minijvm: cannot write the %s profile: %s\n",
                   std::string(profiler->mode()).c_str(), written.error().message.c_str());
      s.write_failed.store(true);
    }
  }
  std::fflush(stderr);
  return !s.write_failed.load();
}

// --- hooks.h ------------------------------------------------------------------

// Each event goes to the profilers recording now, in command-line order.
template <typename F>
void dispatch(F&& deliver) {
  if (suspended()) [[unlikely]]
    return;
  int n = g_event_profiler_count.load(std::memory_order_acquire);
  for (int i = 0; i < n; ++i) deliver(*g_event_profilers[i]);
}

void method_entry(JavaThread* thread, Frame* frame) {
  dispatch([&](Profiler& p) { p.method_entry(thread, frame); });
}
void method_exit(JavaThread* thread, Frame* frame, bool by_exception) {
  dispatch([&](Profiler& p) { p.method_exit(thread, frame, by_exception); });
}
void bytecodes(JavaThread* thread, Frame* frame, uint64_t count) {
  dispatch([&](Profiler& p) { p.bytecodes(thread, frame, count); });
}
// enter()'s and leave()'s general case (profilers/hooks.h): with the exact
// CCT alone, a call from a caller with no context (it hangs under the
// thread's root), through a hidden caller, or into a full chunk, or with a
// count or an id too large for the word, goes through the profiler, which
// logs the same words; with several profilers, every call does.
void enter_general(JavaThread* thread, Frame* caller, Frame* frame, const Method* method,
                   int32_t site, uint64_t count) {
  int slot = detail::g_inline_cct_slot.load(std::memory_order_relaxed);
  if (slot >= 0) {
    void* caller_word = caller->profiler_slot(slot);
    auto* tree = static_cast<ThreadTree*>(caller_word);
    if (tree == nullptr)  // a caller with no context: the call hangs under the root
      tree = static_cast<ThreadTree*>(
          thread->profiler_data[detail::g_inline_cct_tree_slot.load(std::memory_order_relaxed)]);
    if (tree != nullptr && !hidden_in(caller_word)) {
      call_log::LogCursor& log = tree->log;
      if (count != 0 && caller->bytecode_counter != &log.pending) {
        add_bytecodes(thread, caller, count);
        count = 0;
      }
      const uint64_t pending = log.pending + count;
      if (call_fits(log, method, pending)) {
        log_call(*tree, caller_word == nullptr, frame, slot, method, site, pending);
        return;
      }
      log.pending = pending;  // (the caller's counter: add_bytecodes's)
      count = 0;
    }
  }
  if (count != 0) add_bytecodes(thread, caller, count);
  method_entry(thread, frame);
}

void leave_general(JavaThread* thread, Frame* frame, bool by_exception, uint64_t count) {
  int slot = detail::g_inline_cct_slot.load(std::memory_order_relaxed);
  if (slot >= 0) {
    void* word = frame->profiler_slot(slot);
    if (word == nullptr) {  // not counted: its call was not logged
      if (count != 0) add_bytecodes(thread, frame, count);
      return;
    }
    // A full chunk or a count too large for the word: the count goes
    // pending, and the profiler's return logs it.
    call_log::LogCursor& log = tree_in(word)->log;
    if (count != 0 && frame->bytecode_counter != &log.pending) {
      add_bytecodes(thread, frame, count);
      count = 0;
    }
    log.pending += count;
    count = 0;
  }
  if (count != 0) add_bytecodes(thread, frame, count);
  if (recording(kMethodExit)) method_exit(thread, frame, by_exception);
}

void exception(JavaThread* thread, Frame* frame) {
  dispatch([&](Profiler& p) { p.exception(thread, frame); });
}
void thread_end(JavaThread* thread) {
  for (Entry& e : session().profilers) e.profiler->thread_end(thread);
}

// Ticks are taken here, on the thread: the bits are cleared first, so that
// a tick the clock thread delivers meanwhile sets them again (it sets the
// tick, then the poll bit).
void sampling_poll(JavaThread* thread, PollKind kind) {
  thread->poll_word.fetch_and(~(kPollSample | kPollEntry | kPollAsync), std::memory_order_relaxed);
  uint32_t ticks = thread->sample_ticks.exchange(0, std::memory_order_acquire);
  if (suspended()) return;  // a Java agent's own code is not sampled
  uint32_t wanted = 0;
  for (Entry& e : session().profilers) {
    if (!e.active.load(std::memory_order_relaxed)) continue;
    if (Sampler* sampler = e.profiler->as_sampler()) {
      bool ticked = (ticks & (1u << e.profiler->thread_slot())) != 0;
      wanted |= sampler->at_poll(thread, ticked, kind);
    }
  }
  if (wanted != 0) thread->poll_word.fetch_or(wanted, std::memory_order_relaxed);
}

void async_tick(JavaThread* thread) {
  if (thread->bytecodes_at_poll >= thread->sample_due) bytecode_clock_due(thread);
  if (thread->poll_word.load(std::memory_order_relaxed) & kPollAsync)
    sampling_poll(thread, PollKind::kAnywhere);
}

void bytecode_clock_due(JavaThread* thread) {
  uint64_t next = UINT64_MAX;
  if (suspended()) return;  // due again at the next entry, after the agent's code
  if (detail::g_counting.load(std::memory_order_relaxed)) {
    for (Entry& e : session().profilers) {
      if (!e.active.load(std::memory_order_relaxed)) continue;
      Sampler* sampler = e.profiler->as_sampler();
      if (sampler != nullptr && sampler->on_bytecode_clock())
        next = std::min(next, sampler->clock_due(thread));
    }
  }
  thread->sample_due = next;
}

}  // namespace minijvm::prof
