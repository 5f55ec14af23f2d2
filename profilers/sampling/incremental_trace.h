// Incremental stack tracing (Hofer, Gnedt & Mössenböck, "Lightweight Java
// Profiling with Partial Safepoints and Incremental Stack Tracing", ICPE
// 2015, §5): a sample decodes only the top frame; its caller is captured
// when the top frame returns to it, through a return barrier, and so on down
// the stack, so each stack frame is decoded once and traces share the frame
// objects of the frames they have in common.
//
// One IncrementalTrace per thread, driven by that thread (or by another
// while it is stopped):
//   sample(top)        a new trace: a filled top frame object (TFO), and a
//                      skeleton for the caller, the current skeleton object
//                      (CSO), shared when the CSO already stands for that
//                      frame; a barrier on the caller (Frame::return_barrier).
//   returned_to(f)     f is on top again (its callee returned or unwound):
//                      the CSO is f's skeleton; fill it, and move the
//                      barrier and the CSO one frame down (reusing the
//                      CSO's parent when it stands for f's caller).
//   complete()         retrieve: fill every skeleton still open from the
//                      live frames below `top` (one walk), and remove the
//                      barriers.
// Frames are matched by address: a frame with a barrier is live, because
// popping the frame above it runs returned_to first.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "vm/runtime/frame.h"

namespace minijvm::prof {

class IncrementalTrace {
 public:
  struct Object {
    Object* parent = nullptr;  // the caller's frame object; nullptr below the bottom frame
    const Method* method = nullptr;
    int32_t bci = -1;  // -1 in a native frame
    bool filled = false;
    Frame* frame = nullptr;  // the stack frame a skeleton stands for
  };

  // Takes a sample with `top` on top of the stack; returns its TFO.
  Object* sample(Frame* top);
  // `frame` is the top frame again and carries the barrier.
  void returned_to(Frame* frame);
  // Completes every open skeleton from the live frames and removes the
  // barriers (the thread is the caller's or stopped).
  void complete();

  // The traces taken, each as its TFO, oldest first.
  const std::vector<Object*>& traces() const { return traces_; }
  // Stack frames decoded so far (the paper's saving: a full walk per sample
  // decodes the whole stack every time).
  uint64_t frames_decoded() const { return decoded_; }
  const Object* current_skeleton() const { return cso_; }

 private:
  Object* make(Object* parent, Frame* frame);
  void fill(Object* object, const Frame* frame);

  std::deque<Object> objects_;  // stable addresses
  std::vector<Object*> traces_;
  Object* cso_ = nullptr;
  uint64_t decoded_ = 0;
};

}  // namespace minijvm::prof
