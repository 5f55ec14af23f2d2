// Hooks other parts of minijvm install into the JVM_* layer.
#pragma once

namespace minijvm {

// Called by JVM_Halt (Runtime.halt, and System.exit after the shutdown
// hooks) with the exit status, just before the process ends -- e.g. to write
// the requested profiles. The process then ends with std::_Exit: other Java
// threads may still be running (there is no exit safepoint yet), so static
// destructors must not run under them.
using HaltHook = void (*)(int status);
void set_halt_hook(HaltHook hook);

}  // namespace minijvm
