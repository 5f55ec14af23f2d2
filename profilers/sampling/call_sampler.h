// Call-graph sampling (Arnold & Grove, "Collecting and Exploiting
// High-Accuracy Call Graph Profiles in Virtual Machines", CGO 2005):
//
//   -profile=timer   Jikes RVM's timer-based sampling: a tick arms the
//                    thread, its next method entry (the prologue
//                    yieldpoint) records the call edge. The paper's
//                    baseline: cbs with stride 1 and one sample per tick.
//   -profile=cbs:stride=S,samples=N[,start=random|roundrobin][,context=edge|full]
//                    counter-based sampling (the paper's Figure 3): a tick
//                    opens a window in which every method entry counts
//                    down, and every S-th is sampled, N samples per tick;
//                    the first countdown starts at a value in [1..S]
//                    (random from the seed, or round robin), so every call
//                    of the window has the same chance.
//
// A sample is the call edge (caller method, call site, callee): the profile
// is a tree of depth two, root -> caller -> callee at its site. With
// context=full it is the whole calling context of the call (a walk of the
// stack at that entry), a sampled CCT comparable with the exact one context
// by context. Both take the clock's options (clock.h) and out=, format=.
#pragma once

#include <memory>

#include "profilers/profiler.h"

namespace minijvm::prof {

Result<std::unique_ptr<Profiler>> create_call_sampler(const ProfilerSpec& spec);

}  // namespace minijvm::prof
