// The collector's driver: brings every Java thread to a global safepoint
// and runs the heap's mark-sweep there with the complete set of roots
// (vm/runtime/heap.h has the collector itself, vm/runtime/roots.h the roots
// the VM holds; this file adds the interpreter frames).
#pragma once

#include "vm/runtime/heap.h"
#include "vm/runtime/thread.h"

namespace minijvm::safepoint {

// Installs the driver in vm().heap; start-up calls it before Java code runs.
void install_collector();

// Calls visit on every reference slot of `thread`'s frames, top first: the
// slots the reference maps mark in interpreter frames (oop_map.h), and the
// reference arguments of native frames. The thread must be stopped or the
// current one.
void frame_roots_do(JavaThread* thread, const RootVisitor& visit);

}  // namespace minijvm::safepoint
