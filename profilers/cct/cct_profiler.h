// cct: the exact, complete, call-site-aware calling context tree (JP2, CCCP).
// A node per (method, call-site bci in the caller) under its parent context,
// with calls, executed bytecodes, allocated objects and bytes. Each thread
// has its own tree; the profile merges them and keeps them per thread.
//
// While the program runs, its threads only log what they do: each call,
// return, batch of executed bytecodes and allocation is a 64-bit word of
// the thread's call log (call_log.h), appended by the interpreter
// (prof::enter, prof::leave) or by compiled counting code itself; a
// frame's profiler slot says that its call was logged. The trees are built
// from the logs by the tree builder (tree_builder.h, replay.h), on a
// thread of its own: finding a call's context among millions, and making
// it, is not the program's work. The JSON profile is streamed from the
// trees (write), the other formats from a snapshot.
//
// Options: out=PATH, format=json|text|collapsed|html, sites=on|off (off
// merges the call sites of a method, CCCP-style), startup=include|exclude
// (default: the profile starts at main, as JP2 leaves out VM start-up),
// builder=thread|inline (inline: each thread replays its own log as it
// fills, with no thread of the profiler's).
#pragma once

#include <memory>

#include "profilers/profiler.h"

namespace minijvm::prof {

Result<std::unique_ptr<Profiler>> create_cct_profiler(const ProfilerSpec& spec);

}  // namespace minijvm::prof
