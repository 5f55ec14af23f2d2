// The profiling session: the profilers of this run, the event dispatch of
// hooks.h, and writing the profiles at exit.
#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "profilers/cct/cct_profiler.h"
#include "profilers/export/export.h"
#include "profilers/hooks.h"
#include "profilers/profiler.h"
#include "vm/runtime/vm.h"

namespace minijvm::prof {

namespace {

struct Session {
  std::vector<std::unique_ptr<Profiler>> profilers;
  bool include_startup = false;
  std::mutex threads_mutex;
  std::vector<JavaThread*> startup_threads;  // see is_startup_thread
  std::mutex finish_mutex;
  bool finished = false;
};
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

Result<std::unique_ptr<Profiler>> create_profiler(const ProfilerSpec& spec) {
  if (spec.mode == "cct" || spec.mode == "bcount") return create_cct_profiler(spec);
  return make_error("", "-profile=" + spec.text + ": unknown profiler '" + spec.mode +
                            "' (available: " + available_modes() + ")");
}

std::string available_modes() { return "cct, bcount"; }

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

Result<void> configure(const std::vector<std::string>& specs) {
  Session& s = session();
  for (const std::string& text : specs) {
    ProfilerSpec spec = TRY(parse_profiler_spec(text));
    // The calling-context profilers share the frames' profiler slot.
    if (!s.profilers.empty()) {
      return make_error("", "-profile=" + text +
                                ": only one calling-context profiler per run is supported yet");
    }
    for (const auto& [key, value] : spec.options)
      if (key == "startup" && value == "include") s.include_startup = true;
    std::unique_ptr<Profiler> profiler = TRY(create_profiler(spec));
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
    detail::g_events.fetch_or(profiler->events(), std::memory_order_relaxed);
    s.profilers.push_back(std::move(profiler));
  }
  if (!s.profilers.empty()) write_profiles_on_signals();
  return {};
}

bool configured() { return !session().profilers.empty(); }

void start_recording(bool startup) {
  Session& s = session();
  if (s.profilers.empty() || (startup && !s.include_startup)) return;
  if (!startup && !s.include_startup) {
    // Recording begins at main, on the current thread: every other thread
    // alive now belongs to start-up.
    JavaThread* current = JavaThread::current();
    std::scoped_lock lock(vm().threads_mutex, s.threads_mutex);
    for (JavaThread* t : vm().threads)
      if (t != current) s.startup_threads.push_back(t);
  }
  detail::g_recording.store(true, std::memory_order_release);
}

bool is_startup_thread(JavaThread* thread) {
  Session& s = session();
  std::lock_guard lock(s.threads_mutex);
  return std::find(s.startup_threads.begin(), s.startup_threads.end(), thread) !=
         s.startup_threads.end();
}

void finish() {
  Session& s = session();
  {
    std::lock_guard lock(s.finish_mutex);
    if (s.finished || s.profilers.empty()) return;
    s.finished = true;
  }
  detail::g_recording.store(false, std::memory_order_release);
  for (const auto& profiler : s.profilers) {
    Profile profile = profiler->snapshot();
    const std::string& path = profiler->out_path();
    auto format = profiler->format().empty() ? format_from_path(path)
                                             : format_from_name(profiler->format());
    Result<void> written = write_profile(profile, format.value_or(Format::kJson), path);
    if (written.ok()) {
      std::fprintf(stderr, "%s\n", summary_line(profile, path).c_str());
      std::string note = profiler->summary_note(profile);
      if (!note.empty()) std::fprintf(stderr, "%s\n", note.c_str());
    } else {
      std::fprintf(stderr, "minijvm: cannot write the %s profile: %s\n",
                   std::string(profiler->mode()).c_str(), written.error().message.c_str());
    }
  }
  std::fflush(stderr);
}

// --- hooks.h ------------------------------------------------------------------

void method_entry(JavaThread* thread, Frame* frame) {
  for (const auto& p : session().profilers) p->method_entry(thread, frame);
}
void method_exit(JavaThread* thread, Frame* frame, bool by_exception) {
  for (const auto& p : session().profilers) p->method_exit(thread, frame, by_exception);
}
void bytecodes(JavaThread* thread, Frame* frame, uint64_t count) {
  for (const auto& p : session().profilers) p->bytecodes(thread, frame, count);
}
void allocation(JavaThread* thread, Frame* frame, uint64_t bytes) {
  for (const auto& p : session().profilers) p->allocation(thread, frame, bytes);
}
void exception(JavaThread* thread, Frame* frame) {
  for (const auto& p : session().profilers) p->exception(thread, frame);
}

}  // namespace minijvm::prof
