// Handles: how C++ code holds Java references across calls that may
// allocate (and so collect) or block (while another thread collects).
//
//   HandleMark mark(thread);            // frees the handles made below it
//   Handle str = thread->handles().make(new_string(...));
//   Object* o = allocate(...);          // may collect: str still valid
//   use(str.get());
//
// A Handle is a pointer to a slot in the thread's HandleArea, which the
// collector scans as roots. JNI local references are the same slots (a
// jobject is an Object**); JNI global references live in GlobalHandles.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

#include "vm/runtime/object.h"

namespace minijvm {

class JavaThread;

// What a released slot holds in builds with assertions (HandleArea::reset_to):
// reading a Handle or a local reference whose HandleMark has been released
// then fails an assertion at once, instead of handing out an object the
// collector may already have freed (the slot is no longer a root).
inline Object* const kReleasedSlot = reinterpret_cast<Object*>(uintptr_t{0xdeadbeefdead0000});

class Handle {
 public:
  Handle() = default;
  explicit Handle(Object** slot) : slot_(slot) {}
  Object* get() const {
    assert((slot_ == nullptr || *slot_ != kReleasedSlot) && "a Handle used after its HandleMark");
    return slot_ ? *slot_ : nullptr;
  }
  Object* operator->() const { return get(); }
  bool is_null() const { return get() == nullptr; }
  void set(Object* o) { *slot_ = o; }
  Object** slot() const { return slot_; }

 private:
  Object** slot_ = nullptr;
};

// A per-thread stack of reference slots. Slots never move (a deque), so a
// Handle or jobject stays valid until its HandleMark is released.
class HandleArea {
 public:
  Handle make(Object* o) {
    if (top_ == slots_.size()) slots_.push_back(nullptr);
    slots_[top_] = o;
    return Handle(&slots_[top_++]);
  }
  size_t top() const { return top_; }
  void reset_to(size_t top) {
#ifndef NDEBUG
    for (size_t i = top; i < top_; ++i) slots_[i] = kReleasedSlot;
#endif
    top_ = top;
  }
  // For the collector: slots [0, top()) are roots.
  template <class F>
  void for_each_root(F&& f) {
    for (size_t i = 0; i < top_; ++i) f(&slots_[i]);
  }

 private:
  std::deque<Object*> slots_;
  size_t top_ = 0;
};

class HandleMark {
 public:
  explicit HandleMark(HandleArea& area) : area_(area), top_(area.top()) {}
  ~HandleMark() { area_.reset_to(top_); }
  HandleMark(const HandleMark&) = delete;
  HandleMark& operator=(const HandleMark&) = delete;

 private:
  HandleArea& area_;
  size_t top_;
};

// Process-wide strong references (JNI global refs, VM-held objects).
class GlobalHandles {
 public:
  Object** add(Object* o);
  void remove(Object** slot);
  template <class F>
  void for_each_root(F&& f) {
    std::lock_guard lock(mutex_);
    for (auto& s : slots_)
      if (s) f(&s);
  }

 private:
  std::mutex mutex_;
  std::deque<Object*> slots_;
  std::vector<Object**> free_;
};

}  // namespace minijvm
