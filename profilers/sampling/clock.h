// The sampling clock every sampler shares (DESIGN.md "Profilers"): when a
// thread is asked for a sample.
//
//   interval=10ms|1ms|100us|N   the period (ms, us, ns; a bare number of
//                               bytecodes with clock=bytecodes)
//   clock=wall|cpu|bytecodes    wall time; the thread's CPU time; the
//                               thread's executed bytecodes
//   jitter=on|off, seed=N       a random offset per tick, from a seeded
//                               generator
//
// On the bytecode clock a thread's k-th tick is due when it has executed
// k * interval bytecodes since it began recording (plus the jitter): the
// same program and input give the same ticks on every run. The counting
// loop checks the deadline at method entries (profilers/hooks.h
// check_bytecode_clock). Wall and CPU ticks come from a VM thread that
// sleeps to absolute deadlines, so the schedule does not drift by the time
// a tick takes (TickThread).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "vm/result.h"

namespace minijvm::prof {

enum class Clock { kWall, kCpu, kBytecodes };

struct ClockOptions {
  Clock clock = Clock::kWall;
  uint64_t interval = 10'000'000;  // ns (wall, cpu) or bytecodes
  bool jitter = false;
  uint64_t seed = 0x5eed;

  const char* clock_name() const;
  const char* unit() const { return clock == Clock::kBytecodes ? "bytecodes" : "ns"; }
};

// Collects the common options while a sampler's options are parsed.
class ClockOptionParser {
 public:
  // Takes `key=value` if it is a common option: returns true (and sets
  // *error on a bad value), or false for a key that is not one.
  bool take(const std::string& key, const std::string& value, std::string* error);
  // The options, once all are seen. The clock defaults to bytecodes under
  // -Xsched=deterministic (whose virtual clock it matches: 1 bytecode = 1
  // ns), else wall; a time interval on the bytecode clock counts one
  // bytecode per nanosecond. Error: one line.
  Result<ClockOptions> finish() const;

 private:
  std::string interval_;
  std::string clock_;
  bool jitter_ = false;
  uint64_t seed_ = ClockOptions{}.seed;
};

// A seeded generator (splitmix64): jitter and CBS's random start. Small,
// fast and the same on every platform, which std::uniform_*_distribution
// is not.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0.
  uint64_t below(uint64_t n) { return next() % n; }

 private:
  uint64_t state_;
};

// The deadlines of one schedule: the k-th tick is due at
// origin + k * interval, moved by a jitter uniform in [-interval/2,
// interval/2) when jitter is on. Deadlines never drift and stay in order.
class TickSchedule {
 public:
  TickSchedule(const ClockOptions& options, uint64_t origin, uint64_t stream);
  uint64_t due() const { return due_; }
  // Moves to the next tick; returns its deadline.
  uint64_t advance();

 private:
  uint64_t deadline(uint64_t k);
  uint64_t interval_;
  bool jitter_;
  uint64_t origin_;
  uint64_t k_ = 1;
  uint64_t due_;
  SplitMix64 random_;
};

// The wall and CPU clocks' VM thread: at every deadline of its schedule
// (CLOCK_MONOTONIC, absolute), `on_tick` runs with the tick's time in ns.
// Stops (at its next deadline) when stop() is called; never joined, as
// profiles are written from exit paths that must not wait for it.
class TickThread {
 public:
  TickThread(const ClockOptions& options, std::function<void(int64_t now_ns)> on_tick);
  void stop() { stopped_->store(true, std::memory_order_release); }
  // Ticks fired so far.
  uint64_t fired() const { return fired_->load(std::memory_order_relaxed); }

 private:
  std::shared_ptr<std::atomic<bool>> stopped_ = std::make_shared<std::atomic<bool>>(false);
  std::shared_ptr<std::atomic<uint64_t>> fired_ = std::make_shared<std::atomic<uint64_t>>(0);
};

// CLOCK_MONOTONIC in ns (the latencies and the sampler's own time).
int64_t monotonic_ns();
// The CPU time of the OS thread `os_thread` (pthread_t) in ns, or -1.
int64_t thread_cpu_ns(unsigned long os_thread);

}  // namespace minijvm::prof
