// The execution tiers and the template JIT's settings, as the launcher
// parses them (vm/launcher/options.cpp) and the JIT reads them
// (interp/jit/jit.h).
#pragma once

#include <cstdint>

namespace minijvm {

// -Xint, -Xmixed (the default), -Xcomp and the JIT's -XX: flags.
struct JitOptions {
  enum class Mode : uint8_t { kMixed, kInterpreted, kCompiled };
  Mode mode = Mode::kMixed;
  uint32_t compile_threshold = 0;  // -XX:CompileThreshold=N; 0: the JIT's default
  bool print_compilation = false;  // -XX:+PrintCompilation
  bool print_assembly = false;     // -XX:+PrintAssembly
  bool print_inlining = false;     // -XX:+PrintInlining
  bool dump_perf_map = false;      // -XX:+DumpPerfMapAtExit
  // -XX:-BackgroundCompilation, -Xbatch: the thread that finds a method hot
  // compiles it and waits (as -Xcomp always does); else the compiler thread
  // compiles it while the program goes on.
  bool background = true;
  // Inlining of small callees into compiled code without counting
  // (interp/jit/compiler.cpp): -XX:-Inline turns it off; -XX:MaxInlineSize
  // is the largest callee, in bytecodes, -XX:MaxInlineLevel how deep
  // inlined calls nest.
  bool inline_calls = true;
  uint32_t max_inline_size = 35;
  uint32_t max_inline_level = 4;
};

}  // namespace minijvm
