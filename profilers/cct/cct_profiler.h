// cct: the exact, complete, call-site-aware calling context tree (JP2, CCCP).
// A node per (method, call-site bci in the caller) under its parent context,
// with calls, executed bytecodes, allocated objects and bytes. Each thread
// builds its own tree (only that thread writes it); the profile merges them
// and keeps them per thread.
//
// Per call the work is the frame's profiler_slot: the parent node is the
// caller's slot, and the parent remembers the child it found last (an inline
// cache per calling context), so a call from a loop finds its node with two
// loads and two compares -- in the interpreter itself (prof::enter) when
// this is the run's only profiler with events; then a per-thread call cache,
// then the parent's child list (cct_tree.h). The frame's executed bytecodes
// go straight to its node (Frame::bytecode_counter). The JSON profile is
// streamed from the trees (write), the other formats from a snapshot.
//
// Options: out=PATH, format=json|text|collapsed|html, sites=on|off (off
// merges the call sites of a method, CCCP-style), startup=include|exclude
// (default: the profile starts at main, as JP2 leaves out VM start-up).
#pragma once

#include <memory>

#include "profilers/profiler.h"

namespace minijvm::prof {

Result<std::unique_ptr<Profiler>> create_cct_profiler(const ProfilerSpec& spec);

}  // namespace minijvm::prof
