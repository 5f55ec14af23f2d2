#include "profilers/sampling/clock.h"

#include <pthread.h>
#include <time.h>

#include <cerrno>
#include <charconv>
#include <optional>
#include <utility>

#include "vm/runtime/scheduler.h"

namespace minijvm::prof {

const char* ClockOptions::clock_name() const {
  switch (clock) {
    case Clock::kWall:
      return "wall";
    case Clock::kCpu:
      return "cpu";
    case Clock::kBytecodes:
      return "bytecodes";
  }
  return "?";
}

namespace {

// "123" -> 123; nullopt for anything but digits (no sign), or overflow.
std::optional<uint64_t> digits(std::string_view text) {
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

bool ClockOptionParser::take(const std::string& key, const std::string& value, std::string* error) {
  if (key == "interval") {
    interval_ = value;
  } else if (key == "clock") {
    if (value != "wall" && value != "cpu" && value != "bytecodes")
      *error = "unknown clock '" + value + "' (wall, cpu, bytecodes)";
    clock_ = value;
  } else if (key == "jitter") {
    if (value != "on" && value != "off") *error = "jitter=" + value + ": on or off";
    jitter_ = value == "on";
  } else if (key == "seed") {
    auto seed = digits(value);
    if (!seed) *error = "seed=" + value + ": a non-negative integer";
    seed_ = seed.value_or(0);
  } else {
    return false;
  }
  return true;
}

Result<ClockOptions> ClockOptionParser::finish() const {
  ClockOptions o;
  o.clock = clock_ == "cpu"         ? Clock::kCpu
            : clock_ == "bytecodes" ? Clock::kBytecodes
            : clock_ == "wall"      ? Clock::kWall
            : sched::deterministic() ? Clock::kBytecodes
                                     : Clock::kWall;
  o.jitter = jitter_;
  o.seed = seed_;
  if (interval_.empty()) {
    o.interval = 10'000'000;  // 10 ms; ten million bytecodes on the bytecode clock
    return o;
  }
  std::string_view text = interval_;
  uint64_t scale = 0;  // ns per unit; 0: a bare number
  for (auto [suffix, ns] : {std::pair<std::string_view, uint64_t>{"ms", 1'000'000},
                            {"us", 1'000},
                            {"ns", 1},
                            {"s", 1'000'000'000}}) {
    if (text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix) {
      text.remove_suffix(suffix.size());
      scale = ns;
      break;
    }
  }
  auto n = digits(text);
  if (!n || *n == 0 || (scale != 0 && *n > UINT64_MAX / scale))
    return make_error("", "interval=" + interval_ +
                              ": a positive period (10ms, 1ms, 100us, 500ns; a bare number "
                              "of bytecodes with clock=bytecodes)");
  if (scale == 0 && o.clock != Clock::kBytecodes)
    return make_error("", "interval=" + interval_ + ": a bare number is a count of bytecodes, for "
                                                   "clock=bytecodes; give a unit (ms, us, ns)");
  o.interval = scale == 0 ? *n : *n * scale;
  return o;
}

TickSchedule::TickSchedule(const ClockOptions& options, uint64_t origin, uint64_t stream)
    : interval_(options.interval),
      jitter_(options.jitter),
      origin_(origin),
      random_(options.seed ^ (stream * 0x9e3779b97f4a7c15ull)) {
  due_ = deadline(1);
}

uint64_t TickSchedule::deadline(uint64_t k) {
  uint64_t base = origin_ + k * interval_;
  if (!jitter_ || interval_ < 2) return base;
  // Uniform in [-interval/2, interval/2): consecutive deadlines stay in order.
  uint64_t offset = random_.below(interval_);
  return base - interval_ / 2 + offset;
}

uint64_t TickSchedule::advance() {
  due_ = deadline(++k_);
  return due_;
}

int64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

int64_t thread_cpu_ns(unsigned long os_thread) {
  clockid_t id;
  if (os_thread == 0 || pthread_getcpuclockid(static_cast<pthread_t>(os_thread), &id) != 0) return -1;
  timespec ts{};
  if (clock_gettime(id, &ts) != 0) return -1;
  return int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

TickThread::TickThread(const ClockOptions& options, std::function<void(int64_t)> on_tick) {
  std::thread([options, on_tick = std::move(on_tick), stopped = stopped_, fired = fired_] {
    TickSchedule schedule(options, static_cast<uint64_t>(monotonic_ns()), 0);
    while (!stopped->load(std::memory_order_acquire)) {
      uint64_t due = schedule.due();
      timespec ts{static_cast<time_t>(due / 1'000'000'000), static_cast<long>(due % 1'000'000'000)};
      while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
      }
      if (stopped->load(std::memory_order_acquire)) break;
      fired->fetch_add(1, std::memory_order_relaxed);
      on_tick(monotonic_ns());
      // A tick that took longer than a period skips the deadlines it missed
      // rather than firing them back to back.
      uint64_t now = static_cast<uint64_t>(monotonic_ns());
      while (schedule.advance() <= now) {
      }
    }
  }).detach();
}

}  // namespace minijvm::prof
