// The template JIT: minijvm's second execution tier (DESIGN.md "Execution").
//
// A method that has been called or has looped often enough (-XX:
// CompileThreshold; -Xcomp: at its first call) is translated, bytecode by
// bytecode, into x86-64 machine code from templates (compiler.cpp): on the
// compiler thread, while the program goes on interpreting it, or (-Xcomp,
// -Xbatch, the deterministic scheduler) by the thread that found it hot. The
// compiled code keeps the interpreter's frame layout, as V8's Sparkplug
// does: locals and operand stack stay in the Frame's slots, at offsets the
// compiler knows for every instruction (the stack depth is static), and pc
// and sp are written back before any call out. So stack walks, the
// collector's reference maps, exception dispatch, handshakes, the
// deterministic scheduler and every profiler see a compiled frame exactly
// as an interpreted one.
//
// The interpreter loop stays the driver. It enters a method's compiled code
// at a *resume point* (bci 0, every branch target, every exception handler,
// the instruction after every invoke) and the code runs until it reaches
// an instruction it leaves to the interpreter: athrow, multianewarray, a
// call of a method without compiled code of its kind, a return to a frame
// compiled code did not call, a site not resolved yet, an async tick. It
// then returns with pc and sp written back, and the loop executes that
// instruction as usual: a call pushes the callee's frame (and enters the
// callee's compiled code if it has some), and the callee's return resumes
// the caller's compiled code after the invoke. (Calls and returns between
// compiled methods stay in compiled code.) Switching tiers is therefore
// free in both directions: a loop in a method still being interpreted
// enters the freshly compiled code at its next backward branch (on-stack
// replacement), and compiled code that cannot go on simply returns.
//
// Compiled code counts executed bytecodes (exactly, per straight-line run
// of instructions) when it is compiled for the interpreter's counting loop,
// so the exact profilers and the bytecode clock see the same counts in both
// tiers; code compiled without profiling pays nothing for it. Code compiled
// for the async loop (-profile=async) also checks, before every
// instruction, for a tick landing there, and leaves that instruction to the
// loop, which samples at it: so an async sample in compiled code is
// attributed to the bytecode the thread was at, as in the interpreter.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vm/runtime/method.h"
#include "vm/runtime/thread.h"

namespace minijvm::interp::jit {

// Which loop a method's code is compiled for (each loop runs code of its
// own kind only, and calls between compiled methods stay within a kind).
enum class CodeKind : uint8_t {
  kPlain = 0,     // the loop without profiling: no counting, no hooks
  kCounting = 1,  // the counting loop: bytecodes counted, calls reported
  kAsync = 2,     // the async loop: counting, and a tick taken at any instruction
};
inline constexpr CodeKind code_kind(bool profiled, bool async) {
  return async ? CodeKind::kAsync : profiled ? CodeKind::kCounting : CodeKind::kPlain;
}
// How -Xlog:jit and the listings mark a kind.
inline const char* kind_note(CodeKind kind) {
  return kind == CodeKind::kAsync ? " (async)" : kind == CodeKind::kCounting ? " (counting)" : "";
}

// How compiled code returned to the interpreter loop.
enum class Exit : uint32_t {
  kInterpret = 0,  // execute the instruction at frame->pc in the interpreter
  kException = 1,  // an exception is pending, thrown by the instruction at frame->pc
};

// The machine code's entry: runs `frame` from `resume` (a resume point of
// the method, see resume_at) until it exits. Code compiled for counting
// continues the loop's count of the frame's not yet reported instructions,
// *executed, and leaves it there at exit.
// Compiled code calls and returns between compiled methods itself,
// pushing and popping their frames as the interpreter does, down to
// `frame` (which only the loop pops: its caller's code, if compiled, is
// not on this entry's native stack); when it exits, the thread's top frame
// is the one to go on with.
using Entry = Exit (*)(JavaThread* thread, Frame* frame, const void* resume, uint64_t* executed);

struct CompiledMethod {
  const void* start = nullptr;    // the resume point at bci 0 (read by compiled calls)
  CodeKind kind = CodeKind::kPlain;  // the loop it was compiled for
  // The method's frame (JavaThread::push_frame's layout), in bytes: its
  // locals, and its locals, record and operand stack. Read by compiled
  // calls whose callee is known only at run time.
  uint32_t local_bytes = 0;
  uint32_t frame_bytes = 0;
  Method* method = nullptr;
  Entry entry = nullptr;
  const uint8_t* code = nullptr;  // the machine code
  uint32_t code_size = 0;
  uint32_t stubs_offset = 0;      // where the out-of-line paths and the exit start
  uint32_t data_offset = 0;       // where the inline caches' cells start (no code)
  uint32_t compile_id = 0;
  // Set by the code when it leaves a call it was compiled without (the site
  // was not resolved yet) to the interpreter: kLeftCall the first time,
  // kLeftCallAgain once one site leaves its call a second time (a loop, or
  // the method called again from compiled code). The method is compiled
  // again, with its calls resolved, at its next invocation or loop entry
  // through the interpreter (on_hot_path) if it left any, and where a frame
  // resumes the code (code_to_resume) if it left one again. Code that is
  // the method's kMaxRecompiles-th recompilation never sets it.
  static constexpr uint8_t kLeftCall = 1, kLeftCallAgain = 2;
  std::atomic<uint8_t> left_calls{0};
  // Per bci, how often the code left the call there (wrapping): allocated
  // when the first such call is compiled.
  std::unique_ptr<uint8_t[]> exits_at;
  uint32_t recompiles = 0;  // of the method before this code
  int osr_bci = -1;         // the loop it was compiled from, or -1 (PrintCompilation)
  bool blocking = false;    // compiled by the thread that waited for it (PrintCompilation's b)
  uint32_t inlined_calls = 0;  // call sites whose callee runs in place (inlining.h, compiler.cpp)
  // Per bci: the machine code's offset of a resume point there, or 0.
  std::vector<uint32_t> resume_offsets;
  // Where each bytecode's template starts, in code order (listings): its
  // machine-code offset and bci, of the method or of a callee inlined
  // there (`inlined`, at `depth` nested calls).
  struct CodeStart {
    uint32_t offset = 0;
    uint32_t bci = 0;
    const Method* inlined = nullptr;
    int depth = 0;
  };
  std::vector<CodeStart> bci_starts;
  // The inlining decision at each call site of code without counting, in
  // code order (a callee's sites after its own, one level deeper), for
  // -XX:+PrintInlining: the site's bci (in the method at `depth - 1`
  // levels of inlining), the callee, and what was done or why not.
  struct InlineNote {
    int depth = 1;
    uint32_t bci = 0;
    const Method* callee = nullptr;
    std::string decision;
  };
  std::vector<InlineNote> inline_notes;

  const void* resume_at(uint32_t bci) const {
    return bci < resume_offsets.size() && resume_offsets[bci] != 0 ? code + resume_offsets[bci]
                                                                    : nullptr;
  }
};

// (Hidden: libjvm.so's own, read without a load of their address at every
// invoke and backward branch the interpreter counts.)
namespace detail {
[[gnu::visibility("hidden")]] extern bool g_enabled;        // not -Xint
[[gnu::visibility("hidden")]] extern uint32_t g_threshold;  // invocations + backward branches before compiling
}  // namespace detail

// Reads the VM's JitOptions (at start-up, before any Java code runs).
void configure();
// Whether methods may be compiled at all (-Xint: no).
inline bool enabled() { return detail::g_enabled; }

// The compiled code of `method` for the loop that asks (its kind), or
// nullptr.
inline CompiledMethod* code_for(const Method* method, CodeKind kind) {
  auto* cm = static_cast<CompiledMethod*>(method->jit_code.load(std::memory_order_acquire));
  return cm != nullptr && cm->kind == kind ? cm : nullptr;
}

// Compiles `method` now (out of line), or, with background compilation
// (mixed mode's default), asks the compiler thread to and returns nullptr:
// the method runs interpreted until its code is installed. nullptr also if
// it cannot be compiled (the reason is logged under -Xlog:jit, and the
// method stays interpreted).
CompiledMethod* compile(JavaThread* thread, Method* method, CodeKind kind, int osr_bci);

// Compiles the method of `stale` again (its calls resolved since), unless
// it was compiled kMaxRecompiles times already; the code to run now. The
// old code stays (frames may still return into it).
inline constexpr uint32_t kMaxRecompiles = 3;
CompiledMethod* recompile(JavaThread* thread, CompiledMethod* stale, int osr_bci);

// The code a frame of `method` resumes in (the loop returning to it, going
// on after an instruction compiled code left to it, or, from on_hot_path,
// entering it or reaching a backward branch to `osr_bci`): code_for, or the
// method compiled again if its code left calls to the interpreter as
// `wanted` says (CompiledMethod::left_calls). A frame that resumes goes on
// in its code, calls left to the interpreter and all, until one is left
// twice: one invocation that meets unresolved sites one after another
// (-Xcomp compiles every method before its first call resolves anything)
// is compiled again once, at its next call, not once per site, and a loop
// running in the first code gets the new code in its second iteration.
inline CompiledMethod* code_to_resume(JavaThread* thread, const Method* method, CodeKind kind,
                                      int osr_bci = -1,
                                      uint8_t wanted = CompiledMethod::kLeftCallAgain) {
  CompiledMethod* cm = code_for(method, kind);
  if (cm != nullptr && (cm->left_calls.load(std::memory_order_relaxed) & wanted) != 0) [[unlikely]]
    return recompile(thread, cm, osr_bci);
  return cm;
}

// Gives `method` its receiver profile (Method::receiver_profile), once.
void start_receiver_profile(Method* method);

// At an invocation (osr_bci < 0) or a backward branch to `osr_bci`: counts
// towards the threshold, compiles when it is reached, and returns the
// method's compiled code for this loop, if any.
inline CompiledMethod* on_hot_path(JavaThread* thread, Method* method, CodeKind kind,
                                   int osr_bci) {
  if (CompiledMethod* cm = code_to_resume(thread, method, kind, osr_bci,
                                              CompiledMethod::kLeftCall | CompiledMethod::kLeftCallAgain)) return cm;
  uint32_t hotness = method->hotness.load(std::memory_order_relaxed) + 1;
  method->hotness.store(hotness, std::memory_order_relaxed);
  if (hotness < detail::g_threshold) [[likely]] {
    // Halfway there, the interpreter starts recording its calls' receivers
    // (for code without counting, and counting code that inlines).
    if (hotness == detail::g_threshold / 2 && kind != CodeKind::kAsync) start_receiver_profile(method);
    return nullptr;
  }
  if (method->jit_unsupported.load(std::memory_order_relaxed)) return nullptr;
  return compile(thread, method, kind, osr_bci);
}

// Writes /tmp/perf-<pid>.map when -XX:+DumpPerfMapAtExit asked for it.
void at_exit();

}  // namespace minijvm::interp::jit
