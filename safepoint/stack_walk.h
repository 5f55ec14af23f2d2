// Walking a thread's interpreter frames, top first: the one component the
// collector's root scan and every sampler use. The thread must be the
// current one or stopped (safepoint.h), so that its frames hold still; each
// frame's pc was written back before the thread stopped (frame.h).
#pragma once

#include <cstdint>

#include "vm/runtime/frame.h"
#include "vm/runtime/thread.h"

namespace minijvm::safepoint {

struct FrameInfo {
  Frame* frame;
  Method* method;
  int32_t bci;  // -1 in a native frame
};

// Calls visit(FrameInfo) for each frame, top first, until it returns false.
// Returns the number of frames visited.
template <typename Visit>
int walk_frames(JavaThread* thread, Visit&& visit) {
  int n = 0;
  for (Frame* f = thread->top_frame(); f != nullptr; f = f->caller) {
    ++n;
    FrameInfo info{f, f->method, f->pc != nullptr ? static_cast<int32_t>(f->bci()) : -1};
    if (!visit(info)) break;
  }
  return n;
}

}  // namespace minijvm::safepoint
