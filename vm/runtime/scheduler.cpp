// The deterministic scheduler (scheduler.h). The launcher's OS thread runs
// a loop that resumes one fiber at a time; a fiber switches back to the loop
// when it yields at a poll or blocks. The loop then takes the next eligible
// fiber in round-robin order of start: a runnable one, a blocked one whose
// condition holds, or one whose virtual deadline has passed. If none is
// eligible, the clock jumps to the earliest deadline; if there is none,
// every thread is blocked for good, and so it is when only daemon threads'
// timed waits keep the clock moving.
//
// Every fiber that is not running is in a safe thread state (a yield at a
// poll passes through kBlocked), so a global safepoint requested by the
// running fiber finds all others stopped at once, and one requested by a
// VM thread of its own (the safepoint stress thread) waits only for the
// running fiber's next poll.
#include "vm/runtime/scheduler.h"

#include <boost/context/fiber.hpp>
#include <boost/context/preallocated.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <charconv>
#include <cstdio>
#include <chrono>
#include <thread>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

#include "vm/log.h"
#include "vm/runtime/thread.h"

namespace minijvm::sched {

namespace detail {
bool g_deterministic = false;
EntryRecord g_entry_record;
}

namespace ctx = boost::context;

namespace {

// AddressSanitizer must be told of every switch between stacks (it keeps
// its own record of the current stack); these are no-ops without it.
#if defined(__SANITIZE_ADDRESS__)
void asan_start_switch(void** fake_stack, const void* bottom, size_t size) {
  __sanitizer_start_switch_fiber(fake_stack, bottom, size);
}
void asan_finish_switch(void* fake_stack, const void** old_bottom, size_t* old_size) {
  __sanitizer_finish_switch_fiber(fake_stack, old_bottom, old_size);
}
#else
void asan_start_switch(void**, const void*, size_t) {}
void asan_finish_switch(void*, const void**, size_t*) {}
#endif

struct Fiber {
  uint64_t sequence = 0;  // start order: the round-robin order
  std::function<void()> body;
  size_t stack_bytes = 0;
  ctx::stack_context stack;  // allocated when it first runs
  ctx::fiber context;  // where it resumes; empty while it runs
  bool started = false;
  bool ended = false;
  JavaThread* thread = nullptr;  // its JavaThread::current() while switched out
  // While blocked: the condition and the virtual deadline (negative: none).
  const std::function<bool()>* ready = nullptr;
  int64_t deadline = -1;
  bool woke_ready = false;  // what block() returns
};

struct Scheduler {
  Options options;
  std::thread::id os_thread;  // the launcher's, which runs every fiber
  int64_t epoch_ms = 0;
  std::vector<Fiber*> fibers;  // live fibers in start order
  uint64_t next_sequence = 0;
  uint64_t last_sequence = 0;  // the fiber that ran last
  Fiber* current = nullptr;
  ctx::fiber loop;  // the loop, while a fiber runs
  const void* loop_stack_bottom = nullptr;  // the loop's stack (for AddressSanitizer)
  size_t loop_stack_size = 0;
  // The virtual clock: `clock` counts up to the bytecode reading
  // `baseline` of `baseline_thread`.
  int64_t clock = 0;
  const JavaThread* baseline_thread = nullptr;
  uint64_t baseline = 0;
  // Clock jumps in a row that woke only daemon threads while every other
  // thread waits with no deadline (see pick).
  int idle_jumps = 0;
  // The record of the run: switches (the sequence of method entries is
  // detail::g_entry_record).
  uint64_t switches = 0;
};

// Never destroyed: daemon threads' fibers stay suspended when the program
// ends, and destroying a suspended fiber would unwind its stack.
Scheduler* g = nullptr;

// The executed bytecodes of `t` as far as the interpreter has told
// (interp/interpreter.cpp): flushed at calls and returns, and at each poll.
uint64_t reading(const JavaThread* t) {
  return t == nullptr ? 0 : std::max(t->bytecodes, t->bytecodes_at_poll);
}

// Brings the clock up to the running thread's bytecodes.
void advance() {
  const JavaThread* t = JavaThread::current();
  uint64_t r = reading(t);
  if (t == g->baseline_thread && r >= g->baseline) g->clock += static_cast<int64_t>(r - g->baseline);
  g->baseline_thread = t;
  g->baseline = r;
}

// From the running fiber to the loop, and back when the loop resumes it.
void switch_out() {
  Fiber* self = g->current;
  advance();
  self->thread = JavaThread::current();
  JavaThread* t = self->thread;
  // Switched-out fibers count as stopped for safepoints.
  bool safe = t == nullptr || is_safepoint_safe(t->state.load());
  ThreadState saved = safe ? ThreadState::kBlocked : t->transition(ThreadState::kBlocked);
  void* fake_stack = nullptr;
  asan_start_switch(&fake_stack, g->loop_stack_bottom, g->loop_stack_size);
  g->loop = std::move(g->loop).resume();
  asan_finish_switch(fake_stack, &g->loop_stack_bottom, &g->loop_stack_size);
  if (!safe) t->transition(saved);
}

bool eligible(Fiber* f) {
  if (f->ready == nullptr && f->deadline < 0) return true;  // runnable
  if (f->ready != nullptr && (*f->ready)()) {
    f->woke_ready = true;
    return true;
  }
  if (f->deadline >= 0 && g->clock >= f->deadline) {
    f->woke_ready = false;
    return true;
  }
  return false;
}

// The next fiber to run, in round-robin order after the last one.
Fiber* pick() {
  auto& all = g->fibers;
  size_t n = all.size();
  size_t start = 0;
  while (start < n && all[start]->sequence <= g->last_sequence) ++start;
  for (size_t i = 0; i < n; ++i) {
    Fiber* f = all[(start + i) % n];
    if (eligible(f)) return f;
  }
  // Everyone blocked: the clock jumps to the earliest deadline.
  int64_t earliest = -1;
  for (Fiber* f : all)
    if (f->deadline >= 0 && (earliest < 0 || f->deadline < earliest)) earliest = f->deadline;
  if (earliest < 0) return nullptr;
  // A daemon thread's timed wait (the Common-Cleaner's, every 60 s) would
  // move the clock on forever while the other threads are blocked for good:
  // after 100 such jumps in a row the program is deadlocked.
  bool waits_for_time = std::any_of(all.begin(), all.end(), [](const Fiber* f) {
    return f->deadline >= 0 && (f->thread == nullptr || !f->thread->daemon);
  });
  g->idle_jumps = waits_for_time ? 0 : g->idle_jumps + 1;
  if (g->idle_jumps > 100) return nullptr;
  g->clock = earliest;
  for (size_t i = 0; i < n; ++i) {
    Fiber* f = all[(start + i) % n];
    if (eligible(f)) return f;
  }
  return nullptr;
}

void resume(Fiber* f) {
  ++g->switches;
  if (f->thread == nullptr || !f->thread->daemon) g->idle_jumps = 0;
  if (log::enabled(log::Set::sched, log::Level::debug)) {
    char line[200];
    std::snprintf(line, sizeof line, "switch to \"%s\" at %lld ns",
                  f->thread != nullptr ? f->thread->name.c_str() : "(a thread starting)",
                  static_cast<long long>(g->clock));
    log::write(log::Set::sched, log::Level::debug, line);
  }
  g->current = f;
  g->last_sequence = f->sequence;
  JavaThread::set_current(f->thread);
  g->baseline_thread = f->thread;
  g->baseline = reading(f->thread);
  if (f->thread != nullptr) f->thread->quantum_end = g->baseline + g->options.quantum;
  f->ready = nullptr;
  f->deadline = -1;
  if (!f->started) {
    f->started = true;
    ctx::protected_fixedsize_stack allocator(f->stack_bytes);
    f->stack = allocator.allocate();
    f->context = ctx::fiber(std::allocator_arg,
                            ctx::preallocated(f->stack.sp, f->stack.size, f->stack), allocator,
                            [f](ctx::fiber&& loop) {
                              asan_finish_switch(nullptr, &g->loop_stack_bottom,
                                                 &g->loop_stack_size);
                              g->loop = std::move(loop);
                              f->body();
                              f->ended = true;
                              asan_start_switch(nullptr, g->loop_stack_bottom, g->loop_stack_size);
                              return std::move(g->loop);
                            });
  }
  void* fake_stack = nullptr;
  asan_start_switch(&fake_stack, static_cast<char*>(f->stack.sp) - f->stack.size, f->stack.size);
  f->context = std::move(f->context).resume();
  asan_finish_switch(fake_stack, nullptr, nullptr);
  g->current = nullptr;
  JavaThread::set_current(nullptr);
  if (f->ended) {
    std::erase(g->fibers, f);
    delete f;
  }
}

int64_t real_time_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::optional<Options> parse_options(std::string_view text, std::string* error) {
  Options options;
  std::string_view mode = text.substr(0, text.find(':'));
  if (mode != "deterministic") {
    *error = "minijvm: -Xsched=" + std::string(text) + ": the one scheduler is 'deterministic'";
    return std::nullopt;
  }
  std::string_view rest = mode.size() < text.size() ? text.substr(mode.size() + 1) : "";
  while (!rest.empty()) {
    std::string_view item = rest.substr(0, rest.find(','));
    rest = item.size() < rest.size() ? rest.substr(item.size() + 1) : "";
    size_t eq = item.find('=');
    std::string_view key = item.substr(0, eq);
    std::string_view value = eq == std::string_view::npos ? "" : item.substr(eq + 1);
    int64_t number = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    bool numeric = !value.empty() && ec == std::errc() && end == value.data() + value.size();
    if (item == "epoch=now") {
      options.epoch_ms = std::nullopt;
    } else if (key == "quantum" && numeric && number > 0) {
      options.quantum = static_cast<uint64_t>(number);
    } else if (key == "epoch" && numeric && number >= 0) {
      options.epoch_ms = number;
    } else {
      *error = "minijvm: -Xsched=" + std::string(text) + ": bad '" + std::string(item) +
               "' (keys: quantum=N bytecodes, N > 0; epoch=MS since 1970, or now)";
      return std::nullopt;
    }
  }
  return options;
}

int run(const Options& options, std::function<int()> body, std::function<int()> on_deadlock) {
  g = new Scheduler();
  g->options = options;
  g->os_thread = std::this_thread::get_id();
  g->epoch_ms = options.epoch_ms.value_or(real_time_ms());
  detail::g_deterministic = true;
  int result = 0;
  bool main_ended = false;
  spawn(
      [&] {
        result = body();
        main_ended = true;
      },
      size_t{16} << 20);
  while (!main_ended) {
    Fiber* f = pick();
    if (f == nullptr) {
      log_summary();
      return on_deadlock();
    }
    resume(f);
  }
  log_summary();
  return result;
}

void spawn(std::function<void()> body, size_t stack_bytes) {
  auto* f = new Fiber();
  f->sequence = ++g->next_sequence;
  f->body = std::move(body);
  f->stack_bytes = stack_bytes;
  g->fibers.push_back(f);
}

bool in_fiber() {
  return g != nullptr && g->current != nullptr && std::this_thread::get_id() == g->os_thread;
}

void at_poll(JavaThread* thread) {
  if (reading(thread) >= thread->quantum_end) yield();
}

void yield() {
  if (!deterministic()) {
    std::this_thread::yield();
    return;
  }
  if (in_fiber()) switch_out();
}

bool block(const std::function<bool()>& ready, int64_t deadline_ns) {
  Fiber* self = g->current;
  self->ready = &ready;
  self->deadline = deadline_ns;
  self->woke_ready = false;
  switch_out();
  return self->woke_ready;
}

void note_entry(const JavaThread* thread, uint32_t method_id) {
  // The thread's Thread.tid and the method's id (ids are given in load
  // order, which the schedule fixes).
  detail::EntryRecord& record = detail::g_entry_record;
  record.hash = entry_hash_step(record.hash, static_cast<uint64_t>(thread->id) << 32 | method_id);
  ++record.entries;
}

void log_summary() {
  if (g == nullptr || !log::enabled(log::Set::sched, log::Level::info)) return;
  char line[256];
  std::snprintf(line, sizeof line,
                "Deterministic scheduling: quantum %llu, %llu switches, %llu method entries, "
                "virtual time %lld ns, sequence hash %016llx",
                static_cast<unsigned long long>(g->options.quantum),
                static_cast<unsigned long long>(g->switches),
                static_cast<unsigned long long>(detail::g_entry_record.entries),
                static_cast<long long>(g->clock),
                static_cast<unsigned long long>(detail::g_entry_record.hash));
  log::write(log::Set::sched, log::Level::info, line);
}

int64_t now_ns() {
  if (g == nullptr) return 0;
  if (!in_fiber()) return g->clock;  // a VM thread of its own: no bytecodes to count
  advance();
  return g->clock;
}

int64_t wall_clock_ns() { return g->epoch_ms * 1'000'000 + now_ns(); }

}  // namespace minijvm::sched
