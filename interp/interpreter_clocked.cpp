// The clocked loops (interp/loop.inc): the counting loop that also keeps
// the thread's bytecode total and checks the bytecode clock (a sampler on
// that clock, the deterministic scheduler), and the async loop, which also
// takes a sampler's tick at any instruction (-profile=async). In a file of
// their own (interp/loop.inc says why).
#include "interp/interpreter.h"

#include "interp/loop.inc"

namespace minijvm::interp {

void run_clocked(JavaThread* thread, Frame* entry, Slot* result) {
  run<true, true>(thread, entry, result);
}
void run_async(JavaThread* thread, Frame* entry, Slot* result) {
  run<true, true, true>(thread, entry, result);
}

}  // namespace minijvm::interp
