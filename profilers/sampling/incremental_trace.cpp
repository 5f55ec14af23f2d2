#include "profilers/sampling/incremental_trace.h"

namespace minijvm::prof {

IncrementalTrace::Object* IncrementalTrace::make(Object* parent, Frame* frame) {
  Object& o = objects_.emplace_back();
  o.parent = parent;
  o.frame = frame;
  return &o;
}

void IncrementalTrace::fill(Object* object, const Frame* frame) {
  object->method = frame->method;
  object->bci = frame->pc != nullptr ? static_cast<int32_t>(frame->bci()) : -1;
  object->filled = true;
  object->frame = nullptr;
  ++decoded_;
}

IncrementalTrace::Object* IncrementalTrace::sample(Frame* top) {
  Frame* caller = top->caller;
  Object* parent = nullptr;
  if (caller != nullptr) {
    // §5.2 "Taking a sample": the CSO is the caller's skeleton if it stands
    // for that frame; else a new CSO goes between the TFO and the old one.
    if (cso_ == nullptr || cso_->frame != caller) {
      cso_ = make(cso_, caller);
      caller->return_barrier = true;
    }
    parent = cso_;
  }
  Object* tfo = make(parent, top);
  fill(tfo, top);
  traces_.push_back(tfo);
  return tfo;
}

void IncrementalTrace::returned_to(Frame* frame) {
  frame->return_barrier = false;
  if (cso_ == nullptr || cso_->frame != frame) return;  // a barrier of a completed trace
  // §5.2 "Intercepting a return": fill the CSO with the frame, then find or
  // make the skeleton of its caller.
  Object* filled = cso_;
  fill(filled, frame);
  Frame* caller = frame->caller;
  if (caller == nullptr) {  // the bottom frame: the traces through it are complete
    cso_ = nullptr;
    return;
  }
  if (filled->parent != nullptr && filled->parent->frame == caller) {
    cso_ = filled->parent;  // already a skeleton, with its barrier
    return;
  }
  filled->parent = make(filled->parent, caller);
  cso_ = filled->parent;
  caller->return_barrier = true;
}

void IncrementalTrace::complete() {
  // The open skeletons are the CSO and its ancestors, each for a live frame,
  // deeper ones further up the chain. Fill each, with the frames between it
  // and the next skeleton (or the bottom of the stack) as new objects.
  for (Object* skeleton = cso_; skeleton != nullptr;) {
    Object* next = skeleton->parent;
    Frame* stop = next != nullptr ? next->frame : nullptr;
    Frame* frame = skeleton->frame;
    frame->return_barrier = false;
    fill(skeleton, frame);
    Object* below = skeleton;
    for (Frame* f = frame->caller; f != stop && f != nullptr; f = f->caller) {
      Object* o = make(next, f);
      fill(o, f);
      below->parent = o;
      below = o;
    }
    skeleton = next;
  }
  cso_ = nullptr;
}

}  // namespace minijvm::prof
