// The profiler interface (DESIGN.md "Profilers"). A profiler is a module
// selected by name on the command line (-profile=MODE[:key=value,...]); it
// declares the events it needs, the interpreter delivers them through
// profilers/hooks.h, and at the end the profiler hands over a Profile
// (profilers/model/profile.h) that the exporters write.
//
// Events, in the order a frame sees them: method_entry when a frame is
// pushed (its caller and the caller's current bci are the call site; Java
// code entered from native or VM code has the native frame or the frame
// whose instruction triggered it as caller), bytecodes executed in it (in
// batches, at the latest when the frame calls, returns or unwinds), method
// exit (normal or by exception). Native methods get frames and events too.
// Allocations are every object the heap hands out while the thread runs the
// frame, the VM's on the frame's behalf included (clone, reflection,
// exceptions, strings made by natives).
//
// Several profilers may record the same execution, each with its own
// output. A profiler that keeps per-frame state asks for a frame slot
// (Frame::profiler_slots): the session gives each one its own.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/hooks.h"
#include "profilers/model/profile.h"
#include "vm/result.h"
#include "vm/runtime/frame.h"
#include "vm/runtime/thread.h"

namespace minijvm::prof {


// -profile=MODE:key=value,... as given.
struct ProfilerSpec {
  std::string mode;
  std::vector<std::pair<std::string, std::string>> options;
  std::string text;  // the whole argument, for messages
};
// Parses the text after "-profile=". Error: a one-line message.
Result<ProfilerSpec> parse_profiler_spec(std::string_view text);

class Sampler;  // profilers/sampling/sampler.h

class Profiler {
 public:
  virtual ~Profiler() = default;
  virtual std::string_view mode() const = 0;
  virtual uint32_t events() const = 0;

  virtual void method_entry(JavaThread* thread, Frame* frame) = 0;
  virtual void method_exit(JavaThread* thread, Frame* frame, bool by_exception) = 0;
  virtual void bytecodes(JavaThread* thread, Frame* frame, uint64_t count) = 0;
  virtual void allocation(JavaThread* thread, Frame* frame, Klass* klass, uint64_t bytes) = 0;
  virtual void exception(JavaThread*, Frame*) {}
  // The thread leaves the VM (on its own OS thread, its frames gone): the
  // last of its events, whether or not the profiler records now.
  virtual void thread_end(JavaThread*) {}

  // Whether the profiler counts bytecodes by setting Frame::bytecode_counter
  // at each method_entry (hooks.h, add_bytecodes) and needs no bytecodes()
  // calls. The session lets it when no other profiler counts bytecodes.
  virtual bool can_count_bytecodes_directly() const { return false; }
  void count_bytecodes_directly() { direct_bytecodes_ = true; }
  // The frame slot whose contexts prof::enter (hooks.h) may record inline
  // when this is the run's only profiler with events, or -1.
  virtual int inline_cct_slot() const { return -1; }

  // Whether the profiler keeps state in a frame slot; the session then
  // assigns one (slot_) before recording begins.
  virtual bool needs_frame_slot() const { return false; }
  void assign_frame_slot(int slot) { slot_ = slot; }
  // Every profiler has a slot in JavaThread::profiler_data (and a bit in
  // JavaThread::sample_ticks), assigned by the session.
  void assign_thread_slot(int slot) { thread_slot_ = slot; }
  int thread_slot() const { return thread_slot_; }
  // The sampler this profiler is, or nullptr.
  virtual Sampler* as_sampler() { return nullptr; }
  // startup=include: recording begins with start-up, not at main.
  virtual bool includes_startup() const { return false; }
  // Whether the profiler runs Java code against the minijvm.profiler API
  // (minijvm-profiler.jar, which the session then puts on the class path).
  virtual bool uses_profiler_api() const { return false; }
  // Called on the main thread before main runs, before recording begins
  // for this profiler (a Java agent is created here). Error: one line.
  virtual Result<void> prepare(JavaThread*) { return {}; }

  // The profile so far (at exit: the final one).
  virtual Profile snapshot() = 0;
  // Writes the final profile to out_path() in `format`, and says what it
  // holds. By default the snapshot, through write_profile; the exact
  // profilers stream JSON from their trees, with no second copy in memory.
  virtual Result<ProfileSummary> write(Format format);
  // A line to print after the summary line, or "" (bcount: the default
  // BBA's over-count).
  virtual std::string summary_note(const ProfileSummary&) const { return ""; }
  // Where the profile goes (out=...), and its format name or "" for the
  // extension's.
  virtual const std::string& out_path() const = 0;
  virtual const std::string& format() const = 0;

 protected:
  int slot_ = -1;         // in Frame::profiler_slots
  bool direct_bytecodes_ = false;  // see can_count_bytecodes_directly
  int thread_slot_ = -1;  // in JavaThread::profiler_data
};

// Threads that were running Java code before recording began at main (the
// VM's own, such as Common-Cleaner): their later activity depends on timing,
// so a profiler that does not record start-up leaves them out, which keeps
// the profile of a deterministic program reproducible.
bool is_startup_thread(JavaThread* thread);

// While one is alive, no profiler records the current thread's events: the
// work of a profiler's own Java code (JP: the agent is not profiled).
class SuspendRecording {
 public:
  SuspendRecording();
  ~SuspendRecording();
  SuspendRecording(const SuspendRecording&) = delete;
  SuspendRecording& operator=(const SuspendRecording&) = delete;
};

// The profilers minijvm has, by mode name: a new profiler for `spec`, or a
// one-line error (unknown mode or option).
Result<std::unique_ptr<Profiler>> create_profiler(const ProfilerSpec& spec);
// "cct" (the modes create_profiler knows, for messages and -help).
std::string available_modes();
// Whether `mode` is one of the samplers (timer and cbs, and the stack
// samplers): the profilers an accuracy experiment measures.
bool is_sampler_mode(std::string_view mode);

}  // namespace minijvm::prof
