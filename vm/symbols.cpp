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

const Symbol* SymbolTable::intern(std::string_view bytes) {
  const uint32_t hash = symbol_hash(bytes);
  Shard& shard = shards_[hash % kShards];
  std::lock_guard<std::mutex> lock(shard.mutex);
  auto it = shard.map.find(bytes);
  if (it != shard.map.end()) return it->second;
  const Symbol* symbol = create(shard, bytes, hash);
  shard.map.emplace(symbol->view(), symbol);
  return symbol;
}

const Symbol* SymbolTable::lookup(std::string_view bytes) const {
  const Shard& shard = shards_[symbol_hash(bytes) % kShards];
  std::lock_guard<std::mutex> lock(shard.mutex);
  auto it = shard.map.find(bytes);
  return it == shard.map.end() ? nullptr : it->second;
}

size_t SymbolTable::size() const {
  size_t n = 0;
  for (const Shard& shard : shards_) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    n += shard.map.size();
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
