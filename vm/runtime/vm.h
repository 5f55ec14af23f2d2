// The VM instance: what start-up builds and every part shares. One per
// process (the JNI invocation API allows only one JavaVM).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "vm/classpath/class_path.h"
#include "vm/classpath/jdk.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/jit_options.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/scheduler.h"

namespace minijvm {

class JavaThread;

struct VmOptions {
  // -Xmx and -Xms. The launcher always sets both, to HotSpot's ergonomic
  // defaults when they are not given (vm/launcher/options.h heap_defaults);
  // these are the sizes of the VMs the unit tests create.
  size_t max_heap = size_t{256} << 20;
  size_t initial_heap = size_t{16} << 20;
  // -Xmn: the least allocation budget between collections (heap.h).
  size_t allocation_budget = size_t{32} << 20;
  // -XX:MinHeapFreeRatio= / -XX:MaxHeapFreeRatio=: the share of the heap,
  // in percent, a collection leaves free at least (growing it) and at most
  // (shrinking it). Defaults for a collector that always collects the whole
  // heap (heap.cpp).
  int min_heap_free_ratio = 67;
  int max_heap_free_ratio = 85;
  size_t thread_stack = size_t{1} << 20;   // -Xss: bytes of Java stack per thread
  std::vector<std::pair<std::string, std::string>> properties;  // -D, in order
  std::string class_path = ".";           // java.class.path for the AppClassLoader
  std::vector<std::string> assertion_options;
  std::vector<std::string> profiles;      // -profile= arguments (profilers/hooks.h configure)
  int safepoint_stress_ms = -1;           // >= 0: safepoint/ start_safepoint_stress
  uint64_t full_gc_alot_interval = 0;     // > 0: collect at every Nth allocation
  bool disable_explicit_gc = false;       // System.gc() does not collect
  // -XX:hashCode=: how identity hash codes are made, HotSpot's modes:
  // 0 a global Park-Miller sequence, 1 the address mixed with a random
  // word, 2 the constant 1, 3 a global counter, 4 the address, anything
  // else per-thread xor-shift (the default, 5). Mode 2 makes programs
  // whose control flow hangs on identity hashes (identity-keyed hash maps)
  // run the same on both VMs: the CCT oracle's workloads (issue 13).
  int hash_code = 5;
  std::optional<sched::Options> sched;     // -Xsched=deterministic (scheduler.h)
  JitOptions jit;
};

struct WellKnownClasses {
#define WK_CLASS(id, name) Klass* id = nullptr;
#include "vm/runtime/well_known_classes.def"
#undef WK_CLASS
};

class Vm {
 public:
  VmOptions options;
  JdkInstall jdk;
  ClassPath boot_class_path;   // java.base.jmod
  Heap heap;
  GlobalHandles global_handles;
  WellKnownClasses classes;

  // All Java threads alive (for safepoints and stack walks).
  std::mutex threads_mutex;
  std::vector<JavaThread*> threads;

  // Dense method ids (Method::id) for profilers.
  uint32_t next_method_id = 0;

  // The OutOfMemoryError("Java heap space") made at start-up, so that
  // throwing it needs no allocation (a GlobalHandles slot; nullptr before).
  // It has no stack trace. As on HotSpot, the first errors thrown are others
  // made at start-up, each with a long[] to hold its stack trace, which the
  // classlib bridge's fill_preallocated_trace writes without allocating.
  // HotSpot 17 preallocates four (PreallocatedOutOfMemoryErrorCount) and,
  // as measured here, a failed allocation uses two of them: the first two
  // errors a program sees have a stack trace, the later ones none.
  Object** out_of_memory_error = nullptr;
  Object** array_size_error = nullptr;  // "Requested array size exceeds VM limit"
  static constexpr int kPreallocatedErrors = 2;
  Object** preallocated_errors[kPreallocatedErrors] = {};
  Object** preallocated_backtraces[kPreallocatedErrors] = {};
  std::atomic<int> preallocated_errors_used{0};
  void (*fill_preallocated_trace)(JavaThread* thread, Object* error, Object* backtrace) = nullptr;
};

// Frames a preallocated OutOfMemoryError's stack trace holds at most.
inline constexpr int kPreallocatedTraceDepth = 32;

// The one VM of this process.
Vm& vm();

}  // namespace minijvm
