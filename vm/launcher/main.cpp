// The `minijvm` launcher executable: parses java-style options and hands the
// program to the VM in libjvm.so. The one file allowed to use every layer.
#include <cstdio>
#include <string>
#include <vector>

#include "classlib-bridge/startup/startup.h"
#include "profilers/cct/cct_tree.h"
#include "profilers/tool/prof_tool.h"
#include "vm/launcher/launcher.h"
#include "vm/launcher/options.h"

#if defined(__SANITIZE_ADDRESS__)
// Native memory a Java program allocates (Unsafe.allocateMemory, direct
// buffers) is released by process exit, as on HotSpot: not a leak to report.
// A 64 MB quarantine of freed blocks (256 MB by default) and allocation
// stacks of 10 frames (30) keep what finds a use after free while a JDK
// program's start-up runs faster: the sanitized differential suite, CI's
// longest part, takes about a fifth less (a -Xcomp run of
// diff.indy.Records: 5.3 s -> 4.1 s, 600 -> 310 MB). ASAN_OPTIONS
// overrides any of them.
extern "C" const char* __asan_default_options() {
  return "detect_leaks=0:quarantine_size_mb=64:malloc_context_size=10";
}
#endif

namespace {

int run_program(const minijvm::LauncherOptions& options, const minijvm::JdkInstall& jdk,
                const minijvm::LaunchTarget& target) {
  minijvm::ProgramRequest request;
  // HotSpot's defaults for the sizes not given (options.h heap_defaults).
  const minijvm::HeapDefaults ergonomic = minijvm::heap_defaults(
      minijvm::machine_memory(), options.max_ram_percentage.value_or(25.0),
      options.initial_ram_percentage.value_or(100.0 / 64));
  request.vm.max_heap = options.max_heap.value_or(ergonomic.max);
  request.vm.initial_heap = options.initial_heap.value_or(ergonomic.initial);
  if (options.young_size) request.vm.allocation_budget = *options.young_size;
  // HotSpot's heap-size checks (GCArguments), with its messages; an -Xms
  // above the default maximum raises the maximum when -Xmx is not given.
  if (options.initial_heap && !options.max_heap && request.vm.initial_heap > request.vm.max_heap)
    request.vm.max_heap = request.vm.initial_heap;
  if (!options.initial_heap && request.vm.initial_heap > request.vm.max_heap)
    request.vm.initial_heap = request.vm.max_heap;
  const char* heap_error = nullptr;
  if (request.vm.max_heap < (size_t{2} << 20))
    heap_error = "Too small maximum heap";
  else if (request.vm.initial_heap < (size_t{1} << 20))
    heap_error = "Too small initial heap";
  else if (request.vm.initial_heap > request.vm.max_heap)
    heap_error = "Initial heap size set to a larger value than the maximum heap size";
  if (heap_error != nullptr) {
    // HotSpot prints these on stdout (its tty).
    std::printf("Error occurred during initialization of VM\n%s\n", heap_error);
    std::fflush(stdout);
    return 1;
  }
  if (options.min_heap_free_ratio) request.vm.min_heap_free_ratio = *options.min_heap_free_ratio;
  if (options.max_heap_free_ratio) request.vm.max_heap_free_ratio = *options.max_heap_free_ratio;
  if (request.vm.min_heap_free_ratio > request.vm.max_heap_free_ratio) {
    // HotSpot's flag constraint, its first line.
    std::fprintf(stderr, "MinHeapFreeRatio (%d) must be less than or equal to MaxHeapFreeRatio (%d)\n",
                 request.vm.min_heap_free_ratio, request.vm.max_heap_free_ratio);
    return 1;
  }
  if (options.thread_stack) request.vm.thread_stack = *options.thread_stack;
  request.vm.properties = options.properties;
  // libjli's SetJavaCommandLineProp: the main class (or jar) and the
  // program's arguments, after the user's -D options.
  std::string command = target.what;
  for (const std::string& arg : options.program_args) command += " " + arg;
  request.vm.properties.emplace_back("sun.java.command", command);
  request.vm.class_path = target.class_path;
  request.vm.assertion_options = options.assertion_options;
  request.vm.profiles = options.profiles;
  if (options.safepoint_stress_ms) request.vm.safepoint_stress_ms = *options.safepoint_stress_ms;
  if (options.full_gc_alot) request.vm.full_gc_alot_interval = options.full_gc_alot_interval;
  request.vm.disable_explicit_gc = options.disable_explicit_gc;
  minijvm::prof::NodeArena::use_huge_pages(options.huge_pages);
  request.vm.hash_code = options.hash_code;
  request.vm.sched = options.sched;
  request.vm.jit = options.jit;
  request.jdk = jdk;
  request.launch_mode = target.mode;
  request.what = target.what;
  request.args = options.program_args;
  return minijvm::run_java_program(request);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // `minijvm prof ...`: the profile tool (profilers/tool/prof_tool.h).
  if (!args.empty() && args[0] == "prof")
    return minijvm::prof::prof_tool_main(std::vector<std::string>(args.begin() + 1, args.end()));
  minijvm::ParsedOptions parsed = minijvm::parse_options(args);
  if (!parsed.ok()) {
    std::fprintf(stderr, "%s\n", parsed.error.c_str());
    return parsed.exit_code;
  }
  return minijvm::run_launcher(parsed.options, parsed.exit_code, run_program);
}
