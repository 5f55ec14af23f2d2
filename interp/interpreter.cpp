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

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <string>

#include "interp/dispatch.h"
#include "interp/field_access.h"
#include "interp/java_math.h"
#include "interp/poll.h"
#include "interp/runtime.h"
#include "profilers/hooks.h"
#include "vm/bytecode/bytecodes.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/method_handles.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/scheduler.h"

namespace minijvm::interp {

namespace {

inline uint16_t read_u2(const uint8_t* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }
inline int16_t read_s2(const uint8_t* p) { return static_cast<int16_t>(read_u2(p)); }
inline int32_t read_s4(const uint8_t* p) {
  return static_cast<int32_t>((uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) |
                              (uint32_t{p[2]} << 8) | uint32_t{p[3]});
}

// The length of the invoke instruction at `pc` (to resume a caller).
inline int invoke_length(const uint8_t* pc) {
  auto op = static_cast<bytecode::Opcode>(*pc);
  return op == bytecode::Opcode::kInvokeinterface || op == bytecode::Opcode::kInvokedynamic ? 5 : 3;
}

// STYLE.md principle 2: the operand-stack change of an instruction with a
// fixed effect must match bytecodes.def (debug builds).
[[maybe_unused]] void check_stack_effect(uint8_t op, const Slot* before, const Slot* after,
                                         const Frame* frame) {
  const bytecode::BytecodeInfo& info = bytecode::kBytecodes[op];
  assert(after >= frame->stack_base && after <= frame->stack_base + frame->method->max_stack &&
         "operand stack out of bounds");
  assert((info.pops < 0 || info.pushes < 0 || after - before == info.pushes - info.pops) &&
         "operand-stack change differs from bytecodes.def");
  (void)info, (void)before, (void)after, (void)frame;
}

// Zeroes the locals that are not arguments, so no stale reference is seen
// by a stack walker before the method writes them.
inline void clear_nonargument_locals(Frame* frame) {
  Method* m = frame->method;
  for (uint32_t i = m->arg_slots; i < m->max_locals; ++i) frame->locals[i].raw = 0;
}

// The loop, instantiated three times: run<false> has no profiling hook at
// all (a run without -profile pays nothing), run<true> counts executed
// bytecodes, reports calls, returns and exceptions (profilers/hooks.h;
// allocations the profilers observe at the heap) and keeps the samplers'
// bytecode clock at its polls, and run<true, true> also lets a sampler stop
// the thread at any instruction (-profile=async). execute() picks one per
// entry from C++ (main, a thread's run, a callback); the deterministic
// scheduler needs the count too (vm/runtime/scheduler.h).
template <bool kProfiled, bool kAsync = false>
void run(JavaThread* thread, Frame* entry, Slot* result);

}  // namespace

void install_interpreter() {
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
  if (method->is_native()) {
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
      run<true, true>(thread, frame, result);
    else
      run<true>(thread, frame, result);
  } else {
    run<false>(thread, frame, result);
  }
}

namespace {

// --- the loop's vocabulary ------------------------------------------------------

// Writes the running frame's state back (before any call out of the loop).
// The async loop also flushes the count there: Java code that a call out
// runs (a class initializer, a method handle's linkage) must see the
// thread's count of this frame's instructions too, or its ticks would come
// late by as many.
#define SYNC_FRAME() \
  (frame->pc = pc, frame->sp = sp, kAsync ? flush_count(thread, frame, executed) : (void)0)
// Reloads the state of `frame` (after a call or a return).
#define LOAD_FRAME()                                                            \
  (method = frame->method, code = method->code, pc = frame->pc, sp = frame->sp, \
   locals = frame->locals, holder = method->holder, cp = &holder->class_file->constant_pool)
// Throws through a runtime.h helper and dispatches the exception.
#define THROW(call)        \
  do {                     \
    SYNC_FRAME();          \
    call;                  \
    goto handle_exception; \
  } while (0)
#define CHECK_EXCEPTION() \
  if (thread->has_pending_exception()) goto handle_exception
// The safepoint poll (poll.h): one load and a branch; the state is synced
// only on the slow path. The counting loop first checks the samplers'
// bytecode clock (profilers/hooks.h), which may arm the poll.
#define POLL(kind)                                                                  \
  do {                                                                              \
    if constexpr (kProfiled) {                                                      \
      if (thread->bytecodes + executed >= thread->sample_due) [[unlikely]] {        \
        SYNC_FRAME();                                                               \
        thread->bytecodes_at_poll = thread->bytecodes + executed;                   \
        prof::bytecode_clock_due(thread);                                           \
      }                                                                             \
    }                                                                               \
    if (poll_armed(thread, PollKind::kind)) [[unlikely]] {                          \
      SYNC_FRAME();                                                                 \
      if constexpr (kProfiled) thread->bytecodes_at_poll = thread->bytecodes + executed; \
      safepoint_poll_slow(thread, PollKind::kind);                                  \
    }                                                                               \
  } while (0)

// Counting loop only: every dispatched instruction counts, and the count
// goes to the thread's total and the current frame whenever the frame
// changes (a call, a return, an unwind).
#define COUNT_INSN() (kProfiled ? (void)++executed : (void)0)
#define FLUSH_COUNT()                              \
  do {                                             \
    if constexpr (kProfiled) flush_count(thread, frame, executed); \
  } while (0)

// The async loop only: a tick is taken at the instruction it lands on, not
// at the next poll (-profile=async): on the bytecode clock when the count
// reaches the thread's deadline, on the others when the clock thread sets
// kPollAsync, which no poll tests.
#define ASYNC_CHECK()                                                                   \
  (kAsync && (thread->bytecodes + executed >= thread->sample_due ||                   \
              (thread->poll_word.load(std::memory_order_relaxed) & kPollAsync) != 0) \
       ? (SYNC_FRAME(), thread->bytecodes_at_poll = thread->bytecodes + executed,     \
          prof::async_tick(thread))                                                   \
       : (void)0)

#ifndef NDEBUG
#define INSN_START() (COUNT_INSN(), ASYNC_CHECK(), insn_sp = sp, insn_op = *pc)
#define CHECK_STACK_EFFECT() check_stack_effect(insn_op, insn_sp, sp, frame)
#else
#define INSN_START() (COUNT_INSN(), ASYNC_CHECK())
#define CHECK_STACK_EFFECT() ((void)0)
#endif

// The next instruction, `len` bytes on.
#define NEXT(len)         \
  {                       \
    CHECK_STACK_EFFECT(); \
    pc += (len);          \
    DISPATCH();           \
  }
// A taken branch; backward branches poll (loops).
#define BRANCH(offset)                 \
  {                                    \
    int32_t branch_offset_ = (offset); \
    CHECK_STACK_EFFECT();              \
    if (branch_offset_ <= 0) POLL(kBackedge);   \
    pc += branch_offset_;              \
    DISPATCH();                        \
  }

#define PUSH_I(v) (*sp++ = slot_int(v))
#define PUSH_F(v) (*sp++ = slot_float(v))
#define PUSH_A(v) (*sp++ = slot_ref(v))
#define PUSH_L(v) (sp[0] = slot_long(v), sp[1].raw = 0, sp += 2)
#define PUSH_D(v) (sp[0] = slot_double(v), sp[1].raw = 0, sp += 2)
#define POP_I() ((--sp)->i)
#define POP_F() ((--sp)->f)
#define POP_A() ((--sp)->l)
#define POP_L() ((sp -= 2)->j)
#define POP_D() ((sp -= 2)->d)

inline void flush_count(JavaThread* thread, Frame* frame, uint64_t& executed) {
  thread->bytecodes += executed;
  if (executed != 0 && prof::recording()) prof::bytecodes(thread, frame, executed);
  executed = 0;
}

template <bool kProfiled, bool kAsync>
void run(JavaThread* thread, Frame* entry, Slot* result) {
  static_assert(kProfiled || !kAsync, "the async loop counts bytecodes");
  Frame* frame = entry;
  [[maybe_unused]] uint64_t executed = 0;  // kProfiled: instructions not yet reported
  Method* method;
  const uint8_t* code;
  const uint8_t* pc;
  Slot* sp;
  Slot* locals;
  Klass* holder;
  const classfile::ConstantPool* cp;
  Method* callee = nullptr;  // set by an invoke for invoke_callee
  int return_slots = 0;      // set by a return for do_return
#ifndef NDEBUG
  Slot* insn_sp = nullptr;
  uint8_t insn_op = 0;
#endif
#if !MINIJVM_USE_SWITCH_DISPATCH
  // clang-format off
  static const std::array<const void*, 256> kLabels = detail::make_label_table(&&op_illegal, {
#define BYTECODE(value, name, ...) detail::LabelEntry{value, &&op_##name},
#include "vm/bytecode/bytecodes.def"
  });
  // clang-format on
#endif
  LOAD_FRAME();
  if (method->is_synchronized()) {
    lock_method(thread, frame);
    CHECK_EXCEPTION();
  }
  POLL(kEntry);  // method entry

  DISPATCH_LOOP_BEGIN
#include "interp/ops_basic.inc"
#include "interp/ops_objects.inc"
  DISPATCH_SWITCH_END

  // --- shared tails, reached by goto from the opcode bodies -------------------

invoke_callee : {
  // `callee` runs with the top callee->arg_slots slots as its arguments.
  if (callee->is_abstract()) THROW(throw_abstract_method(thread, callee));
  sp -= callee->arg_slots;
  SYNC_FRAME();  // the caller: pc at its invoke, sp below the arguments
  FLUSH_COUNT();
  if (callee->is_native()) {
    Slot value;
    value.raw = 0;
    invoke_native(thread, callee, &value);
    CHECK_EXCEPTION();
    int slots = callee->signature->return_type.slots();
    if (slots > 0) {
      sp[0] = value;
      if (slots == 2) sp[1].raw = 0;
      sp += slots;
    }
    pc += invoke_length(pc);
    DISPATCH();
  }
  Frame* pushed = thread->push_frame(callee);
  if (pushed == nullptr) THROW(throw_stack_overflow(thread));
  clear_nonargument_locals(pushed);
  if constexpr (kProfiled) {
    if (prof::recording()) prof::method_entry(thread, pushed);
    if (sched::deterministic()) sched::note_entry(thread, callee->id);
  }
  frame = pushed;
  LOAD_FRAME();
  if (method->is_synchronized()) {
    SYNC_FRAME();
    lock_method(thread, frame);
    CHECK_EXCEPTION();
  }
  POLL(kEntry);  // method entry
  DISPATCH();
}

invoke_intrinsic : {
  // JSR 292 (vm/runtime/method_handles.h): `callee` is an intrinsic or a
  // linked call site; it never gets a frame of its own. The arguments stay
  // where they are and become the target's.
  if (callee->intrinsic == Intrinsic::kLinkedCall) {
    Method* site = callee;
    if (site->linked_target == nullptr) THROW(throw_resolution_error_again(thread, site->appendix, false));
    // The invoker takes the appendix (a MethodHandle, CallSite or MethodType)
    // after the call site's arguments.
    if (site->linked_target->arg_slots > site->arg_slots) PUSH_A(site->appendix);
    callee = site->linked_target;
    goto invoke_callee;
  }
  Object* member_name = nullptr;
  if (callee->intrinsic != Intrinsic::kInvokeBasic) member_name = POP_A();  // linkTo*'s last
  SYNC_FRAME();
  Slot* args = sp - (callee->arg_slots - (member_name != nullptr ? 1 : 0));
  callee = method_handle_target(thread, callee, args, member_name);
  if (callee == nullptr) goto handle_exception;
  goto invoke_callee;
}

do_return : {
  // The result is the top `return_slots` slots of the returning frame; it
  // stays there (visible to walkers) until the frame is popped.
  if (method->is_synchronized()) {
    SYNC_FRAME();
    if (!unlock_method(thread, frame)) goto handle_exception;
  }
  POLL(kReturn);  // return
  FLUSH_COUNT();
  if constexpr (kProfiled) {
    if (prof::recording(prof::kMethodExit)) prof::method_exit(thread, frame, false);
  }
  Slot value = return_slots > 0 ? sp[-return_slots] : Slot{};
  bool is_entry = frame == entry;
  Frame* caller = frame->caller;
  thread->pop_frame(frame);
  if (is_entry) {
    if (result != nullptr && return_slots > 0) *result = value;
    return;
  }
  frame = caller;
  LOAD_FRAME();
  if (return_slots > 0) {
    sp[0] = value;
    if (return_slots == 2) sp[1].raw = 0;
    sp += return_slots;
  }
  pc += invoke_length(pc);
  DISPATCH();
}

handle_exception : {
  // JVMS §2.10: the pending exception was thrown by the instruction at pc
  // in `frame`. Find a handler here, else unwind to the caller (releasing
  // a synchronized method's monitor); past the entry frame it stays pending.
  SYNC_FRAME();
  if (!thread->has_pending_exception()) [[unlikely]] {
    // A slow path reported failure without an exception: a VM bug, made a
    // Java error rather than a crash.
    throw_internal_error(thread,
                         "failure without a pending exception in " + method->qualified_name());
    if (!thread->has_pending_exception()) std::abort();
  }
  if constexpr (kProfiled) {
    if (prof::recording(prof::kExceptions)) prof::exception(thread, frame);
  }
  int32_t handler = find_exception_handler(thread, method, static_cast<uint32_t>(pc - code));
  if (handler >= 0) {
    sp = frame->stack_base;
    PUSH_A(thread->pending_exception());
    thread->clear_pending_exception();
    pc = code + handler;
    DISPATCH();
  }
  if (method->is_synchronized()) unlock_method(thread, frame);
  FLUSH_COUNT();
  if constexpr (kProfiled) {
    if (prof::recording(prof::kMethodExit)) prof::method_exit(thread, frame, true);
  }
  bool is_entry = frame == entry;
  Frame* caller = frame->caller;
  thread->pop_frame(frame);
  if (is_entry) return;
  frame = caller;
  LOAD_FRAME();
  goto handle_exception;
}

op_illegal : {
  THROW(throw_internal_error(
      thread, "illegal opcode " + std::to_string(*pc) + " in " + method->qualified_name()));
}
  DISPATCH_LOOP_END
}

}  // namespace

}  // namespace minijvm::interp
