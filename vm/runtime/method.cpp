// Method helpers: names for messages and profiles, line numbers.
#include "vm/runtime/method.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>

#include "vm/runtime/klass.h"

namespace minijvm {

namespace {

// The id table: blocks of 2^16 methods, made as ids reach them; the block
// pointers are atomic, the entries are written before any reader can know
// their ids (method_by_id's contract).
constexpr uint32_t kIdBlockBits = 16;
std::array<std::atomic<Method**>, (size_t{1} << (32 - kIdBlockBits))> g_id_blocks{};

}  // namespace

Method* method_by_id(uint32_t id) {
  Method** block = g_id_blocks[id >> kIdBlockBits].load(std::memory_order_acquire);
  return block == nullptr ? nullptr : block[id & ((1u << kIdBlockBits) - 1)];
}

void register_method_id(Method* method) {
  std::atomic<Method**>& slot = g_id_blocks[method->id >> kIdBlockBits];
  Method** block = slot.load(std::memory_order_relaxed);
  if (block == nullptr) {
    block = new Method*[size_t{1} << kIdBlockBits]();  // never freed: methods are never unloaded
    slot.store(block, std::memory_order_release);
  }
  block[method->id & ((1u << kIdBlockBits) - 1)] = method;
}

Method::~Method() {
  delete[] indy_sites.load();
  delete[] receiver_profile.load();
}

bool Method::is_initializer() const { return name == vm_symbols().object_initializer_name; }

bool Method::is_class_initializer() const { return name == vm_symbols().class_initializer_name; }

int Method::line_number(uint32_t bci) const {
  if (info == nullptr || !info->code) return -1;
  // JVMS §4.7.12: entries are unordered; take the entry with the greatest
  // start_pc <= bci.
  int best = -1;
  int best_pc = -1;
  for (const classfile::LineNumber& ln : info->code->line_numbers) {
    if (ln.start_pc <= bci && static_cast<int>(ln.start_pc) > best_pc) {
      best_pc = ln.start_pc;
      best = ln.line_number;
    }
  }
  return best;
}

std::vector<classfile::LineNumber> Method::line_table() const {
  if (info == nullptr || !info->code) return {};
  std::vector<classfile::LineNumber> entries = info->code->line_numbers;
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.start_pc < b.start_pc; });
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const auto& a, const auto& b) { return a.start_pc == b.start_pc; }),
                entries.end());
  return entries;
}

std::string Method::qualified_name() const {
  std::string s = holder ? holder->external_name() : std::string("?");
  s += '.';
  s += name->to_utf8();
  return s;
}

std::string Method::external_name(const Klass* klass, const Symbol* name,
                                  const Symbol* descriptor) {
  std::string s;
  auto sig = parse_method_descriptor(descriptor->view());
  if (sig.ok()) {
    s = java_type_name(sig->return_type);
  }
  s += ' ';
  s += klass ? klass->external_name() : std::string("?");
  s += '.';
  s += name->to_utf8();
  s += '(';
  if (sig.ok()) s += java_parameter_list(*sig);
  s += ')';
  return s;
}

std::string Method::external_name() const { return external_name(holder, name, descriptor); }

}  // namespace minijvm
