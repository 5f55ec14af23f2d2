// Helpful NullPointerException messages, as HotSpot 17 words them.
//
// The failed action comes from the bytecode at the faulting bci; the
// "because ..." part describes the instruction that pushed the null value,
// found by a data-flow pass over the method that records, for every operand
// stack slot, the bci of the instruction that pushed it (HotSpot's
// ExceptionMessageBuilder). Slots whose origin differs between paths are
// conflicts: then, as in HotSpot, the "because" part is left out.
// Descriptions nest at most five levels ("n.n.n.n.n").
#include "classlib-bridge/jvm/npe_message.h"

#include <deque>
#include <span>
#include <vector>

#include "vm/bytecode/bytecodes.h"
#include "vm/bytecode/decoder.h"
#include "vm/descriptor.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/method.h"

namespace minijvm {
namespace {

using bytecode::Instruction;
using bytecode::Opcode;
using classfile::CpTag;

constexpr int32_t kUnknown = -1;   // e.g. the exception at a handler's entry
constexpr int32_t kConflict = -2;  // different origins on different paths
constexpr int kMaxDetail = 5;

using Stack = std::vector<int32_t>;

int slots_of(const Symbol* field_descriptor) {
  char c = field_descriptor->byte_at(0);
  return c == 'J' || c == 'D' ? 2 : 1;
}

// "java.lang.Object" and "java.lang.String" are printed short.
std::string class_spelling(std::string_view internal_name) {
  std::string name = java_class_name(internal_name);
  if (name == "java.lang.Object") return "Object";
  if (name == "java.lang.String") return "String";
  return name;
}

std::string type_spelling(const FieldType& t) {
  std::string base = t.class_name ? class_spelling(t.class_name->view())
                                  : std::string(java_name(t.is_array() ? t.element_type : t.type));
  for (int i = 0; i < t.dimensions; ++i) base += "[]";
  return base;
}

class Analyzer {
 public:
  explicit Analyzer(const Method* m)
      : m_(m),
        code_(m->code, m->code_length),
        cp_(m->holder->class_file->constant_pool),
        in_(m->code_length) {}

  bool run();
  const std::optional<Stack>& stack_at(uint32_t pc) const { return in_[pc]; }
  bool describe(int32_t source, int max_detail, bool inner, std::string* out) const;
  std::string method_spelling(uint16_t cp_index) const;
  const classfile::ConstantPool& cp() const { return cp_; }

 private:
  void merge(uint32_t pc, const Stack& s);
  bool transfer(const Instruction& insn, Stack& s) const;
  std::string local_name(uint16_t slot, uint32_t bci) const;

  const Method* m_;
  std::span<const uint8_t> code_;
  const classfile::ConstantPool& cp_;
  std::vector<std::optional<Stack>> in_;
  std::deque<uint32_t> work_;
};

void Analyzer::merge(uint32_t pc, const Stack& s) {
  if (pc >= in_.size()) return;
  auto& slot = in_[pc];
  if (!slot) {
    slot = s;
    work_.push_back(pc);
    return;
  }
  if (slot->size() != s.size()) return;  // unverifiable code: keep the first
  bool changed = false;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((*slot)[i] != s[i] && (*slot)[i] != kConflict) {
      (*slot)[i] = kConflict;
      changed = true;
    }
  }
  if (changed) work_.push_back(pc);
}

bool Analyzer::transfer(const Instruction& insn, Stack& s) const {
  auto pop = [&](int n) {
    if (static_cast<int>(s.size()) < n) return false;
    s.resize(s.size() - n);
    return true;
  };
  auto push = [&](int n, int32_t v) { s.insert(s.end(), n, v); };
  const int32_t pc = static_cast<int32_t>(insn.pc);
  auto take = [&](int n) {  // the top n entries, deepest first
    Stack top(s.end() - n, s.end());
    s.resize(s.size() - n);
    return top;
  };
  switch (insn.opcode) {
    case Opcode::kDup:
    case Opcode::kDupX1:
    case Opcode::kDupX2:
    case Opcode::kDup2:
    case Opcode::kDup2X1:
    case Opcode::kDup2X2: {
      // dup copies the top `n` slots below the next `skip` slots.
      int n = 1, skip = 0;
      if (insn.opcode == Opcode::kDupX1) skip = 1;
      if (insn.opcode == Opcode::kDupX2) skip = 2;
      if (insn.opcode == Opcode::kDup2) n = 2;
      if (insn.opcode == Opcode::kDup2X1) n = 2, skip = 1;
      if (insn.opcode == Opcode::kDup2X2) n = 2, skip = 2;
      if (static_cast<int>(s.size()) < n + skip) return false;
      Stack top = take(n);
      Stack below = take(skip);
      s.insert(s.end(), top.begin(), top.end());
      s.insert(s.end(), below.begin(), below.end());
      s.insert(s.end(), top.begin(), top.end());
      return true;
    }
    case Opcode::kSwap:
      if (s.size() < 2) return false;
      std::swap(s[s.size() - 1], s[s.size() - 2]);
      return true;
    case Opcode::kCheckcast:
      return !s.empty();  // transparent: the value keeps its origin
    case Opcode::kGetstatic:
      push(slots_of(cp_.member_ref(insn.cp_index).descriptor), pc);
      return true;
    case Opcode::kPutstatic:
      return pop(slots_of(cp_.member_ref(insn.cp_index).descriptor));
    case Opcode::kGetfield:
      if (!pop(1)) return false;
      push(slots_of(cp_.member_ref(insn.cp_index).descriptor), pc);
      return true;
    case Opcode::kPutfield:
      return pop(1 + slots_of(cp_.member_ref(insn.cp_index).descriptor));
    case Opcode::kInvokevirtual:
    case Opcode::kInvokespecial:
    case Opcode::kInvokestatic:
    case Opcode::kInvokeinterface:
    case Opcode::kInvokedynamic: {
      const Symbol* desc = insn.opcode == Opcode::kInvokedynamic
                               ? cp_.dynamic(insn.cp_index).descriptor
                               : cp_.member_ref(insn.cp_index).descriptor;
      auto sig = parse_method_descriptor(desc->view());
      if (!sig.ok()) return false;
      int args = static_cast<int>(sig->arg_slots);
      if (insn.opcode != Opcode::kInvokestatic && insn.opcode != Opcode::kInvokedynamic) ++args;
      if (!pop(args)) return false;
      push(sig->return_type.slots(), pc);
      return true;
    }
    case Opcode::kMultianewarray:
      if (!pop(insn.dimensions)) return false;
      push(1, pc);
      return true;
    case Opcode::kJsr:
    case Opcode::kJsrW:
    case Opcode::kRet:
      return false;  // subroutines (class files before 51): not analysed
    default: {
      const auto& info = bytecode::info(insn.opcode);
      if (info.pops < 0 || info.pushes < 0) return false;
      if (!pop(info.pops)) return false;
      push(info.pushes, pc);
      return true;
    }
  }
}

bool Analyzer::run() {
  in_[0] = Stack{};
  work_.push_back(0);
  for (const ExceptionTableEntry& e : m_->exception_table) merge(e.handler_pc, Stack{kUnknown});
  while (!work_.empty()) {
    uint32_t pc = work_.front();
    work_.pop_front();
    auto decoded = bytecode::decode(code_, pc);
    if (!decoded.ok()) return false;
    const Instruction& insn = *decoded;
    Stack s = *in_[pc];
    if (!transfer(insn, s)) return false;
    const auto& info = bytecode::info(insn.opcode);
    for (uint32_t target : insn.branch_targets()) merge(target, s);
    if (!info.has(bytecode::kEndsBlock) || info.has(bytecode::kCondBranch))
      merge(insn.next_pc(), s);
  }
  return true;
}

// The slot an xload/xstore/iinc names, if any.
std::optional<uint16_t> local_slot(const Instruction& insn) {
  const auto op = static_cast<uint8_t>(insn.opcode);
  if ((op >= 0x15 && op <= 0x19) || (op >= 0x36 && op <= 0x3a) || op == 0x84) return insn.local;
  if (op >= 0x1a && op <= 0x2d) return static_cast<uint16_t>((op - 0x1a) % 4);
  if (op >= 0x3b && op <= 0x4e) return static_cast<uint16_t>((op - 0x3b) % 4);
  return std::nullopt;
}

bool is_store(const Instruction& insn) {
  const auto op = static_cast<uint8_t>(insn.opcode);
  return (op >= 0x36 && op <= 0x4e) || op == 0x84;
}

std::string Analyzer::local_name(uint16_t slot, uint32_t bci) const {
  if (m_->info->code) {
    for (const auto& lv : m_->info->code->local_variables) {
      if (lv.index == slot && lv.start_pc <= bci && bci < uint32_t{lv.start_pc} + lv.length) {
        return lv.name->to_utf8();
      }
    }
  }
  // A parameter slot that the method never overwrites is "this" (an
  // instance method's slot 0) or "<parameterN>"; one it writes anywhere is
  // "<localN>", slot 0 too (HotSpot asks whether the slot was written).
  bool written = false;
  for (const Instruction& insn : bytecode::instructions(code_)) {
    if (is_store(insn) && local_slot(insn) == slot) written = true;
  }
  if (!m_->is_static() && slot == 0 && !written) return "this";
  uint32_t next = m_->is_static() ? 0 : 1;
  const auto& params = m_->signature->params;
  for (size_t i = 0; i < params.size() && !written; ++i) {
    if (next == slot) return "<parameter" + std::to_string(i + 1) + ">";
    next += params[i].slots();
  }
  return "<local" + std::to_string(slot) + ">";
}

std::string Analyzer::method_spelling(uint16_t cp_index) const {
  classfile::MemberRef ref = cp_.member_ref(cp_index);
  std::string out = class_spelling(ref.class_name->view()) + "." + ref.name->to_utf8() + "(";
  auto sig = parse_method_descriptor(ref.descriptor->view());
  if (sig.ok()) {
    for (size_t i = 0; i < sig->params.size(); ++i) {
      if (i) out += ", ";
      out += type_spelling(sig->params[i]);
    }
  }
  return out + ")";
}

bool Analyzer::describe(int32_t source, int max_detail, bool inner, std::string* out) const {
  if (max_detail <= 0 || source < 0 || static_cast<uint32_t>(source) >= in_.size()) return false;
  auto decoded = bytecode::decode(code_, static_cast<uint32_t>(source));
  if (!decoded.ok() || !in_[source]) return false;
  const Instruction& insn = *decoded;
  const Stack& before = *in_[source];
  const auto op = static_cast<uint8_t>(insn.opcode);
  if (auto slot = local_slot(insn); slot && !is_store(insn)) {
    *out += local_name(*slot, insn.pc);
    return true;
  }
  switch (insn.opcode) {
    case Opcode::kAconstNull:
      *out += "null";
      return true;
    case Opcode::kBipush:
    case Opcode::kSipush:
      *out += std::to_string(insn.immediate);
      return true;
    case Opcode::kGetstatic: {
      classfile::MemberRef ref = cp_.member_ref(insn.cp_index);
      *out += class_spelling(ref.class_name->view()) + "." + ref.name->to_utf8();
      return true;
    }
    case Opcode::kGetfield: {
      std::string object;
      if (!before.empty() && describe(before.back(), max_detail - 1, true, &object)) {
        *out += object + ".";
      }
      *out += cp_.member_ref(insn.cp_index).name->to_utf8();
      return true;
    }
    case Opcode::kInvokevirtual:
    case Opcode::kInvokespecial:
    case Opcode::kInvokestatic:
    case Opcode::kInvokeinterface:
      if (inner) {
        *out += method_spelling(insn.cp_index);
      } else {
        *out += "the return value of \"" + method_spelling(insn.cp_index) + "\"";
      }
      return true;
    case Opcode::kCheckcast:
      return !before.empty() && describe(before.back(), max_detail, inner, out);
    default:
      break;
  }
  if (op >= 0x02 && op <= 0x08) {  // iconst_m1 .. iconst_5
    *out += std::to_string(static_cast<int>(op) - 0x03);
    return true;
  }
  if (op >= 0x2e && op <= 0x35 && before.size() >= 2) {  // xaload: array[index]
    std::string array, index;
    if (!describe(before[before.size() - 2], max_detail - 1, true, &array)) return false;
    if (!describe(before.back(), max_detail - 1, true, &index)) index = "...";
    *out += array + "[" + index + "]";
    return true;
  }
  return false;
}

// Element spelling of xaload (0x2e..0x35) and xastore (0x4f..0x56), in
// opcode order: i, l, f, d, a, b, c, s.
const char* array_type(uint8_t op) {
  static constexpr const char* kNames[] = {"int",    "long",         "float", "double",
                                           "object", "byte/boolean", "char",  "short"};
  return kNames[op >= 0x4f ? op - 0x4f : op - 0x2e];
}

}  // namespace

std::optional<std::string> extended_npe_message(const Method* method, uint32_t bci) {
  if (method == nullptr || method->is_native() || method->code == nullptr ||
      bci >= method->code_length || !method->holder->class_file) {
    return std::nullopt;
  }
  Analyzer a(method);
  auto decoded = bytecode::decode(std::span<const uint8_t>(method->code, method->code_length), bci);
  if (!decoded.ok()) return std::nullopt;
  const Instruction& insn = *decoded;
  const auto op = static_cast<uint8_t>(insn.opcode);
  std::string action;
  int depth = 0;  // which stack slot (from the top) holds the null reference
  if (op >= 0x2e && op <= 0x35) {
    action = std::string("Cannot load from ") + array_type(op) + " array";
    depth = 1;
  } else if (op >= 0x4f && op <= 0x56) {
    action = std::string("Cannot store to ") + array_type(op) + " array";
    depth = (insn.opcode == Opcode::kLastore || insn.opcode == Opcode::kDastore) ? 3 : 2;
  } else {
    switch (insn.opcode) {
      case Opcode::kArraylength:
        action = "Cannot read the array length";
        break;
      case Opcode::kAthrow:
        action = "Cannot throw exception";
        break;
      case Opcode::kMonitorenter:
        action = "Cannot enter synchronized block";
        break;
      case Opcode::kMonitorexit:
        action = "Cannot exit synchronized block";
        break;
      case Opcode::kGetfield:
        action = "Cannot read field \"" + a.cp().member_ref(insn.cp_index).name->to_utf8() + "\"";
        break;
      case Opcode::kPutfield: {
        classfile::MemberRef ref = a.cp().member_ref(insn.cp_index);
        action = "Cannot assign field \"" + ref.name->to_utf8() + "\"";
        depth = slots_of(ref.descriptor);
        break;
      }
      case Opcode::kInvokevirtual:
      case Opcode::kInvokespecial:
      case Opcode::kInvokeinterface: {
        classfile::MemberRef ref = a.cp().member_ref(insn.cp_index);
        // A constructor call: the NPE was constructed explicitly (`new NPE()`).
        if (ref.name == vm_symbols().object_initializer_name) return std::nullopt;
        auto sig = parse_method_descriptor(ref.descriptor->view());
        if (!sig.ok()) return std::nullopt;
        action = "Cannot invoke \"" + a.method_spelling(insn.cp_index) + "\"";
        depth = static_cast<int>(sig->arg_slots);
        break;
      }
      default:
        return std::nullopt;
    }
  }
  std::string cause;
  if (a.run()) {
    const auto& stack = a.stack_at(bci);
    if (stack && static_cast<int>(stack->size()) > depth) {
      int32_t source = (*stack)[stack->size() - 1 - depth];
      std::string what;
      if (a.describe(source, kMaxDetail, false, &what)) {
        const bool is_call = what.starts_with("the return value of ");
        cause = is_call ? " because " + what + " is null" : " because \"" + what + "\" is null";
      }
    }
  }
  return action + cause;
}

}  // namespace minijvm
