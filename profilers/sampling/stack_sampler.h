// Stack sampling: the samplers of Hofer, Gnedt & Mössenböck ("Lightweight
// Java Profiling with Partial Safepoints and Incremental Stack Tracing",
// ICPE 2015) and the two baselines they are measured against. Each sample
// is a calling context (a stack walk, hidden frames transparent) whose leaf
// gets one sample; the profile is a sampled CCT with metric "samples".
//
//   -profile=sample[:depth=N,threads=all|running]
//       JVMTI-style: at each tick a global safepoint, and a walk of every
//       Java thread's stack (or of those that were running Java code);
//       stacks deeper than `depth` (default 256, 0: unlimited) are cut to
//       their top frames, as JVMTI agents do, and counted.
//   -profile=partial[:threads=K,waiting=on|off]
//       partial safepoints with self-sampling (§3-4): only K threads (default
//       the number of CPUs) must stop; each runnable thread that reaches a
//       poll takes a ticket, and the first K walk their own stacks; the K-th
//       ticket ends the request, so threads that come later do not stop. The
//       sampled threads resume when every trace is in. With waiting=on, the
//       K samples are shared between runnable threads and threads that wait
//       or run native code, in proportion to their numbers; the clock
//       thread walks the stacks of the waiting ones chosen.
//   -profile=incremental[:threads=K,waiting=on|off,verify=on|off]
//       partial safepoints with incremental stack tracing (§5-6,
//       incremental_trace.h); verify=on also takes a full walk at each sample
//       and checks that the incremental trace equals it.
//   -profile=async
//       a tick is taken at the next bytecode the thread executes, not at
//       its next poll (as perf or AsyncGetCallTrace sample arbitrary
//       instructions): sampling without safepoint bias.
//
// On the bytecode clock every thread's ticks are its own: a tick of a thread
// samples all threads (sample) or the thread itself (partial, incremental,
// async) at its next poll or instruction.
#pragma once

#include <memory>

#include "profilers/profiler.h"

namespace minijvm::prof {

Result<std::unique_ptr<Profiler>> create_stack_sampler(const ProfilerSpec& spec);

}  // namespace minijvm::prof
