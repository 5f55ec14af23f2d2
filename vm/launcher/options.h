// Command-line options of the `minijvm` launcher, in the java launcher's
// conventions: options first, then the main class (or -jar JAR, or a .class
// file), then the program's arguments.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vm/javap/javap_options.h"
#include "vm/runtime/jit_options.h"
#include "vm/runtime/scheduler.h"

namespace minijvm {

struct LauncherOptions {
  enum class Action {
    run_class,   // main_class names a class on the class path
    run_class_file,  // main_class is a path to a .class file
    run_jar,     // main_class is a jar whose manifest names the class
    run_module,  // main_class is MODULE[/CLASS] (-m, --module)
    javap,
    version,     // -version (stderr) / --version (stdout)
    help,        // -help (stderr) / --help (stdout)
    xlog_help,
  };
  Action action = Action::help;
  bool to_stdout = false;    // --version / --help print to stdout, as java does
  bool show_version = false; // -showversion / --show-version

  std::optional<std::string> class_path;  // -cp; else $CLASSPATH; else "."
  std::string main_class;                 // class name, .class path, jar path or MODULE[/CLASS]
  std::vector<std::string> program_args;

  std::vector<std::pair<std::string, std::string>> properties;  // -Dk=v, in order
  std::optional<uint64_t> max_heap;      // -Xmx
  std::optional<uint64_t> initial_heap;  // -Xms
  std::optional<uint64_t> young_size;    // -Xmn: the allocation budget's least size
  std::optional<uint64_t> thread_stack;  // -Xss
  std::optional<int> min_heap_free_ratio;  // -XX:MinHeapFreeRatio=
  std::optional<int> max_heap_free_ratio;  // -XX:MaxHeapFreeRatio=
  std::optional<double> max_ram_percentage;      // -XX:MaxRAMPercentage=
  std::optional<double> initial_ram_percentage;  // -XX:InitialRAMPercentage=
  std::vector<std::string> xlog;         // each -Xlog option, text after "-Xlog"
  bool verbose_class = false;
  bool verbose_gc = false;
  bool verbose_jni = false;
  std::vector<std::string> assertion_options;  // -ea/-da/-esa/-dsa[:...], in order
  std::optional<std::string> jdk_home;          // -Xjdk:PATH
  std::vector<std::string> profiles;            // each -profile=, text after '=
  std::optional<int> safepoint_stress_ms;  // -XX:+SafepointALot (0), -XX:GuaranteedSafepointInterval=
  bool full_gc_alot = false;               // -XX:+FullGCALot
  uint64_t full_gc_alot_interval = 1;      // -XX:FullGCALotInterval=
  bool disable_explicit_gc = false;        // -XX:+DisableExplicitGC
  bool huge_pages = false;                 // -XX:+UseTransparentHugePages
  int hash_code = 5;                       // -XX:hashCode= (VmOptions::hash_code)
  std::optional<sched::Options> sched;     // -Xsched=deterministic[:...]
  JitOptions jit;                          // -Xint, -Xcomp, -XX:CompileThreshold=, ...
  JavapOptions javap;
};

// The outcome of parsing: options, or the one-line error java would print
// (without a trailing newline) and the exit code.
struct ParsedOptions {
  LauncherOptions options;
  std::string error;
  int exit_code = 0;
  bool ok() const { return error.empty(); }
};

ParsedOptions parse_options(const std::vector<std::string>& args);

// Parses a HotSpot memory size: digits with an optional k/m/g/t suffix (either case).
std::optional<uint64_t> parse_memory_size(std::string_view text);

// HotSpot's heap ergonomics (Arguments::set_heap_size), for when -Xmx or
// -Xms is not given: the maximum is `max_percent` (MaxRAMPercentage, 25)
// of the machine's `memory`, or MinRAMPercentage (50) of it on a machine
// so small that this is less than HotSpot's own floor for the default
// (MaxHeapSize, 124.8 MB), which a larger machine's maximum never goes
// below; the initial size is `initial_percent` (InitialRAMPercentage,
// 1/64) of the memory, at least 8 MB (MinHeapSize) and at most the
// maximum. Both in whole 64 KiB heap blocks.
struct HeapDefaults {
  uint64_t initial = 0;
  uint64_t max = 0;
};
HeapDefaults heap_defaults(uint64_t memory, double max_percent, double initial_percent);

// The memory HotSpot sizes its heap for: the physical memory, or the
// cgroup's limit when one is set and lower (as its container support), at
// most MaxRAM (128 GB).
uint64_t machine_memory();

// The text printed by -help.
std::string usage_text();

}  // namespace minijvm
