// GlobalHandles: a slot list with a free list; slots never move (a deque).
#include "vm/runtime/handles.h"

namespace minijvm {

Object** GlobalHandles::add(Object* o) {
  std::lock_guard lock(mutex_);
  if (!free_.empty()) {
    Object** slot = free_.back();
    free_.pop_back();
    *slot = o;
    return slot;
  }
  slots_.push_back(o);
  return &slots_.back();
}

void GlobalHandles::remove(Object** slot) {
  if (slot == nullptr) return;
  std::lock_guard lock(mutex_);
  *slot = nullptr;
  free_.push_back(slot);
}

}  // namespace minijvm
