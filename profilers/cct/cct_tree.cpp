// The arena's memory (cct_tree.h): 2 MiB regions, 2 MiB-aligned, each
// holding two chunks. Under -XX:+UseTransparentHugePages all but a tree's
// first are advised for transparent huge pages (MADV_HUGEPAGE). The first
// stays in small pages: every thread has a tree per exact profiler, and
// most trees are small (a huge page would make each cost 2 MiB at its
// first node). A tree's later chunks are populated whole when they are
// taken (MADV_POPULATE_WRITE): one call maps the pages their nodes will
// fill instead of a page fault per 85 new contexts.
#include "profilers/cct/cct_tree.h"

#include <sys/mman.h>

#include <atomic>
#include <cstdint>

namespace minijvm::prof {

namespace {

constexpr size_t kRegion = size_t{2} << 20;
std::atomic<bool> g_huge_pages{false};

// A kRegion-aligned region of kRegion bytes, or nullptr: twice the size is
// mapped and the ends beyond the aligned middle are given back.
void* map_region(bool huge) {
  void* raw = mmap(nullptr, 2 * kRegion, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  auto start = reinterpret_cast<uintptr_t>(raw);
  uintptr_t aligned = (start + kRegion - 1) & ~(kRegion - 1);
  if (aligned > start) munmap(raw, aligned - start);
  uintptr_t end = start + 2 * kRegion;
  if (end > aligned + kRegion) munmap(reinterpret_cast<void*>(aligned + kRegion), end - aligned - kRegion);
#ifdef MADV_HUGEPAGE
  if (huge) madvise(reinterpret_cast<void*>(aligned), kRegion, MADV_HUGEPAGE);  // advice: a failure changes nothing
#else
  (void)huge;
#endif
  return reinterpret_cast<void*>(aligned);
}

}  // namespace

static_assert(kRegion == 2 * (size_t{1} << 20), "a region holds two chunks");

void NodeArena::use_huge_pages(bool on) { g_huge_pages.store(on, std::memory_order_relaxed); }

Node* NodeArena::new_chunk() {
  if (spare_ != nullptr) {
    Node* chunk = spare_;
    spare_ = nullptr;
    return chunk;
  }
  void* region = map_region(!regions_.empty() && g_huge_pages.load(std::memory_order_relaxed));
  if (region == nullptr) throw std::bad_alloc();
  regions_.push_back(region);
  spare_ = reinterpret_cast<Node*>(static_cast<char*>(region) + kAlignment);
  return static_cast<Node*>(region);
}

bool NodeArena::populate(Node* chunk) {
#ifdef MADV_POPULATE_WRITE
  // Advice too: a kernel before 5.14 says EINVAL, and the pages then
  // fault in one by one as before.
  return madvise(chunk, kPopulated, MADV_POPULATE_WRITE) == 0;
#else
  (void)chunk;
  return false;
#endif
}

NodeArena::~NodeArena() {
  for (void* region : regions_) munmap(region, kRegion);
}

}  // namespace minijvm::prof
