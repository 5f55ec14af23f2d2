// The Java heap: a non-moving mark-sweep collector over size-class blocks
// (DESIGN.md "Object model and heap").
//
// Layout. One reservation of twice -Xmx bytes is cut into 4 KiB pages. Objects of
// up to kMaxSmallBytes live in 64 KiB blocks of equal cells, one size class
// per block; larger objects take a run of whole pages. Each thread takes the
// free cells of one block at a time for a size class and allocates from
// them without a lock. The heap's capacity (Runtime.totalMemory) bounds the
// bytes of the cells handed out; it starts at -Xms and grows, only after a
// collection, toward -Xmx.
//
// Collection. When a block or a page run would go past the capacity, or a
// block of fresh memory past the allocation budget (kMinAllocationBudget
// below), the allocating thread asks the collector driver (safepoint/collector.h) for a
// collection: the driver stops every thread at a global safepoint and calls
// Heap::collect with a function that enumerates every root. Marking is a
// side bitmap (one bit per 8 bytes) and an explicit stack; sweeping rebuilds
// the free lists and frees empty blocks and dead large objects. Objects never
// move, so an Object* stays valid while the object is reachable -- but a
// reference held only in a C++ local is not reachable: C++ code keeps every
// reference it needs across a call that may allocate in a Handle.
//
// Allocation never throws a C++ exception: on exhaustion (after a
// collection) it returns nullptr after making OutOfMemoryError("Java heap
// space") pending.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <type_traits>
#include <vector>

#include "vm/descriptor.h"
#include "vm/runtime/object.h"

namespace minijvm {

class JavaThread;
class Klass;

void* map_zeroed(size_t bytes);  // anonymous memory, or nullptr
void unmap_zeroed(void* p, size_t bytes);

// An array of `n` Ts, all zero bytes, that costs nothing until it is used:
// anonymous memory the kernel zeroes a page at a time on first touch. The
// heap's per-page tables span its whole reservation (twice -Xmx, gigabytes
// under HotSpot's default -Xmx) while a run touches the entries of the
// pages it uses; a std::vector would write every entry at start-up.
template <typename T>
class ZeroedArray {
  static_assert(std::is_trivially_destructible_v<T>, "its memory is unmapped, not destroyed");

 public:
  ZeroedArray() = default;
  ~ZeroedArray() { release(); }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;

  // `n` entries of zero bytes, the old ones dropped; false when the
  // address space cannot be had.
  bool reset(size_t n) {
    release();
    if (n == 0) return true;
    void* p = map_zeroed(n * sizeof(T));  // (heap.cpp)
    if (p == nullptr) return false;
    data_ = static_cast<T*>(p);
    size_ = n;
    return true;
  }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  size_t size() const { return size_; }

 private:
  void release() {
    if (data_ != nullptr) unmap_zeroed(data_, size_ * sizeof(T));
    data_ = nullptr;
    size_ = 0;
  }
  T* data_ = nullptr;
  size_t size_ = 0;
};

// Cells of 16..256 bytes in steps of 16, then four classes per power of two
// up to 8 KiB.
inline constexpr int kSizeClassCount = 36;
inline constexpr size_t kMaxSmallBytes = 8192;

// Why a collection runs (HotSpot's GCCause names, as -Xlog:gc prints them).
enum class GcCause : uint8_t { kAllocationFailure, kSystemGc, kFullGcALot };
const char* gc_cause_name(GcCause cause);

// Visits one root: a slot holding a reference or null. The collector marks
// what it points to (and may read the slot only).
using RootVisitor = std::function<void(Object** slot)>;

// A thread's free cells, per size class (JavaThread::alloc_cache). Valid
// only for the collection epoch it was filled in.
struct AllocationCache {
  Object* free[kSizeClassCount] = {};
  uint64_t epoch = 0;
  // Bytes of cells this thread took since it last added them to the heap's
  // count: added a batch at a time (Heap::account), not one atomic add per
  // allocation on a counter every thread shares.
  size_t unaccounted = 0;
};

class Heap {
 public:
  // Reserves `max_bytes` of address space; the capacity starts at
  // `initial_bytes` (clamped to the maximum).
  bool initialize(size_t initial_bytes, size_t max_bytes);
  // The share of the capacity, in percent, a collection leaves free at
  // least (else the heap grows) and at most (else it shrinks):
  // -XX:MinHeapFreeRatio= and -XX:MaxHeapFreeRatio=, min <= max.
  void set_free_ratios(int min_percent, int max_percent) {
    min_free_ratio_ = min_percent / 100.0;
    max_free_ratio_ = max_percent / 100.0;
  }
  // The allocation budget's least size (kMinAllocationBudget; -Xmn).
  void set_min_allocation_budget(size_t bytes) { min_budget_ = bytes; }
  ~Heap();

  // Zeroed memory for an object of `bytes`, with its header set; may
  // collect first. nullptr + pending OutOfMemoryError on exhaustion.
  Object* allocate(JavaThread* thread, Klass* klass, size_t bytes);

  size_t max_bytes() const { return max_; }
  // The current heap size: Runtime.totalMemory.
  size_t capacity_bytes() const { return capacity_.load(std::memory_order_relaxed); }
  // Bytes in cells handed out since the last collection plus what it left
  // live: capacity - used is Runtime.freeMemory. Each thread adds its
  // allocations in batches of up to kAccountBytes, so between collections
  // this lags by at most that much per thread; the collector adds every
  // thread's rest first (account), and counts the live cells again.
  size_t used_bytes() const { return used_.load(std::memory_order_relaxed); }
  static constexpr size_t kAccountBytes = 64 * 1024;
  // The allocation budget: once the allocations since the last collection
  // reach the larger of these two (32 MB, or -Xmn, and 16 times what that
  // collection left live), a collection comes before a block of fresh memory is taken
  // (memory a collection emptied is used first, with no collection), even
  // where the capacity has room. It does what a young generation does for
  // HotSpot: a program whose live data is small reuses a few tens of
  // megabytes, warm in the caches, rather than faulting in the whole
  // initial heap (a quarter of a 24 GiB machine's memory is a 384 MB
  // start), which took half of BenchThreads' run here; a large live set
  // makes it larger than the capacity, which then decides alone.
  static constexpr size_t kMinAllocationBudget = size_t{32} << 20;
  static constexpr size_t kAllocationBudgetFactor = 16;
  // Adds what `cache` allocated and has not counted yet (its thread, or the
  // collector at a global safepoint).
  void account(AllocationCache& cache) {
    used_.fetch_add(cache.unaccounted, std::memory_order_relaxed);
    cache.unaccounted = 0;
  }
  bool contains(const void* p) const;
  // True if `p` is the start of an allocated (not free) object.
  bool is_object(const void* p) const;

  // --- Collection -----------------------------------------------------------
  // The driver brings every thread to a global safepoint and calls collect()
  // there (safepoint/collector.cpp installs it at start-up). `seen` is
  // collections() as the requester read it: a driver skips an allocation-
  // failure collection when another thread collected meanwhile.
  using Driver = void (*)(JavaThread* requester, GcCause cause, uint64_t seen);
  void set_driver(Driver driver) { driver_ = driver; }
  // Collects now through the driver (System.gc, tests). Call with no VM lock
  // held and no raw reference in C++ locals.
  void request_collection(JavaThread* thread, GcCause cause);
  // At a global safepoint: marks from what `roots` visits, sweeps, resizes,
  // logs. Only the driver calls it.
  void collect(GcCause cause, const std::function<void(const RootVisitor&)>& roots);
  uint64_t collections() const { return collections_.load(std::memory_order_acquire); }

  // -XX:+FullGCALot: a collection every `allocations` allocations (0: off).
  void set_full_gc_alot_interval(uint64_t allocations) { alot_interval_ = allocations; }

  // For tests: the cell size of the size class for `bytes` (<= kMaxSmallBytes).
  static size_t cell_bytes_for(size_t bytes);

  // What compiled code reads to repeat allocate()'s common case inline
  // (interp/jit): a cell of `bytes`'s size class from the thread's cache of
  // the current epoch, within its accounting batch, while no allocation
  // observer is set; anything else calls allocate(). Never under
  // -XX:+FullGCALot, which counts every allocation.
  static int size_class_for(size_t bytes);
  const std::atomic<uint64_t>* epoch_word() const { return &epoch_; }
  bool full_gc_alot() const { return alot_interval_ != 0; }

 private:
  struct Block {  // (all zero bytes: an unused position, as blocks_ starts)
    uint8_t size_class = 0;
    uint32_t cell_bytes = 0;
    uint32_t cells = 0;
    Object* free_list = nullptr;  // cells not handed to a thread
    bool in_use = false;
  };
  enum PageKind : uint8_t { kFreePage, kBlockPage, kLargeHead, kLargeTail };

  Object* allocate_small(JavaThread* thread, int size_class);
  Object* allocate_large(JavaThread* thread, size_t bytes);
  // Under mutex_: a new block of the size class, or nullptr past the
  // capacity, or (`budgeted`) where it would be fresh memory past the
  // allocation budget.
  int64_t new_block_locked(int size_class, bool budgeted);
  // Whether `bytes` more would take the allocations since the last
  // collection past the allocation budget.
  bool over_budget(size_t bytes) const;
  // Under mutex_: a block position from resident_empty_ whose pages are all
  // still free, lowest address first, or -1.
  int64_t take_resident_block_locked();
  // Under mutex_: gives the memory of the resident empty blocks past the
  // first `keep` back to the system.
  void release_resident_blocks_locked(size_t keep);
  // Under mutex_: gives the memory of the block position at `page` back to
  // the system, but for pages something took since it was emptied.
  void release_free_pages_locked(size_t page);
  // Under mutex_: the first page of a free run of `pages` pages (aligned to
  // `align` pages) within the capacity, or -1.
  int64_t find_pages_locked(size_t pages, size_t align);
  // After an allocation found no room: collect (first attempt) or grow the
  // capacity; false when the heap is at -Xmx and full.
  bool make_room(JavaThread* thread, size_t bytes, int attempt);
  Object* out_of_memory(JavaThread* thread);
  void finish_allocation(JavaThread* thread, Object* o, Klass* klass, size_t bytes);

  bool is_marked(const Object* o) const;
  bool mark(Object* o);  // true if it was not marked yet
  // An object marked and not yet traced, and the one whose field held it
  // (nullptr for a root), named if it turns out to be a freed cell.
  struct Grey {
    Object* object;
    Object* from;
  };
  void trace(Object* o, std::vector<Grey>& stack);
  std::vector<Grey> mark_stack_;  // collect's, kept between collections
  // A java.lang.ref.Reference's fields but its referent (references.h).
  bool trace_reference(Object* o, Klass* k, const std::function<void(Object*)>& visit);
  void sweep();
  void resize_after_collection();

  char* base_ = nullptr;
  size_t max_ = 0;       // -Xmx: the bound of the capacity
  size_t reserved_ = 0;  // address space: twice max_ (heap.cpp initialize)
  size_t min_capacity_ = 0;
  double min_free_ratio_ = 0.67;
  double max_free_ratio_ = 0.85;
  size_t pages_ = 0;
  std::atomic<size_t> capacity_{0};
  std::atomic<size_t> used_{0};
  size_t live_after_gc_ = 0;  // used_ as the last collection left it
  size_t min_budget_ = kMinAllocationBudget;
  uint64_t* mark_bits_ = nullptr;
  size_t mark_bytes_ = 0;

  std::mutex mutex_;  // the page map, blocks, partial lists, capacity changes
  // Per page and per block position of the reservation, all zero at first
  // (kFreePage, no run, an unused Block).
  ZeroedArray<uint8_t> page_kind_;
  ZeroedArray<uint32_t> large_pages_;  // at a kLargeHead page: the run's length
  ZeroedArray<Block> blocks_;          // one per 16-page-aligned block position
  std::vector<uint32_t> partial_[kSizeClassCount];  // blocks with a free_list
  // Blocks a collection found empty whose pages are free but still resident,
  // highest address first: a new block is one of these before it is fresh
  // memory, which the system would zero page by page on first touch (the
  // cells are zeroed as they are handed out anyway). Up to the capacity
  // left free by the live data; the rest is given back (sweep).
  std::vector<uint32_t> resident_empty_;
  size_t high_page_ = 0;  // one past the highest page ever used
  std::atomic<uint64_t> epoch_{1};

  Driver driver_ = nullptr;
  std::atomic<uint64_t> collections_{0};
  bool collecting_ = false;
  uint64_t alot_interval_ = 0;
  std::atomic<uint64_t> allocations_{0};
  std::vector<Object*> discovered_;  // references met while marking
  bool clear_soft_references_ = false;  // this collection clears soft references
};

// Told of every object the heap hands out, after its header is set, on the
// allocating thread (the profilers' allocation event). One relaxed load per
// allocation when none is set. Set before threads start allocating for the
// profilers, cleared never.
using AllocationObserver = void (*)(JavaThread* thread, Object* object, size_t bytes);
void set_allocation_observer(AllocationObserver observer);
// The observer's word, for compiled code's inline allocation (Heap::epoch_word).
const std::atomic<AllocationObserver>* allocation_observer_word();

// Throws `error` (a shared OutOfMemoryError made at start-up), or, for the
// first few, a preallocated one with its message and a stack trace (vm.h).
void throw_out_of_memory(JavaThread* thread, Object* error);

// Instances and arrays, with the header filled in. A reference array's
// class is the array class of `element`; primitive arrays use the VM's
// primitive array classes (vm.h). Negative lengths are the caller's check.
Object* new_instance(JavaThread* thread, Klass* klass);
ArrayObject* new_array(JavaThread* thread, Klass* array_klass, int32_t length);
ArrayObject* new_primitive_array(JavaThread* thread, BasicType type, int32_t length);
ArrayObject* new_object_array(JavaThread* thread, Klass* element, int32_t length);
// A shallow copy (Object.clone).
Object* clone_object(JavaThread* thread, Object* original);
// Bytes an object of this class (or this array) occupies.
size_t object_size(const Object* o);

}  // namespace minijvm
