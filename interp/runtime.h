// The interpreter's slow paths (STYLE.md principle 4): resolution with its
// per-constant-pool-index cache, class initialization, allocation, implicit
// exceptions, exception-table search, native calls and the locks of
// synchronized methods. Out of line so the loop stays short; the JIT will call
// the same functions.
//
// Every function that can fail leaves a Java exception pending on `thread`
// and returns nullptr / false / -1. The caller has written its frame's pc and
// sp back (SYNC_FRAME in interpreter.cpp) before calling any of them.
//
// Resolution cache (the quickening choice): the code arrays are left as the
// class file has them; the first execution of an instruction resolves its
// constant-pool entry and stores the result in Klass::resolved[cp_index],
// tagged in the low 3 bits with what the instruction asked for (see
// CacheTag). Later executions take the fast path: one load, one tag compare.
// Entries that need class initialization (getstatic, putstatic,
// invokestatic) are stored only once the class is fully initialized, so the
// fast path never skips JVMS §5.5.
#pragma once

#include <atomic>
#include <cstdint>

#include "vm/runtime/klass.h"
#include "vm/runtime/object.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/thread.h"

namespace minijvm::interp {

// The tag stored with a Klass::resolved entry. A Methodref may be used by
// invokevirtual and invokespecial (super.m() and x.m() in one class), a
// Fieldref only by one kind, but the tag keeps a malformed mix from skipping
// the checks of resolve_field/resolve_method.
enum class CacheTag : uintptr_t {
  kClass = 0,        // Klass* (new, anewarray, checkcast, instanceof, ldc Class, multianewarray)
  kString = 1,       // Object*: the interned String of an ldc
  kFieldStatic = 2,  // FieldDesc*, holder initialized
  kFieldInstance = 3,
  kInvokeVirtual = 4,  // Method*: the resolved method (selection happens per call)
  kInvokeSpecial = 5,  // Method*: the method to run
  kInvokeStatic = 6,   // Method*, holder initialized
  kInvokeInterface = 7,
};

inline void* cache_lookup(const Klass* holder, uint16_t index, CacheTag tag) {
  const std::atomic<void*>* cache = holder->resolved.get();
  if (cache == nullptr) [[unlikely]]
    return nullptr;
  uintptr_t v = reinterpret_cast<uintptr_t>(cache[index].load(std::memory_order_acquire));
  return (v & 7) == static_cast<uintptr_t>(tag) && v != static_cast<uintptr_t>(tag)
             ? reinterpret_cast<void*>(v & ~uintptr_t{7})
             : nullptr;
}

// Makes sure holder->resolved exists (the class loader normally allocates it
// with the constant pool; this is the fallback).
void ensure_resolution_cache(Klass* holder);
// The collector's roots of this file: resolved constant objects and the
// first errors of failed dynamic constants (vm/runtime/roots.h provider).
void resolution_roots_do(const RootVisitor& visit);

// Slow paths of the cached resolutions. `holder` is the executing method's
// class; `index` the instruction's constant-pool operand.
Klass* resolve_class_cached(JavaThread* thread, Klass* holder, uint16_t index);
FieldDesc* resolve_field_cached(JavaThread* thread, Klass* holder, uint16_t index, bool is_static,
                                bool is_put);
Method* resolve_method_cached(JavaThread* thread, Klass* holder, uint16_t index, InvokeKind kind);

// JVMS §6.5 invokevirtual / invokeinterface selection for a non-null receiver.
Method* select_virtual_method(JavaThread* thread, Object* receiver, Method* resolved);
Method* select_interface_method(JavaThread* thread, Object* receiver, Method* resolved);

// ldc / ldc_w of a category-1 constant into *out (JVMS §6.5.ldc, §5.4.3.5),
// including method handles, method types and dynamic constants (§5.4.3.6).
bool load_constant(JavaThread* thread, Klass* holder, uint16_t index, Slot* out);
// ldc2_w of a dynamic constant of type long or double (two slots at out).
bool load_dynamic_constant2(JavaThread* thread, Klass* holder, uint16_t index, Slot* out);

// invokedynamic (JVMS §6.5): every instruction is its own call site, linked
// on its first execution through vm/runtime/method_handles.h and cached by
// bci. The fast path is one load; the slow path links (or returns the site
// whose linking failed: a kLinkedCall without target).
inline Method* cached_indy_site(const Method* method, uint32_t bci) {
  std::atomic<Method*>* sites = method->indy_sites.load(std::memory_order_acquire);
  return sites != nullptr ? sites[bci].load(std::memory_order_acquire) : nullptr;
}
Method* link_indy_site(JavaThread* thread, Method* method, uint32_t bci, uint16_t cp_index);
// JVMS §5.4.3: a call site or dynamic constant whose resolution failed fails
// again on every later attempt "with the same error": as HotSpot, a new
// exception of the first one's class and message, thrown here; HotSpot 17
// records the cause's class and message for dynamic constants only.
void throw_resolution_error_again(JavaThread* thread, Object* first_error, bool with_cause);

// The method a JSR 292 intrinsic runs (method_handles.h). `args` are the
// call's argument slots (for linkTo*, without the trailing MemberName, whose
// `member_name` is passed apart). nullptr + exception pending on failure.
Method* method_handle_target(JavaThread* thread, Method* intrinsic, const Slot* args,
                             Object* member_name);

// JVMS §6.5.new, with §5.5 initialization and InstantiationError.
Object* new_object(JavaThread* thread, Klass* holder, uint16_t index);
// newarray with its atype (T_BOOLEAN = 4 .. T_LONG = 11).
ArrayObject* new_primitive_array_of(JavaThread* thread, uint8_t atype, int32_t length);
// anewarray: an array of the class named at `index`.
ArrayObject* new_reference_array(JavaThread* thread, Klass* holder, uint16_t index, int32_t length);
// multianewarray: `counts` holds `dimensions` int slots, outermost first.
ArrayObject* new_multi_array(JavaThread* thread, Klass* holder, uint16_t index, uint8_t dimensions,
                             const Slot* counts);

// Implicit exceptions with HotSpot 17's messages.
void throw_null_pointer(JavaThread* thread);
void throw_division_by_zero(JavaThread* thread);
void throw_array_index(JavaThread* thread, int32_t index, int32_t length);
void throw_negative_array_size(JavaThread* thread, int32_t length);
void throw_array_store(JavaThread* thread, Object* value);
void throw_class_cast(JavaThread* thread, Klass* from, Klass* to);
void throw_stack_overflow(JavaThread* thread);
// Fills the stack trace of an error made without running Java code (the
// StackOverflowError above), as java_lang_Throwable::fill_in_stack_trace; the
// classlib bridge installs it. Without one the trace stays empty.
using StackTraceFiller = void (*)(JavaThread* thread, Object* throwable);
void set_stack_trace_filler(StackTraceFiller filler);
void throw_internal_error(JavaThread* thread, std::string_view message);
void throw_abstract_method(JavaThread* thread, Method* method);
void throw_illegal_monitor_state(JavaThread* thread);

// The text of HotSpot 17's ClassCastException (SharedRuntime::
// generate_class_cast_message): "class A cannot be cast to class B (A and B
// are in unnamed module of loader 'app')".
std::string class_cast_message(Klass* from, Klass* to);

// JVMS §2.10: the handler_pc of the first exception-table entry of `method`
// that covers `bci` and catches the pending exception, or -1. Catch types are
// resolved on first use; a resolution failure replaces the pending exception.
int32_t find_exception_handler(JavaThread* thread, Method* method, uint32_t bci);

// Calls a native method whose argument slots are `args` (already the
// thread's top-of-stack, where push_frame places the callee's locals): binds
// it on first call, pushes a native frame for stack walkers, locks it if
// synchronized.
void invoke_native(JavaThread* thread, Method* method, Slot* result);
// The same for a native frame already pushed with its arguments as locals;
// pops the frame.
void call_native_frame(JavaThread* thread, Frame* frame, Slot* result);

// The locks of synchronized methods (JVMS §2.11.10), kept beside the frames
// because Frame has no monitor slot yet: lock_method is called on entry,
// unlock_method on every exit, normal or abrupt. unlock_method preserves a
// pending exception unless unlocking itself fails.
void lock_method(JavaThread* thread, Frame* frame);
bool unlock_method(JavaThread* thread, Frame* frame);

}  // namespace minijvm::interp
