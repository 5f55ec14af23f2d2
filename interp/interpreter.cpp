// The interpreter loop. The state of the running frame lives in C++ locals
// (pc, sp, locals, ...); SYNC_FRAME() writes pc and sp back into the Frame
// before every call out of the loop (STYLE.md principle 4), so stack walkers,
// exception constructors and (later) the collector and samplers see the
// frame as it is. `pc` always points at the start of the current instruction
// until the instruction completes: the bci of a throw is exact.
//
// Calls: the caller's arguments stay on its operand stack; the caller's sp is
// synced below them, and JavaThread::push_frame lays the callee's locals over
// them (vm/runtime/thread.cpp). A return copies the result to the caller's
// stack and resumes it after its invoke. Nothing recurses on the C++ stack
// except natives and Java code that natives or the VM call.
#include "interp/interpreter.h"
#include "vm/runtime/roots.h"

#include "interp/loop.inc"

namespace minijvm::interp {

void install_interpreter() {
  jit::configure();
  set_java_invoker(&execute);
  register_root_provider(&resolution_roots_do);
}

void execute(JavaThread* thread, Method* method, std::span<const Slot> args, Slot* result) {
  if (method->is_abstract()) {
    throw_abstract_method(thread, method);
    return;
  }
  Frame* frame = thread->push_frame(method);
  if (frame == nullptr) {
    throw_stack_overflow(thread);
    return;
  }
  size_t n = std::min<size_t>(args.size(), method->arg_slots);
  std::copy_n(args.begin(), n, frame->locals);
  if (method->runs_as_native()) {
    Slot ignored;
    call_native_frame(thread, frame, result != nullptr ? result : &ignored);
    return;
  }
  clear_nonargument_locals(frame);
  bool profiled = prof::recording();
  // The scheduler's quantum and the samplers' bytecode clock count bytecodes.
  if (prof::counting() || sched::deterministic()) {
    if (profiled) prof::method_entry(thread, frame);
    if (sched::deterministic()) sched::note_entry(thread, method->id);
    prof::check_bytecode_clock(thread);
    if (prof::async_sampling())
      run_async(thread, frame, result);
    else if (prof::clock_configured() || sched::deterministic())
      run_clocked(thread, frame, result);
    else
      run<true>(thread, frame, result);
  } else {
    run<false>(thread, frame, result);
  }
}

}  // namespace minijvm::interp
