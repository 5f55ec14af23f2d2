#include "vm/symbols.h"

#include <algorithm>
#include <cstring>
#include <new>

#include "vm/mutf8.h"

namespace minijvm {

std::string Symbol::to_utf8() const { return mutf8::to_utf8(view()); }

uint32_t symbol_hash(std::string_view bytes) {
  uint32_t h = 2166136261u;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

// Lays out [Symbol][bytes][NUL] in the shard's current chunk, starting a new
// chunk (or a dedicated one for a long string) when it does not fit. Called
// with the shard's mutex held.
const Symbol* SymbolTable::create(Shard& shard, std::string_view bytes, uint32_t hash) {
  constexpr size_t kAlign = alignof(Symbol);
  const size_t need = sizeof(Symbol) + bytes.size() + 1;
  size_t offset = (shard.chunk_used + kAlign - 1) & ~(kAlign - 1);
  if (shard.chunks.empty() || offset + need > shard.chunk_size) {
    const size_t size = std::max(kChunkSize, need);
    shard.chunks.push_back(std::make_unique<char[]>(size));
    shard.chunk_size = size;
    offset = 0;
  }
  char* base = shard.chunks.back().get() + offset;
  char* text = base + sizeof(Symbol);
  if (!bytes.empty()) std::memcpy(text, bytes.data(), bytes.size());
  text[bytes.size()] = '\0';
  shard.chunk_used = offset + need;
  return new (base) Symbol(text, static_cast<uint32_t>(bytes.size()), hash,
                          next_sequence_.fetch_add(1, std::memory_order_relaxed));
}

size_t SymbolTable::find(const Shard& shard, std::string_view bytes, uint32_t hash) {
  const size_t mask = shard.slots.size() - 1;
  for (size_t i = (hash >> kShardBits) & mask;; i = (i + 1) & mask) {
    const Slot& slot = shard.slots[i];
    if (slot.symbol == nullptr) return i;
    // (An empty view's data may be null, which memcmp must not be given.)
    if (slot.hash == hash && slot.length == bytes.size() &&
        (bytes.empty() || std::memcmp(slot.symbol->data(), bytes.data(), bytes.size()) == 0))
      return i;
  }
}

void SymbolTable::grow(Shard& shard) {
  std::vector<Slot> old = std::move(shard.slots);
  shard.slots.assign(old.empty() ? kFirstSlots : 2 * old.size(), Slot{});
  const size_t mask = shard.slots.size() - 1;
  for (const Slot& slot : old) {
    if (slot.symbol == nullptr) continue;
    size_t i = (slot.hash >> kShardBits) & mask;
    while (shard.slots[i].symbol != nullptr) i = (i + 1) & mask;
    shard.slots[i] = slot;
  }
}

const Symbol* SymbolTable::intern(std::string_view bytes) {
  const uint32_t hash = symbol_hash(bytes);
  Shard& shard = shard_of(hash);
  std::lock_guard<std::mutex> lock(shard.mutex);
  if (2 * (shard.count + 1) > shard.slots.size()) grow(shard);
  Slot& slot = shard.slots[find(shard, bytes, hash)];
  if (slot.symbol != nullptr) return slot.symbol;
  const Symbol* symbol = create(shard, bytes, hash);
  slot = Slot{hash, symbol->length(), symbol};
  ++shard.count;
  return symbol;
}

const Symbol* SymbolTable::lookup(std::string_view bytes) const {
  const uint32_t hash = symbol_hash(bytes);
  const Shard& shard = shard_of(hash);
  std::lock_guard<std::mutex> lock(shard.mutex);
  if (shard.slots.empty()) return nullptr;
  return shard.slots[find(shard, bytes, hash)].symbol;
}

size_t SymbolTable::size() const {
  size_t n = 0;
  for (const Shard& shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    n += shard.count;
  }
  return n;
}

SymbolTable& symbol_table() {
  // Never destroyed: Symbols must outlive every static that points at one.
  static SymbolTable* table = new SymbolTable();
  return *table;
}

const WellKnownSymbols& vm_symbols() {
  static const WellKnownSymbols symbols = [] {
    WellKnownSymbols s;
    SymbolTable& table = symbol_table();
#define MINIJVM_SYMBOL(id, text) s.id = table.intern(text);
#include "vm/well_known_symbols.def"
#undef MINIJVM_SYMBOL
    return s;
  }();
  return symbols;
}

}  // namespace minijvm
