// Interpreter frames, as every stack walker (exceptions, stack traces, the
// GC, the profilers' samplers) sees them.
//
// Frames live on the thread's Java stack (JavaThread::stack), each a Frame
// record followed by its locals and operand stack. The interpreter writes the
// pc and sp back into the frame before every call out of its loop (STYLE.md
// principle 4), so a walker never sees a stale frame.
#pragma once

#include <cstddef>
#include <cstdint>

#include "vm/runtime/method.h"
#include "vm/runtime/value.h"

namespace minijvm {

struct Frame {
  Frame* caller = nullptr;
  Method* method = nullptr;
  const uint8_t* pc = nullptr;  // the current instruction; nullptr in a native frame
  Slot* locals = nullptr;       // method->max_locals slots (natives: the arguments)
  Slot* stack_base = nullptr;   // method->max_stack slots
  Slot* sp = nullptr;           // the next free operand slot
  // Incremental stack tracing's return barrier (JavaThread::pop_frame): set
  // on a frame whose capture waits for its callee to return. The
  // interpreter, the collector and the scheduler see an ordinary frame.
  // (Beside pc and sp: a return reads them from the same cache line.)
  bool return_barrier = false;
  // Pushed by compiled code without counting, which leaves profiler_slots
  // and bytecode_counter unwritten (interp/jit/compiler.cpp): a
  // profiler that meets such a frame (the caller of a frame a helper's
  // Java code enters, the top frame of an allocation) reads no slot of it.
  bool uncounted = false;
  // Owned by the profilers: each calling-context profiler of the run has one
  // slot (for the exact CCT, the frame's context node). The interpreter
  // copies nothing into them and never reads them. Read them through
  // profiler_slot.
  static constexpr int kProfilerSlots = 4;
  void* profiler_slots[kProfilerSlots] = {};
  // Where the interpreter adds the frame's executed bytecodes when one
  // profiler counts them directly (profilers/hooks.h, add_bytecodes), set
  // by that profiler at the frame's entry; nullptr: nowhere.
  uint64_t* bytecode_counter = nullptr;

  uint32_t bci() const { return pc ? static_cast<uint32_t>(pc - method->code) : 0; }
  // A profiler's slot; nullptr in a frame whose slots were never written.
  void* profiler_slot(int i) const { return uncounted ? nullptr : profiler_slots[i]; }
  bool is_native() const { return method->runs_as_native(); }
};

// The Java stack's slots a Frame record takes (JavaThread::push_frame).
inline constexpr size_t kFrameSlots = (sizeof(Frame) + sizeof(Slot) - 1) / sizeof(Slot);

// A frame's shape on the Java stack (JavaThread::push_frame; compiled
// code's inline push repeats it): its locals, then its record, then its
// operand stack.
inline uint32_t frame_local_slots(const Method* method) {
  return method->max_locals > method->arg_slots ? method->max_locals : method->arg_slots;
}
inline uint32_t frame_total_slots(const Method* method) {
  return frame_local_slots(method) + static_cast<uint32_t>(kFrameSlots) + method->max_stack;
}

}  // namespace minijvm
