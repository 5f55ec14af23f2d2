#include "vm/launcher/options.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <string_view>

#include <unistd.h>

namespace minijvm {

std::optional<uint64_t> parse_memory_size(std::string_view text) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data()) return std::nullopt;
  std::string_view suffix(end, text.data() + text.size() - end);
  int shift = 0;
  if (suffix.size() > 1) return std::nullopt;
  if (suffix.size() == 1) {
    switch (suffix[0]) {
      case 'k': case 'K': shift = 10; break;
      case 'm': case 'M': shift = 20; break;
      case 'g': case 'G': shift = 30; break;
      case 't': case 'T': shift = 40; break;
      default: return std::nullopt;
    }
  }
  if (value > (std::numeric_limits<uint64_t>::max() >> shift)) return std::nullopt;
  return value << shift;
}

namespace {

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

ParsedOptions fail(std::string message) {
  ParsedOptions p;
  p.error = std::move(message);
  p.exit_code = 1;
  return p;
}

// Options after -javap: javap's own flags, then class names or files.
ParsedOptions parse_javap(ParsedOptions parsed, const std::vector<std::string>& args, size_t i) {
  auto& j = parsed.options.javap;
  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-c") j.code = true;
    else if (a == "-v" || a == "-verbose") j.verbose = true;
    else if (a == "-p" || a == "-private") j.private_ = true;
    else if (a == "-l") j.lines = true;
    else if (a == "-s") j.signatures = true;
    else if (a == "-constants") j.constants = true;
    else if (a == "-public" || a == "-protected" || a == "-package") continue;  // the default view
    else if (starts_with(a, "-")) return fail("javap: unrecognized option: " + a);
    else j.classes.push_back(a);
  }
  if (j.classes.empty()) return fail("javap: no classes specified (usage: minijvm -javap [-c] [-v] [-p] CLASS|FILE.class ...)");
  parsed.options.action = LauncherOptions::Action::javap;
  return parsed;
}

// The module options java's launcher passes on and HotSpot's Arguments turns
// into the jdk.module.* properties that ModuleBootstrap.boot() reads
// (numbered ones: jdk.module.addopens.0, .1, ...).
struct ModuleOption {
  std::string_view option;
  std::string_view property;
  bool numbered;
};
constexpr ModuleOption kModuleOptions[] = {
    {"--add-opens", "jdk.module.addopens", true},
    {"--add-exports", "jdk.module.addexports", true},
    {"--add-reads", "jdk.module.addreads", true},
    {"--add-modules", "jdk.module.addmods", true},
    {"--enable-native-access", "jdk.module.enable.native.access", true},
    {"--limit-modules", "jdk.module.limitmods", false},
};

}  // namespace

ParsedOptions parse_options(const std::vector<std::string>& args) {
  ParsedOptions parsed;
  LauncherOptions& o = parsed.options;
  using Action = LauncherOptions::Action;
  bool have_target = false;
  bool experimental = false;  // -XX:+UnlockExperimentalVMOptions seen
  size_t module_option_counts[std::size(kModuleOptions)] = {};
  size_t i = 0;
  for (; i < args.size() && !have_target; ++i) {
    const std::string& a = args[i];
    auto next = [&]() -> const std::string* {
      return i + 1 < args.size() ? &args[++i] : nullptr;
    };
    if (a == "-cp" || a == "-classpath" || a == "--class-path") {
      const std::string* v = next();
      if (!v) return fail("Error: " + a + " requires class path specification");
      o.class_path = *v;
    } else if (starts_with(a, "--class-path=")) {
      o.class_path = a.substr(13);
    } else if (auto mod = std::find_if(std::begin(kModuleOptions), std::end(kModuleOptions),
                                       [&](const ModuleOption& m) {
                                         return a == m.option ||
                                                (starts_with(a, m.option) &&
                                                 a.size() > m.option.size() &&
                                                 a[m.option.size()] == '=');
                                       });
               mod != std::end(kModuleOptions)) {
      // `--add-opens X` or `--add-opens=X` (libjli accepts both).
      std::string value;
      if (a.size() > mod->option.size()) {
        value = a.substr(mod->option.size() + 1);
      } else {
        const std::string* v = next();
        if (!v) return fail("Error: " + a + " requires modules to be specified");
        value = *v;
      }
      std::string key(mod->property);
      if (mod->numbered) {
        key += '.';
        key += std::to_string(module_option_counts[mod - std::begin(kModuleOptions)]++);
      }
      o.properties.emplace_back(std::move(key), std::move(value));
    } else if (starts_with(a, "--illegal-access=")) {
      // Obsolete in 17: HotSpot warns and goes on.
      std::fprintf(stderr,
                   "OpenJDK 64-Bit Server VM warning: Ignoring option %s; support was removed "
                   "in 17.0\n",
                   a.c_str());
    } else if (a == "-p" || a == "--module-path" || starts_with(a, "--module-path=")) {
      // libjli hands the module path to the VM as jdk.module.path.
      std::string value;
      if (a.size() > 14) {
        value = a.substr(14);
      } else {
        const std::string* v = next();
        if (!v) return fail("Error: " + a + " requires module path specification");
        value = *v;
      }
      o.properties.emplace_back("jdk.module.path", std::move(value));
    } else if (a == "-m" || a == "--module" || starts_with(a, "--module=")) {
      // libjli's LM_MODULE: the initial module (jdk.module.main, a root of
      // the boot layer) and optionally its main class; what follows are the
      // program's arguments.
      if (a.size() > 9) {
        o.main_class = a.substr(9);
      } else {
        const std::string* v = next();
        if (!v) return fail("Error: " + a + " requires module name");
        o.main_class = *v;
      }
      o.properties.emplace_back("jdk.module.main", o.main_class.substr(0, o.main_class.find('/')));
      o.action = Action::run_module;
      have_target = true;
    } else if (a == "-jar") {
      const std::string* v = next();
      if (!v) return fail("Error: -jar requires jar file specification");
      o.main_class = *v;
      o.action = Action::run_jar;
      have_target = true;
    } else if (a == "-javap") {
      return parse_javap(std::move(parsed), args, i + 1);
    } else if (starts_with(a, "-D")) {
      std::string kv = a.substr(2);
      auto eq = kv.find('=');
      if (kv.empty() || eq == 0) return fail("Error: Invalid property specification: " + a);
      if (eq == std::string::npos) o.properties.emplace_back(kv, "");
      else o.properties.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    } else if (a == "-version") {
      o.action = Action::version;
      return parsed;
    } else if (a == "--version") {
      o.action = Action::version;
      o.to_stdout = true;
      return parsed;
    } else if (a == "-showversion" || a == "--show-version") {
      o.show_version = true;
    } else if (a == "-help" || a == "-h" || a == "-?") {
      o.action = Action::help;
      return parsed;
    } else if (a == "--help") {
      o.action = Action::help;
      o.to_stdout = true;
      return parsed;
    } else if (a == "-verbose:class") {
      o.verbose_class = true;
    } else if (a == "-verbose:gc") {
      o.verbose_gc = true;
    } else if (a == "-verbose:jni") {
      o.verbose_jni = true;
    } else if (a == "-verbose") {
      o.verbose_class = true;  // java's plain -verbose means -verbose:class
    } else if (a == "-Xlog:help") {
      o.action = Action::xlog_help;
      return parsed;
    } else if (starts_with(a, "-Xlog")) {
      o.xlog.push_back(a.substr(5));
    } else if (starts_with(a, "-Xss")) {
      auto size = parse_memory_size(std::string_view(a).substr(4));
      if (!size) return fail("Invalid thread stack size: " + a);
      o.thread_stack = *size;
    } else if (starts_with(a, "-Xmx")) {
      auto size = parse_memory_size(std::string_view(a).substr(4));
      if (!size || *size == 0) return fail("Invalid maximum heap size: " + a);
      o.max_heap = *size;
    } else if (starts_with(a, "-Xms")) {
      auto size = parse_memory_size(std::string_view(a).substr(4));
      if (!size) return fail("Invalid initial heap size: " + a);
      o.initial_heap = *size;
    } else if (starts_with(a, "-Xmn")) {
      // HotSpot's young generation: here the least allocation budget
      // between collections (vm/runtime/heap.h).
      auto size = parse_memory_size(std::string_view(a).substr(4));
      if (!size || *size == 0) return fail("Invalid initial young generation size: " + a);
      o.young_size = *size;
    } else if (starts_with(a, "-Xjdk:")) {
      o.jdk_home = a.substr(6);
    } else if (starts_with(a, "-profile=")) {
      o.profiles.push_back(a.substr(9));
    } else if (a == "-ea" || a == "-da" || a == "-esa" || a == "-dsa" ||
               starts_with(a, "-ea:") || starts_with(a, "-da:") ||
               a == "-enableassertions" || a == "-disableassertions" ||
               starts_with(a, "-enableassertions:") || starts_with(a, "-disableassertions:") ||
               a == "-enablesystemassertions" || a == "-disablesystemassertions") {
      o.assertion_options.push_back(a);
    } else if (a == "-XX:+SafepointALot") {
      o.safepoint_stress_ms = 0;
    } else if (starts_with(a, "-XX:GuaranteedSafepointInterval=")) {
      std::string value = a.substr(32);
      if (value.empty() || value.size() > 6 ||
          value.find_first_not_of("0123456789") != std::string::npos) {
        return fail("Improperly specified VM option '" + a.substr(4) + "'");
      }
      o.safepoint_stress_ms = std::stoi(value);
    } else if (a == "-XX:+UseTransparentHugePages" || a == "-XX:-UseTransparentHugePages") {
      o.huge_pages = a[4] == '+';
    } else if (a == "-XX:+FullGCALot" || a == "-XX:-FullGCALot") {
      o.full_gc_alot = a[4] == '+';
    } else if (starts_with(a, "-XX:FullGCALotInterval=")) {
      std::string value = a.substr(23);
      if (value.empty() || value.size() > 9 ||
          value.find_first_not_of("0123456789") != std::string::npos || std::stoll(value) == 0) {
        return fail("Improperly specified VM option '" + a.substr(4) + "'");
      }
      o.full_gc_alot_interval = std::stoull(value);
    } else if (starts_with(a, "-XX:MinHeapFreeRatio=") || starts_with(a, "-XX:MaxHeapFreeRatio=")) {
      const std::string flag = a.substr(4, 16), value = a.substr(21);
      if (value.empty() || value.size() > 9 || value.find_first_not_of("0123456789") != std::string::npos)
        return fail("Improperly specified VM option '" + a.substr(4) + "'");
      if (std::stoi(value) > 100) {
        return fail("uintx " + a.substr(4) + " is outside the allowed range [ 0 ... 100 ]");
      }
      (flag == "MinHeapFreeRatio" ? o.min_heap_free_ratio : o.max_heap_free_ratio) = std::stoi(value);
    } else if (starts_with(a, "-XX:MaxRAMPercentage=") ||
               starts_with(a, "-XX:InitialRAMPercentage=")) {
      const size_t eq = a.find('=');
      const std::string flag = a.substr(4, eq - 4), value = a.substr(eq + 1);
      double percent = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), percent);
      if (value.empty() || ec != std::errc() || end != value.data() + value.size())
        return fail("Improperly specified VM option '" + a.substr(4) + "'");
      if (!(percent >= 0 && percent <= 100)) {
        char line[160];
        std::snprintf(line, sizeof line,
                      "double %s=%f is outside the allowed range [ 0.000000 ... 100.000000 ]",
                      flag.c_str(), percent);
        return fail(line);
      }
      (flag == "MaxRAMPercentage" ? o.max_ram_percentage : o.initial_ram_percentage) = percent;
    } else if (a == "-XX:+DisableExplicitGC" || a == "-XX:-DisableExplicitGC") {
      o.disable_explicit_gc = a[4] == '+';
    } else if (a == "-XX:+UnlockExperimentalVMOptions" || a == "-XX:-UnlockExperimentalVMOptions") {
      experimental = a[4] == '+';
    } else if (starts_with(a, "-XX:hashCode=")) {
      // HotSpot's experimental flag: the unlock must come first.
      if (!experimental) {
        return fail("Error: VM option 'hashCode' is experimental and must be enabled via "
                    "-XX:+UnlockExperimentalVMOptions.");
      }
      std::string value = a.substr(13);
      if (value.empty() || value.size() > 9 || value.find_first_not_of("0123456789") != std::string::npos) {
        return fail("Improperly specified VM option '" + a.substr(4) + "'");
      }
      o.hash_code = std::stoi(value);
    } else if (a == "-Xint") {
      o.jit.mode = JitOptions::Mode::kInterpreted;
    } else if (a == "-Xmixed") {
      o.jit.mode = JitOptions::Mode::kMixed;
    } else if (a == "-Xcomp") {
      o.jit.mode = JitOptions::Mode::kCompiled;
    } else if (starts_with(a, "-XX:CompileThreshold=")) {
      std::string value = a.substr(21);
      if (value.empty() || value.size() > 9 ||
          value.find_first_not_of("0123456789") != std::string::npos) {
        return fail("Improperly specified VM option '" + a.substr(4) + "'");
      }
      o.jit.compile_threshold = static_cast<uint32_t>(std::stoul(value));
    } else if (starts_with(a, "-XX:MaxInlineSize=") || starts_with(a, "-XX:MaxInlineLevel=")) {
      // HotSpot's intx flags: a number outside [0, 2^31 - 1] is out of the
      // allowed range, anything else not a number at all.
      const size_t eq = a.find('=');
      const std::string flag = a.substr(4, eq - 4), value = a.substr(eq + 1);
      const size_t digits = value.size() - (value.starts_with('-') ? 1 : 0);
      if (digits == 0 || digits > 18 ||
          value.find_first_not_of("0123456789", value.size() - digits) != std::string::npos) {
        return fail("Improperly specified VM option '" + a.substr(4) + "'");
      }
      const long long n = std::stoll(value);
      if (n < 0 || n > INT32_MAX) {
        return fail("intx " + flag + "=" + value + " is outside the allowed range [ 0 ... 2147483647 ]");
      }
      (flag == "MaxInlineSize" ? o.jit.max_inline_size : o.jit.max_inline_level) = static_cast<uint32_t>(n);
    } else if (a == "-XX:+Inline" || a == "-XX:-Inline") {
      o.jit.inline_calls = a[4] == '+';
    } else if (a == "-Xbatch") {
      o.jit.background = false;
    } else if (a == "-XX:+BackgroundCompilation" || a == "-XX:-BackgroundCompilation") {
      o.jit.background = a[4] == '+';
    } else if (a == "-XX:+PrintCompilation" || a == "-XX:-PrintCompilation") {
      o.jit.print_compilation = a[4] == '+';
    } else if (a == "-XX:+PrintAssembly" || a == "-XX:-PrintAssembly") {
      o.jit.print_assembly = a[4] == '+';
    } else if (a == "-XX:+PrintInlining" || a == "-XX:-PrintInlining") {
      o.jit.print_inlining = a[4] == '+';
    } else if (a == "-XX:+DumpPerfMapAtExit" || a == "-XX:-DumpPerfMapAtExit") {
      o.jit.dump_perf_map = a[4] == '+';
    } else if (a == "-XX:+UnlockDiagnosticVMOptions" || a == "-XX:-UnlockDiagnosticVMOptions") {
      // HotSpot wants it before -XX:+PrintAssembly and -XX:+PrintInlining;
      // minijvm accepts both ways.
    } else if (starts_with(a, "-Xsched=")) {
      std::string error;
      o.sched = sched::parse_options(a.substr(8), &error);
      if (!o.sched) return fail(error);
    } else if (starts_with(a, "-XX:")) {
      std::string name = a.substr(4);
      if (!name.empty() && (name[0] == '+' || name[0] == '-')) name = name.substr(1);
      name = name.substr(0, name.find('='));
      return fail("Unrecognized VM option '" + name + "'");
    } else if (starts_with(a, "-")) {
      return fail("Unrecognized option: " + a);
    } else {
      o.main_class = a;
      o.action = a.size() > 6 && a.compare(a.size() - 6, 6, ".class") == 0 ? Action::run_class_file
                                                                              : Action::run_class;
      have_target = true;
    }
  }
  if (!have_target) {
    // java with no main class prints its usage to stderr and exits 1.
    o.action = Action::help;
    parsed.exit_code = 1;
    if (o.show_version) o.action = Action::version;
    return parsed;
  }
  o.program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
  return parsed;
}

std::string usage_text() {
  return R"(Usage: minijvm [options] <mainclass> [args...]
           (to execute a class)
   or  minijvm [options] <file>.class [args...]
           (to execute a class file; its package decides the class path root)
   or  minijvm [options] -jar <jarfile> [args...]
           (to execute a jar file)
   or  minijvm [options] -m <module>[/<mainclass>] [args...]
       minijvm [options] --module <module>[/<mainclass>] [args...]
           (to execute the main class in a module)
   or  minijvm -javap [-c] [-v] [-p] [-l] [-s] [-constants] <class|file.class>...
           (to disassemble classes, as javap does)

 Arguments following the main class, class file, -jar <jarfile> or
 -m <module>/<mainclass> are passed as the arguments to the main class.

 where options include:
    -cp <class search path of directories and zip/jar files>
    -classpath <class search path of directories and zip/jar files>
    --class-path <class search path of directories and zip/jar files>
                  A : separated list of directories, JAR archives, and ZIP
                  archives to search for class files; dir/* means every jar
                  in dir. Default: $CLASSPATH, else the current directory.
    -p <module path>
    --module-path <module path>...
                  A : separated list of directories, each directory
                  is a directory of modules.
    -D<name>=<value>
                  set a system property
    -verbose:[class|gc|jni]
                  enable verbose output for the given subsystem
    -Xlog:<opts>  unified logging in HotSpot's syntax; -Xlog:help lists the
                  tag sets minijvm knows
    -Xmx<size>    maximum Java heap size (e.g. 512m, 2g); default a
                  quarter of the memory, as HotSpot's
    -Xms<size>    initial Java heap size; default 1/64 of the memory
    -Xmn<size>    the allocations between collections at least, when
                  little is live (HotSpot's young generation; default 32m)
    -Xss<size>    Java thread stack size
    -ea[:<packagename>...|:<classname>]
    -da[:<packagename>...|:<classname>]
                  enable/disable assertions with specified granularity
    -profile=<mode>[:<key>=<value>,...]
                  record a profile of the run (modes: cct, bcount, timer,
                  cbs, sample, partial, incremental, async; repeatable:
                  several record the same run); e.g.
                  -profile=cct:out=app.html. Keys for cct: out=<path>
                  (.json .txt .collapsed .html .pb.gz),
                  format=json|text|collapsed|html|pprof,
                  sites=on|off, startup=include|exclude, only=<glob>,
                  exclude=<glob>; bcount also bba=precise|default,
                  agent=top|snapshot|<class>, granularity=<n>, top=<n>,
                  reset=on|off. The samplers timer and cbs take out=,
                  format=, interval=10ms|1ms|100us|<n> (ms, us, ns, s),
                  clock=wall|cpu|bytecodes, jitter=on|off, seed=<n>,
                  context=edge|full; cbs also stride=<s>, samples=<n>,
                  start=random|roundrobin. The stack samplers take the
                  clock's keys too; sample also depth=<n>,
                  threads=all|running; partial and incremental
                  threads=<k>, waiting=on|off; incremental verify=on|off
    -XX:+SafepointALot
    -XX:GuaranteedSafepointInterval=<ms>
                  stress modes: bring all threads to a safepoint
                  continuously (or every <ms>) and walk every stack; with
                  -Xlog:safepoint each safepoint is printed
    -XX:+FullGCALot
    -XX:FullGCALotInterval=<n>
                  stress mode: collect the heap at every <n>th allocation
                  (default 1); with -Xlog:gc each collection is printed
    -XX:MinHeapFreeRatio=<percent>
    -XX:MaxHeapFreeRatio=<percent>
                  after a collection the heap grows (toward -Xmx) until at
                  least this share of it is free, and shrinks (not below
                  -Xms) while more than that is free: defaults 67 and 85,
                  as every collection here is a full one
    -XX:MaxRAMPercentage=<percent>
    -XX:InitialRAMPercentage=<percent>
                  the default -Xmx and -Xms as shares of the machine's
                  memory (or its cgroup's limit): defaults 25 and 1.5625
    -XX:+DisableExplicitGC
                  System.gc() does not collect
    -XX:+UseTransparentHugePages
                  the exact profilers' context trees ask the kernel for
                  transparent huge pages (madvise): fewer page faults for
                  trees of millions of contexts, up to a third more memory
    -XX:+UnlockExperimentalVMOptions -XX:hashCode=<n>
                  how identity hash codes are made, HotSpot's modes: 2 makes
                  all of them 1, so that identity-keyed hash tables behave
                  the same on both VMs; 5 (the default) is per-thread
                  xor-shift, 0 a global random sequence, 3 a counter, 4 and
                  1 the address
    -Xsched=deterministic[:quantum=<n>][,epoch=<ms>|now]
                  run all Java threads as fibers on one OS thread, switched
                  after <n> bytecodes (default 10000) and when they block, in
                  a fixed order, with a virtual clock (1 bytecode = 1 ns; the
                  wall clock starts at <ms> since 1970, default 2025-01-01):
                  runs are reproducible; -Xlog:sched prints a hash of the
                  executed (thread, method) sequence
    -Xint         interpret only: never compile
    -Xmixed       interpret, and compile a method with the template JIT once
                  it has been called or looped -XX:CompileThreshold=<n>
                  times (the default), on a compiler thread while the
                  program goes on
    -Xcomp        compile every method at its first call
    -Xbatch, -XX:-BackgroundCompilation
                  the thread that finds a method hot compiles it and waits
                  for its code (as -Xcomp does): compilations happen at the
                  same points of every run
    -XX:-Inline   compiled code calls every callee instead of running small
                  ones in place (inlining; on by default)
    -XX:MaxInlineSize=<n>, -XX:MaxInlineLevel=<n>
                  inline callees of at most <n> bytecodes (default 35),
                  nested at most <n> calls deep (default 4)
    -XX:+PrintCompilation
                  print a line per compiled method, in HotSpot's format
    -XX:+PrintAssembly
                  print each compiled method's machine code, disassembled,
                  under the bytecode it implements
    -XX:+PrintInlining
                  print, under each compiled method, its call sites and
                  whether each callee was inlined, in HotSpot's format
    -XX:+DumpPerfMapAtExit
                  write /tmp/perf-<pid>.map, so Linux perf names compiled code
    -Xjdk:<path>  the OpenJDK 17 whose java.base and native libraries minijvm
                  runs on (default: $JAVA_HOME, else /usr/lib/jvm/java-17-openjdk-*)
    -version      print the version of minijvm and of its class library to
                  the error stream and exit
    --version     the same, to the output stream
    -showversion  print the version and continue
    -? -h -help   print this help message to the error stream
    --help        print this help message to the output stream

 See README.md for what minijvm runs today and how to take profiles.
)";
}

HeapDefaults heap_defaults(uint64_t memory, double max_percent, double initial_percent) {
  constexpr uint64_t kMaxHeapFloor = uint64_t{96} * 1024 * 1024 * 13 / 10;  // ScaleForWordSize(96M)
  constexpr uint64_t kMinHeap = uint64_t{8} << 20;
  constexpr uint64_t kBlock = uint64_t{64} << 10;
  auto share = [memory](double percent) {
    return static_cast<uint64_t>(static_cast<double>(memory) * percent / 100);
  };
  auto in_blocks = [](uint64_t bytes) { return (bytes + kBlock - 1) / kBlock * kBlock; };
  uint64_t max = share(max_percent);
  if (uint64_t small_machine = share(50); small_machine < kMaxHeapFloor)
    max = small_machine;
  else
    max = std::max(max, kMaxHeapFloor);
  max = std::max(in_blocks(max), kMinHeap);
  return {in_blocks(std::min(std::max(share(initial_percent), kMinHeap), max)), max};
}

uint64_t machine_memory() {
  constexpr uint64_t kMaxRam = uint64_t{128} << 30;
  long pages = sysconf(_SC_PHYS_PAGES), page_bytes = sysconf(_SC_PAGE_SIZE);
  uint64_t memory = kMaxRam;
  if (pages > 0 && page_bytes > 0) memory = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_bytes);
  // cgroup v2's memory.max ("max": none), else v1's limit (a huge number: none).
  for (const char* path :
       {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    FILE* f = std::fopen(path, "r");
    if (f == nullptr) continue;
    unsigned long long limit = 0;
    bool set = std::fscanf(f, "%llu", &limit) == 1;
    std::fclose(f);
    if (set && limit > 0) memory = std::min<uint64_t>(memory, limit);
    break;
  }
  return std::min(memory, kMaxRam);
}

}  // namespace minijvm
