// What compiled code calls (jit.h): the interpreter's own slow paths
// (runtime.h) where their signature suits a call from machine code, and
// small adapters where it does not. Every one that can fail leaves the
// exception pending and says so in its result; the caller has synced its
// frame.
#pragma once

#include <atomic>
#include <cstdint>

#include "vm/runtime/klass.h"
#include "vm/runtime/object.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/value.h"

namespace minijvm::prof {
struct ThreadTree;
}

namespace minijvm::interp::jit {

// The poll of a backward branch that found the poll word armed or the
// bytecode clock due: the interpreter's POLL (interp/loop.inc), with the
// frame's not yet reported count `executed`.
void jit_poll(JavaThread* thread, uint32_t kind, uint64_t executed);

// Async code's flush of the frame's not yet reported count before a call
// out (the async loop's SYNC_FRAME): to the thread's total and the frame.
void jit_flush_count(JavaThread* thread, Frame* frame, uint64_t executed);

// A call from compiled code: pushes `callee`'s frame over the arguments on
// the caller's operand stack (whose sp is synced below them) and clears its
// other locals; nullptr when the stack is exhausted (nothing is pushed).
Frame* jit_push_frame(JavaThread* thread, Method* callee);
// The same from counting code, as the counting loop's invoke does it: the
// caller's `executed` bytecodes (its invoke included) are reported, the
// callee's entry goes to the profilers and the deterministic scheduler, and
// the callee's entry checks the bytecode clock. Nothing is reported when
// the stack is exhausted.
Frame* jit_counted_push_frame(JavaThread* thread, Method* callee, Frame* caller, uint64_t executed);
// A return in compiled code: pops `frame` (running the incremental stack
// tracing's return barrier, if any, as JavaThread::pop_frame does).
void jit_pop_frame(JavaThread* thread, Frame* frame);
// The same from counting code, as the counting loop's return does it: the
// frame's `executed` bytecodes (the return included) and its exit are
// reported first.
void jit_counted_pop_frame(JavaThread* thread, Frame* frame, uint64_t executed);
// Counting code's return of a frame of the method whose id is `method`,
// when its kReturn word does not fit where the code writes it (a full
// chunk, or a count too large): `count` bytecodes, the log's pending ones
// included, logged with the return (prof::log_return) in the thread's call
// log -- none once recording stopped (JavaThread::kNoCallLog).
void jit_log_return(JavaThread* thread, uint32_t method, uint64_t count);
// Counting code's count of the running frame (or inlined body) grown past
// its bound (compiler.cpp, kCountBound) at a backward branch or the
// code's entry: `count` bytecodes logged as a kCount word of their own
// (prof::log_pending) -- none once recording stopped. The code then counts
// from zero.
void jit_log_count(JavaThread* thread, uint64_t count);

// A call of the native method `callee` from compiled code whose frame is
// synced below the arguments (invoke_native): 1, or 0 with an exception.
// `result` holds its value.
uint64_t jit_call_native(JavaThread* thread, Method* callee, Slot* result);
// The same from counting code: the caller's `executed` bytecodes (its
// invoke included) are reported first, as the counting loop's invoke does.
uint64_t jit_counted_call_native(JavaThread* thread, Method* callee, Slot* result, Frame* caller,
                                 uint64_t executed);

// monitorenter (it may block) and monitorexit of a non-null object that
// stays on the synced operand stack: 1, or 0 with an exception
// (monitorexit's IllegalMonitorStateException).
uint64_t jit_monitor_enter(JavaThread* thread, Object* o);
uint64_t jit_monitor_exit(JavaThread* thread, Object* o);
// A synchronized method's lock, taken once its frame is pushed (it may
// block), and released at its return, as the interpreter's lock_method and
// unlock_method: 1, or 0 with an exception.
uint64_t jit_lock_method(JavaThread* thread, Frame* frame);
uint64_t jit_unlock_method(JavaThread* thread, Frame* frame);

// ldc of a constant that needs resolution: 1, or 0 with an exception.
uint64_t jit_load_constant(JavaThread* thread, Klass* holder, uint32_t index, Slot* out);
// aastore with its null, bounds and store checks: 1, or 0 with an exception.
uint64_t jit_aastore(JavaThread* thread, ArrayObject* array, int32_t index, Object* value);
// An inline cache of two ways (a bimorphic site, like a list of two
// shapes, hits too): a cell in the compiled code's data (after its stubs)
// that an invokevirtual, invokeinterface, checkcast or instanceof site
// reads before its vtable lookup or its helper (instanceof has a second
// one for its negative answers). The first two classes the lookup or the
// helper succeeds with are kept for good (a site that sees more goes on
// looking up or calling the helper for the others, as before); classes
// are never unloaded, so no way goes stale.
// Compiled code compares the receiver's class with each way's `klass` and,
// on a hit, takes its `method` (invokeinterface) or the positive answer.
struct InlineCache {
  struct Way {
    std::atomic<Klass*> klass{nullptr};
    std::atomic<Method*> method{nullptr};
  };
  Way ways[2];

  // Keeps (k, m) in a way that is still empty: the way is claimed with a
  // marker no class matches, the method written, and the class published
  // last, so a reader that matches the class finds the method.
  void fill(Klass* k, Method* m);
};
static_assert(sizeof(InlineCache) == 32, "compiled code reads way i's class at 16i, its method at 16i+8");

// invokevirtual's cache miss that the receiver class's vtable answered:
// keeps (k, m) in `cell` while a way is empty. A leaf: never throws.
void jit_fill_virtual_cache(InlineCache* cell, Klass* k, Method* m);
// invokeinterface's selection (the interpreter's, with its errors), for a
// non-null receiver whose class missed the site's cache `cell`, which
// keeps it: the method, or nullptr with an exception.
Method* jit_select_interface(JavaThread* thread, Object* receiver, Method* resolved,
                             InlineCache* cell);
// checkcast of a non-null object: 1, or -1 with an exception. A class that
// passes is kept in `cell` (nullptr at a site that keeps none).
int32_t jit_checkcast(JavaThread* thread, Object* object, Klass* holder, uint32_t index,
                      InlineCache* cell);
// instanceof of a non-null object: 0 or 1, or -1 with an exception. A
// class that is an instance is kept in `cell`, one that is not in
// `no_cell` (classes are never unloaded or redefined: an answer stays).
int32_t jit_instanceof(JavaThread* thread, Object* object, Klass* holder, uint32_t index,
                       InlineCache* cell, InlineCache* no_cell);

// Class.isInstance(object) for a non-null mirror, as the native answers:
// 0 or 1 (a primitive class's mirror has no instances). Never throws.
uint64_t jit_is_instance(Object* mirror, Object* object);
// System.arraycopy when it cannot fail: both arrays, the same primitive
// element type or reference elements that need no store check, the ranges
// within both. 1 when copied; 0, with nothing done, for the native to
// copy or throw (its exceptions keep its frame in the stack trace).
uint64_t jit_arraycopy(Object* src, int32_t src_pos, Object* dst, int32_t dst_pos, int32_t length);
// Whether jit_arraycopy would copy, without copying (an array's class and
// length never change, so the answer holds until the copy).
uint64_t jit_arraycopy_fits(Object* src, int32_t src_pos, Object* dst, int32_t dst_pos,
                            int32_t length);

// Arithmetic with Java's rules where x86 differs (java_math.h).
float jit_frem(float a, float b);
double jit_drem(double a, double b);
int32_t jit_f2i(float v);
int64_t jit_f2l(float v);
int32_t jit_d2i(double v);
int64_t jit_d2l(double v);

}  // namespace minijvm::interp::jit
