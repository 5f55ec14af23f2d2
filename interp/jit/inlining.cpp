// The plans of inlining.h: the callee's bytecode run over abstract values
// (its arguments, constants, loaded fields), accepted only when every
// instruction is one of the few that cannot throw, call or allocate here.
#include "interp/jit/inlining.h"

#include <bit>

#include "interp/runtime.h"
#include "vm/bytecode/decoder.h"

namespace minijvm::interp::jit {

namespace {

using bytecode::Instruction;
using bytecode::Opcode;
using Kind = InlineValue::Kind;

// Enough for a constructor storing a handful of arguments; longer methods
// gain little from skipping their call.
constexpr int kMaxInstructions = 24;

// The local an xload names (iload ... aload_3).
int loaded_local(const Instruction& insn) {
  auto op = static_cast<int>(insn.opcode);
  if (op >= static_cast<int>(Opcode::kIload0) && op <= static_cast<int>(Opcode::kAload3))
    return (op - static_cast<int>(Opcode::kIload0)) % 4;
  return insn.local;
}

bool is_wide_load(Opcode op) {
  return op == Opcode::kLload || op == Opcode::kDload ||
         (op >= Opcode::kLload0 && op <= Opcode::kLload3) || (op >= Opcode::kDload0 && op <= Opcode::kDload3);
}

bool is_load(Opcode op) {
  return (op >= Opcode::kIload && op <= Opcode::kAload) || (op >= Opcode::kIload0 && op <= Opcode::kAload3);
}

// A constant push's value as its slot holds it (value.h), or nothing.
std::optional<InlineValue> constant(const Instruction& insn) {
  auto narrow = [](int64_t bits) { return InlineValue{Kind::kConstant, bits, false}; };
  auto wide = [](int64_t bits) { return InlineValue{Kind::kConstant, bits, true}; };
  switch (insn.opcode) {
    case Opcode::kAconstNull: case Opcode::kIconst0: case Opcode::kFconst0: return narrow(0);
    case Opcode::kIconstM1: return narrow(0xffffffff);
    case Opcode::kIconst1: return narrow(1);
    case Opcode::kIconst2: return narrow(2);
    case Opcode::kIconst3: return narrow(3);
    case Opcode::kIconst4: return narrow(4);
    case Opcode::kIconst5: return narrow(5);
    case Opcode::kFconst1: return narrow(0x3f800000);
    case Opcode::kFconst2: return narrow(0x40000000);
    case Opcode::kBipush: case Opcode::kSipush: return narrow(static_cast<uint32_t>(insn.immediate));
    case Opcode::kLconst0: case Opcode::kDconst0: return wide(0);
    case Opcode::kLconst1: return wide(1);
    case Opcode::kDconst1: return wide(0x3ff0000000000000);
    default: return std::nullopt;
  }
}

// `this` of an instance method: its local 0, never written (the plan
// reads only arguments).
bool is_this(const Method* callee, const std::optional<InlineValue>& v) {
  return !callee->is_static() && v && v->kind == Kind::kArgument && v->value == 0;
}

// Object.<init>: a bare return that the interpreter's invoke follows with
// the finalizer registration of the receiver's class.
bool is_object_init(const Method* m) {
  return m != nullptr && m->registers_finalizer && m->code_length == 1 &&
         m->code[0] == static_cast<uint8_t>(Opcode::kReturn);
}

}  // namespace

std::optional<InlinePlan> plan_inline(const Method* callee) {
  if (callee == nullptr || callee->code == nullptr || callee->runs_as_native() ||
      callee->is_abstract() || callee->is_synchronized() || !callee->exception_table.empty() ||
      callee->holder->resolved == nullptr)
    return std::nullopt;
  const auto* signature = callee->signature;
  InlinePlan plan;
  plan.return_type = signature->return_type.is_reference() ? BasicType::kObject : signature->return_type.type;
  std::vector<InlineValue> stack;  // a two-slot value is one entry
  auto pop = [&]() -> std::optional<InlineValue> {
    if (stack.empty()) return std::nullopt;
    InlineValue v = stack.back();
    stack.pop_back();
    return v;
  };
  // A field access of the callee's resolved field at `cp_index` (`tag`:
  // instance or static), or nullptr.
  auto resolved_field = [callee](uint16_t cp_index, CacheTag tag) {
    return static_cast<const FieldDesc*>(cache_lookup(callee->holder, cp_index, tag));
  };
  // The step loading `field`, its value pushed.
  auto load = [&](const FieldDesc* field, bool is_static) {
    BasicType type = field->type.is_reference() ? BasicType::kObject : field->type.type;
    auto step = static_cast<int64_t>(plan.steps.size());
    plan.steps.push_back(InlineStep{field, type, false, {}, is_static});
    stack.push_back(InlineValue{Kind::kLoaded, step, is_two_slot(type)});
  };
  // The step storing `value` to `field`.
  auto store = [&](const FieldDesc* field, const InlineValue& value, bool is_static) {
    BasicType type = field->type.is_reference() ? BasicType::kObject : field->type.type;
    plan.steps.push_back(InlineStep{field, type, true, value, is_static});
  };
  int count = 0;
  for (const Instruction& insn : bytecode::instructions({callee->code, callee->code_length})) {
    if (++count > kMaxInstructions) return std::nullopt;
    if (is_load(insn.opcode)) {
      int local = loaded_local(insn);
      if (local >= static_cast<int>(callee->arg_slots)) return std::nullopt;  // a local it computed
      stack.push_back(InlineValue{Kind::kArgument, local, is_wide_load(insn.opcode)});
      continue;
    }
    if (auto c = constant(insn)) {
      stack.push_back(*c);
      continue;
    }
    if (insn.opcode == Opcode::kLdc || insn.opcode == Opcode::kLdcW || insn.opcode == Opcode::kLdc2W) {
      // A numeric constant (a string or class would be an object to load).
      const classfile::ConstantPool& cp = callee->holder->class_file->constant_pool;
      switch (cp.tag(insn.cp_index)) {
        case classfile::CpTag::kInteger:
          stack.push_back(InlineValue{Kind::kConstant, static_cast<uint32_t>(cp.integer(insn.cp_index)), false});
          continue;
        case classfile::CpTag::kFloat:
          stack.push_back(InlineValue{Kind::kConstant, std::bit_cast<uint32_t>(cp.float_value(insn.cp_index)), false});
          continue;
        case classfile::CpTag::kLong:
          stack.push_back(InlineValue{Kind::kConstant, cp.long_value(insn.cp_index), true});
          continue;
        case classfile::CpTag::kDouble:
          stack.push_back(InlineValue{Kind::kConstant, std::bit_cast<int64_t>(cp.double_value(insn.cp_index)), true});
          continue;
        default:
          return std::nullopt;
      }
    }
    switch (insn.opcode) {
      case Opcode::kGetfield: {
        const FieldDesc* field = resolved_field(insn.cp_index, CacheTag::kFieldInstance);
        if (field == nullptr || !is_this(callee, pop())) return std::nullopt;
        load(field, false);
        break;
      }
      case Opcode::kPutfield: {
        const FieldDesc* field = resolved_field(insn.cp_index, CacheTag::kFieldInstance);
        auto value = pop();
        if (field == nullptr || !value || !is_this(callee, pop())) return std::nullopt;
        // A final field is stored by its own class's constructors only
        // (resolution checked the access that put the entry there, which
        // may have been a getfield's).
        if (field->is_final() && !(callee->is_initializer() && field->holder == callee->holder))
          return std::nullopt;
        store(field, *value, false);
        break;
      }
      case Opcode::kGetstatic: {
        // Resolved with its class initialized (the cache holds no other).
        const FieldDesc* field = resolved_field(insn.cp_index, CacheTag::kFieldStatic);
        if (field == nullptr) return std::nullopt;
        load(field, true);
        break;
      }
      case Opcode::kPutstatic: {
        const FieldDesc* field = resolved_field(insn.cp_index, CacheTag::kFieldStatic);
        auto value = pop();
        // A final static field is stored by its class's initializer only.
        if (field == nullptr || !value || field->is_final()) return std::nullopt;
        store(field, *value, true);
        break;
      }
      case Opcode::kInvokespecial: {  // a constructor's super() that is Object.<init>
        auto* target = static_cast<const Method*>(
            cache_lookup(callee->holder, insn.cp_index, CacheTag::kInvokeSpecial));
        if (!callee->is_initializer() || !is_object_init(target) || !is_this(callee, pop())) return std::nullopt;
        plan.calls_object_init = true;
        plan.object_init = target;
        plan.object_init_site = insn.pc;
        break;
      }
      case Opcode::kReturn:  // (what is left on the stack is discarded, JVMS §2.6.4)
        plan.instructions = count;
        return plan;
      case Opcode::kIreturn: case Opcode::kLreturn: case Opcode::kFreturn: case Opcode::kDreturn:
      case Opcode::kAreturn: {
        auto value = pop();
        if (!value) return std::nullopt;
        plan.result = value;
        plan.instructions = count;
        return plan;
      }
      default:
        return std::nullopt;
    }
  }
  return std::nullopt;  // falls off its end: never verified
}

}  // namespace minijvm::interp::jit
