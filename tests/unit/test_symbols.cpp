#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "vm/symbols.h"

using minijvm::intern;
using minijvm::Symbol;
using minijvm::symbol_hash;
using minijvm::symbol_table;
using minijvm::SymbolTable;
using minijvm::vm_symbols;

TEST_SUITE("symbols") {
  TEST_CASE("interning returns one Symbol per byte string") {
    SymbolTable table;
    const Symbol* a = table.intern("java/lang/Object");
    const Symbol* b = table.intern(std::string("java/lang/") + "Object");
    const Symbol* c = table.intern("java/lang/Objects");
    CHECK(a == b);
    CHECK(a != c);
    CHECK(a->view() == "java/lang/Object");
    CHECK(a->length() == 16u);
    CHECK(a->hash() == symbol_hash("java/lang/Object"));
    CHECK(a->data()[a->length()] == '\0');
    CHECK(a->equals("java/lang/Object"));
    CHECK(a->starts_with("java/"));
    CHECK(a->byte_at(0) == 'j');
    CHECK(a->byte_at(100) == '\0');
    CHECK(table.lookup("java/lang/Object") == a);
    CHECK(table.lookup("never/interned") == nullptr);
    CHECK(table.size() == 2u);
  }

  TEST_CASE("empty, embedded-NUL and very long strings") {
    SymbolTable table;
    const Symbol* empty = table.intern("");
    CHECK(empty->empty());
    CHECK(table.intern(std::string_view()) == empty);
    const std::string with_nul("a\0b", 3);
    const Symbol* n = table.intern(with_nul);
    CHECK(n->length() == 3u);
    CHECK(n != table.intern("a"));
    const std::string big(200000, 'x');  // larger than a chunk
    const Symbol* s = table.intern(big);
    CHECK(s->view() == big);
    CHECK(table.intern(big) == s);
  }

  TEST_CASE("modified UTF-8 is printed as UTF-8") {
    SymbolTable table;
    // U+00E9, then U+1F600 as a surrogate pair of 3-byte sequences, then U+0000.
    const Symbol* s = table.intern("\xC3\xA9\xED\xA0\xBD\xED\xB8\x80\xC0\x80");
    CHECK(s->to_utf8() == std::string("\xC3\xA9\xF0\x9F\x98\x80\0", 7));
  }

  TEST_CASE("concurrent interning agrees on every Symbol") {
    SymbolTable table;
    constexpr int kThreads = 8;
    constexpr int kNames = 2000;
    std::vector<std::vector<const Symbol*>> seen(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < kNames; ++i) {
          const int k = (i * 7 + t * 13) % kNames;  // each thread in its own order
          seen[t].push_back(table.intern("name" + std::to_string(k)));
        }
      });
    }
    for (auto& th : threads) th.join();
    CHECK(table.size() == static_cast<size_t>(kNames));
    for (int t = 0; t < kThreads; ++t) {
      for (int i = 0; i < kNames; ++i) {
        const int k = (i * 7 + t * 13) % kNames;
        REQUIRE(seen[t][i] == table.lookup("name" + std::to_string(k)));
      }
    }
  }

  TEST_CASE("well-known symbols live in the process-wide table") {
    const auto& vm = vm_symbols();
    CHECK(vm.java_lang_Object == intern("java/lang/Object"));
    CHECK(vm.object_initializer_name == intern("<init>"));
    CHECK(vm.class_initializer_name == intern("<clinit>"));
    CHECK(vm.tag_code == intern("Code"));
    CHECK(vm.tag_line_number_table == intern("LineNumberTable"));
    CHECK(vm.tag_permitted_subclasses == intern("PermittedSubclasses"));
    CHECK(vm.void_method_signature->view() == "()V");
    CHECK(&vm_symbols() == &vm);
    CHECK(symbol_table().lookup("StackMapTable") == vm.tag_stack_map_table);
  }
}
