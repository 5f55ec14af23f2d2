// Start-up of the VM core, without running any Java code (System.initPhase1
// and the rest belong to the launcher / classlib bridge).
#pragma once

#include "vm/classpath/jdk.h"
#include "vm/runtime/vm.h"

namespace minijvm {

class JavaThread;

// Initializes vm(): options, the heap (-Xmx), the boot class path
// (java.base.jmod), the main JavaThread (made current), the well-known
// classes (well_known_classes.def) loaded and linked in order, the primitive
// array classes, all mirrors including the nine primitive ones, and the
// preallocated OutOfMemoryError. On failure prints one line to stderr
// ("minijvm: ...") and returns false. Call once per process.
bool create_vm_core(const VmOptions& options, const JdkInstall& jdk, JavaThread** main_thread);

}  // namespace minijvm
