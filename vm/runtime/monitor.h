// Object monitors (JVMS §2.11.10, §6.5 monitorenter/monitorexit) and
// Object.wait/notify, plus identity hashes -- both live in the mark word
// (object.h). Blocking calls set the thread's state to kBlocked so a
// safepoint counts the thread as stopped.
#pragma once

#include <cstdint>
#include <functional>

#include "vm/runtime/heap.h"

namespace minijvm {

class JavaThread;
class Object;

// A mark word whose bit 0 is 0 holds the identity hash (bits 1..31) and a
// thin lock: the owner's JavaThread::lock_id (0: free) and its entries
// beyond the first (monitor.cpp). Compiled code takes and releases a free
// thin lock itself.
namespace thin_lock {
inline constexpr int kOwnerShift = 32;
inline constexpr uint64_t kOwnerMask = uint64_t{0xFFFFFF} << kOwnerShift;
inline constexpr int kCountShift = 56;
inline constexpr uint64_t kCountOne = uint64_t{1} << kCountShift;
inline constexpr uint64_t kCountMask = uint64_t{0x7F} << kCountShift;
}  // namespace thin_lock

void monitor_enter(JavaThread* thread, Object* o);
// false, with IllegalMonitorStateException pending, if the thread does not own it.
bool monitor_exit(JavaThread* thread, Object* o);
bool holds_lock(JavaThread* thread, Object* o);
// A thread that ends: thin locks it still holds (a JNI MonitorEnter
// never exited) are free for the next thread that inflates them.
void forget_lock_owner(JavaThread* thread);
// JNI's DetachCurrentThread (HotSpot's release_monitors_owned_by_thread):
// every inflated monitor the thread owns is released whatever its count
// (the monitors a native entered with MonitorEnter and never exited; a
// thin lock is freed by forget_lock_owner when the thread is gone).
void release_monitors_of(JavaThread* thread);
// Object.wait(millis): IllegalMonitorStateException if not owner,
// InterruptedException if interrupted (clears the flag), pending on return.
void monitor_wait(JavaThread* thread, Object* o, int64_t millis);
void monitor_notify(JavaThread* thread, Object* o, bool all);

// Thread.interrupt: sets the flag and wakes the thread if it waits in
// Object.wait (sleep and park are woken by their owners' code).
void interrupt_thread(JavaThread* thread);

// For the collector, at a safepoint: the objects of monitors in use (owned,
// entered by a blocked thread, or waited on) are roots; the monitors of
// objects found dead are freed.
void monitor_roots_do(const RootVisitor& visit);
void deflate_monitors(const std::function<bool(Object*)>& is_live);

// Object.hashCode / System.identityHashCode: stable, non-zero after first use.
int32_t identity_hash(Object* o);

}  // namespace minijvm
