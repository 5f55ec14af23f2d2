// Interned names: one Symbol per distinct byte string, compared by pointer.
//
// A Symbol holds the modified-UTF-8 bytes exactly as they appear in a class
// file (JVMS §4.4.7), so class names are in internal form ("java/lang/Object")
// and descriptors are unparsed ("([Ljava/lang/String;)V"). Two Symbols from
// the same table are equal iff their pointers are equal.
//
// Symbols are immortal: the process-wide table (symbol_table()) is never
// destroyed, so a `const Symbol*` may be stored anywhere without ownership.
// Well-known names are interned once, up front (vm_symbols(), fed by
// vm/well_known_symbols.def), so hot paths test `name == vm_symbols().tag_code`.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace minijvm {

class Symbol {
 public:
  Symbol(const Symbol&) = delete;
  Symbol& operator=(const Symbol&) = delete;

  // The raw modified-UTF-8 bytes (not NUL-terminated in the class file, but
  // data() is followed by a NUL so it can be handed to C APIs).
  std::string_view view() const { return {data_, length_}; }
  const char* data() const { return data_; }
  uint32_t length() const { return length_; }
  bool empty() const { return length_ == 0; }
  uint32_t hash() const { return hash_; }
  // When it was created in its table: 0, 1, 2, ... HotSpot keeps a class's
  // methods sorted by the address of their name Symbol, and so orders
  // getDeclaredMethods (Jackson's bean properties, an annotation's
  // toString show it); its symbols lie in creation order, so creation order
  // is the portable stand-in for the address.
  uint32_t sequence() const { return sequence_; }
  // The byte at `i`; 0 when out of range.
  char byte_at(uint32_t i) const { return i < length_ ? data_[i] : '\0'; }

  bool equals(std::string_view bytes) const { return view() == bytes; }
  bool starts_with(std::string_view prefix) const { return view().starts_with(prefix); }

  // The bytes as a std::string (still modified UTF-8).
  std::string str() const { return std::string(view()); }
  // Standard UTF-8 for printing (vm/mutf8.h: to_utf8).
  std::string to_utf8() const;

 private:
  friend class SymbolTable;
  Symbol(const char* data, uint32_t length, uint32_t hash, uint32_t sequence)
      : data_(data), length_(length), hash_(hash), sequence_(sequence) {}

  const char* data_;
  uint32_t length_;
  uint32_t hash_;
  uint32_t sequence_;
};

// The hash a Symbol carries (32-bit FNV-1a over the bytes).
uint32_t symbol_hash(std::string_view bytes);

// A thread-safe set of Symbols. Lookups and insertions lock one of a few
// shards, so concurrent class loading rarely contends. A shard is an
// open-addressing table whose slots hold each Symbol's hash and length
// beside it, so a probe reads no Symbol but the one it finds.
class SymbolTable {
 public:
  SymbolTable() = default;
  SymbolTable(const SymbolTable&) = delete;
  SymbolTable& operator=(const SymbolTable&) = delete;

  // The unique Symbol for `bytes`, created on first use. The bytes are taken
  // as they are (callers validate modified UTF-8 first where it matters).
  // The result lives as long as the table.
  const Symbol* intern(std::string_view bytes);
  // The Symbol for `bytes` if it has been interned, else nullptr.
  const Symbol* lookup(std::string_view bytes) const;
  // Number of distinct Symbols.
  size_t size() const;

 private:
  struct Slot {
    uint32_t hash = 0;
    uint32_t length = 0;
    const Symbol* symbol = nullptr;  // nullptr: empty
  };
  // Symbols and their bytes are bump-allocated in chunks owned by the shard.
  struct Shard {
    mutable std::mutex mutex;
    std::vector<Slot> slots;  // a power of two in number, at most half used (linear probing)
    size_t count = 0;
    std::vector<std::unique_ptr<char[]>> chunks;
    size_t chunk_used = 0;
    size_t chunk_size = 0;
  };
  static constexpr size_t kShardBits = 4;
  static constexpr size_t kShards = size_t{1} << kShardBits;  // chosen by the hash's low bits
  static constexpr size_t kFirstSlots = 1024;
  static constexpr size_t kChunkSize = 64 * 1024;

  Shard& shard_of(uint32_t hash) { return shards_[hash & (kShards - 1)]; }
  const Shard& shard_of(uint32_t hash) const { return shards_[hash & (kShards - 1)]; }
  // The slot of `bytes` (of hash `hash`) in `shard`, by index: the one
  // holding its Symbol, or the empty one where it would go. The table is
  // not empty.
  static size_t find(const Shard& shard, std::string_view bytes, uint32_t hash);
  // Doubles the shard's table (or makes its first).
  static void grow(Shard& shard);
  const Symbol* create(Shard& shard, std::string_view bytes, uint32_t hash);

  std::array<Shard, kShards> shards_;
  std::atomic<uint32_t> next_sequence_{0};
};

// The process-wide table every part of the VM interns into.
SymbolTable& symbol_table();

// Shorthand for symbol_table().intern(bytes).
inline const Symbol* intern(std::string_view bytes) { return symbol_table().intern(bytes); }

// The well-known names of vm/well_known_symbols.def, interned in
// symbol_table() on first use of vm_symbols().
struct WellKnownSymbols {
#define MINIJVM_SYMBOL(id, text) const Symbol* id;
#include "vm/well_known_symbols.def"
#undef MINIJVM_SYMBOL
};
const WellKnownSymbols& vm_symbols();

}  // namespace minijvm
