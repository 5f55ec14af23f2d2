// The template compiler (jit.h): one x86-64 template per bytecode, emitted
// with Xbyak (libxbyak-dev).
//
// Registers, for the whole of a method's code:
//
//   rbx  the frame's locals          r12  the frame's operand-stack base
//   r13  the JavaThread              r14  the Frame
//   r15  the frame's bytecodes not yet reported (counting code only): the
//        interpreter loop's count, taken at entry and given back at exit,
//        so counts are reported exactly when the interpreter reports them
//   rbp  the native stack pointer at the entry (counting code only): the
//        base of the entry's native frame, whose slots it addresses
//        through rbp (where the loop keeps the count among them)
//
// Code compiled without counting has r15 and rbp to itself: r15 is the
// base of the entry's native frame, rbp a callee-saved scratch register
// (a call keeps its callee's code there, a return its result).
// Calls between compiled methods are native calls: `call` pushes the
// caller's continuation on the native stack and the callee's `ret` returns
// to it, so the processor's return-stack predictor sees every return. An
// exit to the loop drops whatever the calls pushed (rsp = the native
// frame's base): the loop resumes the frames below from their pc, as it
// does after any exit. (Counting code once returned by jumping to a
// continuation kept in the callee's frame: on Rhino with the exact CCT,
// its returns were mispredicted wherever a method had several callers.)
//
// Operand-stack slot k (from the bottom) is [r12 + 8k]: the depth before
// every instruction is static (the reference-map analysis computes it), so
// no stack pointer is kept; sp is written back as r12 + 8 * depth only
// where the interpreter would write it, before calls out and exits.
//
// Values are stored as the interpreter stores them (value.h): an int,
// float or reference in the low bits of its slot with the rest zero, a long
// or double in its first slot with the second zero. So a frame is the same
// bit for bit whichever tier wrote it.
//
// Counting: `pending_` is the number of instructions completed on the
// current straight-line path and not yet added to r15; it is added (with
// lea, which leaves the flags alone) before every label, branch, exit and
// call out, so r15 is exact wherever anything can observe it. An
// instruction that throws counts itself, as the interpreter counts an
// instruction before executing it; one that exits to the interpreter does
// not (the interpreter counts it when it executes it).
#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <deque>
#include <functional>
#include <optional>
#include <type_traits>
#include <string>
#include <vector>

#include <xbyak/xbyak.h>
#include <xbyak/xbyak_util.h>

#include "interp/jit/compiler.h"
#include "interp/jit/helpers.h"
#include "interp/jit/inlining.h"
#include "interp/runtime.h"
#include "profilers/hooks.h"
#include "safepoint/oop_map.h"
#include "vm/bytecode/decoder.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/frame.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/math_intrinsics.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/object.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/vm.h"
#include "vm/symbols.h"

#pragma GCC diagnostic ignored "-Winvalid-offsetof"

namespace minijvm::interp::jit {

namespace {

using bytecode::Instruction;
using bytecode::Opcode;
using namespace Xbyak::util;

constexpr int kFrameCaller = offsetof(Frame, caller);
constexpr int kFramePc = offsetof(Frame, pc);
constexpr int kFrameSp = offsetof(Frame, sp);
constexpr int kFrameLocals = offsetof(Frame, locals);
constexpr int kFrameStackBase = offsetof(Frame, stack_base);
const int kThreadPollWord = static_cast<int>(offsetof(JavaThread, poll_word));
const int kThreadLockId = static_cast<int>(offsetof(JavaThread, lock_id));
const int kThreadBytecodes = static_cast<int>(offsetof(JavaThread, bytecodes));
const int kThreadSampleDue = static_cast<int>(offsetof(JavaThread, sample_due));
const int kThreadQuantumEnd = static_cast<int>(offsetof(JavaThread, quantum_end));
const int kThreadId = static_cast<int>(offsetof(JavaThread, id));
const int kThreadObject = static_cast<int>(offsetof(JavaThread, thread_object));
const int kThreadAllocFree = static_cast<int>(offsetof(JavaThread, alloc_cache) + offsetof(AllocationCache, free));
const int kThreadAllocEpoch = static_cast<int>(offsetof(JavaThread, alloc_cache) + offsetof(AllocationCache, epoch));
const int kThreadAllocUnaccounted =
    static_cast<int>(offsetof(JavaThread, alloc_cache) + offsetof(AllocationCache, unaccounted));
constexpr int kObjectKlass = Object::kKlassOffset;
constexpr int kObjectMark = Object::kMarkOffset;
const int kFieldOffset = static_cast<int>(offsetof(FieldDesc, offset));
const int kFieldFlags = static_cast<int>(offsetof(FieldDesc, access_flags));
const int kFieldHolder = static_cast<int>(offsetof(FieldDesc, holder));
const int kKlassMirror = static_cast<int>(offsetof(Klass, mirror));
const int kKlassElementType = static_cast<int>(offsetof(Klass, element_type));
const int kKlassComponent = static_cast<int>(offsetof(Klass, component));
const int kKlassVtable = static_cast<int>(offsetof(Klass, vtable));
const int kKlassHasFinalizer = static_cast<int>(offsetof(Klass, has_finalizer));
const int kKlassPrimarySupers = static_cast<int>(offsetof(Klass, primary_supers));
const int kKlassSuperDepth = static_cast<int>(offsetof(Klass, super_depth));
const int kMethodJitCode = static_cast<int>(offsetof(Method, jit_code));
const int kMethodHolder = static_cast<int>(offsetof(Method, holder));
// JavaThread::method_locks, a std::vector (begin, end, end of storage) of
// (frame, object) records.
const int kThreadMethodLocks = static_cast<int>(offsetof(JavaThread, method_locks));
static_assert(sizeof(JavaThread::MethodLock) == 16 &&
              sizeof(std::vector<JavaThread::MethodLock>) == 3 * sizeof(void*));
const int kMethodAccess = static_cast<int>(offsetof(Method, access_flags));
const int kMethodCode = static_cast<int>(offsetof(Method, code));
constexpr int kFrameMethod = offsetof(Frame, method);
constexpr int kFrameProfilerSlots = offsetof(Frame, profiler_slots);
constexpr int kFrameBytecodeCounter = offsetof(Frame, bytecode_counter);
const int kThreadProfilerData = static_cast<int>(offsetof(JavaThread, profiler_data));
const int kThreadCallLog = static_cast<int>(offsetof(JavaThread, call_log));
const int kMethodId = static_cast<int>(offsetof(Method, id));
const int kMethodHidden = static_cast<int>(offsetof(Method, is_hidden));
// The call log's cursor (profilers/cct/call_log.h) at the front of the
// thread's tree.
const int kTreeLogNext = static_cast<int>(offsetof(prof::ThreadTree, log) + offsetof(prof::call_log::LogCursor, next));
const int kTreeLogEnd = static_cast<int>(offsetof(prof::ThreadTree, log) + offsetof(prof::call_log::LogCursor, end));
const int kTreeLogPending =
    static_cast<int>(offsetof(prof::ThreadTree, log) + offsetof(prof::call_log::LogCursor, pending));
// Counting code that keeps the log's pending count at zero
// (pending_stays_zero_) keeps r15, the count of the running frame or
// inlined body not yet logged, at most kCountBound wherever control can
// come round again: at every backward branch (poll_and_jump) and where
// the code is entered (from the interpreter, with its count of the frame).
// Past it, the count is logged as a word of its own (jit_log_count) and
// r15 starts again from zero. Every word but a kLeaf's leaves r15 at zero
// (a kLeaf raises it by one, its invoke), so where a word is logged r15
// holds at most kCountBound and the instructions of one path through one
// method's code with no backward branch, each instruction once: a call's
// word and a return's take that without a check of their own.
constexpr uint32_t kCountBound = 1u << 19;
static_assert(uint64_t{kCountBound} + classfile::kMaxCodeLength < prof::call_log::kMaxCallCount &&
              prof::call_log::kMaxCallCount < prof::call_log::kMaxReturnCount);
constexpr int kFrameReturnBarrier = offsetof(Frame, return_barrier);
constexpr int kFrameUncounted = offsetof(Frame, uncounted);
constexpr int kFrameBytes = sizeof(Frame);
const int kThreadTopFrame = static_cast<int>(JavaThread::top_frame_offset());
const int kThreadStackLimit = static_cast<int>(JavaThread::stack_limit_offset());
const int kCodeStart = static_cast<int>(offsetof(CompiledMethod, start));
const int kCodeKind = static_cast<int>(offsetof(CompiledMethod, kind));
const int kCodeLocalBytes = static_cast<int>(offsetof(CompiledMethod, local_bytes));
const int kCodeFrameBytes = static_cast<int>(offsetof(CompiledMethod, frame_bytes));
// The native frame of compiled code, above the saved registers: the frame
// the code was entered in, a scratch slot and a return's result, kept
// across helper calls, the lowest rsp its native calls may reach, and (in
// counting code) where the loop keeps the frame's count.
constexpr int kEntryFrameSlot = 0;
constexpr int kScratchSlot = 8;
constexpr int kResultSlot = 16;
constexpr int kNativeFloorSlot = 24;
constexpr int kLoopCountSlot = 32;
constexpr int kNativeFrameBytes = 40;  // with the six pushes: 16-byte aligned at calls
// The native stack one entry's compiled calls may use (16 bytes a call,
// so 16 384 nested calls; the default -Xss holds fewer frames). A deeper
// call goes to the loop, which enters the callee afresh: the native stack
// stays bounded whatever -Xss is.
constexpr int kNativeCallBudget = 256 << 10;
constexpr int kArrayLength = static_cast<int>(kArrayLengthOffset);
constexpr int kArrayData = 24;

template <class F>
uint64_t fn(F* f) {
  return reinterpret_cast<uint64_t>(f);
}

// The BasicType a field descriptor names (JVMS §4.3.2).
BasicType field_type_of(std::string_view descriptor) {
  switch (descriptor.empty() ? 'V' : descriptor[0]) {
    case 'Z': return BasicType::kBoolean;
    case 'B': return BasicType::kByte;
    case 'C': return BasicType::kChar;
    case 'S': return BasicType::kShort;
    case 'I': return BasicType::kInt;
    case 'J': return BasicType::kLong;
    case 'F': return BasicType::kFloat;
    case 'D': return BasicType::kDouble;
    default: return BasicType::kObject;
  }
}

// The local an xload/xstore names: its operand, or the digit of the
// one-byte forms (iload_0 ... aload_3, istore_0 ... astore_3, four per type
// in bytecodes.def's order).
// istore ... astore_3 (0x36-0x4e, JVMS §6.5).
bool stores_local(Opcode op) {
  return op >= Opcode::kIstore && op <= Opcode::kAstore3;
}

int local_index(const Instruction& insn) {
  auto op = static_cast<int>(insn.opcode);
  if (op >= static_cast<int>(Opcode::kIload0) && op <= static_cast<int>(Opcode::kAload3))
    return (op - static_cast<int>(Opcode::kIload0)) % 4;
  if (op >= static_cast<int>(Opcode::kIstore0) && op <= static_cast<int>(Opcode::kAstore3))
    return (op - static_cast<int>(Opcode::kIstore0)) % 4;
  return insn.local;
}

class TemplateCompiler : public Xbyak::CodeGenerator {
 public:
  TemplateCompiler(size_t capacity, void* memory, const Method* method,
                   const safepoint::MethodOopMaps& maps, CodeKind kind)
      : Xbyak::CodeGenerator(capacity, memory),
        method_(method),
        maps_(&maps),
        kind_(kind),
        counting_(kind != CodeKind::kPlain),
        async_(kind == CodeKind::kAsync),
        root_labels_(method->code_length),
        labels_(&root_labels_),
        root_local_slots_(static_cast<int>(frame_local_slots(method))) {
    setDefaultJmpNEAR(true);
    // The session's choice is made once, before anything is compiled. The
    // async loop's code maps each instruction to a bci: it keeps the helpers.
    const uint32_t events = prof::detail::g_events.load(std::memory_order_relaxed);
    if (kind == CodeKind::kCounting)
      inline_cct_slot_ = prof::detail::g_inline_cct_slot.load(std::memory_order_relaxed);
    clock_only_ = kind == CodeKind::kCounting && events == 0;
    keeps_thread_count_ = inline_cct_slot_ < 0 || prof::clock_configured() || sched::deterministic();
    pending_stays_zero_ = counting_inlines() && !keeps_thread_count_;
  }

  // Emits the method; fills `out`'s offsets. Returns false with `why` set
  // when the method has an instruction the compiler does not take.
  bool generate(CompiledMethod* out, std::string* why);

 private:
  // --- frame access -----------------------------------------------------------
  // Operand-stack slot k and local n of the method whose instructions are
  // being emitted: the compiled method's own at r12 and rbx, or, in the
  // body of an inlined callee (below), where the callee's frame lies, at
  // fixed offsets from the compiled method's stack base (r12).
  Xbyak::RegExp slot_address(int k) const { return r12 + 8 * (stack_base_ + k); }
  Xbyak::Address slot(int k) { return qword[slot_address(k)]; }
  Xbyak::Address slot32(int k) { return dword[slot_address(k)]; }
  Xbyak::Address local(int n) {
    return scope_ < 0 ? qword[rbx + 8 * n] : qword[r12 + 8 * (locals_base_ + n)];
  }
  Xbyak::Address local32(int n) {
    return scope_ < 0 ? dword[rbx + 8 * n] : dword[r12 + 8 * (locals_base_ + n)];
  }
  Xbyak::Label& label_at(uint32_t bci) { return (*labels_)[bci]; }

  // --- inlining ---------------------------------------------------------------
  // Code without counting runs a small callee's body in its caller's code
  // (should_inline says which), its frame *materialized* only when
  // something but the code could see it. The callee's frame has a fixed
  // place: its locals are the caller's argument slots, its record and
  // operand stack follow them, as JavaThread::push_frame would lay them
  // out, so the inlined instructions address its slots at constant offsets
  // from the compiled method's r12, and the frame exists the moment its
  // record is written. That is done on demand: sync(), which every path to
  // a call out, an exit or a throw takes, first writes the records of the
  // inlined frames down to the current one that are not written yet
  // (ensure_frame), with their callers' pc and sp at their invokes, and
  // makes the innermost the thread's top frame (r14). Whether a frame is
  // written is known at run time only, from r14: the frames lie at rising
  // addresses, so r14 at or above a record's address means the record is
  // written. A path that never calls out (a getter, a test and a field
  // load, a recursion's base case) writes nothing; one that does finds
  // every frame exactly as the interpreter's, so stack walks, the
  // collector, exceptions, handshakes and samplers see no difference, and
  // whatever the interpreter resumes (after an exit, at an exception
  // handler, on the return from a call that left for it) is an ordinary
  // frame of the callee's method, run by its own code or interpreted. An
  // inlined return pops the callee's frame when it is written (with the
  // return barrier's check, as a compiled return), and the caller goes on
  // after its invoke. Polls: the inlined call tests the poll word as the
  // callee's entry would, and makes the call instead when it is armed; an
  // inlined return does not poll (a sampler's next poll is near: the
  // caller's own).
  // Counting code inlines too where the exact CCT alone records
  // (counting_inlines): the inlined entry counts the call in the callee's
  // context as a compiled call does (emit_counted_inline_entry) and keeps
  // the context in the record's place, which the body's code reads
  // (frame_field) and the frame writer leaves; r15 is the innermost
  // body's count, reported at its return. A call out of a body returns
  // with r12 and rbx at the body's frame, restored at its continuation.
  struct InlineFrame {
    const Method* method = nullptr;
    const safepoint::MethodOopMaps* maps = nullptr;
    std::vector<Xbyak::Label> labels;  // per bci of the callee
    int parent = -1;  // the caller's index in inline_frames_, or -1: the compiled method
    const Method* caller = nullptr;
    uint32_t call_bci = 0;  // the caller's invoke
    // Slots from the compiled method's stack base (r12): the callee's local
    // 0 (the caller's first argument slot), its record, its operand stack.
    int locals = 0, record = 0, stack = 0;
    Xbyak::Label* join = nullptr;  // the caller's code after the invoke
    uint32_t last_bci = 0;         // the body's last reachable instruction, when the join follows it
    Xbyak::Label writer;           // ensure_frame's subroutine
    bool writer_used = false;
  };
  // The method whose instructions are being emitted, and where its frame is.
  struct Scope {
    const Method* method;
    const safepoint::MethodOopMaps* maps;
    std::vector<Xbyak::Label>* labels;
    bool this_kept;
    int scope;  // index in inline_frames_, or -1
    int stack_base, locals_base;
    uint32_t bci;
    int depth;
  };
  Scope current_scope() const {
    return {method_, maps_, labels_, this_kept_, scope_, stack_base_, locals_base_, bci_, depth_};
  }
  void enter_scope(const Scope& s) {
    method_ = s.method;
    maps_ = s.maps;
    labels_ = s.labels;
    this_kept_ = s.this_kept;
    scope_ = s.scope;
    stack_base_ = s.stack_base;
    locals_base_ = s.locals_base;
    bci_ = s.bci;
    depth_ = s.depth;
  }
  int inline_depth() const {
    int n = 0;
    for (int i = scope_; i >= 0; i = inline_frames_[i].parent) ++n;
    return n;
  }
  static bool inlining_enabled() { return vm().options.jit.inline_calls; }
  static uint32_t max_inline_bytecodes() { return vm().options.jit.max_inline_size; }
  static int max_inline_depth() { return static_cast<int>(vm().options.jit.max_inline_level); }
  // Runs `step(insn, fell_in)` over the instructions of the current
  // method that its reference maps reach (dead code never runs), in code
  // order, with bci_ and depth_ set; `fell_in`: control may fall into it
  // from the one before. False as soon as a step is.
  template <class Step>
  bool each_reachable(const std::vector<Instruction>& insns, Step step) {
    bool falls = false;
    for (const Instruction& insn : insns) {
      const safepoint::OopMap* map = maps_->at(insn.pc);
      if (map == nullptr) {
        falls = false;
        continue;
      }
      bci_ = insn.pc;
      depth_ = map->stack_depth();
      const bool fell_in = falls;
      falls = !bytecode::info(insn.opcode).has(bytecode::kEndsBlock);
      if (!step(insn, fell_in)) return false;
    }
    return true;
  }
  void ensure_frame();
  Xbyak::Label& frame_writer(int index);
  bool should_inline(const Method* callee, std::vector<Instruction>* body,
                     const safepoint::MethodOopMaps** maps, const char** refusal = nullptr) const;
  // -XX:+PrintInlining: what the call at bci_ of the current scope does
  // with `callee` (code without counting; counting code calls its callees,
  // trivial ones aside).
  void note_inlining(const Method* callee, std::string decision) {
    if (counting_ || !vm().options.jit.print_inlining || callee == nullptr) return;
    out_->inline_notes.push_back({inline_depth() + 1, bci_, callee, std::move(decision)});
  }
  bool emit_inlined_body(const Instruction& insn, const Method* callee, int receiver,
                         const safepoint::MethodOopMaps* maps, const std::vector<Instruction>& body,
                         bool join_follows);
  void emit_inline_entry_checks(Xbyak::Label& call, const Method* callee, int receiver);
  void emit_profiled_inline(const Instruction& insn, const Method* resolved, int receiver,
                            bool is_interface, Xbyak::Label& slow);
  void emit_inlined_return(const Instruction& insn, int slots);
  // After a native call made from an inlined body, whose callee's return
  // left r12 and rbx at that body's frame (r14): the compiled method's again.
  void restore_bases_after_call() {
    if (scope_ < 0) return;
    lea(r12, ptr[r14 - 8 * inline_frames_[scope_].record]);
    lea(rbx, ptr[r12 - 8 * (root_local_slots_ + static_cast<int>(kFrameSlots))]);
  }

  int depth_at(uint32_t bci) const { return maps_->at(bci)->stack_depth(); }

  // --- the lazy top of the operand stack --------------------------------------
  // A push of an int, float or null constant or of a local (iconst, bipush,
  // ldc, iload, lload, aload, ...) emits nothing: it is remembered, and the
  // instruction after it, if it takes its operands where they are
  // (lazy_takes: int and long operations, compare-and-branch, stores to
  // locals, array accesses, resolved field accesses), reads the immediate
  // or the local directly. The result of such an instruction (and of a
  // field or array load) stays in a register, r8, r9 or r10, which no
  // template uses: the next instruction that takes its operands where they
  // are reads it from there, and one that does not takes it from its slot.
  // Every other instruction, and every label, first materializes the
  // remembered pushes into their slots; a stub writes them back before its
  // helper can see the frame (a throw allocates, and the collector scans
  // the operand stack). So wherever anything but this code can observe the
  // frame, it is the interpreter's, bit for bit. lcmp leaves its result
  // in the flags of its compare: an ifeq ... ifle right after it jumps on
  // them, and anything else first makes it -1, 0 or 1 in a register.
  enum class LazyKind : uint8_t { kConstant, kLocal, kRegister, kFlags };
  struct Lazy {
    int slot;
    LazyKind kind;
    int32_t value;  // the constant's bits, the local's index or the register's
    bool wide = false;  // a long or double: slots slot and slot + 1 (the second 0 in a register's)
  };
  static constexpr int kResultRegisters[] = {8, 9, 10};
  // At most this many remembered pushes: a push beyond writes the oldest
  // to its slot (a long's operands and an array store's take four).
  static constexpr size_t kMaxLazy = 6;
  const Lazy* lazy_at(int k) const {
    for (const Lazy& e : lazy_)
      if (e.slot == k) return &e;
    return nullptr;
  }
  void materialize(const std::vector<Lazy>& entries, const Xbyak::Reg64& scratch) {
    for (const Lazy& e : entries) {
      assert(e.kind != LazyKind::kFlags && "settle_flags first");
      if (e.kind == LazyKind::kRegister) {
        mov(slot(e.slot), Xbyak::Reg64(e.value));
        if (e.wide) mov(slot(e.slot + 1), 0);
        continue;
      }
      if (e.kind == LazyKind::kLocal) mov(scratch, local(e.value));
      else mov(scratch.cvt32(), static_cast<uint32_t>(e.value));  // zero-extended, as a slot holds an int
      mov(slot(e.slot), scratch);
      if (e.wide) {
        mov(scratch, local(e.value + 1));
        mov(slot(e.slot + 1), scratch);
      }
    }
  }
  // lcmp's flags into its register, as the int the interpreter pushes
  // (1 greater, -1 less, 0 equal; the flags of a signed compare). Where
  // rax is free: at an instruction's start and at a label.
  void settle_flags() {
    for (Lazy& e : lazy_) {
      if (e.kind != LazyKind::kFlags) continue;
      Xbyak::Reg32 r(e.value);
      mov(r, 0);  // mov leaves the flags alone
      mov(eax, 0);
      setg(Xbyak::Reg8(e.value));
      setl(al);
      sub(r, eax);
      e.kind = LazyKind::kRegister;
    }
  }
  void flush_lazy() {
    settle_flags();
    materialize(lazy_, rax);
    lazy_.clear();
  }
  // Materializes what an instruction taking slots k and up (and neither
  // calling out nor reading anything but its operands) needs in its slots
  // below them: everything when it branches (its target expects the
  // stack in the frame), the pushes of locals when it stores to a local
  // (which may be one of them), else nothing.
  enum class Below { kMaterialize, kMaterializeLocals, kKeep };
  void flush_lazy_below(int k, Below below_k) {
    std::vector<Lazy> below, kept;
    for (const Lazy& e : lazy_) {  // a wide one below k ends below it
      bool keep = e.slot >= k || below_k == Below::kKeep ||
                  (below_k == Below::kMaterializeLocals && e.kind != LazyKind::kLocal);
      (keep ? kept : below).push_back(e);
    }
    materialize(below, rax);
    lazy_ = std::move(kept);
  }
  // A value of `type` at `at` into `r`, as getfield loads it: an int or
  // narrower into the low 32 bits (sign- or zero-extended as the type is,
  // the upper half zero), a long, double or reference whole.
  void load_typed(const Xbyak::Reg64& r, BasicType type, const Xbyak::RegExp& at) {
    switch (type) {
      case BasicType::kBoolean:
      case BasicType::kByte: movsx(r.cvt32(), byte[at]); break;
      case BasicType::kChar: movzx(r.cvt32(), word[at]); break;
      case BasicType::kShort: movsx(r.cvt32(), word[at]); break;
      case BasicType::kInt:
      case BasicType::kFloat: mov(r.cvt32(), dword[at]); break;
      default: mov(r, qword[at]); break;
    }
  }
  // The value of `type` in `r` to `at`, as putfield stores it (a boolean's
  // low bit only, JVMS §6.5.putfield).
  void store_typed(const Xbyak::RegExp& at, BasicType type, const Xbyak::Reg64& r) {
    switch (type) {
      case BasicType::kBoolean: and_(r.cvt32(), 1); mov(byte[at], r.cvt8()); break;
      case BasicType::kByte: mov(byte[at], r.cvt8()); break;
      case BasicType::kChar:
      case BasicType::kShort: mov(word[at], r.cvt16()); break;
      case BasicType::kInt:
      case BasicType::kFloat: mov(dword[at], r.cvt32()); break;
      default: mov(qword[at], r); break;
    }
  }
  // Slot k's int (or float bits) into `r`; its reference into a 64-bit `r`.
  void load_slot(const Xbyak::Reg& r, int k) {
    const Lazy* e = lazy_at(k);
    bool wide = r.getBit() == 64;
    if (e == nullptr) {
      mov(r, wide ? slot(k) : slot32(k));
    } else if (e->kind == LazyKind::kRegister) {
      if (wide) mov(r, Xbyak::Reg64(e->value));
      else mov(r, Xbyak::Reg32(e->value));
    } else if (e->kind == LazyKind::kLocal) {
      mov(r, wide ? local(e->value) : local32(e->value));
    } else {
      mov(r.cvt32(), static_cast<uint32_t>(e->value));
    }
  }
  // The instruction's result, in `r`, for slot k (and k + 1 when wide):
  // kept in a free result register and remembered as a push once the
  // instruction's operands are gone (emit). The last thing a template
  // does, after it has read its operands (slots k and up).
  void result(const Xbyak::Reg64& r, int k, bool wide = false) {
    int free = free_result_register(k);
    if (free >= 0) {
      mov(Xbyak::Reg64(free), r);
      result_ = Lazy{k, LazyKind::kRegister, free, wide};
      return;
    }
    // The three result registers hold pushes below.
    mov(slot(k), r);
    if (wide) mov(slot(k + 1), 0);
  }
  // The register an instruction that computes slot k's value in place
  // (slots k and up are its operands, and nothing it emits after this can
  // throw or leave for the interpreter) works in: the result register slot
  // k is in already, else one no remembered push holds, loaded with slot
  // k's value (32 bits, zero-extended, or 64 with `wide`); -1 when none is
  // free. The template ends with in_place(register, k) instead of result().
  int accumulator(int k, bool wide) {
    const Lazy* e = lazy_at(k);
    bool used[16] = {};  // by another slot's push (a dup's copy shares its register)
    for (const Lazy& x : lazy_)
      if (x.kind == LazyKind::kRegister && x.slot != k) used[x.value] = true;
    if (e != nullptr && e->kind == LazyKind::kRegister && !used[e->value]) return e->value;
    for (int idx : kResultRegisters) {
      if (used[idx]) continue;
      if (wide) load_slot(Xbyak::Reg64(idx), k);
      else load_slot(Xbyak::Reg32(idx), k);
      return idx;
    }
    return -1;
  }
  void in_place(int idx, int k, bool wide = false) { result_ = Lazy{k, LazyKind::kRegister, idx, wide}; }
  // Writes slot k's value (a whole slot) to `to`, in the frame's locals.
  void store_slot_to(const Xbyak::Address& to, int k) {
    const Lazy* e = lazy_at(k);
    if (e != nullptr && e->kind == LazyKind::kRegister) {
      mov(to, Xbyak::Reg64(e->value));
    } else if (e != nullptr && e->kind == LazyKind::kConstant && e->value >= 0) {
      mov(to, e->value);  // sign-extended: only a non-negative int is its own zero-extension
    } else {
      load_slot(rax, k);
      mov(to, rax);
    }
  }
  // A result register no remembered push below slot k holds, or -1.
  int free_result_register(int k) const {
    bool used[16] = {};
    for (const Lazy& e : lazy_)
      if (e.kind == LazyKind::kRegister && e.slot < k) used[e.value] = true;
    for (int idx : kResultRegisters)
      if (!used[idx]) return idx;
    return -1;
  }
  // op(a, slot k's value) for an int (eax), a long or a reference (rax) in
  // `a`: a memory operand or an immediate.
  template <class Op>
  void with_slot(const Xbyak::Reg& a, int k, Op op) {
    const Lazy* e = lazy_at(k);
    bool wide = a.getBit() == 64;
    if (e == nullptr) {
      op(a, wide ? slot(k) : slot32(k));
    } else if (e->kind == LazyKind::kRegister) {
      if (wide) op(a, Xbyak::Reg64(e->value));
      else op(a, Xbyak::Reg32(e->value));
    } else if (e->kind == LazyKind::kLocal) {
      op(a, wide ? local(e->value) : local32(e->value));
    } else {
      op(a, static_cast<uint32_t>(e->value));  // a reference constant is null: 0
    }
  }
  // The slots `insn` takes from the top of the stack when it reads them
  // where they are (their lazy pushes), or -1 if it needs them all
  // materialized first.
  int lazy_takes(const Instruction& insn) const;

  // Adds the pending count (plus `extra`) to r15.
  void flush_count(int extra = 0) {
    int n = pending_ + extra;
    if (counting_ && n != 0) lea(r15, ptr[r15 + n]);
    pending_ = 0;
  }
  // Writes pc (at `bci`) and sp (at `depth`) back into the frame (in an
  // inlined body, its frame, written first if it is not: ensure_frame).
  // Clobbers rax and the flags.
  void sync(uint32_t bci, int depth) {
    ensure_frame();
    mov(rax, reinterpret_cast<uint64_t>(method_->code + bci));
    mov(qword[r14 + kFramePc], rax);
    lea(rax, ptr[slot_address(depth)]);
    mov(qword[r14 + kFrameSp], rax);
  }
  // Leaves the instruction at `bci` to the interpreter.
  void exit_to_interpreter(uint32_t bci, int depth) {
    flush_count();
    sync(bci, depth);
    xor_(eax, eax);
    jmp(exit_);
    counted_ = true;  // the interpreter counts it when it executes it
  }
  // Leaves the instruction at `bci` to the interpreter, which resolves (or
  // links) what was not resolved when the method was compiled, and says so
  // in CompiledMethod::left_calls (its per-site count tells a second time
  // from the first), for the method to be compiled again with it - unless it
  // was compiled as often as that may happen already. (Plain adds and ors:
  // one lost to a race is one exit more before the recompile.)
  void exit_to_resolve(uint32_t bci, int depth) {
    // In an inlined body the exit counts at the compiled method's own call
    // site the body was inlined at (the outermost one): compiled again, the
    // method inlines the body with the site resolved, rather than leaving
    // there on every pass.
    uint32_t counted_bci = bci;
    if (scope_ >= 0) {
      int outermost = scope_;
      while (inline_frames_[outermost].parent >= 0) outermost = inline_frames_[outermost].parent;
      counted_bci = inline_frames_[outermost].call_bci;
    }
    if (out_->recompiles < kMaxRecompiles) {
      if (!out_->exits_at) out_->exits_at = std::make_unique<uint8_t[]>(root_scope_.method->code_length);
      Xbyak::Label first;
      mov(rax, reinterpret_cast<uint64_t>(&out_->exits_at[counted_bci]));
      add(byte[rax], 1);
      cmp(byte[rax], 1);
      mov(rax, reinterpret_cast<uint64_t>(&out_->left_calls));
      je(first);
      or_(byte[rax], CompiledMethod::kLeftCallAgain);
      L(first);
      or_(byte[rax], CompiledMethod::kLeftCall);
    }
    exit_to_interpreter(bci, depth);
  }
  // Out of line: leaves the current instruction to the interpreter, its
  // remembered pushes (its operands) written to their slots first.
  Xbyak::Label& interpreter_stub() {
    Xbyak::Label& label = new_stub_label();
    later([this, &label, bci = bci_, depth = depth_, pushes = lazy_] {
      L(label);
      materialize(pushes, rax);
      exit_to_interpreter(bci, depth);
    });
    return label;
  }
  // After a helper that left an exception pending (pc and sp are synced).
  void exit_exception() {
    mov(eax, static_cast<uint32_t>(Exit::kException));
    jmp(exit_);
  }
  void call_helper(uint64_t address) {
    mov(rax, address);
    call(rax);
  }
  // Async code, before a call out of the code that may run Java code or
  // observe the thread's count (a class initializer, an exception's
  // constructor, a poll): the count goes to the thread and the frame
  // first, as the async loop's SYNC_FRAME does (interp/loop.inc), so the
  // ticks of the Java code it runs fall where they fall interpreted. The
  // argument registers are kept (flush_). `unreported`: the instructions
  // counted statically and not yet in r15 (the running one included, as
  // the loop counts an instruction before executing it); r15 is left at
  // minus that, so the static count that follows adds up to zero.
  void flush_before_call_out(int unreported = 0) {
    if (!async_) return;
    if (unreported != 0) lea(r15, ptr[r15 + unreported]);
    call(flush_);
    if (unreported != 0) mov(r15, -static_cast<int64_t>(unreported));
  }
  // Async code, before the instruction at bci_: leaves it to the async
  // loop when a tick lands on it, which samples there. The clock thread's
  // tick (kPollAsync) is tested before every instruction; the bytecode
  // clock once per straight-line run, at its start, for the `run`
  // instructions from here to its end (a tick due anywhere in the run
  // leaves the whole run to the loop, which finds the instruction), and
  // again after a call out, which may have run Java code that counted.
  void async_check(int run) {
    settle_flags();  // the checks set the flags: lcmp's result is not left in them
    Xbyak::Label& tick = new_stub_label();
    later([this, &tick, count = pending_, bci = bci_, depth = depth_, pushes = lazy_] {
      L(tick);
      if (count != 0) lea(r15, ptr[r15 + count]);
      materialize(pushes, rax);
      sync(bci, depth);
      xor_(eax, eax);  // Exit::kInterpret
      jmp(exit_);
    });
    if (run > 0) {
      mov(rax, qword[r13 + kThreadBytecodes]);
      lea(rax, ptr[rax + r15 + (pending_ + run)]);
      cmp(rax, qword[r13 + kThreadSampleDue]);
      jae(tick);
    }
    test(byte[r13 + kThreadPollWord], static_cast<uint8_t>(kPollAsync));
    jnz(tick);
  }
  // Out-of-line code, emitted after the method's body.
  // It is emitted in the scope it was made in (the method, inlined or not,
  // whose slots and labels it names, and its instruction).
  void later(std::function<void()> body) { stubs_.push_back({std::move(body), current_scope()}); }
  Xbyak::Label& new_stub_label() {
    stub_labels_.emplace_back();
    return stub_labels_.back();
  }
  // An inline cache's cell (helpers.h), in the data after the code.
  Xbyak::Label& new_cache_cell() {
    Xbyak::Label& cell = new_stub_label();
    cache_cells_.push_back(&cell);
    return cell;
  }
  // A stub for the current instruction when it throws: it counts itself
  // (the interpreter counts an instruction before executing it), `args`
  // moves the helper's arguments into place (before the sync, which
  // clobbers rax), the frame is synced, `helper` throws, and the code exits.
  Xbyak::Label& throw_stub(uint64_t helper, std::function<void()> args) {
    Xbyak::Label& label = new_stub_label();
    int count = pending_ + 1;
    uint32_t bci = bci_;
    int depth = depth_;
    later([this, &label, count, bci, depth, helper, args, pushes = lazy_] {
      L(label);
      if (counting_) lea(r15, ptr[r15 + count]);
      materialize(pushes, r11);  // before args(), which may set r8-r10
      args();
      sync(bci, depth);
      flush_before_call_out();
      call_helper(helper);
      exit_exception();
    });
    return label;
  }
  Xbyak::Label& npe_stub() {
    return throw_stub(fn(&throw_null_pointer), [this] { mov(rdi, r13); });
  }
  // The base of the entry's native frame (kEntryFrameSlot...): rbp in
  // counting code, r15 in code without counting (native calls move rsp).
  const Xbyak::Reg64& native_frame() const { return counting_ ? rbp : r15; }
  // Where a helper that left an exception pending (the frame synced) goes:
  // the instruction counts itself and the code exits.
  Xbyak::Label& exception_stub() {
    Xbyak::Label& label = new_stub_label();
    int count = pending_ + 1;
    later([this, &label, count] {
      L(label);
      if (counting_) lea(r15, ptr[r15 + count]);
      exit_exception();
    });
    return label;
  }
  // A call to a helper that may throw, allocate or run Java code, with its
  // arguments in place: the frame is synced first. With `check_rax`, a
  // zero rax means an exception is pending. (r15 need not be exact during
  // the call: the interpreter does not flush its count there either.)
  void call_out(uint64_t address, bool check_rax) {
    sync(bci_, depth_);
    flush_before_call_out(pending_ + 1);
    call_helper(address);
    recheck_clock_ = async_;
    if (check_rax) {
      test(rax, rax);
      jz(exception_stub());
    }
  }
  // The safepoint poll of a backward branch (and the bytecode clock when
  // counting), then a jump to `target`.
  void poll_and_jump(uint32_t target) {
    Xbyak::Label& slow = new_stub_label();
    Xbyak::Label& back = label_at(target);
    if (pending_stays_zero_) emit_count_bound();
    if (counting_ && keeps_thread_count_) {
      mov(rax, qword[r13 + kThreadBytecodes]);
      add(rax, r15);
      cmp(rax, qword[r13 + kThreadSampleDue]);
      jae(slow);
    }
    emit_poll_test(slow, rax, 0);  // the branch counted in r15
    jmp(back);
    uint32_t bci = bci_;
    int depth = depth_ - bytecode::info(static_cast<Opcode>(method_->code[bci_])).pops;
    later([this, &slow, &back, bci, depth] {
      L(slow);
      // The branch has executed (and counted); the interpreter's poll sees
      // the frame at the branch, as here.
      sync(bci, depth);
      flush_before_call_out();
      mov(rdi, r13);
      mov(esi, static_cast<uint32_t>(prof::PollKind::kBackedge));
      if (counting_) mov(rdx, r15);
      else xor_(edx, edx);
      call_helper(fn(&jit_poll));
      jmp(back);
    });
  }
  // A taken branch to `target` from the current instruction (counted).
  void branch_to(uint32_t target) {
    if (target <= bci_) poll_and_jump(target);
    else jmp(label_at(target));
  }
  // A conditional branch: `jump(label, taken)` jumps to the label when
  // the condition holds (taken) or does not. A forward branch jumps to its
  // target; a backward one jumps over its poll when not taken.
  template <class J>
  void conditional(uint32_t target, J jump) {
    if (target > bci_) {
      jump(label_at(target), true);
      return;
    }
    Xbyak::Label fall;
    jump(fall, false);
    branch_to(target);
    L(fall);
  }

  // Where control can come round again (pending_stays_zero_): r15 at
  // most kCountBound, else logged first (jit_log_count) and zero. The
  // registers a helper may clobber are free. In the compiled method's own
  // frame, the count of a frame that is not counted (entered before
  // recording began) is dropped, as its return drops it. `keep_rdx`: rdx
  // is kept across the helper too (the entry's way in).
  void emit_count_bound(bool keep_rdx = false) {
    Xbyak::Label& over = new_stub_label();
    Xbyak::Label& checked = new_stub_label();
    cmp(r15, kCountBound);
    ja(over);
    L(checked);
    later([this, &over, &checked, keep_rdx, root = scope_ < 0] {
      L(over);
      Xbyak::Label dropped;
      if (root) {  // (Frame::profiler_slot)
        cmp(byte[r14 + kFrameUncounted], 0);
        jne(dropped);
        cmp(qword[r14 + kFrameProfilerSlots + 8 * inline_cct_slot_], 0);
        je(dropped);
      }
      if (keep_rdx) {  // (twice: rsp stays 16-byte aligned for the call)
        push(rdx);
        push(rdx);
      }
      mov(rdi, r13);
      mov(rsi, r15);
      call_helper(fn(&jit_log_count));
      if (keep_rdx) {
        pop(rdx);
        pop(rdx);
      }
      L(dropped);
      xor_(r15d, r15d);
      jmp(checked);
    });
  }

  bool emit(const Instruction& insn, std::string* why);
  bool emit_template(const Instruction& insn, std::string* why);
  bool emit_field(const Instruction& insn, bool is_static, bool is_put);
  bool emit_inline_new(const Instruction& insn, Xbyak::Label& slow);
  bool emit_inline_new_array(const Klass* array_klass, Xbyak::Label& slow);
  void emit_alloc_epoch_check(Xbyak::Label& slow);
  void emit_take_cell(const Xbyak::Address& list, const Xbyak::Reg64* cell_bytes, uint32_t cell_imm,
                      const Xbyak::Reg64& scratch, Xbyak::Label& slow);
  void emit_invoke(const Instruction& insn);
  void emit_call(const Instruction& insn, const Method* known, const Method* signature_of,
                 int receiver, Xbyak::Label& slow);
  void emit_intrinsic_call(const Instruction& insn, const Method* intrinsic);
  void emit_linked_call(const Instruction& insn, const Method* site, bool null_check);
  void emit_push_frame(const Method* known, int receiver, Xbyak::Label& overflow,
                       bool counted_call = false);
  void emit_frame_room_check(const Method* known, int receiver, Xbyak::Label& overflow);
  void callee_code(const Xbyak::Reg64& r);
  void emit_counted_push_frame(const Method* known, int receiver, uint32_t bci, Xbyak::Label& slow);
  void emit_counted_pop_frame();
  void emit_report_call_count(int callee_bytecodes);
  void emit_log_return();
  void emit_note_entry(const Method* known);
  void emit_clock_check(Xbyak::Label& due, int counted_here);
  void emit_poll_test(Xbyak::Label& armed, const Xbyak::Reg64& scratch, int counted_here);
  void emit_pop_frame();
  bool emit_log_call(const Method* known, uint32_t bci, Xbyak::Label& fail, int caller_count = 1);
  bool emit_log_leaf(const Method* callee, uint32_t bci, int count, Xbyak::Label& fail);
  void emit_log_room(Xbyak::Label& fail);
  void emit_log_prefetch(const Xbyak::Reg64& next);
  void emit_tree(const Xbyak::Reg64& r);
  void emit_thread_count(int counted_here);
  void emit_log_words(std::initializer_list<uint64_t> words, Xbyak::Label& full);
  void emit_counted_inline_entry(const Instruction& insn, const Method* callee, int receiver,
                                 Xbyak::Label& call);
  // A field of the current method's frame record: r14's in the compiled
  // method, the record's place in an inlined body (written or not: counting
  // code writes a body's context there at its entry, inlining).
  Xbyak::Address frame_field(int offset) const {
    if (scope_ < 0) return qword[r14 + offset];
    return qword[r12 + 8 * inline_frames_[scope_].record + offset];
  }
  // Counting code that runs small callees inlined: the exact CCT alone
  // records, and logs their calls itself (inline_cct_slot_).
  bool counting_inlines() const { return kind_ == CodeKind::kCounting && inline_cct_slot_ >= 0; }
  // Whether counting code polls where the entry or the return of a callee
  // it runs in place would have polled: for a sampler, whose ticks land
  // there, and for the deterministic scheduler, whose switches must fall
  // where the interpreter's fall. With neither, what a poll does there (a
  // safepoint, a suspension) only comes at the next poll, which changes
  // nothing an exact profile records; code without counting does not poll
  // there either.
  bool counting_polls_inlined() const { return prof::sampler_configured() || sched::deterministic(); }
  void emit_method_lock(bool if_synchronized);
  void emit_method_cache(Xbyak::Label& cell, Xbyak::Label& selected, std::function<void()> on_miss);
  void emit_method_unlock();
  void emit_thin_method_lock(const Xbyak::Reg64& frame, Xbyak::Label& helper);
  void emit_thin_method_unlock(const Xbyak::Reg64& frame, Xbyak::Label& helper);
  void emit_thin_load(const Xbyak::Reg64& object, Xbyak::Label& slow);
  void emit_thin_enter(const Xbyak::Reg64& object, Xbyak::Label& slow);
  void emit_thin_exit(const Xbyak::Reg64& object, Xbyak::Label& slow);
  // A trivial callee's plan (inlining.h) with a register for each value
  // it loads.
  struct InlinedCall {
    InlinePlan plan;
    std::vector<int> register_of;  // per step: an index in kValueRegisters, or -1
  };
  static constexpr int kValueRegisterCount = 5;
  std::optional<InlinedCall> inlined_call(const Method* callee) const;
  void emit_inlined(const InlinedCall& call, int receiver, Xbyak::Label& slow);
  void emit_counted_inlined(const Instruction& insn, const Method* callee, int receiver,
                            bool check_selected);
  bool emit_counted_contexts(const Instruction& insn, const Method* callee, const InlinedCall& plan,
                             Xbyak::Label& failed);
  void emit_return(const Instruction& insn, int slots);
  const Object* resolved_constant(uint16_t cp_index) const;
  // A native run as the instructions of its intrinsic (native_intrinsic).
  struct IntrinsicCall {
    enum class Op {
      kSqrt,
      kWideBits,
      kNarrowBits,
      kCurrentThread,
      kGetClass,
      kRefersTo,
      kGetReference,
      kGetInt,
      kGetLong,
      kPutReference,
      kCasReference,
      kCasInt,
      kCasLong,
      kIsInstance,
      kArrayCopy,
      kMath,  // Math's sin ... pow (math_intrinsics.h): its C function
      kUnsafeGet,  // Unsafe's plain get<Type>(Object, long)
      kUnsafePut,  // Unsafe's plain put<Type>(Object, long, value)
    } op;
    int64_t referent_offset;  // kRefersTo: Reference.referent's
    const Method* method = nullptr;  // kMath: the Math method
    BasicType type = BasicType::kVoid;  // kUnsafeGet, kUnsafePut: the value's
    // The native may still be needed: the code goes on to the call when
    // the intrinsic declines (kArrayCopy: to throw).
    bool may_decline() const { return op == Op::kArrayCopy; }
  };
  static std::optional<IntrinsicCall> native_intrinsic(const Method* callee);
  // String's accessors that code without counting runs in place
  // (emit_string_accessor).
  enum class StringAccessor : uint8_t { kCoder, kIsLatin1, kLength, kCharAt };
  static std::optional<StringAccessor> string_accessor(const Method* callee);
  void emit_string_accessor(StringAccessor accessor, const Method* callee, int receiver,
                            Xbyak::Label& call);
  // `done`: where the code goes when an intrinsic that may decline did the work.
  void emit_intrinsic(const IntrinsicCall& call, int receiver, Xbyak::Label* done);
  void emit_counted_intrinsic(const Instruction& insn, const Method* callee, int receiver);
  // System.arraycopy's arguments, from operand slot `receiver` on, into
  // the registers of jit_arraycopy's.
  void emit_arraycopy_arguments(int receiver) {
    mov(rdi, slot(receiver));
    mov(esi, slot32(receiver + 1));
    mov(rdx, slot(receiver + 2));
    mov(ecx, slot32(receiver + 3));
    mov(r8d, slot32(receiver + 4));
  }
  void emit_native_call(const Instruction& insn, const Method* resolved, int receiver,
                        Xbyak::Label& entry, Xbyak::Label& slow);
  void emit_array_load(std::function<void()> load);
  void emit_array_store(bool two_slots, std::function<void()> store);

  const Method* method_;
  CompiledMethod* out_ = nullptr;
  const safepoint::MethodOopMaps* maps_;
  CodeKind kind_;
  bool counting_;  // counting or async code
  bool async_;
  // Counting code whose calls and returns log themselves in the exact
  // CCT's call log, as prof::enter and prof::leave do
  // (emit_counted_push_frame): the profile session's inline slot, else -1.
  int inline_cct_slot_ = -1;
  // Counting code that counts only for the clocks (the deterministic
  // scheduler's quantum, a sampler's bytecode clock): no profiler of the
  // run has events, so no call or return has anything to tell one, and
  // they need no helper either.
  bool clock_only_ = false;
  // An instance method that never stores to local 0: that local is `this`
  // throughout, never null (an invoke's receiver was checked, and the
  // interpreter's frame it may resume holds the same), so a field access
  // through a push of it needs no null check.
  bool this_kept_ = true;
  // The operand slots (below 64) that held pushes of `this` when the
  // current instruction began, before it wrote its operands to their slots.
  uint64_t this_slots_ = 0;
  bool is_this(int k) const {
    if (!this_kept_) return false;
    if (k < 64 && (this_slots_ >> k & 1) != 0) return true;
    const Lazy* e = lazy_at(k);
    return e != nullptr && e->kind == LazyKind::kLocal && e->value == 0;
  }
  // The local an instruction stores to (xstore, xstore_n, iinc), or -1.
  static int stored_local(const Instruction& insn) {
    const auto op = static_cast<int>(insn.opcode);
    if (op >= static_cast<int>(Opcode::kIstore0) && op <= static_cast<int>(Opcode::kAstore3))
      return (op - static_cast<int>(Opcode::kIstore0)) % 4;
    if ((insn.opcode >= Opcode::kIstore && insn.opcode <= Opcode::kAstore) || insn.opcode == Opcode::kIinc)
      return insn.local;
    return -1;
  }
  // Counting code keeps the threads' bytecode counts and checks the
  // bytecode clock: a sampler reads them, or the deterministic scheduler
  // (with the exact CCT alone, neither reads them: its log has the counts).
  bool keeps_thread_count_ = true;
  // Counting code of the exact CCT that keeps no thread count keeps the
  // log's pending count (call_log::LogCursor::pending) at zero while it
  // runs, so that its words neither read nor clear it: its entry takes the
  // pending count into r15 (of a counted frame), and a call run in place as
  // a kLeaf leaves the caller's count in r15 rather than in the pending
  // count. Whatever else adds to the pending count while it runs is a
  // helper that logs a word after, which takes it: a call's, a native
  // call's, a return's (jit.cpp). Where the thread's count is kept, both
  // would move it: the entry's bytecodes were counted for the thread when
  // they went to the pending count, and the bytecode clock's samples must
  // land after a kLeaf where the interpreter's do (r15 zero).
  bool pending_stays_zero_ = false;
  Xbyak::Label flush_;  // async code: the count's flush before a call out
  bool recheck_clock_ = false;  // async code: the last instruction called out
  std::vector<Xbyak::Label> root_labels_;  // per bci: the instruction's label
  std::vector<Xbyak::Label>* labels_;      // the current method's: root_labels_ or an inlined callee's
  const int root_local_slots_;             // the compiled method's frame_local_slots
  std::deque<InlineFrame> inline_frames_;  // every inlined call's (stable addresses)
  int scope_ = -1;        // the current method's index there, -1: the compiled method's
  int stack_base_ = 0;    // its operand slot 0, as a slot from r12
  int locals_base_ = 0;   // its local 0 (an inlined callee's), as a slot from r12
  Scope root_scope_{};
  uint32_t inlined_bytecodes_ = 0;  // the bodies inlined so far (the budget's)
  std::string inline_failure_;      // why an inlined body could not be emitted (a compiler bug)
  std::vector<bool> resume_;          // per bci: a resume point
  Xbyak::Label exit_;
  struct Stub {
    std::function<void()> body;
    Scope scope;
  };
  std::vector<Stub> stubs_;
  bool in_stub_ = false;  // emitting the out-of-line code
  std::deque<Xbyak::Label> stub_labels_;  // stable addresses
  std::vector<Xbyak::Label*> cache_cells_;
  std::vector<Lazy> lazy_;  // the remembered pushes, at the top of the stack
  std::optional<Lazy> result_;  // the current instruction's result, in a register
  int pending_ = 0;
  // The last native call's continuation: the bci whose code must start
  // at that machine-code offset.
  std::pair<uint32_t, size_t> call_continues_at_{UINT32_MAX, 0};
  bool counted_ = false;  // the current instruction counted itself already
  uint32_t bci_ = 0;
  int depth_ = 0;
};

bool TemplateCompiler::generate(CompiledMethod* out, std::string* why) {
  out_ = out;
  std::span<const uint8_t> code(method_->code, method_->code_length);
  std::vector<Instruction> insns;
  resume_.assign(method_->code_length, false);
  resume_[0] = true;
  for (const Instruction& insn : bytecode::instructions(code)) {
    if (insn.opcode == Opcode::kJsr || insn.opcode == Opcode::kJsrW || insn.opcode == Opcode::kRet) {
      *why = "jsr/ret subroutines";
      return false;
    }
    for (uint32_t target : insn.branch_targets()) resume_[target] = true;
    if (bytecode::info(insn.opcode).has(bytecode::kInvoke) && insn.next_pc() < code.size())
      resume_[insn.next_pc()] = true;
    if (stored_local(insn) == 0) this_kept_ = false;
    insns.push_back(insn);
  }
  if (method_->is_static()) this_kept_ = false;
  for (const ExceptionTableEntry& e : method_->exception_table) resume_[e.handler_pc] = true;
  root_scope_ = current_scope();

  // The entry: save the callee-saved registers, load the frame's, and jump
  // to the resume point (rdx).
  push(rbp);
  push(rbx);
  push(r12);
  push(r13);
  push(r14);
  push(r15);
  sub(rsp, kNativeFrameBytes);
  // The frame compiled code must not pop itself: the frame it is entered
  // in, as every frame above it is one its native calls pushed, whose
  // `ret` goes back to the caller's code. Then the budget of those calls,
  // and the native frame's base (native_frame()).
  mov(qword[rsp + kEntryFrameSlot], rsi);
  lea(rax, ptr[rsp - kNativeCallBudget]);
  mov(qword[rsp + kNativeFloorSlot], rax);
  mov(native_frame(), rsp);
  if (counting_) {
    mov(qword[rsp + kLoopCountSlot], rcx);
    mov(r15, qword[rcx]);  // the loop's count of this frame, not yet reported
    if (pending_stays_zero_) {
      // The log's pending count, where the frame counts into it, is r15's
      // from here on (a frame pushed by code without counting has no
      // counter: Frame::uncounted).
      Xbyak::Label uncounted;
      cmp(byte[rsi + kFrameUncounted], 0);
      jne(uncounted);
      mov(rax, qword[rsi + kFrameBytecodeCounter]);
      test(rax, rax);
      jz(uncounted);
      add(r15, qword[rax]);
      mov(qword[rax], 0);
      L(uncounted);
    }
  }
  mov(r13, rdi);
  mov(r14, rsi);
  mov(rbx, qword[rsi + kFrameLocals]);
  mov(r12, qword[rsi + kFrameStackBase]);
  if (pending_stays_zero_) emit_count_bound(/*keep_rdx=*/true);  // the interpreter's count of the frame
  jmp(rdx);

  // Straight-line runs: control enters one only at its first instruction
  // (a resume point, or code after an instruction that ends a block) and
  // leaves at its end or by a branch. Async code checks the bytecode clock
  // at a run's start, for the instructions left in it (run_left, per bci).
  std::vector<int> run_left(method_->code_length, 0);
  if (async_) {
    bool reachable = false;
    std::vector<uint32_t> run;
    auto end_run = [&] {
      for (size_t i = 0; i < run.size(); ++i) run_left[run[i]] = static_cast<int>(run.size() - i);
      run.clear();
    };
    for (const Instruction& insn : insns) {
      if (maps_->at(insn.pc) == nullptr) {
        reachable = false;
        continue;
      }
      if (resume_[insn.pc] || !reachable) end_run();
      run.push_back(insn.pc);
      reachable = !bytecode::info(insn.opcode).has(bytecode::kEndsBlock);
    }
    end_run();
  }

  out->resume_offsets.assign(method_->code_length, 0);
  const bool emitted = each_reachable(insns, [&](const Instruction& insn, bool fell_in) {
    bool run_start = resume_[bci_] || !fell_in;
    if (run_start) {
      flush_lazy();
      flush_count();
      if (bci_ == call_continues_at_.first && getSize() != call_continues_at_.second) {
        *why = "code between a call and its continuation";  // a compiler bug: the method stays interpreted
        return false;
      }
      L(label_at(bci_));
      out->resume_offsets[bci_] = static_cast<uint32_t>(getSize());
    } else {
      L(label_at(bci_));
    }
    out->bci_starts.push_back({static_cast<uint32_t>(getSize()), bci_});
    if (async_) async_check(run_start || recheck_clock_ ? run_left[bci_] : 0);
    recheck_clock_ = false;
    counted_ = false;
    if (!bytecode::info(insn.opcode).has(bytecode::kEndsBlock) && insn.next_pc() >= method_->code_length) {
      // Falls off the end (malformed, never verified): its templates would
      // name the label of the instruction after it.
      *why = "code falls off its end";
      return false;
    }
    if (!emit(insn, why)) return false;
    if (!inline_failure_.empty()) {
      *why = "an inlined callee: " + inline_failure_;
      return false;
    }
    if (!counted_) ++pending_;
    return true;
  });
  if (!emitted) return false;
  out->stubs_offset = static_cast<uint32_t>(getSize());
  in_stub_ = true;
  for (size_t i = 0; i < stubs_.size(); ++i) {  // stubs may add stubs (so the body is moved out first)
    Stub stub = std::move(stubs_[i]);
    enter_scope(stub.scope);
    lazy_.clear();
    stub.body();
  }
  enter_scope(root_scope_);
  if (async_) {
    // flush_before_call_out's subroutine: called with rsp 16-byte aligned,
    // so nine pushes align it again for the call.
    static const Xbyak::Reg64 kSaved[] = {rax, rcx, rdx, rsi, rdi, r8, r9, r10, r11};
    L(flush_);
    for (const Xbyak::Reg64& r : kSaved) push(r);
    mov(rdi, r13);
    mov(rsi, r14);
    mov(rdx, r15);
    call_helper(fn(&jit_flush_count));
    xor_(r15d, r15d);
    for (int i = std::size(kSaved) - 1; i >= 0; --i) pop(kSaved[i]);
    ret();
  }
  L(exit_);
  mov(rsp, native_frame());  // what compiled calls pushed is dropped
  if (counting_) {
    mov(rcx, qword[rsp + kLoopCountSlot]);
    mov(qword[rcx], r15);
  }
  add(rsp, kNativeFrameBytes);
  pop(r15);
  pop(r14);
  pop(r13);
  pop(r12);
  pop(rbx);
  pop(rbp);
  ret();
  // The inline caches' cells, on cache lines of their own (the next
  // method starts at a 64-byte boundary): a cell is written once, and a
  // store near code that runs costs a pipeline flush.
  align(64);
  out->data_offset = static_cast<uint32_t>(getSize());
  for (Xbyak::Label* cell : cache_cells_) {
    L(*cell);
    for (int way = 0; way < 2; ++way) {
      dq(0);  // InlineCache::Way::klass
      dq(0);  // InlineCache::Way::method
    }
  }
  ready();
  return true;
}

void TemplateCompiler::emit_array_load(std::function<void()> load) {
  // ..., array, index -> ..., value
  int a = depth_ - 2;
  load_slot(rax, a);
  test(rax, rax);
  jz(npe_stub());
  load_slot(ecx, a + 1);
  cmp(ecx, dword[rax + kArrayLength]);
  jae(throw_stub(fn(&throw_array_index), [this] {
    mov(rdi, r13);
    mov(esi, ecx);
    mov(edx, dword[rax + kArrayLength]);
  }));
  load();  // from [rax + kArrayData + rcx * scale] into slot a (and a + 1)
}

void TemplateCompiler::emit_array_store(bool two_slots, std::function<void()> store) {
  // ..., array, index, value -> ...
  int a = depth_ - (two_slots ? 4 : 3);
  load_slot(rax, a);
  test(rax, rax);
  jz(npe_stub());
  load_slot(ecx, a + 1);
  cmp(ecx, dword[rax + kArrayLength]);
  jae(throw_stub(fn(&throw_array_index), [this] {
    mov(rdi, r13);
    mov(esi, ecx);
    mov(edx, dword[rax + kArrayLength]);
  }));
  store();  // slot a + 2 into [rax + kArrayData + rcx * scale]
}

// `new` of a class already resolved and initialized, as Heap::allocate does
// it in the common case: the thread's next free cell of the size class,
// zeroed, with its class set, into rax; anything else (a cache of an older
// epoch or empty, a full accounting batch, an allocation observer other
// than the exact CCT's, which counting code counts itself) jumps to
// `slow`, the call every other `new` makes. False, with nothing emitted,
// when the class is not known yet, or under -XX:+FullGCALot or AddressSanitizer
// (whose poisoning of free cells only Heap::allocate undoes).
bool TemplateCompiler::emit_inline_new(const Instruction& insn, Xbyak::Label& slow) {
#if defined(__SANITIZE_ADDRESS__)
  (void)insn;
  (void)slow;
  return false;
#else
  constexpr size_t kMaxInlineBytes = 128;  // zeroed with at most 8 stores
  auto* k = static_cast<Klass*>(cache_lookup(method_->holder, insn.cp_index, CacheTag::kClass));
  Heap& heap = vm().heap;
  if (k == nullptr || k->kind != Klass::Kind::kInstance || k->is_interface() || k->is_abstract() ||
      !k->is_initialized() || k->instance_size > kMaxInlineBytes || heap.full_gc_alot())
    return false;
  const size_t bytes = (k->instance_size + 7) & ~size_t{7};
  const int size_class = Heap::size_class_for(bytes);
  const size_t cell_bytes = Heap::cell_bytes_for(bytes);
  const int free_cell = kThreadAllocFree + 8 * size_class;
  emit_alloc_epoch_check(slow);
  // Counting code of the exact CCT alone, when it records allocations,
  // logs the object itself, as the profiler's allocation hook (the heap's
  // observer, set for the session) would: a kAlloc word in the thread's
  // call log (r8: JavaThread::call_log) for a counted frame, nothing for a
  // frame that is not (r8 0). A log with no room (a full chunk, or
  // recording stopped) is the hook's. Any other observer takes the call.
  const bool count_allocation =
      inline_cct_slot_ >= 0 &&
      (prof::detail::g_events.load(std::memory_order_relaxed) & prof::kAllocations) != 0;
  if (count_allocation) {
    Xbyak::Label none, checked;
    if (scope_ < 0) {  // (an inlined body is counted)
      cmp(qword[r14 + kFrameProfilerSlots + 8 * inline_cct_slot_], 0);
      je(none);
    }
    mov(r8, qword[r13 + kThreadCallLog]);  // (no room in it unless recording)
    mov(rcx, qword[r8 + kTreeLogNext]);
    cmp(rcx, qword[r8 + kTreeLogEnd]);
    jae(slow, T_NEAR);
    jmp(checked);
    L(none);
    xor_(r8d, r8d);
    L(checked);
  } else {
    mov(rax, reinterpret_cast<uint64_t>(allocation_observer_word()));
    cmp(qword[rax], 0);
    jne(slow, T_NEAR);
  }
  emit_take_cell(qword[r13 + free_cell], nullptr, static_cast<uint32_t>(cell_bytes), rcx, slow);
  xorps(xmm0, xmm0);
  size_t offset = 0;
  for (; offset + 16 <= bytes; offset += 16) movups(xword[rax + offset], xmm0);
  if (offset < bytes) mov(qword[rax + offset], 0);
  mov(rdx, reinterpret_cast<uint64_t>(k));
  mov(qword[rax + kObjectKlass], rdx);
  if (count_allocation) {
    Xbyak::Label uncounted;
    test(r8, r8);
    jz(uncounted);
    mov(rcx, qword[r8 + kTreeLogNext]);
    mov(qword[rcx], static_cast<uint32_t>(prof::call_log::with_payload(prof::call_log::kAlloc, bytes)));
    add(rcx, 8);
    mov(qword[r8 + kTreeLogNext], rcx);
    L(uncounted);
  }
  return true;
#endif
}

// To `slow` when a collection came since the thread took its cached free
// cells (its cache's epoch is older than the heap's), as Heap::allocate
// finds it before it takes a cell.
void TemplateCompiler::emit_alloc_epoch_check(Xbyak::Label& slow) {
  mov(rax, reinterpret_cast<uint64_t>(vm().heap.epoch_word()));
  mov(rax, qword[rax]);
  cmp(rax, qword[r13 + kThreadAllocEpoch]);
  jne(slow, T_NEAR);
}

// The thread's next free cell, from its cached list at `list`, into rax,
// as Heap::allocate takes it: the cell's bytes (the register `cell_bytes`,
// else `cell_imm`) added to the thread's unaccounted batch and the list
// moved to the cell's link; to `slow`, with nothing changed, when the
// batch would be full or the list is empty. Clobbers `scratch`.
void TemplateCompiler::emit_take_cell(const Xbyak::Address& list, const Xbyak::Reg64* cell_bytes,
                                      uint32_t cell_imm, const Xbyak::Reg64& scratch, Xbyak::Label& slow) {
  mov(scratch, qword[r13 + kThreadAllocUnaccounted]);
  if (cell_bytes != nullptr) add(scratch, *cell_bytes);
  else add(scratch, cell_imm);
  cmp(scratch, static_cast<uint32_t>(Heap::kAccountBytes));
  jae(slow, T_NEAR);
  mov(rax, list);
  test(rax, rax);
  jz(slow, T_NEAR);
  mov(qword[r13 + kThreadAllocUnaccounted], scratch);
  mov(scratch, qword[rax + kObjectMark]);  // a free cell's mark links the next
  mov(list, scratch);
}

// newarray and anewarray of a small array (its cell at most 256 bytes),
// of `array_klass`, the length on top of the stack, into rax, as
// Heap::allocate does it in the common case, as for `new` above: the size
// classes up to 256 bytes are the multiples of 16, so the cell is the
// array's bytes rounded up to 16 and its class the cell's sixteenths less
// one, computed from the length; the cell is zeroed in 16-byte stores and
// given its class and length. A negative or larger length, and everything
// `new` leaves to the call, jump to `slow`. False, with nothing emitted,
// when `new` would not be inline either, or counting code counts
// allocations itself (the call counts them).
bool TemplateCompiler::emit_inline_new_array(const Klass* array_klass, Xbyak::Label& slow) {
#if defined(__SANITIZE_ADDRESS__)
  (void)array_klass;
  (void)slow;
  return false;
#else
  constexpr uint32_t kMaxCellBytes = 256;
  Heap& heap = vm().heap;
  if (array_klass == nullptr || heap.full_gc_alot() || inline_cct_slot_ >= 0) return false;
  const uint32_t element = array_klass->element_size;
  if (element != 1 && element != 2 && element != 4 && element != 8) return false;
  static_assert(kArrayData == kArrayBaseOffset);
  const uint32_t max_length = (kMaxCellBytes - kArrayBaseOffset) / element;
  const Xbyak::RegExp scaled = element == 1   ? rcx
                               : element == 2 ? rcx * 2
                               : element == 4 ? rcx * 4
                                              : rcx * 8;
  mov(ecx, slot32(depth_ - 1));
  cmp(ecx, max_length);
  ja(slow, T_NEAR);  // (unsigned: a negative length too)
  lea(edx, ptr[scaled + kArrayBaseOffset + 15]);
  and_(edx, ~15u);  // the cell's bytes, 32 to 256
  emit_alloc_epoch_check(slow);
  mov(rax, reinterpret_cast<uint64_t>(allocation_observer_word()));
  cmp(qword[rax], 0);
  jne(slow, T_NEAR);
  // The class's free list: kThreadAllocFree + 8 * (cell / 16 - 1).
  mov(r8, rdx);
  shr(r8, 1);
  emit_take_cell(qword[r13 + r8 + (kThreadAllocFree - 8)], &rdx, 0, rsi, slow);
  xorps(xmm0, xmm0);
  Xbyak::Label zero;
  xor_(esi, esi);
  L(zero);
  movups(xword[rax + rsi], xmm0);
  add(esi, 16);
  cmp(esi, edx);
  jb(zero);
  mov(rdx, reinterpret_cast<uint64_t>(array_klass));
  mov(qword[rax + kObjectKlass], rdx);
  mov(dword[rax + kArrayLength], ecx);
  return true;
#endif
}

bool TemplateCompiler::emit_field(const Instruction& insn, bool is_static, bool is_put) {
  const Klass* holder = method_->holder;
  const classfile::ConstantPool& cp = holder->class_file->constant_pool;
  BasicType type = field_type_of(cp.member_ref(insn.cp_index).descriptor->view());
  bool two = is_two_slot(type);
  int value_slots = two ? 2 : 1;
  CacheTag tag = is_static ? CacheTag::kFieldStatic : CacheTag::kFieldInstance;
  FieldDesc* known = static_cast<FieldDesc*>(cache_lookup(holder, insn.cp_index, tag));

  // rdx (plus `displacement`): the address of the field.
  int displacement = 0;
  int object_slot = is_put ? depth_ - value_slots - 1 : depth_ - 1;
  bool is_volatile;
  if (known != nullptr) {
    is_volatile = known->is_volatile();
    if (is_static) {
      mov(rdx, reinterpret_cast<uint64_t>(known->holder->mirror->address_at(known->offset)));
    } else {
      const bool non_null = is_this(object_slot);
      load_slot(rdx, object_slot);
      if (!non_null) {
        test(rdx, rdx);
        jz(npe_stub());
      }
      displacement = static_cast<int>(known->offset);
    }
  } else {
    // The resolution cache, as the interpreter reads it (runtime.h), and its
    // slow path on a miss.
    is_volatile = true;  // not known: fence as for a volatile field (below)
    Xbyak::Label resolved, miss;
    mov(rax, reinterpret_cast<uint64_t>(&holder->resolved[insn.cp_index]));
    mov(rax, qword[rax]);
    mov(rcx, rax);
    and_(ecx, 7);
    cmp(ecx, static_cast<uint32_t>(tag));
    jne(miss);
    and_(rax, static_cast<uint32_t>(-8));
    jnz(resolved);
    L(miss);
    mov(rdi, r13);
    mov(rsi, reinterpret_cast<uint64_t>(holder));
    mov(edx, insn.cp_index);
    mov(ecx, is_static ? 1 : 0);
    mov(r8d, is_put ? 1 : 0);
    call_out(fn(&resolve_field_cached), true);  // may initialize the class
    L(resolved);
    // rax: the FieldDesc.
    if (is_static) {
      mov(rdx, qword[rax + kFieldHolder]);
      mov(rdx, qword[rdx + kKlassMirror]);
    } else {
      load_slot(rdx, object_slot);
      test(rdx, rdx);
      jz(npe_stub());
    }
    mov(ecx, dword[rax + kFieldOffset]);
    add(rdx, rcx);
    // Whether the field is volatile, in r8d (tested around the access).
    movzx(r8d, word[rax + kFieldFlags]);
    and_(r8d, 0x0040);
  }
  auto fence_if_volatile = [&] {
    if (!is_volatile) return;
    if (known != nullptr) {
      mfence();
    } else {
      Xbyak::Label skip;
      test(r8d, r8d);
      jz(skip);
      mfence();
      L(skip);
    }
  };
  const Xbyak::RegExp field = rdx + displacement;
  if (!is_put) {
    int dst = is_static ? depth_ : depth_ - 1;
    load_typed(rax, type, field);
    result(rax, dst, two);
    // Loads need no fence on x86 (they are acquires).
  } else {
    int src = depth_ - value_slots;
    load_slot(rax, src);
    store_typed(field, type, rax);
    fence_if_volatile();  // a volatile store is followed by a full fence
  }
  return true;
}

// JavaThread::push_frame, inline, for the callee in rsi: its frame over
// the arguments that begin at operand slot `receiver` (the rest of its
// locals are not zeroed: see below). `known` is the callee when
// the compiler knows it (invokestatic, invokespecial), so its shape is
// constant. The caller is r14, the thread's top frame while its code runs.
// Leaves the frame in rax, its locals in rdi and rsi unchanged; jumps to
// `overflow` with nothing changed when the stack is exhausted, unless
// emit_frame_room_check has checked that already (`counted_call`:
// emit_counted_push_frame's own push, which leaves rdi as the check set it
// and writes the exact CCT's slot and the bytecode counter itself).
void TemplateCompiler::emit_push_frame(const Method* known, int receiver, Xbyak::Label& overflow,
                                       bool counted_call) {
  if (!counted_call) {
    emit_frame_room_check(known, receiver, overflow);
  } else {  // (rdi the callee's locals still)
    if (known == nullptr) {
      callee_code(rcx);
      mov(ecx, dword[rcx + kCodeLocalBytes]);
    }
  }
  if (known != nullptr) {
    lea(rax, ptr[rdi + 8 * static_cast<int>(frame_local_slots(known))]);
    mov(rcx, reinterpret_cast<uint64_t>(known->code));
  } else {
    lea(rax, ptr[rdi + rcx]);
    mov(rcx, qword[rsi + kMethodCode]);
  }
  mov(qword[rax + kFramePc], rcx);
  mov(qword[rax + kFrameCaller], r14);  // the thread's top frame
  mov(qword[rax + kFrameMethod], rsi);
  mov(qword[rax + kFrameLocals], rdi);
  lea(rcx, ptr[rax + 8 * static_cast<int>(kFrameSlots)]);
  mov(qword[rax + kFrameStackBase], rcx);
  mov(qword[rax + kFrameSp], rcx);
  // The rest of the record (return barrier, profiler slots, ...) zero. Code
  // without counting writes the return barrier and marks the frame
  // uncounted in one store: the profiler slots and the bytecode counter
  // are read by counting code only in its own frames, and by
  // the profilers only through Frame::profiler_slot (frame.h). Two stores
  // fewer a call: BenchFib without inlining 0.28 -> 0.26 s.
  static_assert(kFrameReturnBarrier > kFrameSp && kFrameBytes % 8 == 0);
  static_assert(kFrameUncounted == kFrameReturnBarrier + 1);
  if (!counting_) {
    mov(word[rax + kFrameReturnBarrier], 0x0100);  // return_barrier false, uncounted true
  } else if (counted_call) {
    // The exact CCT's slot and the bytecode counter are written next; the
    // slots no profiler of the run uses are never read.
    mov(word[rax + kFrameReturnBarrier], 0);
    const int used = prof::detail::g_frame_slots.load(std::memory_order_relaxed);
    for (int i = 0; i < used; ++i)
      if (i != inline_cct_slot_) mov(qword[rax + kFrameProfilerSlots + 8 * i], 0);
  } else {
    xorps(xmm0, xmm0);
    int at = kFrameReturnBarrier;
    for (; at + 16 <= kFrameBytes; at += 16) movups(xword[rax + at], xmm0);
    for (; at < kFrameBytes; at += 8) mov(qword[rax + at], 0);
  }
  // The locals past the arguments are left as they are (the interpreter
  // zeroes them). Compiled code calls only compiled code, which has no
  // jsr/ret (the compiler takes none), so the collector scans a local only
  // where the method's reference map says it wrote a reference there (a
  // local not written yet is bogus, never a root: safepoint/oop_map.h), and
  // nothing else reads a local the method has not written. (Zeroing them,
  // a loop of as many rounds as a virtual callee has locals, cost the
  // applications about 5 % of their time: README, The template JIT.)
  mov(qword[r13 + kThreadTopFrame], rax);
}

// Jumps to `overflow` when the frame of the callee in rsi (`known`, when
// the compiler knows it), whose arguments begin at operand slot
// `receiver`, would end past the stack's end. Leaves the callee's locals
// in rdi and, for a callee not known, their size in bytes in rcx (its
// compiled code's frame shape).
void TemplateCompiler::emit_frame_room_check(const Method* known, int receiver,
                                             Xbyak::Label& overflow) {
  lea(rdi, ptr[slot_address(receiver)]);  // the callee's locals
  if (known != nullptr) {
    lea(rax, ptr[slot_address(receiver + static_cast<int>(frame_total_slots(known)))]);
    cmp(rax, qword[r13 + kThreadStackLimit]);
    ja(overflow);
    return;
  }
  mov(rax, qword[r13 + kThreadStackLimit]);
  sub(rax, rdi);  // bytes left on the stack
  callee_code(rdx);
  mov(ecx, dword[rdx + kCodeLocalBytes]);
  mov(edx, dword[rdx + kCodeFrameBytes]);
  cmp(rax, rdx);
  jl(overflow);
}

// The CompiledMethod of the callee being called (emit_call keeps it in rbp
// in code without counting, in the scratch slot in counting code), into
// `r`.
void TemplateCompiler::callee_code(const Xbyak::Reg64& r) {
  if (counting_) mov(r, qword[native_frame() + kScratchSlot]);
  else mov(r, rbp);
}

// Counting code's call of the callee in rsi (`known`, when the compiler
// knows it) from the invoke at `bci`: the new frame in rax, or at `slow`
// when the stack is exhausted (the interpreter throws StackOverflowError).
// jit_counted_push_frame does it all: the frame, the caller's count (the
// invoke included), the callee's entry to the profilers and the bytecode
// clock. When the exact CCT alone records (inline_cct_slot_), its common
// case is done here instead, with no call out: the call is a word of the
// thread's call log (log_call; profilers/cct/call_log.h), with the
// caller's count in it, and the pushed frame is marked counted (its slot
// the thread's tree, its bytecode counter the log's pending count); the
// entry goes to the deterministic scheduler's record. The frame's room is
// checked first, so a call logged is always entered. Anything else (a
// hidden caller, a full chunk, the clock due, recording off) takes the
// helper, before anything is changed. Code that counts only for the
// clocks (clock_only_) has nothing to log: it pushes the frame and
// reports the count to the thread, and takes the helper only when the
// bytecode clock falls due at the entry.
void TemplateCompiler::emit_counted_push_frame(const Method* known, int receiver, uint32_t bci,
                                               Xbyak::Label& slow) {
  auto call_helper_for_push = [this, &slow] {
    mov(rdi, r13);
    mov(rdx, r14);
    lea(rcx, ptr[r15 + 1]);
    call_helper(fn(&jit_counted_push_frame));
    test(rax, rax);
    jz(slow);
  };
  const bool inline_cct = inline_cct_slot_ >= 0 && !method_->is_hidden;
  if (!inline_cct && !clock_only_) {
    call_helper_for_push();
    return;
  }
  Xbyak::Label& helper = new_stub_label();
  Xbyak::Label& pushed = new_stub_label();
  later([this, &helper, &pushed, call_helper_for_push] {
    L(helper);
    call_helper_for_push();
    jmp(pushed);
  });
  if (clock_only_) {
    // No log: the helper's frame, count and entry, unless the bytecode
    // clock falls due at the entry.
    emit_clock_check(helper, 1);
    emit_push_frame(known, receiver, slow);
    emit_report_call_count(0);
    if (sched::deterministic()) emit_note_entry(known);
    L(pushed);
    return;
  }
  if (known == nullptr) mov(r9d, dword[rsi + kMethodId]);
  emit_frame_room_check(known, receiver, slow);
  if (!emit_log_call(known, bci, helper)) {
    L(pushed);
    return;
  }
  mov(r8, rcx);  // the thread's tree, across the push
  emit_push_frame(known, receiver, slow, /*counted_call=*/true);
  // The caller's count, the invoke included, to the thread (the log's
  // word took it for the caller's context).
  if (keeps_thread_count_) {
    lea(rcx, ptr[r15 + 1]);
    add(qword[r13 + kThreadBytecodes], rcx);
  }
  lea(rcx, ptr[r8 + kTreeLogPending]);
  mov(qword[rax + kFrameBytecodeCounter], rcx);
  // The frame's context word (prof::context_word): the tree, its low bit
  // set in a hidden method's frame.
  if (known == nullptr) {
    movzx(ecx, byte[rsi + kMethodHidden]);
    or_(r8, rcx);
  } else if (known->is_hidden) {
    or_(r8, 1);
  }
  mov(qword[rax + kFrameProfilerSlots + 8 * inline_cct_slot_], r8);
  if (sched::deterministic()) emit_note_entry(known);  // the scheduler's record takes every entry
  L(pushed);
}

// A counted call's report of the caller's count, the invoke included (r15
// + 1, as flush_count leaves it): to the frame's context, when it has one,
// and to the thread's count with `callee_bytecodes` more (those of a call
// run in place). Clobbers rcx and rdx.
void TemplateCompiler::emit_report_call_count(int callee_bytecodes) {
  lea(rcx, ptr[r15 + 1]);
  mov(rdx, frame_field(kFrameBytecodeCounter));
  Xbyak::Label no_counter;
  test(rdx, rdx);
  jz(no_counter);
  add(qword[rdx], rcx);
  L(no_counter);
  if (callee_bytecodes != 0) add(rcx, callee_bytecodes);
  add(qword[r13 + kThreadBytecodes], rcx);
}

// To `due` when the samplers' bytecode clock falls due once the thread's
// count takes r15 + `counted_here` (the instructions counted at this point
// and not yet in r15: an invoke or return, a callee run in place), as the
// helper or the interpreter would find it. Clobbers rcx.
void TemplateCompiler::emit_clock_check(Xbyak::Label& due, int counted_here) {
  lea(rcx, ptr[r15 + counted_here]);
  add(rcx, qword[r13 + kThreadBytecodes]);
  cmp(rcx, qword[r13 + kThreadSampleDue]);
  jae(due);
}

// sched::note_entry, in place: the entry of `known` (when the compiler
// knows it; else of the method in rsi) by this thread, into the
// scheduler's record of the sequence. Clobbers rcx, rdx and r10.
void TemplateCompiler::emit_note_entry(const Method* known) {
  constexpr int kEntries = offsetof(sched::detail::EntryRecord, entries);
  constexpr int kHash = offsetof(sched::detail::EntryRecord, hash);
  mov(rcx, qword[r13 + kThreadId]);
  shl(rcx, 32);
  if (known != nullptr)
    mov(edx, known->id);
  else
    mov(edx, dword[rsi + kMethodId]);
  or_(rcx, rdx);
  mov(r10, reinterpret_cast<uint64_t>(&sched::detail::g_entry_record));
  xor_(rcx, qword[r10 + kHash]);  // sched::entry_hash_step
  mov(rdx, sched::kEntryHashMultiplier);
  imul(rcx, rdx);
  mov(rdx, rcx);
  shr(rdx, 32);
  xor_(rcx, rdx);
  mov(qword[r10 + kHash], rcx);
  add(qword[r10 + kEntries], 1);
}

// A poll's test: to `armed` when the poll must call out (jit_poll), else
// on. Anything armed in the poll word calls out, but for the deterministic
// scheduler's bit in counting code: the scheduler keeps it set, and the
// poll yields only once the thread's quantum is used up (sched::at_poll,
// reading the thread's count, or its count at the poll when that is
// greater), which is tested here instead, so that a poll calls out only
// when it would switch. `counted_here`: the instructions that count at the
// poll beyond the thread's count, r15 + counted_here (none when negative).
// Clobbers `scratch`.
void TemplateCompiler::emit_poll_test(Xbyak::Label& armed, const Xbyak::Reg64& scratch,
                                      int counted_here) {
  if (kind_ != CodeKind::kCounting || !sched::deterministic()) {
    cmp(dword[r13 + kThreadPollWord], 0);
    jne(armed);
    return;
  }
  test(dword[r13 + kThreadPollWord], ~kPollSched);
  jnz(armed);
  mov(scratch, qword[r13 + kThreadBytecodes]);
  cmp(scratch, qword[r13 + kThreadQuantumEnd]);
  jae(armed);
  if (counted_here >= 0) {
    lea(scratch, ptr[scratch + r15 + counted_here]);
    cmp(scratch, qword[r13 + kThreadQuantumEnd]);
    jae(armed);
  }
}

// A call of `known` (else of the method whose id is in r9d, at most
// kMaxShortMethod) from the invoke at `bci` of the current method, logged
// as prof::enter logs it (profilers/cct/call_log.h): a kCall word with the
// caller's count, r15 + 1 (the invoke included), and the log's pending
// bytecodes. The thread's tree in rcx after it. To `fail`, with nothing
// changed, when the call must take the helper's path: not recording, the
// bytecode clock due once the caller's count is added (when it is kept),
// no tree yet, a full chunk, a count too large for the word, or a caller
// with no context (its calls hang under the root: the compiled method's
// own frame entered before recording began; an inlined body always has
// one, as its entry was logged). The thread's count is the caller's to
// raise. `caller_count`: the caller's count is r15 plus that (a call run
// in place raised r15 by its instructions for the clock's check). Returns
// false, emitting only the jump, for a callee whose id needs a word of its
// own. Clobbers rax, rcx, rdx and r10; rdx is past the call's word.
bool TemplateCompiler::emit_log_call(const Method* known, uint32_t bci, Xbyak::Label& fail,
                                     int caller_count) {
  using namespace prof::call_log;
  if (known != nullptr && known->id > kMaxShortMethod) {
    jmp(fail, T_NEAR);
    return false;
  }
  emit_log_room(fail);
  if (known == nullptr) {
    cmp(r9d, kMaxShortMethod);
    ja(fail, T_NEAR);
  }
  lea(rax, ptr[r15 + caller_count]);
  if (!pending_stays_zero_) {  // (else r15 is bounded: kCountBound)
    add(rax, qword[rcx + kTreeLogPending]);
    cmp(rax, static_cast<uint32_t>(kMaxCallCount));
    ja(fail, T_NEAR);
  }
  shl(rax, kCallCountShift);
  if (known != nullptr) {
    mov(r10, prof::call_log::call(false, known->id, static_cast<int32_t>(bci), 0));
  } else {
    mov(r10d, r9d);
    shl(r10, kCallMethodShift);
    or_(r10, static_cast<uint32_t>(prof::call_log::call(false, 0, static_cast<int32_t>(bci), 0)));
  }
  or_(rax, r10);
  mov(qword[rdx], rax);
  add(rdx, 8);
  mov(qword[rcx + kTreeLogNext], rdx);
  if (!pending_stays_zero_) mov(qword[rcx + kTreeLogPending], 0);
  return true;
}

// What logging a call's word inline needs, checked (emit_log_call,
// emit_log_leaf): to `fail` when the bytecode clock is due once the call's
// instructions are counted (r15 + 1, where the thread's count is kept),
// when the caller has no context (the compiled method's own frame entered
// before recording began; an inlined body always has one), or when the
// thread's call log has no room: its chunk is full, or it is
// JavaThread::kNoCallLog (not recording, or no tree yet), one check for
// the three. The thread's tree in rcx and its log's next word in rdx
// after it.
void TemplateCompiler::emit_log_room(Xbyak::Label& fail) {
  if (keeps_thread_count_) emit_clock_check(fail, 1);
  if (scope_ < 0) {
    cmp(qword[r14 + kFrameProfilerSlots + 8 * inline_cct_slot_], 0);
    je(fail, T_NEAR);
  }
  mov(rcx, qword[r13 + kThreadCallLog]);  // no room in it unless recording, with a tree
  mov(rdx, qword[rcx + kTreeLogNext]);
  cmp(rdx, qword[rcx + kTreeLogEnd]);
  jae(fail, T_NEAR);
  emit_log_prefetch(rdx);
}

// Asks for the log's line call_log::kPrefetchWords past `next` (the
// next word's address), as call_log::put does: for writing where the CPU
// has PREFETCHW, else as a read.
void TemplateCompiler::emit_log_prefetch(const Xbyak::Reg64& next) {
  static const bool has_prefetchw = Xbyak::util::Cpu().has(Xbyak::util::Cpu::tPREFETCHW);
  const Xbyak::Address line = ptr[next + 8 * prof::call_log::kPrefetchWords];
  if (has_prefetchw) {
    prefetchw(line);
  } else {
    prefetcht0(line);
  }
}

// A call of `callee` from the invoke at `bci` that runs `count`
// instructions in place and returns, logged as one kLeaf word
// (profilers/cct/call_log.h): the caller's count is not in it, but is the
// caller's to add to the log's pending count (the caller is the current
// frame again after the call, and its next word takes it). To `fail`, with
// nothing changed, as emit_log_call goes there (but for the caller's
// count, which no word bounds here); r15 is raised by the call's
// instructions already, for the clock's check. The thread's tree in rcx
// after it. Returns false, emitting only the jump, for a callee whose id
// or count does not fit the word. Clobbers rax, rcx and rdx.
bool TemplateCompiler::emit_log_leaf(const Method* callee, uint32_t bci, int count,
                                     Xbyak::Label& fail) {
  using namespace prof::call_log;
  if (callee->id > kMaxShortMethod || static_cast<uint64_t>(count) > kMaxLeafCount) {
    jmp(fail, T_NEAR);
    return false;
  }
  emit_log_room(fail);
  mov(rax, leaf(callee->id, static_cast<int32_t>(bci), static_cast<uint64_t>(count)));
  mov(qword[rdx], rax);
  add(rdx, 8);
  mov(qword[rcx + kTreeLogNext], rdx);
  return true;
}

// The thread's tree of the exact CCT (its profiler data; null before its
// first call is logged), into `r`.
void TemplateCompiler::emit_tree(const Xbyak::Reg64& r) {
  const int tree_slot = prof::detail::g_inline_cct_tree_slot.load(std::memory_order_relaxed);
  mov(r, qword[r13 + kThreadProfilerData + 8 * tree_slot]);
}

// Adds r15 + `counted_here` to the thread's bytecode count, where it is
// kept (keeps_thread_count_). Clobbers rax.
void TemplateCompiler::emit_thread_count(int counted_here) {
  if (!keeps_thread_count_) return;
  lea(rax, ptr[r15 + counted_here]);
  add(qword[r13 + kThreadBytecodes], rax);
}

// Counting code's entry of a callee inlined at `insn` (inlining, in the
// class), as emit_counted_push_frame's fast path enters a called one: the
// call logged (emit_log_call: the caller's count with the invoke in the
// word, the bytecode clock checked), and the caller's count to the thread;
// the entry goes to the deterministic scheduler's record. The body is
// counted: its frame, once written (frame_writer), gets the thread's tree
// as its context word and the log's pending count as its bytecode
// counter. Anything emit_log_call cannot do goes to `call` before anything
// is counted: the call path does it. (After emit_inline_entry_checks,
// which checked the frame's room.)
void TemplateCompiler::emit_counted_inline_entry(const Instruction& insn, const Method* callee,
                                                 int, Xbyak::Label& call) {
  if (!emit_log_call(callee, insn.pc, call)) return;
  emit_thread_count(1);
  xor_(r15d, r15d);  // reported; the callee starts at zero
  if (sched::deterministic()) emit_note_entry(callee);
}

// Counting code's return: the frame's count (the return included, in
// r15 + 1) reported and the frame popped, with the caller in r14.
// jit_counted_pop_frame does it; when the exact CCT alone records, it is
// done here: the count goes to the thread and the frame's return to its
// log (emit_log_return), and the frame is popped as code without counting
// pops it (emit_pop_frame). Code that counts only for the clocks
// (clock_only_) reports it to the thread alone.
void TemplateCompiler::emit_counted_pop_frame() {
  if (clock_only_) {  // no profiler to tell: the count to the thread
    lea(rcx, ptr[r15 + 1]);
    add(qword[r13 + kThreadBytecodes], rcx);
    emit_pop_frame();
    return;
  }
  if (inline_cct_slot_ < 0) {
    mov(rdi, r13);
    mov(rsi, r14);
    mov(r14, qword[r14 + kFrameCaller]);
    lea(rdx, ptr[r15 + 1]);
    call_helper(fn(&jit_counted_pop_frame));
    return;
  }
  emit_log_return();
  emit_pop_frame();
}

// A return's report of the frame's count, the return included (r15 + 1):
// to the thread (where it is kept), and, while recording, when the frame is
// counted, in a kReturn word of its log with the log's pending bytecodes,
// as prof::leave logs it (the exact CCT alone: inline_cct_slot_). A
// compiled method's frame is counted when its context word is not null
// (it holds the thread's tree), an inlined body's always (its entry was
// logged). The word goes to the thread's call log (JavaThread::call_log,
// its tree's while recording); a full chunk, a count too large for the
// word, or a log with no room (recording stopped: kNoCallLog) takes
// jit_log_return. A return asks for no line ahead (emit_log_prefetch): the
// calls' words ask for the lines, eight ahead, and a line of eight words
// with no call's among them is rare. Clobbers rax, rcx, rdx, rsi, rdi and
// r8-r11.
void TemplateCompiler::emit_log_return() {
  using namespace prof::call_log;
  Xbyak::Label& done = new_stub_label();
  Xbyak::Label& full = new_stub_label();
  emit_thread_count(1);
  if (scope_ < 0) {  // (an inlined body's frame is counted)
    cmp(qword[r14 + kFrameProfilerSlots + 8 * inline_cct_slot_], 0);
    je(done);
  }
  mov(rax, qword[r13 + kThreadCallLog]);
  lea(rcx, ptr[r15 + 1]);
  if (!pending_stays_zero_) add(rcx, qword[rax + kTreeLogPending]);
  mov(rdx, qword[rax + kTreeLogNext]);
  cmp(rdx, qword[rax + kTreeLogEnd]);
  jae(full);
  if (!pending_stays_zero_) {  // (else r15 is bounded: kCountBound)
    mov(r10, rcx);
    shr(r10, 64 - kReturnCountShift);
    jnz(full);
  }
  shl(rcx, kReturnCountShift);
  or_(rcx, static_cast<uint32_t>(return_of(method_->id, 0)));
  mov(qword[rdx], rcx);
  add(rdx, 8);
  mov(qword[rax + kTreeLogNext], rdx);
  if (!pending_stays_zero_) mov(qword[rax + kTreeLogPending], 0);
  L(done);
  const uint32_t id = method_->id;
  later([this, &full, &done, id] {
    L(full);  // the count with the pending ones in rcx
    mov(rdi, r13);
    mov(esi, id);
    mov(rdx, rcx);
    call_helper(fn(&jit_log_return));
    jmp(done);
  });
}

// In an inlined body: to go on with the frames of the inlined callees down
// to the current one written (inlining, in the class), as the interpreter
// would have them, the innermost in r14. Clobbers rax and the flags.
void TemplateCompiler::ensure_frame() {
  if (scope_ < 0) return;
  Xbyak::Label written;
  lea(rax, ptr[r12 + 8 * inline_frames_[scope_].record]);
  cmp(r14, rax);
  je(written);
  call(frame_writer(scope_));
  L(written);
}

// ensure_frame's subroutine for the inlined frame at `index`: each frame
// from the outermost inlined one down to it whose record is not written
// yet (r14 is below it) gets the record JavaThread::push_frame writes, its
// caller (r14) the pc of its invoke and the sp below the arguments, and
// becomes the thread's top frame and r14. Its pc and sp are the next
// frame's, or the sync's that asked, to write. Keeps every register but
// rax and the flags.
Xbyak::Label& TemplateCompiler::frame_writer(int index) {
  InlineFrame& f = inline_frames_[index];
  if (f.writer_used) return f.writer;
  f.writer_used = true;
  later([this, index] {
    std::vector<int> chain;  // innermost first
    for (int i = index; i >= 0; i = inline_frames_[i].parent) chain.push_back(i);
    L(inline_frames_[index].writer);
    push(rcx);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const InlineFrame& g = inline_frames_[*it];
      Xbyak::Label next;
      lea(rax, ptr[r12 + 8 * g.record]);
      cmp(r14, rax);
      jae(next);  // written already: the frames lie at rising addresses
      mov(rcx, reinterpret_cast<uint64_t>(g.caller->code + g.call_bci));
      mov(qword[r14 + kFramePc], rcx);
      lea(rcx, ptr[r12 + 8 * g.locals]);
      mov(qword[r14 + kFrameSp], rcx);
      mov(qword[rax + kFrameCaller], r14);
      mov(rcx, reinterpret_cast<uint64_t>(g.method));
      mov(qword[rax + kFrameMethod], rcx);
      mov(rcx, reinterpret_cast<uint64_t>(g.method->code));
      mov(qword[rax + kFramePc], rcx);
      lea(rcx, ptr[r12 + 8 * g.locals]);
      mov(qword[rax + kFrameLocals], rcx);
      lea(rcx, ptr[r12 + 8 * g.stack]);
      mov(qword[rax + kFrameStackBase], rcx);
      mov(qword[rax + kFrameSp], rcx);
      static_assert(kFrameReturnBarrier % 8 == 0);
      for (int at = kFrameReturnBarrier; at < kFrameBytes; at += 8) mov(qword[rax + at], 0);
      if (counting_inlines()) {
        // Counted (its entry was logged: emit_counted_inline_entry): the
        // thread's tree its context word, the log's pending count its
        // bytecode counter.
        emit_tree(rcx);
        mov(qword[rax + kFrameProfilerSlots + 8 * inline_cct_slot_], rcx);
        lea(rcx, ptr[rcx + kTreeLogPending]);
        mov(qword[rax + kFrameBytecodeCounter], rcx);
      }
      mov(qword[r13 + kThreadTopFrame], rax);
      mov(r14, rax);
      L(next);
    }
    pop(rcx);
    ret();
  });
  return f.writer;
}

// Callees of at most -XX:MaxInlineSize bytecodes are inlined (35, as C1's
// MaxInlineSize), nested at most -XX:MaxInlineLevel deep, at most
// kInlineBudget bytecodes of them into one compiled method; a method is
// inlined into itself once (C1's MaxRecursiveInlineLevel).
constexpr uint32_t kInlineBudget = 400;

// Whether code without counting (or counting code of the exact CCT
// alone: counting_inlines) runs the call of `callee` (the method an
// invokestatic, invokespecial or statically bound invokevirtual calls, or
// the one a virtual call is guarded to select) in place, inlined: a small
// method with bytecode, not one the interpreter's invoke or return treats
// apart (intrinsics, natives, Object.<init>'s finalizer registration),
// whose reference maps exist. Its instructions into `body`, its maps into
// `maps`.
bool TemplateCompiler::should_inline(const Method* callee, std::vector<Instruction>* body,
                                     const safepoint::MethodOopMaps** maps, const char** refusal) const {
  auto refuse = [refusal](const char* why) {
    if (refusal != nullptr) *refusal = why;
    return false;
  };
  if (counting_ && !counting_inlines()) return refuse("counting code calls it");
  if (!inlining_enabled()) return refuse("inlining disabled (-XX:-Inline)");
  if (callee == nullptr) return refuse("no static binding");
  // A hidden frame is transparent to the exact CCT (cct_profiler.cpp): its
  // calls take the profiler's entry.
  if (counting_ && (method_->is_hidden || callee->is_hidden)) return refuse("hidden frame");
  // (HotSpot's C1 words where its reason is the same.)
  if (callee->code == nullptr || callee->runs_as_native()) return refuse("native method");
  if (callee->is_abstract()) return refuse("abstract method");
  if (callee->intrinsic != Intrinsic::kNone) return refuse("intrinsic");
  if (callee->registers_finalizer) return refuse("registers its receiver's finalizer");
  if (callee->code_length > max_inline_bytecodes()) return refuse("callee is too large");
  if (callee->holder->resolved == nullptr) return refuse("its class's constants are not resolved");
  if (inline_depth() >= max_inline_depth()) return refuse("inlining too deep");
  int recursions = root_scope_.method == callee ? 1 : 0;
  for (int i = scope_; i >= 0; i = inline_frames_[i].parent)
    if (inline_frames_[i].method == callee) ++recursions;
  if (recursions > 1) return refuse("recursive inlining too deep");
  if (inlined_bytecodes_ + callee->code_length > kInlineBudget)
    return refuse("the method's 400 bytecodes of inlining are used up");
  Result<const safepoint::MethodOopMaps*> computed = safepoint::oop_maps_for(callee);
  if (!computed.ok()) return refuse("no reference maps");
  body->clear();
  for (const Instruction& insn :
       bytecode::instructions(std::span<const uint8_t>(callee->code, callee->code_length))) {
    if (insn.opcode == Opcode::kJsr || insn.opcode == Opcode::kJsrW || insn.opcode == Opcode::kRet)
      return refuse("uses jsr and ret");
    if ((*computed)->at(insn.pc) != nullptr && !bytecode::info(insn.opcode).has(bytecode::kEndsBlock) &&
        insn.next_pc() >= callee->code_length)
      return refuse("code falls off its end");  // never verified
    body->push_back(insn);
  }
  *maps = *computed;
  return true;
}

// The body of `callee`, called by `insn` with its arguments from operand
// slot `receiver` (in memory: its locals), emitted here in its frame's
// place (inlining, in the class). Its returns go on at the instruction
// after `insn`, with the result in the argument slots.
bool TemplateCompiler::emit_inlined_body(const Instruction& insn, const Method* callee, int receiver,
                                         const safepoint::MethodOopMaps* maps,
                                         const std::vector<Instruction>& body, bool join_follows) {
  InlineFrame& f = inline_frames_.emplace_back();
  const int index = static_cast<int>(inline_frames_.size()) - 1;
  f.method = callee;
  f.maps = maps;
  f.labels = std::vector<Xbyak::Label>(callee->code_length);
  f.parent = scope_;
  f.caller = method_;
  f.call_bci = insn.pc;
  f.locals = stack_base_ + receiver;
  f.record = f.locals + static_cast<int>(frame_local_slots(callee));
  f.stack = f.record + static_cast<int>(kFrameSlots);
  f.join = &label_at(insn.next_pc());
  // Where a straight-line run starts (a label, with the stack in memory).
  std::vector<bool> starts(callee->code_length, false);
  bool this_kept = !callee->is_static();
  for (const Instruction& i : body) {
    for (uint32_t target : i.branch_targets()) starts[target] = true;
    if (bytecode::info(i.opcode).has(bytecode::kInvoke) && i.next_pc() < callee->code_length)
      starts[i.next_pc()] = true;
    if (stored_local(i) == 0) this_kept = false;
    if (maps->at(i.pc) != nullptr) f.last_bci = i.pc;
  }
  if (!join_follows) f.last_bci = UINT32_MAX;  // every return jumps to the join
  inlined_bytecodes_ += callee->code_length;
  ++out_->inlined_calls;
  const Scope caller = current_scope();
  enter_scope({callee, maps, &f.labels, this_kept, index, f.stack, f.locals, 0, 0});
  if (callee->is_synchronized()) {
    // Its lock, as the call's (emit_method_lock) would take it, recorded
    // for the frame's place; the helper's path (which may block) writes
    // the frame first, at its first instruction.
    Xbyak::Label& helper = new_stub_label();
    Xbyak::Label& locked = new_stub_label();
    later([this, &helper, &locked] {
      L(helper);
      ensure_frame();
      mov(rdi, r13);
      mov(rsi, r14);
      call_helper(fn(&jit_lock_method));
      test(rax, rax);
      jnz(locked);
      exit_exception();
    });
    if (callee->is_static()) mov(r8, reinterpret_cast<uint64_t>(callee->holder->mirror));
    else mov(r8, local(0));
    lea(r11, ptr[r12 + 8 * f.record]);
    emit_thin_method_lock(r11, helper);
    L(locked);
  }
  const int depth = inline_depth();
  const bool ok = each_reachable(body, [&](const Instruction& i, bool fell_in) {
    if (starts[bci_] || !fell_in) {
      flush_lazy();
      flush_count();
    }
    L(label_at(bci_));
    out_->bci_starts.push_back({static_cast<uint32_t>(getSize()), bci_, callee, depth});
    counted_ = false;
    if (!emit(i, &inline_failure_)) return false;
    if (!counted_) ++pending_;  // (counting code: flush_count adds it to r15)
    return true;
  });
  lazy_.clear();
  enter_scope(caller);
  return ok;
}

// What an inlined call of `callee` checks first, going to `call` (the
// call) when it fails: the poll word, as the callee's entry would poll it
// (only where a profiler is configured: a sampler acts at a method's
// entry, and the safepoints' polls are the compiled method's own, as in
// HotSpot's inlined code), and the stack's room for its frame, past the
// reserve (JavaThread::kInlinedFramesReserve: the compiled method's frame
// had room when it was pushed, and a frame inlined no further past its
// end needs no check). Counting code polls as the call's entry polls, once
// the invoke is counted (where counting_polls_inlined), and always checks
// the room, so that a
// StackOverflowError is thrown where the call throws it (the profiles of
// both tiers are the same). Clobbers rcx.
void TemplateCompiler::emit_inline_entry_checks(Xbyak::Label& call, const Method* callee, int receiver) {
  if (counting_ ? counting_polls_inlined() : prof::configured()) emit_poll_test(call, rcx, counting_ ? 1 : -1);
  const int end = stack_base_ + receiver + static_cast<int>(frame_total_slots(callee));
  if (counting_ || 8 * (end - static_cast<int>(root_scope_.method->max_stack)) >
                       static_cast<int>(JavaThread::kInlinedFramesReserve)) {
    lea(rcx, ptr[slot_address(receiver + static_cast<int>(frame_total_slots(callee)))]);
    cmp(rcx, qword[r13 + kThreadStackLimit]);
    ja(call);
  }
}

// A virtual or interface call whose receivers were all of one class while
// the interpreter ran the method (Method::profiled_receiver): when the
// receiver (not null) is of that class, the method the class selects runs
// inlined here (or as its trivial plan); anything else, and a failed
// check, goes on to the call's code, which follows. The receiver's class
// is in rax, and is again there after this, the receiver in rsi too for an
// interface call. Emits nothing where the default path inlines the call
// already (a virtual call of the resolved method), or the profile has no
// one class.
void TemplateCompiler::emit_profiled_inline(const Instruction& insn, const Method* resolved, int receiver,
                                            bool is_interface, Xbyak::Label& slow) {
  if ((counting_ && !counting_inlines()) || !inlining_enabled()) return;
  const Klass* k = method_->profiled_receiver(insn.pc);
  if (k == nullptr) return;
  // The selection, as select_virtual and select_interface make it for k
  // (which they made while the interpreter ran the call).
  const Method* target = nullptr;
  if (!is_interface) {
    if (resolved->vtable_index < 0 || static_cast<size_t>(resolved->vtable_index) >= k->vtable.size()) return;
    target = k->vtable[static_cast<size_t>(resolved->vtable_index)];
    if (target == resolved) return;  // the default path's guard inlines it
  } else {
    for (const ItableEntry& e : k->itable) {
      if (e.interface != resolved->holder) continue;
      if (resolved->holder_index >= 0 && static_cast<size_t>(resolved->holder_index) < e.methods.size())
        target = e.methods[static_cast<size_t>(resolved->holder_index)];
      break;
    }
  }
  if (target == nullptr || target->is_abstract()) return;
  if (counting_ && (method_->is_hidden || target->is_hidden)) return;  // (should_inline's)
  std::optional<InlinedCall> plan = inlined_call(target);
  std::vector<Instruction> body;
  const safepoint::MethodOopMaps* body_maps = nullptr;
  if (!plan && !should_inline(target, &body, &body_maps)) return;
  if (vm().options.jit.print_inlining)
    note_inlining(target, std::string(plan ? "inline (trivial, " : "inline (") + "profiled receiver " +
                              k->external_name() + ")");
  Xbyak::Label generic;
  mov(rcx, reinterpret_cast<uint64_t>(k));
  cmp(rax, rcx);
  jne(generic);
  if (plan && counting_) {
    emit_counted_inlined(insn, target, receiver, /*check_selected=*/false);  // on here if not run
  } else if (plan) {
    if (prof::configured()) emit_poll_test(generic, rcx, -1);
    emit_inlined(*plan, receiver, slow);
    jmp(label_at(insn.next_pc()));
  } else {
    emit_inline_entry_checks(generic, target, receiver);
    if (counting_) emit_counted_inline_entry(insn, target, receiver, generic);
    emit_inlined_body(insn, target, receiver, body_maps, body, /*join_follows=*/false);
  }
  L(generic);
  if (is_interface) mov(rsi, slot(receiver));
  else mov(rax, slot(receiver));
  mov(rax, qword[is_interface ? rsi : rax]);  // the class, again
}

// A return in an inlined body: the result (narrowed as the interpreter's
// return narrows it) where the caller's operand stack takes it, the frame
// popped if it was written (with the return barrier's check), and on after
// the caller's invoke.
void TemplateCompiler::emit_inlined_return(const Instruction& insn, int slots) {
  const InlineFrame& f = inline_frames_[scope_];
  // Counting code: the return goes to the interpreter when a compiled
  // return would (the bytecode clock due, the poll word armed where
  // counting_polls_inlined: the return counts too), which then finds the
  // frame written.
  if (counting_) {
    flush_count();
    Xbyak::Label& slow = interpreter_stub();
    if (keeps_thread_count_) emit_clock_check(slow, 1);
    if (counting_polls_inlined()) emit_poll_test(slow, rcx, 1);
  }
  // The result in rbp (as a compiled return has it; counting code, whose
  // rbp is the loop's count, in the native frame's result slot) across the
  // pop: a frame without locals lies where the result goes.
  const Xbyak::Reg64& result = counting_ ? rax : rbp;
  if (slots > 0) {
    load_slot(result, depth_ - slots);
    const Xbyak::Reg32 r32 = result.cvt32();
    if (insn.opcode == Opcode::kIreturn) {  // §6.5.ireturn
      switch (method_->signature->return_type.type) {
        case BasicType::kBoolean: and_(r32, 1); break;
        case BasicType::kByte: movsx(r32, result.cvt8()); break;
        case BasicType::kChar: movzx(r32, result.cvt16()); break;
        case BasicType::kShort: movsx(r32, result.cvt16()); break;
        default: break;
      }
    }
    if (insn.opcode == Opcode::kDreturn && method_->clears_result_sign) btr(result, 63);  // Math.abs
    if (counting_) mov(qword[native_frame() + kResultSlot], rax);
  }
  if (method_->is_synchronized()) {  // the unlock of the return (emit_method_unlock)
    Xbyak::Label helper, unlocked;
    lea(r11, ptr[r12 + 8 * f.record]);
    emit_thin_method_unlock(r11, helper);
    jmp(unlocked);
    L(helper);
    ensure_frame();
    mov(rdi, r13);
    mov(rsi, r14);
    call_out(fn(&jit_unlock_method), true);
    L(unlocked);
  }
  if (counting_) emit_log_return();  // (emit_counted_pop_frame's)
  Xbyak::Label unwritten;
  lea(rax, ptr[r12 + 8 * f.record]);
  cmp(r14, rax);
  jne(unwritten);
  emit_pop_frame();
  L(unwritten);
  if (counting_) {
    xor_(r15d, r15d);  // the caller's count was reported at the entry
    if (slots > 0) mov(rax, qword[native_frame() + kResultSlot]);
  }
  if (slots > 0) mov(qword[r12 + 8 * f.locals], counting_ ? rax : rbp);
  if (slots == 2) mov(qword[r12 + 8 * (f.locals + 1)], 0);
  if (insn.pc != f.last_bci) jmp(*f.join);  // (the last one falls into it)
  counted_ = true;
}

// JavaThread::pop_frame, inline: the caller becomes the top frame (in r14);
// a return barrier on it runs its hook in jit_pop_frame.
void TemplateCompiler::emit_pop_frame() {
  Xbyak::Label& barrier = new_stub_label();
  Xbyak::Label& popped = new_stub_label();
  mov(rsi, r14);
  mov(r14, qword[r14 + kFrameCaller]);
  cmp(byte[r14 + kFrameReturnBarrier], 0);
  jne(barrier);
  mov(qword[r13 + kThreadTopFrame], r14);
  L(popped);
  later([this, &barrier, &popped] {
    L(barrier);
    mov(rdi, r13);
    call_helper(fn(&jit_pop_frame));
    jmp(popped);
  });
}

// A call from compiled code to compiled code of the same kind (counting or
// not). The callee is the resolved method (invokestatic, invokespecial), the
// receiver class's vtable entry (invokevirtual) or its itable's selection
// (invokeinterface); when it has no compiled code for this loop, the site is
// not resolved yet, or the receiver is null, the interpreter executes the
// invoke instead. Otherwise the code does what the interpreter's invoke
// does: the caller's pc and sp (below the arguments) are written back, the
// callee's frame is pushed over the arguments, a synchronized callee locks,
// the entry polls, and the callee's code runs, called natively (unless
// this entry's native calls are kNativeCallBudget deep: then the
// interpreter). Counting code also does what the counting
// loop's invoke does (jit_counted_push_frame): the caller's count, the
// invoke included, is reported, the callee's entry goes to the profilers
// (and the deterministic scheduler), and its entry checks the bytecode
// clock.
void TemplateCompiler::emit_invoke(const Instruction& insn) {
  const int d = depth_;
  const uint32_t bci = insn.pc;
  const Klass* holder = method_->holder;
  CacheTag tag = insn.opcode == Opcode::kInvokestatic    ? CacheTag::kInvokeStatic
                 : insn.opcode == Opcode::kInvokespecial ? CacheTag::kInvokeSpecial
                 : insn.opcode == Opcode::kInvokevirtual ? CacheTag::kInvokeVirtual
                                                         : CacheTag::kInvokeInterface;
  auto* resolved = static_cast<Method*>(cache_lookup(holder, insn.cp_index, tag));
  bool noted = false;  // an intrinsic that may decline (the call follows) was noted
  bool is_virtual = insn.opcode == Opcode::kInvokevirtual;
  bool is_interface = insn.opcode == Opcode::kInvokeinterface;
  bool is_direct_virtual = false;  // invokevirtual of a method no class overrides: no selection
  if (resolved == nullptr) {  // a call the program had not made yet
    exit_to_resolve(bci, d);
    return;
  }
  if (resolved->intrinsic != Intrinsic::kNone) {  // MethodHandle.invokeBasic, linkTo*, invokehandle
    note_inlining(resolved, "intrinsic");
    emit_intrinsic_call(insn, resolved);
    return;
  }
  if (!counting_ && insn.opcode == Opcode::kInvokestatic) {
    if (std::optional<IntrinsicCall> call = native_intrinsic(resolved)) {
      note_inlining(resolved, "intrinsic");
      noted = true;
      emit_intrinsic(*call, d - resolved->arg_slots, &label_at(insn.next_pc()));
      if (!call->may_decline()) return;  // else the call follows, for when it declines
    }
  }
  if (is_virtual && resolved->holder->is_interface()) {
    // A method an interface declares, called on a class type (a default
    // method the class inherits): selected as invokeinterface selects.
    is_virtual = false;
    is_interface = true;
  } else if (is_virtual && (resolved->vtable_index < 0 || resolved->is_final() || resolved->holder->is_final())) {
    // A private method (javac calls them with invokevirtual since Java 11's
    // nestmates, in the same class too), a final one, or one of a final
    // class (String.length): loading rejects a class that overrides a
    // final method or extends a final class, so the vtable would select
    // the resolved method; it is called directly, as for invokespecial,
    // after the null check.
    is_virtual = false;
    is_direct_virtual = true;
  }
  const bool is_dynamic = is_virtual || is_interface;
  if (!is_dynamic && resolved->is_abstract()) {
    note_inlining(resolved, "abstract method");
    exit_to_interpreter(bci, d);
    return;
  }
  Xbyak::Label& slow = interpreter_stub();
  int args = resolved->arg_slots;
  int receiver = d - args;
  bool planned = false;  // a trivial plan or String's accessor runs the call in place
  if (!counting_ && inlining_enabled() && !is_dynamic && insn.opcode != Opcode::kInvokestatic &&
      !resolved->is_synchronized() &&
      resolved->code_length == 1 &&
      resolved->code[0] == static_cast<uint8_t>(Opcode::kReturn)) {
    // A constructor or private method whose body is a bare `return`
    // (Object.<init>, where every constructor chain ends) is not called:
    // its frame would be pushed and popped and nothing else observed, as
    // no profiler or scheduler takes this code's calls (counting code
    // makes them). Its receiver's null check and Object.<init>'s
    // finalizer registration are the interpreter's, on the slow path.
    // (An invokestatic is left as it is: it may initialize the class.)
    note_inlining(resolved, "inline (empty: not called)");
    mov(rax, slot(receiver));
    if (!is_this(receiver)) {
      test(rax, rax);
      jz(slow);
    }
    if (resolved->registers_finalizer) {
      mov(rax, qword[rax]);  // the class
      cmp(byte[rax + kKlassHasFinalizer], 0);
      jne(slow);
    }
    return;
  }
  // Counting code: r15 exact before anything can leave for the slow path,
  // which leaves the invoke to the interpreter (that counts it).
  flush_count();
  if (is_virtual) {
    // The site's inline cache: the first two receiver classes and the
    // methods their vtables select (the second way checked out of line).
    // A miss selects through the receiver class's vtable (a std::vector:
    // begin, end) at the index, out of line, and keeps the answer while a
    // way is empty; a selection the vtable lacks goes to the interpreter.
    Xbyak::Label& cell = new_cache_cell();
    Xbyak::Label& selected = new_stub_label();
    mov(rax, slot(receiver));
    if (!is_this(receiver)) {
      test(rax, rax);
      jz(slow);
    }
    mov(rax, qword[rax]);  // the class
    emit_profiled_inline(insn, resolved, receiver, /*is_interface=*/false, slow);
    emit_method_cache(cell, selected, [this, &cell, &selected, &slow, index = resolved->vtable_index] {
      mov(rcx, qword[rax + kKlassVtable + 8]);
      mov(rsi, qword[rax + kKlassVtable]);
      sub(rcx, rsi);
      cmp(rcx, 8 * index);
      jbe(slow);
      mov(rsi, qword[rsi + 8 * index]);
      test(rsi, rsi);
      jz(slow);
      cmp(qword[rip + cell + 16], 0);  // the second way is taken after the first
      jne(selected);
      push(rax);  // (two pushes: rsp stays 16-byte aligned for the call)
      push(rsi);
      lea(rdi, ptr[rip + cell]);
      mov(rdx, rsi);
      mov(rsi, rax);
      call_helper(fn(&jit_fill_virtual_cache));
      pop(rsi);
      pop(rax);
      jmp(selected);
    });
    if (counting_) {
      emit_counted_inlined(insn, resolved, receiver, /*check_selected=*/true);
    } else if (std::optional<InlinedCall> inlined = inlined_call(resolved)) {
      // The resolved method, when the receiver's class selects it (no
      // override), runs here; any other is called.
      planned = true;
      note_inlining(resolved, "inline (trivial)");
      Xbyak::Label call;
      mov(rax, reinterpret_cast<uint64_t>(resolved));
      cmp(rsi, rax);
      jne(call);
      emit_poll_test(call, rax, -1);  // the callee's entry would poll (a sampler's tick)
      emit_inlined(*inlined, receiver, slow);
      jmp(label_at(insn.next_pc()));
      L(call);
    }
  } else if (is_interface) {
    // The site's inline cache: the receiver classes seen first (two ways,
    // the second checked out of line), and the methods they selected. A
    // miss selects through the receiver class's itable (the interpreter's
    // slow path; it throws IncompatibleClassChangeError as the
    // interpreter's invokeinterface does) and may fill the cache.
    Xbyak::Label& cell = new_cache_cell();
    Xbyak::Label& selected = new_stub_label();
    Xbyak::Label& failed = exception_stub();
    mov(rsi, slot(receiver));
    if (!is_this(receiver)) {
      test(rsi, rsi);
      jz(slow);
    }
    mov(rax, qword[rsi]);  // the class
    emit_profiled_inline(insn, resolved, receiver, /*is_interface=*/true, slow);
    emit_method_cache(cell, selected, [this, &cell, &selected, &failed, resolved, bci, d] {
      sync(bci, d);
      flush_before_call_out(1);  // the invoke (r15 is exact before it)
      mov(rdi, r13);  // rsi: the receiver
      mov(rdx, reinterpret_cast<uint64_t>(resolved));
      lea(rcx, ptr[rip + cell]);
      call_helper(fn(&jit_select_interface));
      test(rax, rax);
      jz(failed);
      mov(rsi, rax);
      jmp(selected);
    });
  } else {
    if (insn.opcode == Opcode::kInvokespecial || is_direct_virtual) {
      if (!is_this(receiver)) {
        cmp(slot(receiver), 0);
        je(slow);
      }
      if (std::optional<IntrinsicCall> call; !counting_ && (call = native_intrinsic(resolved))) {
        note_inlining(resolved, "intrinsic");
        noted = true;
        emit_intrinsic(*call, receiver, &label_at(insn.next_pc()));
        if (!call->may_decline()) return;
      }
      if (std::optional<InlinedCall> call; !counting_ && (call = inlined_call(resolved))) {
        planned = true;
        note_inlining(resolved, "inline (trivial)");
        Xbyak::Label not_inlined;
        emit_poll_test(not_inlined, rax, -1);  // the callee's entry would poll (a sampler's tick)
        emit_inlined(*call, receiver, slow);
        jmp(label_at(insn.next_pc()));
        L(not_inlined);
      } else if (std::optional<StringAccessor> accessor; !counting_ && (accessor = string_accessor(resolved))) {
        planned = true;
        note_inlining(resolved, "intrinsic");
        Xbyak::Label not_inlined;
        emit_poll_test(not_inlined, rax, -1);
        emit_string_accessor(*accessor, resolved, receiver, not_inlined);
        jmp(label_at(insn.next_pc()));
        L(not_inlined);
      }
      if (counting_) {
        emit_counted_intrinsic(insn, resolved, receiver);
        emit_counted_inlined(insn, resolved, receiver, /*check_selected=*/false);
      }
    } else if (counting_) {  // invokestatic
      emit_counted_intrinsic(insn, resolved, receiver);
      emit_counted_inlined(insn, resolved, receiver, /*check_selected=*/false);
    } else if (std::optional<InlinedCall> call = inlined_call(resolved)) {  // invokestatic
      planned = true;
      note_inlining(resolved, "inline (trivial)");
      Xbyak::Label not_inlined;
      emit_poll_test(not_inlined, rax, -1);  // the callee's entry would poll (a sampler's tick)
      emit_inlined(*call, receiver, slow);
      jmp(label_at(insn.next_pc()));
      L(not_inlined);
    }
    mov(rsi, reinterpret_cast<uint64_t>(resolved));
  }
  // A small callee runs here, inlined (inlining, in the class), when the
  // receiver's class selects it (a virtual call), the poll word is not
  // armed (the callee's entry would poll) and its frame has room; else the
  // call, out of line. (Not where a trivial plan or String's accessor runs
  // it in place above: the call then only serves what those leave.)
  std::vector<Instruction> body;
  const safepoint::MethodOopMaps* body_maps = nullptr;
  const char* refusal = "no static binding";  // an interface's (its profile aside)
  // (Counting code runs a trivial callee's plan in place above, or calls it.)
  if (!is_interface && !planned && !(counting_ && inlined_call(resolved)) &&
      should_inline(resolved, &body, &body_maps, &refusal)) {
    note_inlining(resolved, "inline");
    Xbyak::Label& call = new_stub_label();
    if (is_virtual) {
      mov(rax, reinterpret_cast<uint64_t>(resolved));
      cmp(rsi, rax);
      jne(call);
    }
    emit_inline_entry_checks(call, resolved, receiver);
    if (counting_) emit_counted_inline_entry(insn, resolved, receiver, call);
    later([this, &call, &slow, call_insn = insn, resolved, receiver, is_dynamic] {
      L(call);
      emit_call(call_insn, is_dynamic ? nullptr : resolved, resolved, receiver, slow);
      jmp(label_at(call_insn.next_pc()));
    });
    emit_inlined_body(insn, resolved, receiver, body_maps, body, /*join_follows=*/true);
    counted_ = true;
    return;
  }
  if (!planned && !noted) note_inlining(resolved, refusal);
  emit_call(insn, is_dynamic ? nullptr : resolved, resolved, receiver, slow);
}

// The call of the callee in rsi (`known`, when the compiler knows it) over
// the arguments that begin at operand slot `receiver`, from the
// invoke at `insn`, whose result type is `signature_of`'s: in compiled code
// when the callee has compiled code of this code's kind, through
// invoke_native when it is native, else (and when the stack is exhausted)
// at `slow`, where the interpreter executes the invoke.
void TemplateCompiler::emit_call(const Instruction& insn, const Method* known,
                                 const Method* signature_of, int receiver, Xbyak::Label& slow) {
  const uint32_t bci = insn.pc;
  // Compiled for this loop? (A native method is called
  // out of line.)
  Xbyak::Label& not_compiled = new_stub_label();
  mov(rax, qword[rsi + kMethodJitCode]);
  test(rax, rax);
  jz(not_compiled);
  emit_native_call(insn, signature_of, receiver, not_compiled, slow);
  cmp(byte[rax + kCodeKind], static_cast<uint8_t>(kind_));
  jne(slow);
  if (counting_) mov(qword[native_frame() + kScratchSlot], rax);
  else mov(rbp, rax);
  sync(bci, receiver);
  // The native stack this entry's calls may use.
  cmp(rsp, qword[native_frame() + kNativeFloorSlot]);
  jb(slow);
  if (counting_) {
    emit_counted_push_frame(known, receiver, bci, slow);
    xor_(r15d, r15d);  // reported; the callee starts at zero
    mov(r14, rax);
    mov(rbx, qword[r14 + kFrameLocals]);
    mov(r12, qword[r14 + kFrameStackBase]);
    if (known == nullptr) mov(rsi, qword[r14 + kFrameMethod]);  // (the push's helper clobbers it)
  } else {
    emit_push_frame(known, receiver, slow);
    mov(r14, rax);
    mov(rbx, rdi);  // what the frame was given, not loaded back
    lea(r12, ptr[rax + 8 * static_cast<int>(kFrameSlots)]);
  }
  if (known == nullptr || known->is_synchronized()) emit_method_lock(known == nullptr);
  // The callee's entry poll.
  Xbyak::Label& poll = new_stub_label();
  Xbyak::Label& polled = new_stub_label();  // outlives this function, for the stub
  emit_poll_test(poll, rcx, -1);            // the callee has counted nothing
  L(polled);
  // 8 bytes more than the return address, so the callee's helper calls
  // find rsp 16-byte aligned; its `ret 8` takes both. It returns to the
  // next instruction's code, which generate() places right here.
  sub(rsp, 8);
  if (counting_) {
    mov(rax, qword[native_frame() + kScratchSlot]);
    call(qword[rax + kCodeStart]);
  } else {
    call(qword[rbp + kCodeStart]);
  }
  restore_bases_after_call();
  // The callee's result (in rbp; counting code's in the native frame's
  // result slot), where the interpreter's return puts it (the caller's
  // sp, synced below the arguments above).
  const int slots = signature_of->signature->return_type.slots();
  if (slots > 0) {
    if (counting_) {
      mov(rax, qword[native_frame() + kResultSlot]);
      mov(slot(receiver), rax);
    } else {
      mov(slot(receiver), rbp);
    }
  }
  if (slots == 2) mov(slot(receiver + 1), 0);
  if (scope_ < 0 && !in_stub_) call_continues_at_ = {insn.next_pc(), getSize()};
  later([this, &poll, &polled] {
    L(poll);
    mov(rdi, r13);
    mov(esi, static_cast<uint32_t>(prof::PollKind::kEntry));
    xor_(edx, edx);
    call_helper(fn(&jit_poll));
    jmp(polled);
  });
  counted_ = true;
}

// The object an ldc of the string or class at `cp_index` pushes, when it
// was resolved before the method compiled (the interpreter's load_constant
// caches it); else nullptr.
const Object* TemplateCompiler::resolved_constant(uint16_t cp_index) const {
  const Klass* holder = method_->holder;
  switch (holder->class_file->constant_pool.tag(cp_index)) {
    case classfile::CpTag::kString:
      return static_cast<const Object*>(cache_lookup(holder, cp_index, CacheTag::kString));
    case classfile::CpTag::kClass: {
      const auto* k = static_cast<const Klass*>(cache_lookup(holder, cp_index, CacheTag::kClass));
      return k != nullptr ? k->mirror : nullptr;
    }
    default:
      return nullptr;
  }
}

// A call, in code without counting, of one of the natives HotSpot makes
// intrinsics, run as the few instructions the native's own function runs
// (classlib-bridge/natives/: the VM binds them): StrictMath.sqrt is one
// instruction (IEEE 754's square root is correctly rounded), and so is
// Math.sqrt, whose body calls it; Double's and Float's conversions between
// a value and its bits are none, as a slot holds the bits (the result's
// upper half zero, as the native's result slot has it);
// Thread.currentThread, Object.getClass and Reference.refersTo0 load a
// field; Unsafe's volatile reference, int and long accesses and its
// compare-and-sets are a load, an exchange or a locked compare-and-exchange
// at base + offset (the absolute address `offset` when the base is null),
// each sequentially consistent on x86 as the native's atomics are;
// Class.isInstance and System.arraycopy call a leaf function of the JIT's
// (helpers.h), and arraycopy's declines whatever would throw, so the
// native is called after all for that (the exception's stack trace shows
// its frame, as in HotSpot's interpreter). None can
// throw, allocate or call Java code; an instance method's receiver was
// checked for null already. No profiler or scheduler takes this code's
// calls, and a native method has no poll. The arguments begin at operand
// slot `receiver`, where the result goes. native_intrinsic says which
// callees are run so; emit_intrinsic emits one.
std::optional<TemplateCompiler::IntrinsicCall> TemplateCompiler::native_intrinsic(
    const Method* callee) {
  if (callee->holder->loader != nullptr) return std::nullopt;
  using Op = IntrinsicCall::Op;
  if (callee->math != MathIntrinsic::kNone) return IntrinsicCall{Op::kMath, -1, callee};
  static constexpr std::string_view kUnsafe = "jdk/internal/misc/Unsafe";
  if (callee->holder->name->view() == kUnsafe) {
    // The plain accessors (no fence: the natives' memcpy), under
    // ByteBuffer's and ScopedMemoryAccess's gets and puts.
    struct Accessor {
      std::string_view get, put, get_descriptor, put_descriptor;
      BasicType type;
    };
    static constexpr Accessor kAccessors[] = {
        {"getByte", "putByte", "(Ljava/lang/Object;J)B", "(Ljava/lang/Object;JB)V", BasicType::kByte},
        {"getShort", "putShort", "(Ljava/lang/Object;J)S", "(Ljava/lang/Object;JS)V", BasicType::kShort},
        {"getChar", "putChar", "(Ljava/lang/Object;J)C", "(Ljava/lang/Object;JC)V", BasicType::kChar},
        {"getInt", "putInt", "(Ljava/lang/Object;J)I", "(Ljava/lang/Object;JI)V", BasicType::kInt},
        {"getLong", "putLong", "(Ljava/lang/Object;J)J", "(Ljava/lang/Object;JJ)V", BasicType::kLong},
        {"getFloat", "putFloat", "(Ljava/lang/Object;J)F", "(Ljava/lang/Object;JF)V", BasicType::kFloat},
        {"getDouble", "putDouble", "(Ljava/lang/Object;J)D", "(Ljava/lang/Object;JD)V", BasicType::kDouble},
        {"getReference", "putReference", "(Ljava/lang/Object;J)Ljava/lang/Object;",
         "(Ljava/lang/Object;JLjava/lang/Object;)V", BasicType::kObject},
    };
    const std::string_view name = callee->name->view(), descriptor = callee->descriptor->view();
    for (const Accessor& a : kAccessors) {
      if (name == a.get && descriptor == a.get_descriptor)
        return IntrinsicCall{Op::kUnsafeGet, -1, nullptr, a.type};
      if (name == a.put && descriptor == a.put_descriptor)
        return IntrinsicCall{Op::kUnsafePut, -1, nullptr, a.type};
    }
  }
  struct NativeIntrinsic {
    std::string_view holder, name, descriptor;
    Op op;
  };
  static constexpr NativeIntrinsic kIntrinsics[] = {
      {"java/lang/StrictMath", "sqrt", "(D)D", Op::kSqrt},
      {"java/lang/Math", "sqrt", "(D)D", Op::kSqrt},
      {"java/lang/Double", "doubleToRawLongBits", "(D)J", Op::kWideBits},
      {"java/lang/Double", "longBitsToDouble", "(J)D", Op::kWideBits},
      {"java/lang/Float", "floatToRawIntBits", "(F)I", Op::kNarrowBits},
      {"java/lang/Float", "intBitsToFloat", "(I)F", Op::kNarrowBits},
      {"java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", Op::kCurrentThread},
      {"java/lang/Object", "getClass", "()Ljava/lang/Class;", Op::kGetClass},
      {"java/lang/ref/Reference", "refersTo0", "(Ljava/lang/Object;)Z", Op::kRefersTo},
      {"java/lang/ref/PhantomReference", "refersTo0", "(Ljava/lang/Object;)Z", Op::kRefersTo},
      {kUnsafe, "getReferenceVolatile", "(Ljava/lang/Object;J)Ljava/lang/Object;",
       Op::kGetReference},
      {kUnsafe, "getIntVolatile", "(Ljava/lang/Object;J)I", Op::kGetInt},
      {kUnsafe, "getLongVolatile", "(Ljava/lang/Object;J)J", Op::kGetLong},
      {kUnsafe, "putReferenceVolatile", "(Ljava/lang/Object;JLjava/lang/Object;)V",
       Op::kPutReference},
      {kUnsafe, "compareAndSetReference",
       "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z", Op::kCasReference},
      {kUnsafe, "compareAndSetInt", "(Ljava/lang/Object;JII)Z", Op::kCasInt},
      {kUnsafe, "compareAndSetLong", "(Ljava/lang/Object;JJJ)Z", Op::kCasLong},
      {"java/lang/Class", "isInstance", "(Ljava/lang/Object;)Z", Op::kIsInstance},
      {"java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V",
       Op::kArrayCopy},
  };
  const NativeIntrinsic* found = nullptr;
  for (const NativeIntrinsic& intrinsic : kIntrinsics) {
    if (callee->name->view() == intrinsic.name &&
        callee->descriptor->view() == intrinsic.descriptor &&
        callee->holder->name->view() == intrinsic.holder) {
      found = &intrinsic;
      break;
    }
  }
  if (found == nullptr) return std::nullopt;
  IntrinsicCall call{found->op, -1};
  if (found->op == Op::kRefersTo) {
    // Reference.referent's offset, the same in every subclass.
    for (const Klass* k = callee->holder; k != nullptr && call.referent_offset < 0; k = k->super)
      for (const FieldDesc& f : k->fields)
        if (!f.is_static() && f.name->view() == "referent") call.referent_offset = f.offset;
    if (call.referent_offset < 0) return std::nullopt;
  }
  return call;
}

void TemplateCompiler::emit_intrinsic(const IntrinsicCall& call, int receiver, Xbyak::Label* done) {
  using Op = IntrinsicCall::Op;
  auto address_into_rdx = [this, receiver] {  // Unsafe's (base, offset) at receiver + 1
    mov(rdx, slot(receiver + 1));
    add(rdx, slot(receiver + 2));
  };
  auto boolean_result = [this, receiver] {  // from the flags: ZF set is true
    sete(al);
    movzx(eax, al);
    mov(slot(receiver), rax);
  };
  switch (call.op) {
    case Op::kSqrt:
      sqrtsd(xmm0, slot(receiver));
      movsd(slot(receiver), xmm0);
      mov(slot(receiver + 1), 0);
      break;
    case Op::kMath: {
      // The C function, called as a helper is: x in xmm0 and pow's
      // exponent in xmm1 (two slots further), the result in xmm0.
      const Method* callee = call.method;
      movsd(xmm0, slot(receiver));
      if (callee->math == MathIntrinsic::kPow) movsd(xmm1, slot(receiver + 2));
      call_helper(reinterpret_cast<uint64_t>(math_function(callee->math)));
      movsd(slot(receiver), xmm0);
      mov(slot(receiver + 1), 0);
      break;
    }
    case Op::kWideBits:
      mov(slot(receiver + 1), 0);
      break;
    case Op::kNarrowBits:
      mov(eax, slot32(receiver));
      mov(slot(receiver), rax);
      break;
    case Op::kCurrentThread:
      mov(rax, qword[r13 + kThreadObject]);
      mov(slot(receiver), rax);
      break;
    case Op::kGetClass:
      mov(rax, slot(receiver));
      mov(rax, qword[rax + kObjectKlass]);
      mov(rax, qword[rax + kKlassMirror]);
      mov(slot(receiver), rax);
      break;
    case Op::kRefersTo:
      mov(rax, slot(receiver));
      mov(rax, qword[rax + call.referent_offset]);
      cmp(rax, slot(receiver + 1));
      boolean_result();
      break;
    case Op::kGetReference:
      address_into_rdx();
      mov(rax, qword[rdx]);
      mov(slot(receiver), rax);
      break;
    case Op::kGetInt:
      address_into_rdx();
      mov(eax, dword[rdx]);
      mov(slot(receiver), rax);
      break;
    case Op::kUnsafeGet:
      address_into_rdx();
      load_typed(rax, call.type, rdx);
      mov(slot(receiver), rax);
      if (is_two_slot(call.type)) mov(slot(receiver + 1), 0);
      break;
    case Op::kUnsafePut:  // the value after the offset's two slots
      address_into_rdx();
      mov(rax, slot(receiver + 4));
      store_typed(rdx, call.type, rax);
      break;
    case Op::kGetLong:
      address_into_rdx();
      mov(rax, qword[rdx]);
      mov(slot(receiver), rax);
      mov(slot(receiver + 1), 0);
      break;
    case Op::kPutReference:
      address_into_rdx();
      mov(rax, slot(receiver + 4));
      xchg(qword[rdx], rax);
      break;
    case Op::kCasReference:
    case Op::kCasLong: {
      const int desired = receiver + (call.op == Op::kCasLong ? 6 : 5);
      address_into_rdx();
      mov(rax, slot(receiver + 4));
      mov(rcx, slot(desired));
      lock();
      cmpxchg(qword[rdx], rcx);
      boolean_result();
      break;
    }
    case Op::kCasInt:
      address_into_rdx();
      mov(eax, slot32(receiver + 4));
      mov(ecx, slot32(receiver + 5));
      lock();
      cmpxchg(dword[rdx], ecx);
      boolean_result();
      break;
    case Op::kIsInstance:
      mov(rdi, slot(receiver));
      mov(rsi, slot(receiver + 1));
      call_helper(fn(&jit_is_instance));
      mov(slot(receiver), rax);
      break;
    case Op::kArrayCopy:
      emit_arraycopy_arguments(receiver);
      call_helper(fn(&jit_arraycopy));
      test(eax, eax);
      jnz(*done);
      break;
  }
}

// Counting code's call of a native run as its intrinsic (emit_intrinsic),
// when the exact CCT alone records or no profiler has events
// (clock_only_), counted as the call path counts it: the call and the
// native's return logged (log_call, then a kReturn word of no bytecodes,
// as the native's frame would log them), the caller's count to the
// thread, its entry noted in the deterministic scheduler's record; then
// the instructions. A native's entry acts on the samplers' bits of the
// poll word and on the bytecode clock (call_native_frame): when either
// would, or the log needs the helper, the native is called, with nothing
// changed; so it is when System.arraycopy's leaf would decline (asked
// before anything is counted). Emits nothing for any other callee
// (Math.sqrt, which has bytecodes and a call of its own, among them);
// else the code continues at the next instruction, and here when the
// native is called.
void TemplateCompiler::emit_counted_intrinsic(const Instruction& insn, const Method* callee,
                                              int receiver) {
  if (!clock_only_ && (inline_cct_slot_ < 0 || method_->is_hidden)) return;
  if (!clock_only_ && callee->id > prof::call_log::kMaxShortMethod) return;
  if (!callee->runs_as_native()) return;
  std::optional<IntrinsicCall> intrinsic = native_intrinsic(callee);
  if (!intrinsic) return;
  Xbyak::Label called;
  if (intrinsic->may_decline()) {
    // Asked first, so that it cannot decline once the call is counted
    // (what it copies cannot change its answer meanwhile).
    emit_arraycopy_arguments(receiver);
    call_helper(fn(&jit_arraycopy_fits));
    test(eax, eax);
    jz(called);
  }
  test(dword[r13 + kThreadPollWord], kPollSample | kPollEntry);
  jnz(called);
  if (clock_only_) {
    emit_clock_check(called, 1);
    emit_report_call_count(0);
  } else {
    if (!emit_log_call(callee, insn.pc, called)) return;  // (the clock checked too)
    // The native's return, of no bytecodes (emit_log_call left room for it).
    mov(qword[rdx], static_cast<uint32_t>(prof::call_log::return_of(callee->id, 0)));
    add(rdx, 8);
    mov(qword[rcx + kTreeLogNext], rdx);
    emit_thread_count(1);
  }
  xor_(r15d, r15d);  // reported, as after the call
  if (sched::deterministic()) emit_note_entry(callee);
  emit_intrinsic(*intrinsic, receiver, &label_at(insn.next_pc()));
  ++out_->inlined_calls;
  jmp(label_at(insn.next_pc()));
  L(called);
}

// The plan of a call of `callee` run in place (emit_inlined), or nothing
// when the callee is not trivial or its loaded values need more registers
// than there are.
std::optional<TemplateCompiler::InlinedCall> TemplateCompiler::inlined_call(const Method* callee) const {
  if (!inlining_enabled()) return std::nullopt;  // -XX:-Inline: every call is made
  std::optional<InlinePlan> plan = plan_inline(callee);
  if (!plan) return std::nullopt;
  // A register for each loaded value, free again after its last use.
  const size_t steps = plan->steps.size();
  std::vector<size_t> last_use(steps, 0);
  auto use = [&](const InlineValue& v, size_t at) {
    if (v.kind == InlineValue::Kind::kLoaded) last_use[v.value] = at;
  };
  for (size_t i = 0; i < steps; ++i)
    if (plan->steps[i].is_store) use(plan->steps[i].stored, i);
  if (plan->result) use(*plan->result, steps);
  InlinedCall call{std::move(*plan), std::vector<int>(steps, -1)};
  bool busy[kValueRegisterCount] = {};
  for (size_t i = 0; i < steps; ++i) {
    for (size_t j = 0; j < i; ++j)
      if (call.register_of[j] >= 0 && last_use[j] < i) busy[call.register_of[j]] = false;
    if (call.plan.steps[i].is_store) continue;
    auto free = std::find(std::begin(busy), std::end(busy), false);
    if (free == std::end(busy)) return std::nullopt;
    call.register_of[i] = static_cast<int>(free - std::begin(busy));
    *free = true;
  }
  return call;
}

// The call of a trivial callee (inlining.h), whose receiver (slot
// `receiver`, not null) and arguments are on the operand stack, run in
// place: its field accesses on the receiver in order, then its result
// where the call's goes. Code without counting only. `slow` takes the
// call to the interpreter (the receiver's class has a finalizer to
// register).
void TemplateCompiler::emit_inlined(const InlinedCall& call, int receiver, Xbyak::Label& slow) {
  static const Xbyak::Reg64 kValueRegisters[kValueRegisterCount] = {rax, rcx, rdx, rsi, r11};
  const InlinePlan& plan = call.plan;
  const std::vector<int>& reg_of = call.register_of;
  const size_t steps = plan.steps.size();
  // `v` into `r` (a whole slot's bits).
  auto value_into = [&](const Xbyak::Reg64& r, const InlineValue& v) {
    switch (v.kind) {
      case InlineValue::Kind::kArgument: mov(r, slot(receiver + static_cast<int>(v.value))); break;
      case InlineValue::Kind::kConstant: mov(r, static_cast<uint64_t>(v.value)); break;
      case InlineValue::Kind::kLoaded: mov(r, kValueRegisters[reg_of[v.value]]); break;
    }
  };
  if (plan.calls_object_init) {
    // Object.<init>'s finalizer registration is the interpreter's.
    mov(rax, slot(receiver));
    mov(rax, qword[rax]);  // the class
    cmp(byte[rax + kKlassHasFinalizer], 0);
    jne(slow);
  }
  if (std::any_of(plan.steps.begin(), plan.steps.end(), [](const InlineStep& st) { return !st.is_static; }))
    mov(rdi, slot(receiver));  // this
  for (size_t i = 0; i < steps; ++i) {
    const InlineStep& step = plan.steps[i];
    if (step.is_static)  // its class's mirror holds it (the collector moves nothing)
      mov(r10, reinterpret_cast<uint64_t>(step.field->holder->mirror->address_at(step.field->offset)));
    const Xbyak::RegExp field = step.is_static ? Xbyak::RegExp(r10) : rdi + static_cast<int>(step.field->offset);
    if (!step.is_store) {
      load_typed(kValueRegisters[reg_of[i]], step.type, field);
      continue;
    }
    value_into(r8, step.stored);
    store_typed(field, step.type, r8);
    if (step.field->is_volatile()) mfence();
  }
  if (plan.result) {
    value_into(r9, *plan.result);
    switch (plan.return_type) {  // §6.5.ireturn narrows
      case BasicType::kBoolean: and_(r9d, 1); break;
      case BasicType::kByte: movsx(r9d, r9b); break;
      case BasicType::kChar: movzx(r9d, r9w); break;
      case BasicType::kShort: movsx(r9d, r9w); break;
      default: break;
    }
    mov(slot(receiver), r9);
    if (plan.result->wide) mov(slot(receiver + 1), 0);
  }
  ++out_->inlined_calls;
  counted_ = true;
}

// Counting code's call of a trivial callee (inlining.h), run in place when
// the exact CCT alone records, or when no profiler has events
// (clock_only_): the call is counted as emit_counted_push_frame counts it
// (the deterministic scheduler's record notes the entry), and as the
// callee's return would count its body, then the body runs as
// emit_inlined runs it. A constructor's call of Object.<init> is counted
// the same way, in its own context under the constructor's. The calls
// are logged first (log_call, with the clock checked past the callee's
// instructions; code without contexts checks the clock itself) and the
// frames' room checked, so that anything
// the call path would do differently (a helper's work, a clock due inside
// the callee, an armed poll word or a used-up quantum, a finalizer to
// register, a StackOverflowError) takes the call path, with nothing
// changed: the profile is the call's, node for node. `check_selected`:
// the callee is the vtable's selection in rsi, which must be `callee`.
// Emits nothing when the callee is not trivial; else the code continues at
// the next instruction, and here when the call is not run in place.
void TemplateCompiler::emit_counted_inlined(const Instruction& insn, const Method* callee,
                                            int receiver, bool check_selected) {
  if (!clock_only_ && (inline_cct_slot_ < 0 || method_->is_hidden || callee->is_hidden)) return;
  std::optional<InlinedCall> plan = inlined_call(callee);
  if (!plan) return;
  // A constructor's call of Object.<init> is a call too: its context is
  // found under the constructor's, and its one instruction counted there.
  const Method* object_init = plan->plan.object_init;
  const int n = plan->plan.instructions;
  const int total = n + (object_init != nullptr ? 1 : 0);  // the bytecodes the call runs
  Xbyak::Label not_inlined, lookup_failed;
  if (check_selected) {
    mov(rax, reinterpret_cast<uint64_t>(callee));
    cmp(rsi, rax);
    jne(not_inlined);
  }
  if (callee->registers_finalizer || object_init != nullptr) {
    // Object.<init>: its return registers an object whose class has a
    // finalizer (the interpreter's).
    mov(rax, slot(receiver));
    mov(rax, qword[rax]);  // the class
    cmp(byte[rax + kKlassHasFinalizer], 0);
    jne(not_inlined);
  }
  // An armed poll word: the callee's entry would poll (where
  // counting_polls_inlined). The deterministic scheduler keeps its bit
  // set, and its polls yield once the thread's quantum is used up
  // (sched::at_poll): at the callee's entry or return.
  if (counting_polls_inlined()) emit_poll_test(not_inlined, rcx, 1 + total);
  emit_frame_room_check(callee, receiver, not_inlined);
  if (object_init != nullptr) {
    // Object.<init>'s frame, above the constructor's (over `this`, the
    // first slot of its operand stack), must fit too.
    const int callee_slots = static_cast<int>(frame_local_slots(callee) + kFrameSlots);
    lea(rax, ptr[slot_address(receiver + callee_slots + static_cast<int>(frame_total_slots(object_init)))]);
    cmp(rax, qword[r13 + kThreadStackLimit]);
    ja(not_inlined);
  }
  bool caller_count_kept = false;
  if (clock_only_) {
    // No contexts: the clock must not be due inside the call (at the
    // callee's entry or its return), and the counts go to the thread.
    emit_clock_check(not_inlined, 1 + total);
    emit_report_call_count(total);
  } else {
    caller_count_kept = emit_counted_contexts(insn, callee, *plan, lookup_failed);
  }
  if (!caller_count_kept) xor_(r15d, r15d);  // reported, as after a call's return
  if (sched::deterministic()) {  // the scheduler's record takes every entry
    emit_note_entry(callee);
    if (object_init != nullptr) emit_note_entry(object_init);
  }
  emit_inlined(*plan, receiver, not_inlined);  // (its finalizer check passed above: never leaves)
  jmp(label_at(insn.next_pc()));
  L(lookup_failed);
  if (!clock_only_) lea(r15, ptr[r15 - total]);
  L(not_inlined);
}

// The log of a call of `callee` run in place by counting code of the
// exact CCT (emit_counted_inlined): one kLeaf word with its instructions,
// the caller's count added to the log's pending count; for a
// constructor, its call (with the caller's count), Object.<init>'s kLeaf
// (its one instruction) and its return (with its instructions). The
// builder makes of them what the frames of the calls would log. The
// caller's count and the call's instructions go to the thread, and r15 is
// zero after, as after a call. (Leaving the caller's count in r15 instead
// moved where the bytecode clock's samples land in compiled code: they no
// longer matched the interpreter's, jit.sh.) Code that keeps the pending
// count at zero (pending_stays_zero_, which keeps no thread count) leaves
// the caller's count, the invoke included, in r15 after a kLeaf instead,
// and returns true: the caller's next word takes it. When the call must take the call
// path instead, nothing is logged and the code goes to `failed` with r15
// raised by the instructions of the call (the clock must not fall due
// inside it), which the caller lowers again.
bool TemplateCompiler::emit_counted_contexts(const Instruction& insn, const Method* callee,
                                             const InlinedCall& plan, Xbyak::Label& failed) {
  using namespace prof::call_log;
  const Method* object_init = plan.plan.object_init;
  const int n = plan.plan.instructions;
  const int total = n + (object_init != nullptr ? 1 : 0);
  if (callee->id > kMaxShortMethod || (object_init != nullptr && object_init->id > kMaxShortMethod)) {
    lea(r15, ptr[r15 + total]);
    jmp(failed);
    return false;
  }
  // r15 raised by the call's instructions, as `failed` has it: the clock
  // must not fall due inside the call.
  lea(r15, ptr[r15 + total]);
  if (object_init == nullptr) {
    // One kLeaf word: the caller's count, the invoke included, goes to the
    // log's pending count (the caller's next word takes it), and with the
    // call's instructions to the thread, as a call's would.
    if (!emit_log_leaf(callee, insn.pc, n, failed)) return false;
    if (pending_stays_zero_) {  // (the thread's count is not kept)
      lea(r15, ptr[r15 - total + 1]);
      return true;
    }
    lea(r15, ptr[r15 - total]);
    lea(rax, ptr[r15 + 1]);
    add(qword[rcx + kTreeLogPending], rax);
    emit_thread_count(1 + total);
    return false;
  }
  if (!emit_log_call(callee, insn.pc, failed, 1 - total)) return false;
  lea(r15, ptr[r15 - total]);
  // The words after the call's (emit_log_call left room for three); rdx is
  // past the call's.
  // Object.<init>'s call and return, its one instruction: a kLeaf.
  mov(rax, leaf(object_init->id, static_cast<int32_t>(plan.plan.object_init_site), 1));
  mov(qword[rdx], rax);
  add(rdx, 8);
  mov(rax, return_of(callee->id, static_cast<uint64_t>(n)));
  mov(qword[rdx], rax);
  add(rdx, 8);
  mov(qword[rcx + kTreeLogNext], rdx);
  // The caller's count and the call's instructions, to the thread.
  emit_thread_count(1 + total);
  return false;
}

// A call site's inline cache `cell` (two ways of a class and its method)
// probed with the receiver's class in rax: a hit's method in rsi at
// `selected`, bound here. The second way is probed out of line, where a
// miss runs `on_miss`, which goes to `selected` with the method in rsi (or
// leaves for the interpreter). rax keeps the class.
void TemplateCompiler::emit_method_cache(Xbyak::Label& cell, Xbyak::Label& selected,
                                         std::function<void()> on_miss) {
  Xbyak::Label& second = new_stub_label();
  cmp(rax, qword[rip + cell]);
  jne(second);
  mov(rsi, qword[rip + cell + 8]);
  L(selected);
  later([this, &cell, &second, &selected, on_miss = std::move(on_miss)] {
    Xbyak::Label miss;
    L(second);
    cmp(rax, qword[rip + cell + 16]);
    jne(miss);
    mov(rsi, qword[rip + cell + 24]);
    jmp(selected);
    L(miss);
    on_miss();
  });
}

// A synchronized callee's lock, taken as the interpreter's invoke takes
// it (lock_method): once its frame (r14) is pushed (and, in counting code,
// its entry counted), before its entry poll. A free thin lock is taken
// inline, as monitorenter takes it, and recorded in the thread's method
// locks; anything else (another owner, nested entries, a monitor, a
// thread without a lock number, a full record) calls jit_lock_method,
// which may block, before anything is changed. With `if_synchronized`,
// the callee in rsi is known only at run time and locks out of line when
// it is synchronized. An exception (there is none today) is the callee's,
// at its first instruction, as in the interpreter. Clobbers rax, rcx, rdx,
// r8 and r9.
void TemplateCompiler::emit_method_lock(bool if_synchronized) {
  Xbyak::Label& helper = new_stub_label();
  Xbyak::Label& locked = new_stub_label();
  later([this, &helper, &locked] {
    L(helper);
    mov(rdi, r13);
    mov(rsi, r14);
    call_helper(fn(&jit_lock_method));
    test(rax, rax);
    jnz(locked);
    exit_exception();  // in the callee's frame, which has counted nothing (r15)
  });
  auto thin_lock = [this, &helper] {
    // The object: `this`, or the class's mirror for a static method.
    Xbyak::Label is_static, have;
    mov(r8, qword[r14 + kFrameMethod]);
    test(word[r8 + kMethodAccess], 0x0008);
    jnz(is_static);
    mov(r8, qword[rbx]);  // the callee's local 0 (rbx is its locals now)
    jmp(have);
    L(is_static);
    mov(r8, qword[r8 + kMethodHolder]);
    mov(r8, qword[r8 + kKlassMirror]);
    test(r8, r8);
    jz(helper);
    L(have);
    emit_thin_method_lock(r14, helper);
  };
  if (!if_synchronized) {
    thin_lock();
    L(locked);
    return;
  }
  Xbyak::Label& locking = new_stub_label();
  test(word[rsi + kMethodAccess], 0x0020);
  jnz(locking);
  L(locked);
  later([this, thin_lock, &locking, &locked] {
    L(locking);
    thin_lock();
    jmp(locked);
  });
}

// The unlock of a synchronized method's return, as unlock_method does it:
// this frame's record is the thread's last, and its object's thin lock
// of one entry by this thread is released inline, as monitorexit releases
// it; anything else calls jit_unlock_method (which throws
// IllegalMonitorStateException at the return when the lock is not held).
// Clobbers rax, rcx, rdx, r8 and r9.
void TemplateCompiler::emit_method_unlock() {
  Xbyak::Label helper, unlocked;
  emit_thin_method_unlock(r14, helper);
  jmp(unlocked);
  L(helper);
  mov(rdi, r13);
  mov(rsi, r14);
  call_out(fn(&jit_unlock_method), true);
  L(unlocked);
}

// The thin lock of the object in r8 taken or entered again for the
// synchronized method whose frame is (or, inlined, would be) at `frame`,
// as monitorenter does it (emit_thin_enter), and recorded in the thread's
// method locks; to `helper`, with nothing changed, for anything else (a
// full record, and what emit_thin_enter leaves). Clobbers rax, rcx, rdx
// and r9.
void TemplateCompiler::emit_thin_method_lock(const Xbyak::Reg64& frame, Xbyak::Label& helper) {
  mov(r9, qword[r13 + kThreadMethodLocks + 8]);  // the record's end
  cmp(r9, qword[r13 + kThreadMethodLocks + 16]);
  jae(helper);
  emit_thin_enter(r8, helper);
  mov(qword[r9], frame);
  mov(qword[r9 + 8], r8);
  add(r9, 16);
  mov(qword[r13 + kThreadMethodLocks + 8], r9);
}

// The release, as unlock_method does it, of the lock recorded last when
// that record is the frame's at `frame` and the lock this thread's thin
// lock (emit_thin_exit); to `helper` for anything else. Clobbers rax,
// rcx, rdx and r8.
void TemplateCompiler::emit_thin_method_unlock(const Xbyak::Reg64& frame, Xbyak::Label& helper) {
  mov(rcx, qword[r13 + kThreadMethodLocks + 8]);
  cmp(rcx, qword[r13 + kThreadMethodLocks]);
  je(helper);  // no record
  cmp(qword[rcx - 16], frame);
  jne(helper);
  mov(r8, qword[rcx - 8]);
  emit_thin_exit(r8, helper);
  sub(qword[r13 + kThreadMethodLocks + 8], 16);
}

// What thin-lock entries and exits begin with: this thread's lock number
// in edx, the mark word of the object in `object` in rax, and its upper
// half (the count in bits 24-30, the owner in 0-23) in rcx, the flags
// set by it (zero: no owner); a thread without a lock number yet or a
// monitor to `slow`.
void TemplateCompiler::emit_thin_load(const Xbyak::Reg64& object, Xbyak::Label& slow) {
  mov(edx, dword[r13 + kThreadLockId]);
  test(edx, edx);
  jz(slow);
  mov(rax, qword[object + kObjectMark]);
  test(al, 1);
  jnz(slow);  // a monitor
  mov(rcx, rax);
  shr(rcx, 32);
}

// monitorenter's common cases on the object in `object` (not null), as
// monitor_enter does them (vm/runtime/monitor.h): a free thin lock taken,
// or this thread's entered once more (at most 127 nested entries), by a
// compare-and-swap of the mark word; anything else (a thread without a
// lock number yet, a monitor, another owner, the most entries, a lost
// race) to `slow`, with nothing changed. Clobbers rax, rcx and rdx.
void TemplateCompiler::emit_thin_enter(const Xbyak::Reg64& object, Xbyak::Label& slow) {
  static_assert(thin_lock::kOwnerShift == 32 && thin_lock::kCountShift == 56);
  Xbyak::Label owned, swap;
  emit_thin_load(object, slow);
  jnz(owned);
  shl(rdx, 32);
  or_(rdx, rax);
  jmp(swap);
  L(owned);
  cmp(ecx, static_cast<uint32_t>(thin_lock::kCountMask >> 32));
  jae(slow);  // 127 nested entries: the monitor takes more
  and_(ecx, static_cast<uint32_t>(thin_lock::kOwnerMask >> 32));
  cmp(ecx, edx);
  jne(slow);  // another thread's
  mov(rdx, thin_lock::kCountOne);
  add(rdx, rax);
  L(swap);
  lock();
  cmpxchg(qword[object + kObjectMark], rdx);
  jne(slow);
}

// monitorexit's common cases, as monitor_exit does them: this thread's
// thin lock of the object in `object` released when it has one entry,
// else left once, by a compare-and-swap; anything else (a monitor, another
// owner, which throws, a lost race) to `slow`. Clobbers rax, rcx and rdx.
void TemplateCompiler::emit_thin_exit(const Xbyak::Reg64& object, Xbyak::Label& slow) {
  Xbyak::Label nested, swap;
  emit_thin_load(object, slow);
  cmp(rcx, rdx);
  jne(nested);
  mov(edx, eax);  // this thread's, one entry: the hash alone
  jmp(swap);
  L(nested);
  and_(ecx, static_cast<uint32_t>(thin_lock::kOwnerMask >> 32));
  cmp(ecx, edx);
  jne(slow);  // not this thread's (or free)
  mov(rdx, thin_lock::kCountOne);  // this thread's, nested: one entry less
  mov(rcx, rax);
  sub(rcx, rdx);
  mov(rdx, rcx);
  L(swap);
  lock();
  cmpxchg(qword[object + kObjectMark], rdx);
  jne(slow);
}

// A JSR 292 intrinsic (vm/runtime/method_handles.h), as the interpreter's
// invoke_intrinsic runs it: a linked call site (invokehandle) calls its
// target with the appendix; MethodHandle.invokeBasic and linkTo* call the
// method method_handle_target finds for their arguments (for linkTo*
// without the trailing MemberName), which has no frame of its own.
void TemplateCompiler::emit_intrinsic_call(const Instruction& insn, const Method* intrinsic) {
  const int d = depth_;
  if (intrinsic->intrinsic == Intrinsic::kLinkedCall) {
    emit_linked_call(insn, intrinsic, insn.opcode == Opcode::kInvokevirtual);
    return;
  }
  Xbyak::Label& slow = interpreter_stub();
  const bool link_to = intrinsic->intrinsic != Intrinsic::kInvokeBasic;
  const int receiver = d - intrinsic->arg_slots;
  flush_count();
  if (!link_to) {  // invokevirtual: a null receiver is the interpreter's NullPointerException
    cmp(slot(receiver), 0);
    je(slow);
  }
  mov(rdi, r13);
  mov(rsi, reinterpret_cast<uint64_t>(intrinsic));
  lea(rdx, ptr[slot_address(receiver)]);
  if (link_to) mov(rcx, slot(d - 1));  // the MemberName
  else xor_(ecx, ecx);
  call_out(fn(&method_handle_target), true);
  mov(rsi, rax);
  emit_call(insn, nullptr, intrinsic, receiver, slow);
}

// A linked call site (an invokedynamic, or an invokehandle's `site`), as
// the interpreter's invoke_intrinsic runs it: its target, with the
// appendix after the site's arguments if the target takes one. With
// `null_check`, a null receiver goes to the interpreter, which throws.
void TemplateCompiler::emit_linked_call(const Instruction& insn, const Method* site, bool null_check) {
  const int d = depth_;
  const uint32_t bci = insn.pc;
  const Method* target = site->linked_target;
  if (target == nullptr || target->is_synchronized() || target->intrinsic != Intrinsic::kNone) {
    exit_to_interpreter(bci, d);  // linking failed: the interpreter throws its error again
    return;
  }
  Xbyak::Label& slow = interpreter_stub();
  const int receiver = d - site->arg_slots;
  flush_count();
  if (null_check) {
    cmp(slot(receiver), 0);
    je(slow);
  }
  if (target->arg_slots > site->arg_slots) {
    // The appendix: a GC root while the site exists, and the heap does not
    // move objects. Where the interpreter pushes it; the slow path
    // re-executes the invoke, which pushes it again.
    mov(rax, reinterpret_cast<uint64_t>(site->appendix));
    mov(slot(d), rax);
  }
  mov(rsi, reinterpret_cast<uint64_t>(target));
  // A site has no signature; its result is the target's.
  emit_call(insn, target, target, receiver, slow);
}

// A field String declares (its class, `holder`), or nullptr.
const FieldDesc* string_field(const Klass* holder, std::string_view name,
                              std::string_view descriptor) {
  return const_cast<Klass*>(holder)->find_declared_field(intern(name), intern(descriptor));
}

// String's hottest accessors, which every application calls millions of
// times (javac, Xalan and Jython a million or more each of coder(),
// isLatin1(), length() and charAt(int)), run in place in code without
// counting, as C1 inlines them: they read the string's `coder` byte and
// its `value` array. Taken only when String's COMPACT_STRINGS (a static
// final, read once String is initialized) is true, so that coder() is the
// field: it always is in minijvm, which has no -XX:-CompactStrings.
// Anything these few instructions do not answer (a null `value`, which a
// String never has; a UTF-16 string's charAt; an index out of bounds,
// which throws) makes the call after all, at `call`, whose callee then
// does or throws as it would. No profiler or scheduler takes this code's
// calls; the site tests the poll word first, as the callee's entry would.
std::optional<TemplateCompiler::StringAccessor> TemplateCompiler::string_accessor(const Method* callee) {
  if (!inlining_enabled()) return std::nullopt;
  const Klass* string = callee->holder;
  if (string->loader != nullptr || string->name->view() != "java/lang/String" || !string->is_initialized())
    return std::nullopt;
  const std::string_view name = callee->name->view(), descriptor = callee->descriptor->view();
  std::optional<StringAccessor> accessor;
  if (name == "coder" && descriptor == "()B") accessor = StringAccessor::kCoder;
  else if (name == "isLatin1" && descriptor == "()Z") accessor = StringAccessor::kIsLatin1;
  else if (name == "length" && descriptor == "()I") accessor = StringAccessor::kLength;
  else if (name == "charAt" && descriptor == "(I)C") accessor = StringAccessor::kCharAt;
  if (!accessor) return std::nullopt;
  const FieldDesc* compact = string_field(string, "COMPACT_STRINGS", "Z");
  if (compact == nullptr || !compact->is_static() || !compact->is_final() ||
      string_field(string, "value", "[B") == nullptr || string_field(string, "coder", "B") == nullptr)
    return std::nullopt;
  // A static final of an initialized class: its value stays.
  if (*reinterpret_cast<const uint8_t*>(string->mirror->address_at(compact->offset)) == 0) return std::nullopt;
  return accessor;
}

// The accessor's result into the receiver's slot (the string is not null:
// the caller checked it), or to `call`.
void TemplateCompiler::emit_string_accessor(StringAccessor accessor, const Method* callee, int receiver,
                                            Xbyak::Label& call) {
  const auto value = static_cast<int>(string_field(callee->holder, "value", "[B")->offset);
  const auto coder = static_cast<int>(string_field(callee->holder, "coder", "B")->offset);
  mov(rdx, slot(receiver));
  switch (accessor) {
    case StringAccessor::kCoder:
      movsx(eax, byte[rdx + coder]);
      break;
    case StringAccessor::kIsLatin1:  // LATIN1 is 0
      xor_(eax, eax);
      cmp(byte[rdx + coder], 0);
      sete(al);
      break;
    case StringAccessor::kLength:  // value.length >> coder
      mov(rax, qword[rdx + value]);
      test(rax, rax);
      jz(call);
      movzx(ecx, byte[rdx + coder]);
      mov(eax, dword[rax + kArrayLength]);
      sar(eax, cl);
      break;
    case StringAccessor::kCharAt:  // a Latin-1 string's byte, in bounds
      cmp(byte[rdx + coder], 0);
      jne(call);
      mov(rax, qword[rdx + value]);
      test(rax, rax);
      jz(call);
      mov(ecx, slot32(receiver + 1));
      cmp(ecx, dword[rax + kArrayLength]);
      jae(call);
      movzx(eax, byte[rax + rcx + kArrayData]);
      break;
  }
  mov(slot(receiver), rax);  // (an int's slot: the upper half zero)
  ++out_->inlined_calls;
  counted_ = true;
}

// A call of a native method (rsi, a method without compiled code) from
// the invoke at `insn`, out of line at `entry`, as the interpreter's invoke
// does it: the caller's pc and sp (below the arguments) are written back,
// counting code reports its count (the invoke included), invoke_native
// pushes the native frame, binds, locks and calls, and the result goes
// where the arguments were. Any other method without code (not compiled
// yet, abstract) goes to `slow`: the interpreter executes the invoke.
void TemplateCompiler::emit_native_call(const Instruction& insn, const Method* resolved,
                                        int receiver, Xbyak::Label& entry, Xbyak::Label& slow) {
  Xbyak::Label& failed = new_stub_label();
  later([this, &failed] {
    L(failed);
    exit_exception();  // the count was reported before the call
  });
  const int slots = resolved->signature->return_type.slots();
  const uint32_t bci = insn.pc;
  // One of Math's intrinsics (static: rsi is `resolved`) runs as a native.
  const bool math = resolved->math != MathIntrinsic::kNone;
  Xbyak::Label& after = label_at(insn.next_pc());
  later([this, &entry, &slow, &failed, &after, bci, receiver, slots, math] {
    L(entry);
    if (!math) {
      test(word[rsi + kMethodAccess], 0x0100);  // native
      jz(slow);
    }
    test(word[rsi + kMethodAccess], 0x0020);  // synchronized: the interpreter locks
    jnz(slow);
    sync(bci, receiver);
    mov(rdi, r13);
    lea(rdx, ptr[native_frame() + kResultSlot]);
    mov(qword[rdx], 0);
    if (counting_) {
      mov(rcx, r14);
      lea(r8, ptr[r15 + 1]);
      call_helper(fn(&jit_counted_call_native));
      mov(r15d, 0);  // reported (mov leaves the flags alone)
    } else {
      call_helper(fn(&jit_call_native));
    }
    test(eax, eax);
    jz(failed);
    if (slots > 0) {
      mov(rax, qword[native_frame() + kResultSlot]);
      mov(slot(receiver), rax);
      if (slots == 2) mov(slot(receiver + 1), 0);
    }
    jmp(after);
  });
}

// A return from compiled code to compiled code (`ret`), as the
// interpreter's return does it: the result is narrowed to the method's
// return type and the frame popped (a synchronized method unlocks first),
// and the result left for the caller's code after its call to store: in
// rbp, in counting code in the native frame's result slot. The
// interpreter returns instead from the frame compiled code
// was entered in (the frames below it were not called by this entry),
// when its return poll must act (emit_poll_test), and, in counting code,
// when the bytecode clock is due there. Counting code
// reports the frame's count, the return included, and its exit to the
// profilers (jit_counted_pop_frame).
void TemplateCompiler::emit_return(const Instruction& insn, int slots) {
  if (scope_ >= 0) {
    emit_inlined_return(insn, slots);
    return;
  }
  const int d = depth_;
  const bool unlock = method_->is_synchronized();
  if (unlock) flush_lazy();  // the result where the unlock's call cannot clobber it
  Xbyak::Label& slow = interpreter_stub();  // writes the result, if it is a lazy push
  if (method_->registers_finalizer) {
    // Object.<init>: the interpreter's return registers an object whose
    // class has a finalizer; any other returns here (every constructor
    // chain ends in this return).
    mov(rax, local(0));
    mov(rax, qword[rax]);  // the class
    cmp(byte[rax + kKlassHasFinalizer], 0);
    jne(slow);
  }
  if (counting_) {
    flush_count();  // r15 exact before the first way to the slow path
    if (keeps_thread_count_) emit_clock_check(slow, 1);
  }
  // Every frame above the entry's was pushed by a native call of this
  // entry, whose continuation is on the native stack. The result goes in
  // rbp; in counting code, whose rbp is its native frame, to memory
  // (the pop may call helpers).
  cmp(r14, qword[native_frame() + kEntryFrameSlot]);
  je(slow);
  emit_poll_test(slow, rcx, 1);  // the return counts too
  if (unlock) {
    // The interpreter's unlock_method, once nothing can send the return to
    // the interpreter (which would unlock again); its failure is thrown at
    // the return, as there.
    emit_method_unlock();
  }
  if (slots > 0) {
    const Xbyak::Reg64& r = counting_ ? rax : rbp;  // see above
    load_slot(r, d - slots);
    if (insn.opcode == Opcode::kIreturn) {
      // §6.5.ireturn: a boolean, byte, char or short result is narrowed.
      const Xbyak::Reg32 r32 = r.cvt32();
      switch (method_->signature->return_type.type) {
        case BasicType::kBoolean: and_(r32, 1); break;
        case BasicType::kByte: movsx(r32, r.cvt8()); break;
        case BasicType::kChar: movzx(r32, r.cvt16()); break;
        case BasicType::kShort: movsx(r32, r.cvt16()); break;
        default: break;
      }
    }
    if (insn.opcode == Opcode::kDreturn && method_->clears_result_sign) btr(r, 63);  // Math.abs
    if (counting_) mov(qword[native_frame() + kResultSlot], rax);
  }
  // The caller stores the result once the frame is popped: a frame without
  // locals lies where the result goes (at the caller's sp), as in the
  // interpreter's return.
  if (counting_) {
    emit_counted_pop_frame();
    xor_(r15d, r15d);  // the caller's count was reported at its call
  } else {
    emit_pop_frame();
  }
  mov(rbx, qword[r14 + kFrameLocals]);
  lea(r12, ptr[r14 + kFrameBytes]);  // the caller's stack base, after its record
  // The caller's code after its call stores the result (its sp is written
  // back at its next sync).
  ret(8);  // the continuation, and the 8 bytes the call added
  counted_ = true;
}

int TemplateCompiler::lazy_takes(const Instruction& insn) const {
  switch (insn.opcode) {
    case Opcode::kIadd: case Opcode::kIsub: case Opcode::kImul:
    case Opcode::kIand: case Opcode::kIor: case Opcode::kIxor:
    case Opcode::kIfIcmpeq: case Opcode::kIfIcmpne: case Opcode::kIfIcmplt:
    case Opcode::kIfIcmpge: case Opcode::kIfIcmpgt: case Opcode::kIfIcmple:
    case Opcode::kIfAcmpeq: case Opcode::kIfAcmpne:
    case Opcode::kIaload: case Opcode::kLaload: case Opcode::kFaload: case Opcode::kDaload:
    case Opcode::kAaload: case Opcode::kBaload: case Opcode::kCaload: case Opcode::kSaload:
    case Opcode::kL2i:
    case Opcode::kIdiv: case Opcode::kIrem:
    case Opcode::kIshl: case Opcode::kIshr: case Opcode::kIushr:
    case Opcode::kLstore: case Opcode::kDstore:
    case Opcode::kLstore0: case Opcode::kLstore1: case Opcode::kLstore2: case Opcode::kLstore3:
    case Opcode::kDstore0: case Opcode::kDstore1: case Opcode::kDstore2: case Opcode::kDstore3:
      return 2;
    case Opcode::kIastore: case Opcode::kFastore: case Opcode::kBastore:
    case Opcode::kCastore: case Opcode::kSastore:
      return 3;
    case Opcode::kLadd: case Opcode::kLsub: case Opcode::kLmul:
    case Opcode::kLand: case Opcode::kLor: case Opcode::kLxor:
    case Opcode::kLcmp: case Opcode::kLastore: case Opcode::kDastore:
    case Opcode::kLdiv: case Opcode::kLrem:
      return 4;
    case Opcode::kLreturn: case Opcode::kDreturn:
      return 2;
    case Opcode::kLshl: case Opcode::kLshr: case Opcode::kLushr:
      return 3;
    case Opcode::kI2l: case Opcode::kI2b: case Opcode::kI2c: case Opcode::kI2s:
    case Opcode::kIneg: case Opcode::kArraylength:
    case Opcode::kIfeq: case Opcode::kIfne: case Opcode::kIflt:
    case Opcode::kIfge: case Opcode::kIfgt: case Opcode::kIfle:
    case Opcode::kIfnull: case Opcode::kIfnonnull:
    case Opcode::kIreturn: case Opcode::kFreturn: case Opcode::kAreturn:
    case Opcode::kIstore: case Opcode::kFstore: case Opcode::kAstore:
    case Opcode::kIstore0: case Opcode::kIstore1: case Opcode::kIstore2: case Opcode::kIstore3:
    case Opcode::kFstore0: case Opcode::kFstore1: case Opcode::kFstore2: case Opcode::kFstore3:
    case Opcode::kAstore0: case Opcode::kAstore1: case Opcode::kAstore2: case Opcode::kAstore3:
      return 1;
    case Opcode::kGetfield:  // a field resolved already: no call out before the access
      return cache_lookup(method_->holder, insn.cp_index, CacheTag::kFieldInstance) != nullptr ? 1 : -1;
    case Opcode::kPutfield: {
      const classfile::ConstantPool& cp = method_->holder->class_file->constant_pool;
      if (cache_lookup(method_->holder, insn.cp_index, CacheTag::kFieldInstance) == nullptr) return -1;
      return is_two_slot(field_type_of(cp.member_ref(insn.cp_index).descriptor->view())) ? 3 : 2;
    }
    default:
      return -1;
  }
}

bool TemplateCompiler::emit(const Instruction& insn, std::string* why) {
  const int d = depth_;
  const Klass* holder = method_->holder;
  const classfile::ConstantPool& cp = holder->class_file->constant_pool;
  if (insn.opcode < Opcode::kIfeq || insn.opcode > Opcode::kIfle) settle_flags();
  // A push to remember?
  std::optional<Lazy> push;
  switch (insn.opcode) {
    case Opcode::kIload: case Opcode::kFload: case Opcode::kAload:
    case Opcode::kIload0: case Opcode::kIload1: case Opcode::kIload2: case Opcode::kIload3:
    case Opcode::kFload0: case Opcode::kFload1: case Opcode::kFload2: case Opcode::kFload3:
    case Opcode::kAload0: case Opcode::kAload1: case Opcode::kAload2: case Opcode::kAload3:
      push = Lazy{d, LazyKind::kLocal, local_index(insn)};
      break;
    case Opcode::kLload: case Opcode::kDload:
    case Opcode::kLload0: case Opcode::kLload1: case Opcode::kLload2: case Opcode::kLload3:
    case Opcode::kDload0: case Opcode::kDload1: case Opcode::kDload2: case Opcode::kDload3:
      push = Lazy{d, LazyKind::kLocal, local_index(insn), true};
      break;
    case Opcode::kAconstNull: case Opcode::kIconst0: case Opcode::kFconst0: push = Lazy{d, LazyKind::kConstant, 0}; break;
    case Opcode::kIconstM1: push = Lazy{d, LazyKind::kConstant, -1}; break;
    case Opcode::kIconst1: push = Lazy{d, LazyKind::kConstant, 1}; break;
    case Opcode::kIconst2: push = Lazy{d, LazyKind::kConstant, 2}; break;
    case Opcode::kIconst3: push = Lazy{d, LazyKind::kConstant, 3}; break;
    case Opcode::kIconst4: push = Lazy{d, LazyKind::kConstant, 4}; break;
    case Opcode::kIconst5: push = Lazy{d, LazyKind::kConstant, 5}; break;
    case Opcode::kFconst1: push = Lazy{d, LazyKind::kConstant, 0x3f800000}; break;
    case Opcode::kFconst2: push = Lazy{d, LazyKind::kConstant, 0x40000000}; break;
    case Opcode::kBipush: case Opcode::kSipush: push = Lazy{d, LazyKind::kConstant, insn.immediate}; break;
    case Opcode::kLdc: case Opcode::kLdcW:
      if (cp.tag(insn.cp_index) == classfile::CpTag::kInteger) {
        push = Lazy{d, LazyKind::kConstant, cp.integer(insn.cp_index)};
      } else if (cp.tag(insn.cp_index) == classfile::CpTag::kFloat) {
        float f = cp.float_value(insn.cp_index);
        int32_t bits;
        std::memcpy(&bits, &f, 4);
        push = Lazy{d, LazyKind::kConstant, bits};
      }
      break;
    default: break;
  }
  if (insn.opcode == Opcode::kDup) {
    // A dup of a remembered push is remembered too: a copy of it (of the
    // same local, constant or result register) for the slot above, as in
    // javac's `if ((x = this.f) != null)` (getfield, dup, astore, ifnull)
    // and `this.f++` (aload_0, dup, getfield, ..., putfield).
    const Lazy* top = lazy_at(d - 1);
    if (top != nullptr && !top->wide) {
      push = *top;
      push->slot = d;
    }
  }
  if (push) {
    if (lazy_.size() >= kMaxLazy) {  // the oldest to its slot
      materialize({lazy_.front()}, rax);
      lazy_.erase(lazy_.begin());
    }
    lazy_.push_back(*push);
    return true;
  }
  int takes = lazy_takes(insn);
  this_slots_ = 0;
  for (const Lazy& e : lazy_)
    if (e.kind == LazyKind::kLocal && e.value == 0 && e.slot < 64) this_slots_ |= uint64_t{1} << e.slot;
  if (takes < 0) {
    flush_lazy();
  } else {
    Below below = Below::kKeep;
    if (bytecode::info(insn.opcode).has(bytecode::kEndsBlock)) below = Below::kMaterialize;
    else if (stores_local(insn.opcode)) below = Below::kMaterializeLocals;
    flush_lazy_below(d - takes, below);
  }
  result_.reset();
  bool ok = emit_template(insn, why);
  this_slots_ = 0;
  // What was left at and above d - takes were its operands.
  std::erase_if(lazy_, [&](const Lazy& e) { return e.slot >= d - std::max(takes, 0); });
  if (result_) lazy_.push_back(*result_);
  result_.reset();
  return ok;
}

bool TemplateCompiler::emit_template(const Instruction& insn, std::string* why) {
  const int d = depth_;
  const uint32_t bci = insn.pc;
  const Klass* holder = method_->holder;
  const classfile::ConstantPool& cp = holder->class_file->constant_pool;
  auto push_long_bits = [&](uint64_t v) {
    mov(rax, v);
    mov(slot(d), rax);
    mov(slot(d + 1), 0);
  };
  auto int_binary = [&](auto op) {
    if (int acc = accumulator(d - 2, false); acc >= 0) {
      with_slot(Xbyak::Reg32(acc), d - 1, op);
      in_place(acc, d - 2);
      return;
    }
    load_slot(eax, d - 2);
    with_slot(eax, d - 1, op);
    result(rax, d - 2);
  };
  auto long_binary = [&](auto op) {
    if (int acc = accumulator(d - 4, true); acc >= 0) {
      with_slot(Xbyak::Reg64(acc), d - 2, op);
      in_place(acc, d - 4, true);
      return;
    }
    load_slot(rax, d - 4);
    with_slot(rax, d - 2, op);
    result(rax, d - 4, true);
  };
  auto float_binary = [&](auto op) {
    movss(xmm0, slot32(d - 2));
    op(xmm0, slot32(d - 1));
    movd(eax, xmm0);
    mov(slot(d - 2), rax);
  };
  auto double_binary = [&](auto op) {
    movsd(xmm0, slot(d - 4));
    op(xmm0, slot(d - 2));
    movsd(slot(d - 4), xmm0);
    mov(slot(d - 3), 0);
  };
  auto copy_slot = [&](int to, int from) {
    mov(rax, slot(from));
    mov(slot(to), rax);
  };

  switch (insn.opcode) {
    // --- constants ------------------------------------------------------------
    // Pushes of int, float and null constants and of locals are emit()'s
    // (the lazy top of stack); the templates never see them.
    case Opcode::kNop: break;
    case Opcode::kLconst0: push_long_bits(0); break;
    case Opcode::kLconst1: push_long_bits(1); break;
    case Opcode::kDconst0: push_long_bits(0); break;
    case Opcode::kDconst1: push_long_bits(0x3ff0000000000000ULL); break;
    case Opcode::kLdc:
    case Opcode::kLdcW:
      // A string or class resolved already is its object, which stays
      // where it is (the collector does not move objects) and alive (the
      // resolution cache is a root of the collector's): its address is
      // the constant.
      if (const Object* constant = resolved_constant(insn.cp_index)) {
        mov(rax, reinterpret_cast<uint64_t>(constant));
        mov(slot(d), rax);
        break;
      }
      // Strings and classes not resolved yet, method handles and types,
      // dynamic constants (an int or float is a lazy push): the
      // interpreter's helper (it caches).
      mov(rdi, r13);
      mov(rsi, reinterpret_cast<uint64_t>(holder));
      mov(edx, insn.cp_index);
      lea(rcx, ptr[slot_address(d)]);
      call_out(fn(&jit_load_constant), true);
      break;
    case Opcode::kLdc2W: {
      classfile::CpTag tag = cp.tag(insn.cp_index);
      if (tag == classfile::CpTag::kLong) {
        push_long_bits(static_cast<uint64_t>(cp.long_value(insn.cp_index)));
      } else if (tag == classfile::CpTag::kDouble) {
        double v = cp.double_value(insn.cp_index);
        uint64_t bits;
        std::memcpy(&bits, &v, 8);
        push_long_bits(bits);
      } else {
        exit_to_interpreter(bci, d);
      }
      break;
    }

    // --- locals (loads are lazy pushes) ---------------------------------------------
    case Opcode::kIstore: case Opcode::kFstore: case Opcode::kAstore:
    case Opcode::kIstore0: case Opcode::kIstore1: case Opcode::kIstore2: case Opcode::kIstore3:
    case Opcode::kFstore0: case Opcode::kFstore1: case Opcode::kFstore2: case Opcode::kFstore3:
    case Opcode::kAstore0: case Opcode::kAstore1: case Opcode::kAstore2: case Opcode::kAstore3: {
      store_slot_to(local(local_index(insn)), d - 1);
      break;
    }
    case Opcode::kLstore: case Opcode::kDstore:
    case Opcode::kLstore0: case Opcode::kLstore1: case Opcode::kLstore2: case Opcode::kLstore3:
    case Opcode::kDstore0: case Opcode::kDstore1: case Opcode::kDstore2: case Opcode::kDstore3: {
      int n = local_index(insn);
      const Lazy* value = lazy_at(d - 2);
      load_slot(rax, d - 2);
      mov(local(n), rax);
      if (value == nullptr) {
        mov(rax, slot(d - 1));
        mov(local(n + 1), rax);
      } else if (value->kind == LazyKind::kLocal) {
        mov(rax, local(value->value + 1));  // a wide local's second slot
        mov(local(n + 1), rax);
      } else {
        mov(local(n + 1), 0);  // a result's second slot
      }
      break;
    }
    case Opcode::kIinc: add(local32(insn.local), insn.increment); break;

    // --- the operand stack ------------------------------------------------------
    case Opcode::kPop: case Opcode::kPop2: break;
    case Opcode::kDup: copy_slot(d, d - 1); break;
    case Opcode::kDupX1:  // v2 v1 -> v1 v2 v1
      mov(rax, slot(d - 1));
      mov(rcx, slot(d - 2));
      mov(slot(d), rax);
      mov(slot(d - 1), rcx);
      mov(slot(d - 2), rax);
      break;
    case Opcode::kDupX2:  // v3 v2 v1 -> v1 v3 v2 v1
      mov(rax, slot(d - 1));
      mov(rcx, slot(d - 2));
      mov(rdx, slot(d - 3));
      mov(slot(d), rax);
      mov(slot(d - 1), rcx);
      mov(slot(d - 2), rdx);
      mov(slot(d - 3), rax);
      break;
    case Opcode::kDup2:  // v2 v1 -> v2 v1 v2 v1
      copy_slot(d, d - 2);
      copy_slot(d + 1, d - 1);
      break;
    case Opcode::kDup2X1:  // v3 v2 v1 -> v2 v1 v3 v2 v1
      mov(rax, slot(d - 1));
      mov(rcx, slot(d - 2));
      mov(rdx, slot(d - 3));
      mov(slot(d + 1), rax);
      mov(slot(d), rcx);
      mov(slot(d - 1), rdx);
      mov(slot(d - 2), rax);
      mov(slot(d - 3), rcx);
      break;
    case Opcode::kDup2X2:  // v4 v3 v2 v1 -> v2 v1 v4 v3 v2 v1
      mov(rax, slot(d - 1));
      mov(rcx, slot(d - 2));
      mov(rdx, slot(d - 3));
      mov(rsi, slot(d - 4));
      mov(slot(d + 1), rax);
      mov(slot(d), rcx);
      mov(slot(d - 1), rdx);
      mov(slot(d - 2), rsi);
      mov(slot(d - 3), rax);
      mov(slot(d - 4), rcx);
      break;
    case Opcode::kSwap:
      mov(rax, slot(d - 1));
      mov(rcx, slot(d - 2));
      mov(slot(d - 1), rcx);
      mov(slot(d - 2), rax);
      break;

    // --- arithmetic --------------------------------------------------------------
    case Opcode::kIadd: int_binary([&](auto a, auto b) { add(a, b); }); break;
    case Opcode::kIsub: int_binary([&](auto a, auto b) { sub(a, b); }); break;
    case Opcode::kImul:
      int_binary([&](auto a, auto b) {
        if constexpr (std::is_integral_v<decltype(b)>) imul(a, a, static_cast<int>(b));
        else imul(a, b);
      });
      break;
    case Opcode::kIand: int_binary([&](auto a, auto b) { and_(a, b); }); break;
    case Opcode::kIor: int_binary([&](auto a, auto b) { or_(a, b); }); break;
    case Opcode::kIxor: int_binary([&](auto a, auto b) { xor_(a, b); }); break;
    case Opcode::kLadd: long_binary([&](auto a, auto b) { add(a, b); }); break;
    case Opcode::kLsub: long_binary([&](auto a, auto b) { sub(a, b); }); break;
    case Opcode::kLmul:
      long_binary([&](auto a, auto b) {
        if constexpr (std::is_integral_v<decltype(b)>) imul(a, a, static_cast<int>(b));
        else imul(a, b);
      });
      break;
    case Opcode::kLand: long_binary([&](auto a, auto b) { and_(a, b); }); break;
    case Opcode::kLor: long_binary([&](auto a, auto b) { or_(a, b); }); break;
    case Opcode::kLxor: long_binary([&](auto a, auto b) { xor_(a, b); }); break;
    case Opcode::kFadd: float_binary([&](auto a, auto b) { addss(a, b); }); break;
    case Opcode::kFsub: float_binary([&](auto a, auto b) { subss(a, b); }); break;
    case Opcode::kFmul: float_binary([&](auto a, auto b) { mulss(a, b); }); break;
    case Opcode::kFdiv: float_binary([&](auto a, auto b) { divss(a, b); }); break;
    case Opcode::kDadd: double_binary([&](auto a, auto b) { addsd(a, b); }); break;
    case Opcode::kDsub: double_binary([&](auto a, auto b) { subsd(a, b); }); break;
    case Opcode::kDmul: double_binary([&](auto a, auto b) { mulsd(a, b); }); break;
    case Opcode::kDdiv: double_binary([&](auto a, auto b) { divsd(a, b); }); break;
    case Opcode::kIdiv:
    case Opcode::kIrem: {
      bool rem = insn.opcode == Opcode::kIrem;
      Xbyak::Label minus_one, done;
      load_slot(ecx, d - 1);
      test(ecx, ecx);
      jz(throw_stub(fn(&throw_division_by_zero), [this] { mov(rdi, r13); }));
      load_slot(eax, d - 2);
      cmp(ecx, -1);
      je(minus_one);  // idiv would fault on MIN_VALUE / -1
      cdq();
      idiv(ecx);
      if (rem) mov(eax, edx);
      jmp(done);
      L(minus_one);
      if (rem) xor_(eax, eax);
      else neg(eax);
      L(done);
      result(rax, d - 2);
      break;
    }
    case Opcode::kLdiv:
    case Opcode::kLrem: {
      bool rem = insn.opcode == Opcode::kLrem;
      Xbyak::Label minus_one, done;
      load_slot(rcx, d - 2);
      test(rcx, rcx);
      jz(throw_stub(fn(&throw_division_by_zero), [this] { mov(rdi, r13); }));
      load_slot(rax, d - 4);
      cmp(rcx, -1);
      je(minus_one);
      cqo();
      idiv(rcx);
      if (rem) mov(rax, rdx);
      jmp(done);
      L(minus_one);
      if (rem) xor_(eax, eax);
      else neg(rax);
      L(done);
      result(rax, d - 4, true);
      break;
    }
    case Opcode::kFrem:
      movss(xmm0, slot32(d - 2));
      movss(xmm1, slot32(d - 1));
      call_helper(fn(&jit_frem));
      movd(eax, xmm0);
      mov(slot(d - 2), rax);
      break;
    case Opcode::kDrem:
      movsd(xmm0, slot(d - 4));
      movsd(xmm1, slot(d - 2));
      call_helper(fn(&jit_drem));
      movsd(slot(d - 4), xmm0);
      mov(slot(d - 3), 0);
      break;
    case Opcode::kIneg:
      if (int acc = accumulator(d - 1, false); acc >= 0) {
        neg(Xbyak::Reg32(acc));
        in_place(acc, d - 1);
        break;
      }
      load_slot(eax, d - 1);
      neg(eax);
      result(rax, d - 1);
      break;
    case Opcode::kLneg: neg(slot(d - 2)); mov(slot(d - 1), 0); break;
    case Opcode::kFneg:
      mov(eax, slot32(d - 1));
      xor_(eax, 0x80000000);
      mov(slot(d - 1), rax);
      break;
    case Opcode::kDneg:
      mov(rax, slot(d - 2));
      btc(rax, 63);
      mov(slot(d - 2), rax);
      mov(slot(d - 1), 0);
      break;
    case Opcode::kIshl: case Opcode::kIshr: case Opcode::kIushr:
    case Opcode::kLshl: case Opcode::kLshr: case Opcode::kLushr: {
      // The distance is masked to 5 (int) or 6 (long) bits, as x86's
      // shifts mask it.
      bool is_long = insn.opcode == Opcode::kLshl || insn.opcode == Opcode::kLshr || insn.opcode == Opcode::kLushr;
      int value_slot = is_long ? d - 3 : d - 2;
      const Lazy* distance = lazy_at(d - 1);
      bool constant = distance != nullptr && distance->kind == LazyKind::kConstant;
      if (!constant) load_slot(ecx, d - 1);
      int acc = accumulator(value_slot, is_long);
      Xbyak::Reg value = is_long ? static_cast<Xbyak::Reg>(rax) : static_cast<Xbyak::Reg>(eax);
      if (acc >= 0) value = is_long ? static_cast<Xbyak::Reg>(Xbyak::Reg64(acc)) : Xbyak::Reg32(acc);
      else load_slot(value, value_slot);
      auto shift = [&](auto count) {
        switch (insn.opcode) {
          case Opcode::kIshl: case Opcode::kLshl: shl(value, count); break;
          case Opcode::kIshr: case Opcode::kLshr: sar(value, count); break;
          default: shr(value, count); break;
        }
      };
      if (constant) shift(distance->value & (is_long ? 63 : 31));
      else shift(cl);
      if (acc >= 0) in_place(acc, value_slot, is_long);
      else result(rax, value_slot, is_long);
      break;
    }

    // --- conversions ----------------------------------------------------------------
    case Opcode::kI2l:
      load_slot(eax, d - 1);
      movsxd(rax, eax);
      result(rax, d - 1, true);
      break;
    case Opcode::kL2i:
      load_slot(eax, d - 2);
      result(rax, d - 2);
      break;
    case Opcode::kI2f:
      cvtsi2ss(xmm0, slot32(d - 1));
      movd(eax, xmm0);
      mov(slot(d - 1), rax);
      break;
    case Opcode::kI2d:
      cvtsi2sd(xmm0, slot32(d - 1));
      movsd(slot(d - 1), xmm0);
      mov(slot(d), 0);
      break;
    case Opcode::kL2f:
      mov(rax, slot(d - 2));
      cvtsi2ss(xmm0, rax);  // from a 64-bit register: the 64-bit form
      movd(eax, xmm0);
      mov(slot(d - 2), rax);
      break;
    case Opcode::kL2d:
      mov(rax, slot(d - 2));
      cvtsi2sd(xmm0, rax);
      movsd(slot(d - 2), xmm0);
      break;
    case Opcode::kF2d:
      cvtss2sd(xmm0, slot32(d - 1));
      movsd(slot(d - 1), xmm0);
      mov(slot(d), 0);
      break;
    case Opcode::kD2f:
      cvtsd2ss(xmm0, slot(d - 2));
      movd(eax, xmm0);
      mov(slot(d - 2), rax);
      break;
    case Opcode::kF2i:
      movss(xmm0, slot32(d - 1));
      call_helper(fn(&jit_f2i));
      mov(eax, eax);
      mov(slot(d - 1), rax);
      break;
    case Opcode::kF2l:
      movss(xmm0, slot32(d - 1));
      call_helper(fn(&jit_f2l));
      mov(slot(d - 1), rax);
      mov(slot(d), 0);
      break;
    case Opcode::kD2i:
      movsd(xmm0, slot(d - 2));
      call_helper(fn(&jit_d2i));
      mov(eax, eax);
      mov(slot(d - 2), rax);
      break;
    case Opcode::kD2l:
      movsd(xmm0, slot(d - 2));
      call_helper(fn(&jit_d2l));
      mov(slot(d - 2), rax);
      break;
    case Opcode::kI2b: load_slot(eax, d - 1); movsx(eax, al); result(rax, d - 1); break;
    case Opcode::kI2c: load_slot(eax, d - 1); movzx(eax, ax); result(rax, d - 1); break;
    case Opcode::kI2s: load_slot(eax, d - 1); movsx(eax, ax); result(rax, d - 1); break;

    // --- comparisons ------------------------------------------------------------------
    case Opcode::kLcmp: {
      load_slot(rax, d - 4);
      with_slot(rax, d - 2, [&](auto a, auto b) { cmp(a, b); });
      int free = free_result_register(d - 4);
      if (free >= 0) {
        result_ = Lazy{d - 4, LazyKind::kFlags, free};  // settle_flags or an if
      } else {
        xor_(ecx, ecx);  // three results kept below: the int, in the slot
        mov(edx, 0);
        setg(cl);
        setl(dl);
        sub(ecx, edx);
        mov(slot(d - 4), rcx);
      }
      break;
    }
    case Opcode::kFcmpl: case Opcode::kFcmpg:
    case Opcode::kDcmpl: case Opcode::kDcmpg: {
      // ucomis* sets CF for less and for unordered (a NaN), ZF for equal
      // (and unordered): with a and b compared, `a above b` minus `a below
      // b or unordered` is fcmpl's and dcmpl's -1, 0 or 1 (NaN: -1);
      // fcmpg's and dcmpg's (NaN: 1) is the same with b compared to a,
      // negated.
      bool is_double = insn.opcode == Opcode::kDcmpl || insn.opcode == Opcode::kDcmpg;
      bool nan_is_one = insn.opcode == Opcode::kFcmpg || insn.opcode == Opcode::kDcmpg;
      int a = is_double ? d - 4 : d - 2, b = is_double ? d - 2 : d - 1;
      if (is_double) {
        movsd(xmm0, slot(a));
        movsd(xmm1, slot(b));
        if (nan_is_one) ucomisd(xmm1, xmm0);
        else ucomisd(xmm0, xmm1);
      } else {
        movss(xmm0, slot32(a));
        movss(xmm1, slot32(b));
        if (nan_is_one) ucomiss(xmm1, xmm0);
        else ucomiss(xmm0, xmm1);
      }
      mov(eax, 0);  // mov leaves the flags alone
      mov(ecx, 0);
      seta(al);
      setb(cl);
      if (nan_is_one) {
        sub(ecx, eax);
        result(rcx, a);
      } else {
        sub(eax, ecx);
        result(rax, a);
      }
      break;
    }

    // --- branches -----------------------------------------------------------------------
    case Opcode::kIfeq: case Opcode::kIfne: case Opcode::kIflt:
    case Opcode::kIfge: case Opcode::kIfgt: case Opcode::kIfle:
    case Opcode::kIfIcmpeq: case Opcode::kIfIcmpne: case Opcode::kIfIcmplt:
    case Opcode::kIfIcmpge: case Opcode::kIfIcmpgt: case Opcode::kIfIcmple:
    case Opcode::kIfAcmpeq: case Opcode::kIfAcmpne:
    case Opcode::kIfnull: case Opcode::kIfnonnull: {
      flush_count(1);
      counted_ = true;
      Opcode op = insn.opcode;
      auto compare = [&](auto a, auto b) { cmp(a, b); };
      const Lazy* top = lazy_at(d - 1);
      if (op >= Opcode::kIfeq && op <= Opcode::kIfle) {
        if (top != nullptr && top->kind == LazyKind::kFlags) {
          // lcmp's compare: its flags order the longs as test orders the int
        } else if (top != nullptr && top->kind == LazyKind::kRegister) {
          test(Xbyak::Reg32(top->value), Xbyak::Reg32(top->value));
        } else if (top != nullptr) {
          load_slot(eax, d - 1);
          test(eax, eax);
        } else {
          cmp(slot32(d - 1), 0);
        }
      } else if (op >= Opcode::kIfIcmpeq && op <= Opcode::kIfIcmple) {
        load_slot(eax, d - 2);
        with_slot(eax, d - 1, compare);
      } else if (op == Opcode::kIfAcmpeq || op == Opcode::kIfAcmpne) {
        load_slot(rax, d - 2);
        with_slot(rax, d - 1, compare);
      } else if (top != nullptr && top->kind == LazyKind::kRegister) {
        test(Xbyak::Reg64(top->value), Xbyak::Reg64(top->value));
      } else if (top != nullptr) {
        load_slot(rax, d - 1);
        test(rax, rax);
      } else {
        cmp(slot(d - 1), 0);
      }
      auto jump = [&](Xbyak::Label& to, bool taken) {
        switch (op) {
          case Opcode::kIfeq: case Opcode::kIfIcmpeq: case Opcode::kIfAcmpeq: case Opcode::kIfnull:
            if (taken) je(to); else jne(to);
            break;
          case Opcode::kIfne: case Opcode::kIfIcmpne: case Opcode::kIfAcmpne: case Opcode::kIfnonnull:
            if (taken) jne(to); else je(to);
            break;
          case Opcode::kIflt: case Opcode::kIfIcmplt: if (taken) jl(to); else jge(to); break;
          case Opcode::kIfge: case Opcode::kIfIcmpge: if (taken) jge(to); else jl(to); break;
          case Opcode::kIfgt: case Opcode::kIfIcmpgt: if (taken) jg(to); else jle(to); break;
          default: if (taken) jle(to); else jg(to); break;  // ifle, if_icmple
        }
      };
      conditional(insn.target, jump);
      break;
    }
    case Opcode::kGoto: case Opcode::kGotoW:
      flush_count(1);
      counted_ = true;
      branch_to(insn.target);
      break;
    case Opcode::kTableswitch: {
      flush_count(1);
      counted_ = true;
      Xbyak::Label table, taken;
      mov(eax, slot32(d - 1));
      sub(eax, insn.low);
      cmp(eax, static_cast<uint32_t>(insn.high - insn.low));
      Xbyak::Label fall_default;
      ja(fall_default);
      lea(rcx, ptr[rip + table]);
      jmp(qword[rcx + rax * 8]);
      // Each target through its own poll when it goes backwards.
      std::vector<std::pair<Xbyak::Label*, uint32_t>> entries;
      for (uint32_t target : insn.targets) entries.emplace_back(&new_stub_label(), target);
      L(fall_default);
      branch_to(insn.target);
      for (auto& [label, target] : entries) {
        L(*label);
        branch_to(target);
      }
      align(8);
      L(table);
      for (auto& entry : entries) putL(*entry.first);
      break;
    }
    case Opcode::kLookupswitch: {
      flush_count(1);
      counted_ = true;
      mov(eax, slot32(d - 1));
      for (const bytecode::SwitchCase& c : insn.cases) {
        Xbyak::Label next;
        cmp(eax, c.match);
        jne(next);
        branch_to(c.target);
        L(next);
      }
      branch_to(insn.target);
      break;
    }

    // --- arrays -------------------------------------------------------------------------
    case Opcode::kIaload: case Opcode::kFaload:
      emit_array_load([&] { mov(eax, dword[rax + rcx * 4 + kArrayData]); result(rax, d - 2); });
      break;
    case Opcode::kAaload:
      emit_array_load([&] { mov(rax, qword[rax + rcx * 8 + kArrayData]); result(rax, d - 2); });
      break;
    case Opcode::kLaload: case Opcode::kDaload:
      emit_array_load([&] {
        mov(rax, qword[rax + rcx * 8 + kArrayData]);
        result(rax, d - 2, true);
      });
      break;
    case Opcode::kBaload:
      emit_array_load([&] { movsx(eax, byte[rax + rcx + kArrayData]); result(rax, d - 2); });
      break;
    case Opcode::kCaload:
      emit_array_load([&] { movzx(eax, word[rax + rcx * 2 + kArrayData]); result(rax, d - 2); });
      break;
    case Opcode::kSaload:
      emit_array_load([&] { movsx(eax, word[rax + rcx * 2 + kArrayData]); result(rax, d - 2); });
      break;
    case Opcode::kIastore: case Opcode::kFastore:
      emit_array_store(false, [&] { load_slot(edx, d - 1); mov(dword[rax + rcx * 4 + kArrayData], edx); });
      break;
    case Opcode::kLastore: case Opcode::kDastore:
      emit_array_store(true, [&] { load_slot(rdx, d - 2); mov(qword[rax + rcx * 8 + kArrayData], rdx); });
      break;
    case Opcode::kCastore: case Opcode::kSastore:
      emit_array_store(false, [&] { load_slot(edx, d - 1); mov(word[rax + rcx * 2 + kArrayData], dx); });
      break;
    case Opcode::kBastore:
      emit_array_store(false, [&] {
        // §6.5.bastore: a boolean array keeps only the low bit. A constant
        // 0 or 1 (true and false) is the same byte in either array.
        if (const Lazy* v = lazy_at(d - 1); v != nullptr && v->kind == LazyKind::kConstant && (v->value & ~1) == 0) {
          mov(byte[rax + rcx + kArrayData], static_cast<uint8_t>(v->value));
          return;
        }
        Xbyak::Label store;
        load_slot(edx, d - 1);
        mov(rsi, qword[rax]);  // the array's class
        cmp(byte[rsi + kKlassElementType], static_cast<uint8_t>(BasicType::kBoolean));
        jne(store);
        and_(edx, 1);
        L(store);
        mov(byte[rax + rcx + kArrayData], dl);
      });
      break;
    case Opcode::kAastore: {
      // Stored here when the store check passes at once: a null, a value
      // of the array's own element class, any value into an Object[], or
      // a value whose class has the element class among its primary
      // supers (a subclass, within their depth); anything else through
      // the helper, which checks it all again.
      Xbyak::Label slow, done;
      const Klass* object_class = find_loaded_class(vm_symbols().java_lang_Object, nullptr);
      emit_array_store(false, [&] {
        Xbyak::Label store;
        load_slot(rdx, d - 1);
        test(rdx, rdx);
        jz(store);
        mov(rsi, qword[rdx + kObjectKlass]);
        mov(rdi, qword[rax + kObjectKlass]);
        mov(rdi, qword[rdi + kKlassComponent]);
        cmp(rsi, rdi);
        je(store);
        mov(r11, reinterpret_cast<uint64_t>(object_class));
        cmp(rdi, r11);
        je(store);
        // (An interface or array element class is no class's primary
        // super: those go to the helper.)
        mov(r11d, dword[rdi + kKlassSuperDepth]);
        cmp(r11d, Klass::kPrimarySupers);
        jae(slow);
        cmp(rdi, qword[rsi + r11 * 8 + kKlassPrimarySupers]);
        jne(slow);
        L(store);
        mov(qword[rax + rcx * 8 + kArrayData], rdx);
      });
      jmp(done);
      L(slow);
      mov(rdi, r13);
      mov(rsi, slot(d - 3));
      mov(edx, slot32(d - 2));
      mov(rcx, slot(d - 1));
      call_out(fn(&jit_aastore), true);
      L(done);
      break;
    }
    case Opcode::kArraylength:
      load_slot(rax, d - 1);
      test(rax, rax);
      jz(npe_stub());
      mov(eax, dword[rax + kArrayLength]);
      result(rax, d - 1);
      break;

    // --- fields ---------------------------------------------------------------------------
    case Opcode::kGetstatic: return emit_field(insn, true, false);
    case Opcode::kPutstatic: return emit_field(insn, true, true);
    case Opcode::kGetfield: return emit_field(insn, false, false);
    case Opcode::kPutfield: return emit_field(insn, false, true);

    // --- objects ------------------------------------------------------------------------------
    case Opcode::kNew: {
      Xbyak::Label slow, done;
      bool inline_fast_path = emit_inline_new(insn, slow);
      if (inline_fast_path) {
        jmp(done);
        L(slow);
      }
      mov(rdi, r13);
      mov(rsi, reinterpret_cast<uint64_t>(holder));
      mov(edx, insn.cp_index);
      call_out(fn(&new_object), true);
      if (inline_fast_path) L(done);
      mov(slot(d), rax);
      break;
    }
    case Opcode::kNewarray: {
      static constexpr BasicType kTypes[] = {BasicType::kBoolean, BasicType::kChar, BasicType::kFloat,
                                             BasicType::kDouble,  BasicType::kByte, BasicType::kShort,
                                             BasicType::kInt,     BasicType::kLong};
      const Klass* k = insn.atype >= 4 && insn.atype <= 11 ? primitive_array_klass(kTypes[insn.atype - 4]) : nullptr;
      Xbyak::Label slow, done;
      bool inline_fast_path = emit_inline_new_array(k, slow);
      if (inline_fast_path) {
        jmp(done);
        L(slow);
      }
      mov(rdi, r13);
      mov(esi, insn.atype);
      mov(edx, slot32(d - 1));
      call_out(fn(&new_primitive_array_of), true);
      if (inline_fast_path) L(done);
      mov(slot(d - 1), rax);
      break;
    }
    case Opcode::kAnewarray: {
      // The array class of a component resolved when the method compiled,
      // once some array of it was made.
      auto* component = static_cast<Klass*>(cache_lookup(holder, insn.cp_index, CacheTag::kClass));
      const Klass* k = component != nullptr ? component->array_klass.load(std::memory_order_acquire) : nullptr;
      Xbyak::Label slow, done;
      bool inline_fast_path = emit_inline_new_array(k, slow);
      if (inline_fast_path) {
        jmp(done);
        L(slow);
      }
      mov(rdi, r13);
      mov(rsi, reinterpret_cast<uint64_t>(holder));
      mov(edx, insn.cp_index);
      mov(ecx, slot32(d - 1));
      call_out(fn(&new_reference_array), true);
      if (inline_fast_path) L(done);
      mov(slot(d - 1), rax);
      break;
    }
    case Opcode::kCheckcast:
    case Opcode::kInstanceof: {
      // null passes checkcast and is no instance; anything else through the
      // helper (resolution on first use, then the subtype test).
      // The class itself, when it was resolved before the compile, and a
      // class the site's inline cache holds pass without the call; so is
      // a class instanceof's second cache holds answered no. A class
      // resolved before the compile that is in the primary supers' display
      // (Klass::primary_supers) is answered there, yes or no, whatever the
      // object's class: only a failing cast calls, to throw.
      bool is_cast = insn.opcode == Opcode::kCheckcast;
      Xbyak::Label done, is_null, hit, no;
      auto* resolved = static_cast<Klass*>(cache_lookup(holder, insn.cp_index, CacheTag::kClass));
      bool displayed = resolved != nullptr && !resolved->is_array() && !resolved->is_interface() &&
                       resolved->super_depth < Klass::kPrimarySupers;
      Xbyak::Label* cell = displayed ? nullptr : &new_cache_cell();
      Xbyak::Label* no_cell = is_cast || displayed ? nullptr : &new_cache_cell();
      mov(rsi, slot(d - 1));
      test(rsi, rsi);
      jz(is_null);
      mov(rax, qword[rsi]);  // the class
      if (resolved != nullptr) {
        mov(rdx, reinterpret_cast<uint64_t>(resolved));
        cmp(rax, rdx);
        je(hit);
      }
      if (displayed) {
        cmp(rdx, qword[rax + kKlassPrimarySupers + 8 * static_cast<int>(resolved->super_depth)]);
        je(hit);
        if (!is_cast) jmp(no);
      } else {
        cmp(rax, qword[rip + *cell]);
        je(hit);
        cmp(rax, qword[rip + *cell + 16]);
        je(hit);
        if (no_cell != nullptr) {
          cmp(rax, qword[rip + *no_cell]);
          je(no);
          cmp(rax, qword[rip + *no_cell + 16]);
          je(no);
        }
      }
      if (is_cast || !displayed) {
        mov(rdi, r13);
        mov(rdx, reinterpret_cast<uint64_t>(holder));
        mov(ecx, insn.cp_index);
        if (cell != nullptr)
          lea(r8, ptr[rip + *cell]);
        else
          xor_(r8d, r8d);  // a displayed class: the call only throws, nothing to cache
        if (no_cell != nullptr) lea(r9, ptr[rip + *no_cell]);
        call_out(is_cast ? fn(&jit_checkcast) : fn(&jit_instanceof), false);
        test(eax, eax);
        js(exception_stub());  // -1: resolution failed or the cast did
        if (!is_cast) {
          mov(eax, eax);
          mov(slot(d - 1), rax);
        }
        jmp(done);
      }
      L(hit);
      if (!is_cast) mov(slot(d - 1), 1);
      jmp(done);
      L(is_null);
      L(no);
      if (!is_cast) mov(slot(d - 1), 0);
      L(done);
      break;
    }

    // --- calls and returns ------------------------------------------------------------------------
    case Opcode::kInvokevirtual: case Opcode::kInvokespecial: case Opcode::kInvokestatic:
    case Opcode::kInvokeinterface:
      emit_invoke(insn);
      break;
    case Opcode::kIreturn: case Opcode::kFreturn: case Opcode::kAreturn:
      emit_return(insn, 1);
      break;
    case Opcode::kLreturn: case Opcode::kDreturn:
      emit_return(insn, 2);
      break;
    case Opcode::kReturn:
      emit_return(insn, 0);
      break;

    // --- invokedynamic ---------------------------------------------------------------------------
    case Opcode::kInvokedynamic: {
      const Method* site = cached_indy_site(method_, bci);
      if (site == nullptr) {  // not linked yet
        exit_to_resolve(bci, d);
        break;
      }
      emit_linked_call(insn, site, false);
      break;
    }

    // --- left to the interpreter ----------------------------------------------------------------
    // --- monitors (the object stays on the stack while the thread may block) ------------------
    case Opcode::kMonitorenter:
    case Opcode::kMonitorexit: {
      // A thin lock taken, entered again, left or released by a
      // compare-and-swap of the mark word (emit_thin_enter, emit_thin_exit);
      // anything else through the helper.
      bool enter = insn.opcode == Opcode::kMonitorenter;
      Xbyak::Label slow, done;
      mov(rsi, slot(d - 1));
      test(rsi, rsi);
      jz(npe_stub());
      if (enter) emit_thin_enter(rsi, slow);
      else emit_thin_exit(rsi, slow);
      jmp(done);
      L(slow);
      mov(rdi, r13);
      call_out(enter ? fn(&jit_monitor_enter) : fn(&jit_monitor_exit), true);
      L(done);
      break;
    }

    case Opcode::kAthrow: case Opcode::kMultianewarray:
      exit_to_interpreter(bci, d);
      counted_ = true;  // the interpreter counts it
      break;

    default:
      *why = "no template for " + std::string(bytecode::info(insn.opcode).mnemonic);
      return false;
  }
  return true;
}

}  // namespace

bool generate_code(const Method* method, const safepoint::MethodOopMaps& maps, CodeKind kind,
                   uint8_t* memory, size_t capacity, CompiledMethod* out, std::string* why) {
  try {
    TemplateCompiler compiler(capacity, memory, method, maps, kind);
    if (!compiler.generate(out, why)) return false;
    out->code = memory;
    out->code_size = static_cast<uint32_t>(compiler.getSize());
    out->entry = reinterpret_cast<Entry>(memory);
    return true;
  } catch (const Xbyak::Error& e) {
    // ERR_CODE_IS_TOO_BIG: the caller retries with more room.
    *why = std::string("assembler: ") + e.what();
    out->code_size = e == Xbyak::ERR_CODE_IS_TOO_BIG ? 0xffffffffu : 0;
    return false;
  }
}

}  // namespace minijvm::interp::jit
