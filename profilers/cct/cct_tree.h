// The calling context tree of the cct and bcount profilers, as they build it
// while the program runs: one tree per thread, written by that thread only.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "vm/runtime/method.h"

namespace minijvm::prof {

// A context: a method called from a call site (bci) in its parent context.
struct Node {
  Method* method = nullptr;  // nullptr at a thread's root
  int32_t site = -1;         // -1 at a thread's entry
  Node* parent = nullptr;
  Node* first_child = nullptr;  // newest first
  Node* next_sibling = nullptr;
  Node* last_hit = nullptr;  // the child found last: the inline cache
  uint64_t calls = 0;
  uint64_t bytecodes = 0;
  uint64_t alloc_objects = 0;
  uint64_t alloc_bytes = 0;
  uint64_t overcount = 0;  // bcount: what the default BBA counts and never runs
};

struct ThreadTree {
  std::string name;
  int64_t id = -1;  // java.lang.Thread.getId()
  Node root;
  std::deque<Node> nodes;  // stable addresses; written by the owning thread only
  // bcount's agent (JP): bytecodes since the last report, and when the next
  // is due (0: never again on this thread).
  uint64_t since_report = 0;
  uint64_t next_report = 0;
  bool registered = false;
  bool report_due = false;  // a Java agent's report waits for the next method entry
};

}  // namespace minijvm::prof
