// The mark-sweep heap (heap.h has the design).
#include "vm/runtime/heap.h"

#include <sys/mman.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "vm/log.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/mirrors.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/references.h"
#include "vm/runtime/roots.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

namespace minijvm {

namespace {

// Free memory is poisoned in sanitized builds (a read of a freed object is
// then an AddressSanitizer report naming the access) and filled with 0xAB in
// other debug builds (a stale reference then crashes early and visibly).
// The header of a free cell (its nullptr class and free-list link) stays
// readable: the sweep reads it.
void release_memory(void* start, size_t bytes) {
#if defined(__SANITIZE_ADDRESS__)
  ASAN_POISON_MEMORY_REGION(start, bytes);
#elif !defined(NDEBUG)
  std::memset(start, 0xAB, bytes);
#else
  (void)start;
  (void)bytes;
#endif
}
void reuse_memory(void* start, size_t bytes) {
#if defined(__SANITIZE_ADDRESS__)
  ASAN_UNPOISON_MEMORY_REGION(start, bytes);
#else
  (void)start;
  (void)bytes;
#endif
}

constexpr size_t kPageBytes = 4096;
constexpr size_t kBlockPages = 16;
constexpr size_t kBlockBytes = kPageBytes * kBlockPages;
// A dead large object this big or bigger gives its pages back to the system
// at once (sweep); a smaller one's stay resident, free for the next.
constexpr size_t kReleasedLargeBytes = size_t{1} << 20;

std::atomic<AllocationObserver> g_allocation_observer{nullptr};

struct SizeClasses {
  size_t cell[kSizeClassCount];
  uint8_t of_granule[kMaxSmallBytes / 16 + 1];  // (bytes + 15) / 16 -> class
  SizeClasses() {
    int n = 0;
    for (size_t b = 16; b <= 256; b += 16) cell[n++] = b;
    for (size_t base = 256; base < kMaxSmallBytes; base *= 2)
      for (size_t step = 1; step <= 4; ++step) cell[n++] = base + base / 4 * step;
    int c = 0;
    for (size_t g = 0; g <= kMaxSmallBytes / 16; ++g) {
      while (cell[c] < g * 16) ++c;
      of_granule[g] = static_cast<uint8_t>(c);
    }
  }
};
const SizeClasses& size_classes() {
  static const SizeClasses classes;
  return classes;
}
int size_class_of(size_t bytes) { return size_classes().of_granule[(bytes + 15) / 16]; }

size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The free-list link of a free cell lives in its mark word; a free cell's
// class is nullptr.
Object* next_free(Object* cell) {
  return reinterpret_cast<Object*>(cell->mark().load(std::memory_order_relaxed));
}
void set_next_free(Object* cell, Object* next) {
  cell->set_klass(nullptr);
  cell->mark().store(reinterpret_cast<uint64_t>(next), std::memory_order_relaxed);
}

}  // namespace

const char* gc_cause_name(GcCause cause) {
  switch (cause) {
    case GcCause::kAllocationFailure:
      return "Allocation Failure";
    case GcCause::kSystemGc:
      return "System.gc()";
    case GcCause::kFullGcALot:
      return "FullGCAlot";
  }
  return "unknown";
}

size_t Heap::cell_bytes_for(size_t bytes) { return size_classes().cell[size_class_of(bytes)]; }
int Heap::size_class_for(size_t bytes) { return size_class_of(bytes); }

void* map_zeroed(size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void unmap_zeroed(void* p, size_t bytes) { munmap(p, bytes); }

bool Heap::initialize(size_t initial_bytes, size_t max_bytes) {
  static_assert(kSizeClassCount == 36);
  max_bytes = std::max(round_up(max_bytes, kBlockBytes), kBlockBytes);
  // Twice the address space: the capacity bounds the bytes in objects, and
  // the objects of a non-moving heap leave holes. With room beyond them, a
  // large array still finds contiguous pages in a fragmented heap; touched
  // pages (the resident set) stay within twice -Xmx in the worst case.
  reserved_ = 2 * max_bytes;
  void* p = map_zeroed(reserved_);
  if (p == nullptr) return false;
  mark_bytes_ = round_up(reserved_ / 64, kPageBytes);
  void* bits = map_zeroed(mark_bytes_);
  if (bits == nullptr) {
    munmap(p, reserved_);
    return false;
  }
  base_ = static_cast<char*>(p);
  mark_bits_ = static_cast<uint64_t*>(bits);
  max_ = max_bytes;
  pages_ = reserved_ / kPageBytes;
  min_capacity_ = std::min(round_up(std::max<size_t>(initial_bytes, kBlockBytes), kBlockBytes), max_);
  capacity_.store(min_capacity_);
  used_.store(0);
  static_assert(kFreePage == 0);
  if (!page_kind_.reset(pages_) || !large_pages_.reset(pages_) ||
      !blocks_.reset(pages_ / kBlockPages))
    return false;  // (the destructor unmaps the rest)
  // HotSpot names its collector first ("Using Serial").
  if (log::enabled(log::Set::gc, log::Level::info))
    log::write(log::Set::gc, log::Level::info, "Using Mark Sweep");
  return true;
}

Heap::~Heap() {
  if (base_) munmap(base_, reserved_);
  if (mark_bits_) munmap(mark_bits_, mark_bytes_);
}

bool Heap::contains(const void* p) const {
  const char* c = static_cast<const char*>(p);
  return base_ != nullptr && c >= base_ && c < base_ + reserved_;
}

bool Heap::is_object(const void* p) const {
  if (!contains(p)) return false;
  size_t offset = static_cast<size_t>(static_cast<const char*>(p) - base_);
  size_t page = offset / kPageBytes;
  switch (page_kind_[page]) {
    case kLargeHead:
      return offset % kPageBytes == 0;
    case kBlockPage: {
      const Block& b = blocks_[page / kBlockPages];
      size_t in_block = offset % kBlockBytes;
      if (in_block % b.cell_bytes != 0 || in_block / b.cell_bytes >= b.cells) return false;
      return static_cast<const Object*>(p)->klass() != nullptr;
    }
    default:
      return false;
  }
}

// --- Allocation ---------------------------------------------------------------

Object* Heap::allocate(JavaThread* thread, Klass* klass, size_t bytes) {
  // A thread that counts as stopped must not allocate: a collection could
  // be running (a native that calls into the VM enters kInVm first).
  assert(thread == nullptr || thread->state.load(std::memory_order_relaxed) == ThreadState::kNew ||
         !is_safepoint_safe(thread->state.load(std::memory_order_relaxed)));
  bytes = round_up(bytes, 8);
  if (alot_interval_ != 0 && driver_ != nullptr && thread != nullptr &&
      (allocations_.fetch_add(1, std::memory_order_relaxed) + 1) % alot_interval_ == 0) {
    request_collection(thread, GcCause::kFullGcALot);
  }
  if (bytes <= kMaxSmallBytes) {
    int size_class = size_class_of(bytes);
    Object* cell = allocate_small(thread, size_class);
    if (cell == nullptr) return out_of_memory(thread);
    size_t cell_bytes = size_classes().cell[size_class];
    if (thread != nullptr) {
      AllocationCache& cache = thread->alloc_cache;
      cache.unaccounted += cell_bytes;
      if (cache.unaccounted >= kAccountBytes) account(cache);
    } else {
      used_.fetch_add(cell_bytes, std::memory_order_relaxed);
    }
    finish_allocation(thread, cell, klass, bytes);
    return cell;
  }
  Object* o = allocate_large(thread, bytes);
  if (o == nullptr) return out_of_memory(thread);
  used_.fetch_add(round_up(bytes, kPageBytes), std::memory_order_relaxed);
  finish_allocation(thread, o, klass, bytes);
  return o;
}

void Heap::finish_allocation(JavaThread* thread, Object* o, Klass* klass, size_t bytes) {
  reuse_memory(o, bytes);
  std::memset(static_cast<void*>(o), 0, bytes);
  o->set_klass(klass);
  if (AllocationObserver observer = g_allocation_observer.load(std::memory_order_relaxed))
      [[unlikely]] {
    observer(thread, o, bytes);
  }
}

Object* Heap::allocate_small(JavaThread* thread, int size_class) {
  AllocationCache* cache = thread != nullptr ? &thread->alloc_cache : nullptr;
  uint64_t epoch = epoch_.load(std::memory_order_acquire);
  if (cache != nullptr) {
    if (cache->epoch != epoch) *cache = AllocationCache{{}, epoch, 0};
    if (Object* cell = cache->free[size_class]) {
      cache->free[size_class] = next_free(cell);
      return cell;
    }
  }
  for (int attempt = 0;; ++attempt) {
    {
      std::lock_guard lock(mutex_);
      int64_t block = -1;
      if (!partial_[size_class].empty()) {
        block = partial_[size_class].back();
        partial_[size_class].pop_back();
      } else {
        block = new_block_locked(size_class, attempt == 0);
      }
      if (block >= 0) {
        Block& b = blocks_[static_cast<size_t>(block)];
        Object* cell = b.free_list;
        b.free_list = nullptr;
        if (cache != nullptr) {
          // The rest of the block's free cells become this thread's. After
          // a collection (make_room below) every other class's cells in the
          // cache are stale: they may be in other threads' caches now.
          uint64_t now = epoch_.load(std::memory_order_relaxed);
          if (cache->epoch != now) *cache = AllocationCache{{}, now, 0};
          cache->free[size_class] = next_free(cell);
        } else if (Object* rest = next_free(cell)) {
          b.free_list = rest;
          partial_[size_class].push_back(static_cast<uint32_t>(block));
        }
        return cell;
      }
    }
    if (!make_room(thread, size_classes().cell[size_class], attempt)) return nullptr;
  }
}

int64_t Heap::take_resident_block_locked() {
  while (!resident_empty_.empty()) {
    size_t page = size_t{resident_empty_.back()} * kBlockPages;
    resident_empty_.pop_back();
    // A large object may have taken some of its pages since.
    if (std::all_of(&page_kind_[page], &page_kind_[page] + kBlockPages,
                    [](uint8_t kind) { return kind == kFreePage; }))
      return static_cast<int64_t>(page);
    release_free_pages_locked(page);
  }
  return -1;
}

void Heap::release_free_pages_locked(size_t page) {
  for (size_t p = page; p < page + kBlockPages; ++p)
    if (page_kind_[p] == kFreePage) madvise(base_ + p * kPageBytes, kPageBytes, MADV_DONTNEED);
}

void Heap::release_resident_blocks_locked(size_t keep) {
  // resident_empty_ is highest address first: the lowest are kept.
  if (resident_empty_.size() <= keep) return;
  auto released = resident_empty_.begin() + static_cast<std::ptrdiff_t>(resident_empty_.size() - keep);
  for (auto it = resident_empty_.begin(); it != released; ++it) release_free_pages_locked(size_t{*it} * kBlockPages);
  resident_empty_.erase(resident_empty_.begin(), released);
}

bool Heap::over_budget(size_t bytes) const {
  if (driver_ == nullptr || collecting_) return false;
  const size_t budget = std::max(min_budget_, kAllocationBudgetFactor * live_after_gc_);
  return used_.load(std::memory_order_relaxed) + bytes > live_after_gc_ + budget;
}

int64_t Heap::new_block_locked(int size_class, bool budgeted) {
  if (used_.load(std::memory_order_relaxed) + kBlockBytes > capacity_.load(std::memory_order_relaxed))
    return -1;
  int64_t first = take_resident_block_locked();
  if (first < 0) {
    if (budgeted && over_budget(kBlockBytes)) return -1;  // collect before fresh memory
    first = find_pages_locked(kBlockPages, kBlockPages);
  }
  if (first < 0) return -1;
  size_t page = static_cast<size_t>(first);
  std::memset(&page_kind_[page], kBlockPage, kBlockPages);
  high_page_ = std::max(high_page_, page + kBlockPages);
  size_t index = page / kBlockPages;
  Block& b = blocks_[index];
  b.size_class = static_cast<uint8_t>(size_class);
  b.cell_bytes = static_cast<uint32_t>(size_classes().cell[size_class]);
  b.cells = static_cast<uint32_t>(kBlockBytes / b.cell_bytes);
  b.in_use = true;
  // Link the cells in address order.
  char* start = base_ + page * kPageBytes;
  reuse_memory(start, kBlockBytes);
  Object* next = nullptr;
  for (uint32_t i = b.cells; i-- > 0;) {
    auto* cell = reinterpret_cast<Object*>(start + size_t{i} * b.cell_bytes);
    set_next_free(cell, next);
    next = cell;
  }
  b.free_list = next;
  return static_cast<int64_t>(index);
}

int64_t Heap::find_pages_locked(size_t pages, size_t align) {
  size_t run = 0;
  for (size_t p = 0; p < pages_;) {
    if (run == 0 && p % align != 0) {
      p = round_up(p, align);
      continue;
    }
    if (page_kind_[p] == kFreePage) {
      if (++run == pages) return static_cast<int64_t>(p + 1 - pages);
      ++p;
    } else {
      run = 0;
      p += page_kind_[p] == kLargeHead ? large_pages_[p] : 1;
    }
  }
  return -1;
}

Object* Heap::allocate_large(JavaThread* thread, size_t bytes) {
  size_t pages = round_up(bytes, kPageBytes) / kPageBytes;
  for (int attempt = 0;; ++attempt) {
    {
      std::lock_guard lock(mutex_);
      if (used_.load(std::memory_order_relaxed) + pages * kPageBytes <=
          capacity_.load(std::memory_order_relaxed) && !(attempt == 0 && over_budget(pages * kPageBytes))) {
        int64_t first = find_pages_locked(pages, 1);
        if (first >= 0) {
          size_t page = static_cast<size_t>(first);
          page_kind_[page] = kLargeHead;
          if (pages > 1) std::memset(&page_kind_[page + 1], kLargeTail, pages - 1);
          large_pages_[page] = static_cast<uint32_t>(pages);
          high_page_ = std::max(high_page_, page + pages);
          return reinterpret_cast<Object*>(base_ + page * kPageBytes);
        }
      }
    }
    if (!make_room(thread, pages * kPageBytes, attempt)) return nullptr;
  }
}

bool Heap::make_room(JavaThread* thread, size_t bytes, int attempt) {
  // First a collection (when a driver can run one on this thread), then
  // growth toward -Xmx; a request that still finds no room is exhaustion.
  bool can_collect = driver_ != nullptr && thread != nullptr && !collecting_;
  if (attempt == 0 && can_collect) {
    driver_(thread, GcCause::kAllocationFailure, collections());
    return true;
  }
  std::unique_lock lock(mutex_);
  size_t capacity = capacity_.load(std::memory_order_relaxed);
  size_t needed = round_up(used_bytes() + bytes + kBlockBytes, kBlockBytes);
  if (capacity >= max_ && attempt == 1 && can_collect) {
    // The last collection before OutOfMemoryError clears soft references
    // (the guarantee SoftReference documents).
    lock.unlock();
    clear_soft_references_ = true;
    driver_(thread, GcCause::kAllocationFailure, collections());
    return true;
  }
  if (capacity >= max_ || attempt > 3) return false;
  size_t grown = std::min(max_, std::max({needed, capacity + capacity / 2, min_capacity_}));
  capacity_.store(grown, std::memory_order_relaxed);
  if (log::enabled(log::Set::gc_heap, log::Level::debug)) {
    char line[128];
    std::snprintf(line, sizeof line, "Expanded heap from %zuM to %zuM", capacity >> 20,
                  grown >> 20);
    log::write(log::Set::gc_heap, log::Level::debug, line);
  }
  return true;
}

Object* Heap::out_of_memory(JavaThread* thread) {
  // OutOfMemoryError("Java heap space"), made at start-up (bootstrap.cpp).
  Object** oom = vm().out_of_memory_error;
  if (oom == nullptr || *oom == nullptr) {
    std::fprintf(stderr, "minijvm: Java heap exhausted before start-up finished\n");
    std::fflush(nullptr);
    std::_Exit(1);
  }
  throw_out_of_memory(thread, *oom);
  return nullptr;
}

void throw_out_of_memory(JavaThread* thread, Object* error) {
  // HotSpot's Universe::gen_out_of_memory_error: the first few get a stack
  // trace in a preallocated error with the same message; later ones are the
  // shared error without one.
  Vm& v = vm();
  if (thread != nullptr && v.fill_preallocated_trace != nullptr) {
    int i = v.preallocated_errors_used.fetch_add(1);
    if (i < Vm::kPreallocatedErrors && v.preallocated_errors[i] != nullptr) {
      Object* fresh = *v.preallocated_errors[i];
      Klass* throwable = v.classes.Throwable;
      uint32_t message = throwable->find_declared_field(intern("detailMessage"),
                                                        intern("Ljava/lang/String;"))->offset;
      fresh->set_ref_field(message, error->ref_field(message));
      v.fill_preallocated_trace(thread, fresh, *v.preallocated_backtraces[i]);
      throw_object(thread, fresh);
      return;
    }
  }
  throw_object(thread, error);
}

void Heap::request_collection(JavaThread* thread, GcCause cause) {
  if (driver_ == nullptr || collecting_) return;
  driver_(thread, cause, collections());
}

// --- Marking ------------------------------------------------------------------

bool Heap::is_marked(const Object* o) const {
  size_t bit = static_cast<size_t>(reinterpret_cast<const char*>(o) - base_) / 8;
  return (mark_bits_[bit / 64] >> (bit % 64)) & 1;
}

bool Heap::mark(Object* o) {
  size_t bit = static_cast<size_t>(reinterpret_cast<char*>(o) - base_) / 8;
  uint64_t& word = mark_bits_[bit / 64];
  uint64_t mask = uint64_t{1} << (bit % 64);
  if (word & mask) return false;
  word |= mask;
  return true;
}

namespace {

// A reference that does not point at a live object is a bug in the VM (a
// C++ reference kept past a collection without a Handle): stop here, naming
// it, rather than corrupt the heap.
[[noreturn]] void bad_reference(const Object* o, const char* what) {
  std::fprintf(stderr, "minijvm: internal error: the collector found %s %p\n", what,
               static_cast<const void*>(o));
  std::abort();
}

// The same, naming the object and the field that holds the reference.
[[noreturn]] void bad_field(const Object* holder, const Object* ref) {
  const Klass* k = holder->klass();
  std::string where = k->external_name();
  for (const Klass* c = k; c != nullptr && !k->is_array(); c = c->super) {
    for (const FieldDesc& f : c->fields) {
      if (!f.is_static() && f.type.is_reference() && holder->ref_field(f.offset) == ref) {
        where += "." + f.name->str();
        c = nullptr;
        break;
      }
    }
    if (c == nullptr) break;
  }
  std::fprintf(stderr,
               "minijvm: internal error: the collector found a reference to a freed object %p "
               "in %s (an object at %p)\n",
               static_cast<const void*>(ref), where.c_str(), static_cast<const void*>(holder));
  std::abort();
}

}  // namespace

void Heap::trace(Object* o, std::vector<Grey>& stack) {
  Klass* k = o->klass();
  auto visit = [&](Object* ref) {
    if (ref == nullptr) return;
    if (!contains(ref)) return;  // objects outside the heap are never collected
    if (!mark(ref)) return;  // the bitmap first: most references are to marked objects
    stack.push_back(Grey{ref, o});
  };
  if (k->kind == Klass::Kind::kObjectArray) {
    auto* array = static_cast<ArrayObject*>(o);
    Object** elements = array->data<Object*>();
    for (int32_t i = 0, n = array->length(); i < n; ++i) visit(elements[i]);
    return;
  }
  if (k->kind == Klass::Kind::kPrimitiveArray) return;
  if (k->reference_kind != static_cast<uint8_t>(ReferenceKind::kNone) && trace_reference(o, k, visit))
    return;
  for (uint32_t offset : k->reference_offsets) visit(o->ref_field(offset));
  if (k == vm().classes.Class) {
    // A mirror holds its class's statics.
    if (Klass* of = klass_of_mirror(o))
      for (uint32_t offset : of->static_reference_offsets) visit(o->ref_field(offset));
  }
}

bool Heap::trace_reference(Object* o, Klass* k, const std::function<void(Object*)>& visit) {
  const ReferenceLayout& layout = prepare_reference_layout();
  if (!layout.ready) return false;
  ReferenceKind kind = reference_kind(k);
  // A FinalReference is active while its `next` is null (references.h).
  bool weak = kind == ReferenceKind::kWeak || kind == ReferenceKind::kPhantom ||
              (kind == ReferenceKind::kSoft && clear_soft_references_) ||
              (kind == ReferenceKind::kFinal && o->ref_field(layout.next) == nullptr);
  if (!weak) return false;  // traced as an ordinary object: the referent is strong
  for (uint32_t offset : k->reference_offsets)
    if (offset != layout.referent) visit(o->ref_field(offset));
  if (o->ref_field(layout.referent) != nullptr) discovered_.push_back(o);
  return true;
}

void Heap::collect(GcCause cause, const std::function<void(const RootVisitor&)>& roots) {
  int64_t start = now_ns();
  collecting_ = true;
  size_t used_before = used_bytes();
  size_t capacity_before = capacity_bytes();
  std::memset(mark_bits_, 0, round_up(high_page_ * kPageBytes / 64, 8));

  // The mark stack keeps its memory from one collection to the next (a
  // vector grown afresh each time freed it again every time).
  std::vector<Grey>& stack = mark_stack_;
  stack.clear();
  RootVisitor visit_root = [&](Object** slot) {
    Object* o = *slot;
    if (o == nullptr || !contains(o)) return;
    if (!is_object(o)) bad_reference(o, "a root that is not an object:");
    if (mark(o)) stack.push_back(Grey{o, nullptr});
  };
  roots(visit_root);
  // Marking waits on memory: each object traced is a cache miss. A grey
  // object taken from the stack is prefetched and traced only after the
  // next few, so that their misses overlap (Boehm's collector, and
  // HotSpot's, prefetch the same way); the order objects are marked in
  // does not matter.
  constexpr size_t kAhead = 16;
  Grey ahead[kAhead];
  auto drain = [&] {
    size_t first = 0, waiting = 0;
    while (!stack.empty() || waiting > 0) {
      while (waiting < kAhead && !stack.empty()) {
        Grey g = stack.back();
        stack.pop_back();
        __builtin_prefetch(g.object);
        ahead[(first + waiting++) % kAhead] = g;
      }
      Grey g = ahead[first];
      first = (first + 1) % kAhead;
      --waiting;
      if (g.object->klass() == nullptr) {
        if (g.from != nullptr) bad_field(g.from, g.object);
        bad_reference(g.object, "a root that is a freed cell:");
      }
      trace(g.object, stack);
    }
  };
  drain();
  auto is_live = [this](Object* o) { return !contains(o) || is_marked(o); };
  auto keep_alive = [&](Object* o) {
    if (contains(o) && mark(o)) {
      stack.push_back(Grey{o, nullptr});
      drain();
    }
  };
  process_discovered_references(discovered_, is_live, keep_alive);
  discovered_.clear();
  clear_soft_references_ = false;
  process_weak_roots(is_live);
  // Monitors of dead objects are freed with them.
  deflate_monitors(is_live);

  sweep();
  resize_after_collection();
  epoch_.fetch_add(1, std::memory_order_acq_rel);
  collecting_ = false;
  notify_pending_references();
  collections_.fetch_add(1, std::memory_order_acq_rel);

  if (log::enabled(log::Set::gc, log::Level::info)) {
    // HotSpot's one line per collection (every collection here is full).
    char line[160];
    std::snprintf(line, sizeof line, "GC(%llu) Pause Full (%s) %zuM->%zuM(%zuM) %.3fms",
                  static_cast<unsigned long long>(collections() - 1), gc_cause_name(cause),
                  used_before >> 20, used_bytes() >> 20, capacity_before >> 20,
                  static_cast<double>(now_ns() - start) / 1e6);
    log::write(log::Set::gc, log::Level::info, line);
  }
}

void Heap::sweep() {
  std::lock_guard lock(mutex_);
  for (auto& list : partial_) list.clear();
  size_t live = 0;
  for (size_t page = 0; page < high_page_;) {
    switch (page_kind_[page]) {
      case kBlockPage: {
        Block& b = blocks_[page / kBlockPages];
        char* start = base_ + page * kPageBytes;
        Object* free_list = nullptr;
        uint32_t live_cells = 0;
        for (uint32_t i = b.cells; i-- > 0;) {
          auto* cell = reinterpret_cast<Object*>(start + size_t{i} * b.cell_bytes);
          if (cell->klass() != nullptr && is_marked(cell)) {
            ++live_cells;
            continue;
          }
          if (cell->klass() != nullptr)
            release_memory(reinterpret_cast<char*>(cell) + kObjectHeaderSize, b.cell_bytes - kObjectHeaderSize);
          set_next_free(cell, free_list);
          free_list = cell;
        }
        if (live_cells == 0) {
          // An empty block goes back to the page pool; its memory stays
          // resident for the next new block, within the budget below.
          std::memset(&page_kind_[page], kFreePage, kBlockPages);
          b = Block{};
          resident_empty_.push_back(static_cast<uint32_t>(page / kBlockPages));
        } else {
          live += size_t{live_cells} * b.cell_bytes;
          b.free_list = free_list;
          if (free_list != nullptr) partial_[b.size_class].push_back(static_cast<uint32_t>(page / kBlockPages));
        }
        page += kBlockPages;
        break;
      }
      case kLargeHead: {
        size_t pages = large_pages_[page];
        if (is_marked(reinterpret_cast<Object*>(base_ + page * kPageBytes))) {
          live += pages * kPageBytes;
        } else {
          std::memset(&page_kind_[page], kFreePage, pages);
          large_pages_[page] = 0;
          // A dead array of a megabyte or more gives its memory back; a
          // smaller one's pages stay resident for the next allocation
          // there (which clears them anyway): a program churning 32 KB
          // arrays otherwise faulted them in again after every collection,
          // and a fault and the shootdown of the TLB entries that madvise
          // makes cost more than the array's own writes
          // (diff.gc.ManyThreadsAlloc: 4.9 s -> 1.5 s).
          if (pages * kPageBytes >= kReleasedLargeBytes)
            madvise(base_ + page * kPageBytes, pages * kPageBytes, MADV_DONTNEED);
          release_memory(base_ + page * kPageBytes, pages * kPageBytes);
        }
        page += pages;
        break;
      }
      default:
        ++page;
    }
  }
  // Partially free blocks are taken lowest address first.
  for (auto& list : partial_) std::reverse(list.begin(), list.end());
  used_.store(live, std::memory_order_relaxed);
  live_after_gc_ = live;
  // Empty blocks stay resident up to the capacity the live data leaves
  // free (HotSpot keeps its whole committed heap), so that the resident
  // set still follows the heap's size; a block taken by a large object
  // since is dropped when it comes up (take_resident_block_locked).
  std::sort(resident_empty_.begin(), resident_empty_.end(), std::greater<>());
  resident_empty_.erase(std::unique(resident_empty_.begin(), resident_empty_.end()), resident_empty_.end());
  size_t capacity = capacity_.load(std::memory_order_relaxed);
  release_resident_blocks_locked((capacity - std::min(capacity, live)) / kBlockBytes);
}

// After a collection the heap grows until MinHeapFreeRatio of it is free,
// and shrinks (not below -Xms) while more than MaxHeapFreeRatio is. HotSpot
// applies its defaults, 40 and 70 %, to an old generation that a young one
// shields from most garbage; here every collection marks the whole live
// set, so the free share decides how often that work is done per byte
// allocated: with two thirds free a collection frees at least twice the
// live set, against two thirds of it at 40 % (the workloads' collections
// took 18-36 % of the large runs of H2, Jython and Rhino at 40 %, against
// 10-17 % at 67; the heap a quarter to a third larger). Both are flags.
void Heap::resize_after_collection() {
  std::lock_guard lock(mutex_);
  size_t in_use = used_bytes();
  size_t capacity = capacity_.load(std::memory_order_relaxed);
  size_t wanted = capacity;
  auto holding = [&](double free_ratio) {  // the capacity `in_use` leaves `free_ratio` of free
    return free_ratio >= 1 ? max_ : round_up(static_cast<size_t>(static_cast<double>(in_use) / (1 - free_ratio)), kBlockBytes);
  };
  if (static_cast<double>(capacity - std::min(capacity, in_use)) < min_free_ratio_ * static_cast<double>(capacity))
    wanted = holding(min_free_ratio_);
  else if (static_cast<double>(capacity - in_use) > max_free_ratio_ * static_cast<double>(capacity))
    wanted = holding(max_free_ratio_);
  wanted = std::clamp(wanted, min_capacity_, max_);
  if (wanted != capacity) {
    capacity_.store(wanted, std::memory_order_relaxed);
    if (log::enabled(log::Set::gc_heap, log::Level::debug)) {
      char line[128];
      std::snprintf(line, sizeof line, "%s heap from %zuM to %zuM",
                    wanted > capacity ? "Expanded" : "Shrank", capacity >> 20, wanted >> 20);
      log::write(log::Set::gc_heap, log::Level::debug, line);
    }
  }
}

const std::atomic<AllocationObserver>* allocation_observer_word() { return &g_allocation_observer; }

void set_allocation_observer(AllocationObserver observer) {
  g_allocation_observer.store(observer, std::memory_order_release);
}

// --- Objects ------------------------------------------------------------------

Object* new_instance(JavaThread* thread, Klass* klass) {
  return vm().heap.allocate(thread, klass, klass->instance_size);
}

ArrayObject* new_array(JavaThread* thread, Klass* array_klass, int32_t length) {
  // arrayOopDesc::max_array_length on 64-bit HotSpot (two-word array header):
  // max_jint - 2 for every element type; longer is never "Java heap space".
  constexpr int32_t kMaxArrayLength = INT32_MAX - 2;
  if (length > kMaxArrayLength) {
    if (Object** error = vm().array_size_error) {
      throw_out_of_memory(thread, *error);
    } else {
      throw_new(thread, intern("java/lang/OutOfMemoryError"), "Requested array size exceeds VM limit");
    }
    return nullptr;
  }
  size_t bytes = kArrayBaseOffset + static_cast<size_t>(length) * array_klass->element_size;
  auto* a = static_cast<ArrayObject*>(vm().heap.allocate(thread, array_klass, bytes));
  if (a) a->set_length(length);
  return a;
}

ArrayObject* new_primitive_array(JavaThread* thread, BasicType type, int32_t length) {
  Klass* k = primitive_array_klass(type);
  if (k == nullptr) {
    throw_new(thread, intern("java/lang/InternalError"), "primitive array classes not created");
    return nullptr;
  }
  return new_array(thread, k, length);
}

ArrayObject* new_object_array(JavaThread* thread, Klass* element, int32_t length) {
  Klass* k = array_klass_of(thread, element);
  if (k == nullptr) return nullptr;
  return new_array(thread, k, length);
}

size_t object_size(const Object* o) {
  const Klass* k = o->klass();
  size_t bytes;
  if (k->is_array()) {
    bytes = kArrayBaseOffset +
            static_cast<size_t>(static_cast<const ArrayObject*>(o)->length()) * k->element_size;
  } else if (k == vm().classes.Class && k != nullptr) {
    Klass* of = klass_of_mirror(const_cast<Object*>(o));
    bytes = k->instance_size + (of ? of->static_size : 0);
  } else {
    bytes = k->instance_size;
  }
  return (bytes + 7) & ~size_t{7};
}

Object* clone_object(JavaThread* thread, Object* original) {
  HandleMark hm(thread->handles());
  Handle h = thread->handles().make(original);
  size_t bytes = object_size(original);
  Object* copy = vm().heap.allocate(thread, original->klass(), bytes);
  if (copy == nullptr) return nullptr;
  std::memcpy(reinterpret_cast<char*>(copy) + kObjectHeaderSize,
              reinterpret_cast<char*>(h.get()) + kObjectHeaderSize, bytes - kObjectHeaderSize);
  // JVM_Clone registers a finalizable copy, as Object.<init> does a new object.
  if (copy->klass()->has_finalizer && !register_finalizer(thread, copy)) return nullptr;
  return copy;
}

}  // namespace minijvm
