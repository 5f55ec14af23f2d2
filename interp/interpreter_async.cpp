// The async loop (interpreter.cpp, -profile=async): the counting loop that
// also takes a sampler's tick at any instruction. In a file of its own
// (interp/loop.inc says why).
#include "interp/interpreter.h"

#include "interp/loop.inc"

namespace minijvm::interp {

void run_async(JavaThread* thread, Frame* entry, Slot* result) { run<true, true>(thread, entry, result); }

}  // namespace minijvm::interp
