// The VM-internal natives of java.base that HotSpot implements inside the VM
// (one table per Java class, classlib-bridge/natives/*_natives.cpp).
// Natives that libjava.so implements (most of them thin wrappers over the
// JVM_* functions of classlib-bridge/jvm/) are not here: they are found in
// libjava by the JNI binder, or registered by libjava's registerNatives.
#pragma once

#include <span>

#include "vm/runtime/natives.h"

namespace minijvm {

class JavaThread;

// Registers every table below with register_vm_natives (natives.h). Call
// once at start-up, before any Java code runs.
void register_classlib_natives();

// HotSpot's UnsafeConstantsFixup: after jdk.internal.misc.UnsafeConstants is
// initialized, its static finals get the VM's values (ADDRESS_SIZE0,
// PAGE_SIZE, BIG_ENDIAN, UNALIGNED_ACCESS, DATA_CACHE_LINE_FLUSH_SIZE).
// Unsafe.registerNatives (the first statement of Unsafe.<clinit>) calls it,
// so start-up need not; it is idempotent (false + pending exception on failure).
bool set_unsafe_constants(JavaThread* thread);

// The tables (one file each), for the registry and for tests.
std::span<const NativeEntry> unsafe_natives();        // jdk.internal.misc.Unsafe
std::span<const NativeEntry> object_natives();        // java.lang.Object
std::span<const NativeEntry> class_natives();         // java.lang.Class
std::span<const NativeEntry> system_natives();        // java.lang.System
std::span<const NativeEntry> thread_natives();        // java.lang.Thread
std::span<const NativeEntry> perf_natives();          // jdk.internal.perf.Perf
std::span<const NativeEntry> reference_natives();     // java.lang.ref.Reference, PhantomReference
std::span<const NativeEntry> math_natives();          // java.lang.StrictMath, Double, Float
std::span<const NativeEntry> registration_natives();  // registerNatives of VM-owned classes

}  // namespace minijvm
