// Reference maps by abstract interpretation (see oop_map.h for the rules).
#include "safepoint/oop_map.h"

#include <algorithm>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "vm/bytecode/bytecodes.h"
#include "vm/bytecode/decoder.h"
#include "vm/runtime/frame.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/method.h"

namespace minijvm::safepoint {

using bytecode::Instruction;
using bytecode::Opcode;
using classfile::CpTag;

namespace {

// One abstract slot: the kind in the low byte; for kAddr the subroutine's
// entry bci above it (JVMS §4.10.2.5: returnAddress types are told apart by
// the subroutine they return from).
using Cell = uint32_t;
enum : uint32_t { kBogus = 0, kValue = 1, kRef = 2, kConflict = 3, kAddr = 4 };
constexpr uint32_t kind(Cell c) { return c & 0xff; }
constexpr Cell make_addr(uint32_t subroutine) { return kAddr | (subroutine << 8); }
constexpr Cell merge_cells(Cell a, Cell b) { return a == b ? a : Cell{kConflict}; }

struct State {
  std::vector<Cell> locals;
  std::vector<Cell> stack;  // bottom first; long/double take two cells
};

// What a field or method descriptor contributes to the operand stack.
struct Slots {
  uint32_t count = 0;  // 0 (void), 1 or 2
  bool ref = false;
};

// JVMS §4.3.2: the slots of the field type starting at d[*pos]; advances *pos.
std::optional<Slots> field_slots(std::string_view d, size_t* pos) {
  if (*pos >= d.size()) return std::nullopt;
  switch (d[*pos]) {
    case 'J':
    case 'D':
      ++*pos;
      return Slots{2, false};
    case 'B':
    case 'C':
    case 'F':
    case 'I':
    case 'S':
    case 'Z':
      ++*pos;
      return Slots{1, false};
    case 'V':
      ++*pos;
      return Slots{0, false};
    case '[':
      while (*pos < d.size() && d[*pos] == '[') ++*pos;
      if (*pos >= d.size()) return std::nullopt;
      if (d[*pos] == 'L') {
        const size_t end = d.find(';', *pos);
        if (end == std::string_view::npos) return std::nullopt;
        *pos = end + 1;
      } else {
        ++*pos;
      }
      return Slots{1, true};
    case 'L': {
      const size_t end = d.find(';', *pos);
      if (end == std::string_view::npos) return std::nullopt;
      *pos = end + 1;
      return Slots{1, true};
    }
    default:
      return std::nullopt;
  }
}

// JVMS §4.3.3: the argument slots and the result of a method descriptor.
struct CallShape {
  uint32_t arg_slots = 0;
  Slots result;
};
std::optional<CallShape> call_shape(std::string_view d) {
  if (d.empty() || d[0] != '(') return std::nullopt;
  CallShape shape;
  size_t pos = 1;
  while (pos < d.size() && d[pos] != ')') {
    auto s = field_slots(d, &pos);
    if (!s || s->count == 0) return std::nullopt;
    shape.arg_slots += s->count;
  }
  if (pos >= d.size()) return std::nullopt;
  ++pos;
  auto r = field_slots(d, &pos);
  if (!r || pos != d.size()) return std::nullopt;
  shape.result = *r;
  return shape;
}

// The local-variable instructions (JVMS §6.5 *load, *store) as data.
struct LocalAccess {
  char type;  // 'I', 'J', 'F', 'D', 'A'
  bool store;
  uint32_t index;
};
std::optional<LocalAccess> local_access(const Instruction& insn) {
  static constexpr char kTypes[] = {'I', 'J', 'F', 'D', 'A'};
  const auto op = static_cast<uint32_t>(insn.opcode);
  const auto iload = static_cast<uint32_t>(Opcode::kIload);
  const auto iload0 = static_cast<uint32_t>(Opcode::kIload0);
  const auto istore = static_cast<uint32_t>(Opcode::kIstore);
  const auto istore0 = static_cast<uint32_t>(Opcode::kIstore0);
  if (op >= iload && op < iload + 5) return LocalAccess{kTypes[op - iload], false, insn.local};
  if (op >= iload0 && op < iload0 + 20)
    return LocalAccess{kTypes[(op - iload0) / 4], false, (op - iload0) % 4};
  if (op >= istore && op < istore + 5) return LocalAccess{kTypes[op - istore], true, insn.local};
  if (op >= istore0 && op < istore0 + 20)
    return LocalAccess{kTypes[(op - istore0) / 4], true, (op - istore0) % 4};
  return std::nullopt;
}

}  // namespace

// The analysis of one method. Blocks are maximal runs of instructions that
// control enters only at the first one; their entry states are merged to a
// fixpoint with a worklist, then every reachable block is replayed once to
// record the state before each instruction.
class OopMapBuilder {
 public:
  explicit OopMapBuilder(const MethodCode& m) : m_(m) {}

  Result<std::unique_ptr<MethodOopMaps>> run() {
    if (m_.code.empty()) return fail(0, "no code");
    if (!m_.signature || !m_.constant_pool) return fail(0, "no signature or constant pool");
    ambiguous_.assign(m_.max_locals, false);
    CHECK_OK(decode());
    find_blocks();
    compute_subroutines();
    CHECK_OK(merge_into(0, entry_frame(), 0));
    while (!worklist_.empty()) {
      const uint32_t b = worklist_.front();
      worklist_.pop_front();
      queued_[b] = false;
      CHECK_OK(interpret_block(b));
    }
    // Record: replay every reachable block from its final entry state.
    auto result = std::make_unique<MethodOopMaps>();
    result->index_.assign(m_.code.size(), -1);
    recording_ = result.get();
    for (uint32_t b = 0; b < block_first_.size(); ++b) {
      if (entry_[b]) CHECK_OK(interpret_block(b));
    }
    for (uint32_t k = 0; k < ambiguous_.size(); ++k)
      if (ambiguous_[k]) result->ambiguous_locals_.push_back(static_cast<uint16_t>(k));
    return result;
  }

 private:
  VmError fail(uint32_t bci, const std::string& what) const {
    return make_error("java/lang/VerifyError",
                      "reference map: " + what + std::string(" at bci ") + std::to_string(bci));
  }

  Result<void> decode() {
    insn_at_.assign(m_.code.size(), -1);
    for (const Instruction& insn : bytecode::instructions(m_.code)) {
      insn_at_[insn.pc] = static_cast<int32_t>(insns_.size());
      insns_.push_back(insn);
    }
    // Re-decode to surface the error of a code array that did not decode.
    uint32_t end = insns_.empty() ? 0 : insns_.back().next_pc();
    if (end != m_.code.size()) {
      auto r = bytecode::decode(m_.code, end);
      return r.ok() ? fail(end, "undecodable instruction") : VmError(r.error());
    }
    for (const auto& h : m_.handlers) {
      if (h.handler_pc >= m_.code.size() || insn_at_[h.handler_pc] < 0 || h.start_pc >= h.end_pc)
        return fail(h.handler_pc, "bad exception handler");
    }
    return {};
  }

  void find_blocks() {
    std::vector<bool> start(m_.code.size(), false);
    start[0] = true;
    for (const Instruction& insn : insns_) {
      const auto& bi = bytecode::info(insn.opcode);
      for (uint32_t t : insn.branch_targets()) start[t] = true;
      if ((bi.has(bytecode::kEndsBlock) || bi.has(bytecode::kSubroutine)) &&
          insn.next_pc() < m_.code.size())
        start[insn.next_pc()] = true;
    }
    for (const auto& h : m_.handlers) start[h.handler_pc] = true;
    block_of_.assign(insns_.size(), 0);
    for (uint32_t i = 0; i < insns_.size(); ++i) {
      if (start[insns_[i].pc]) block_first_.push_back(i);
      block_of_[i] = static_cast<uint32_t>(block_first_.size() - 1);
    }
    entry_.resize(block_first_.size());
    queued_.assign(block_first_.size(), false);
  }

  uint32_t block_at_pc(uint32_t pc) const { return block_of_[static_cast<uint32_t>(insn_at_[pc])]; }

  // JVMS §2.6.1: `this` (non-static), then the parameters; the rest bogus.
  State entry_frame() const {
    State f;
    f.locals.assign(m_.max_locals, kBogus);
    uint32_t slot = 0;
    auto put = [&](Cell c) {
      if (slot < f.locals.size()) f.locals[slot] = c;
      ++slot;
    };
    if (!m_.is_static) put(kRef);
    for (const FieldType& p : m_.signature->params) {
      if (p.is_reference()) {
        put(kRef);
      } else {
        for (int i = 0; i < p.slots(); ++i) put(kValue);
      }
    }
    return f;
  }

  // --- subroutines (jsr/ret) ---------------------------------------------

  // For every jsr target S: the jsr instructions calling it and the locals
  // its body may write. The body is what S reaches by normal control flow up
  // to its rets (a nested jsr contributes what its own subroutine writes).
  void compute_subroutines() {
    for (uint32_t i = 0; i < insns_.size(); ++i) {
      const Opcode op = insns_[i].opcode;
      if (op == Opcode::kJsr || op == Opcode::kJsrW) callers_[insns_[i].target].push_back(i);
    }
    for (auto& [entry, callers] : callers_) (void)written_by(entry);
  }

  const std::vector<bool>& written_by(uint32_t entry) {
    auto it = written_.find(entry);
    if (it != written_.end()) return it->second;
    // Mark in progress (recursive subroutines are illegal, JVMS §4.10.2.5).
    written_[entry].assign(m_.max_locals, false);
    std::vector<bool> written(m_.max_locals, false);
    std::vector<bool> seen(insns_.size(), false);
    std::vector<uint32_t> todo{static_cast<uint32_t>(insn_at_[entry])};
    while (!todo.empty()) {
      const uint32_t i = todo.back();
      todo.pop_back();
      if (seen[i]) continue;
      seen[i] = true;
      const Instruction& insn = insns_[i];
      const auto& bi = bytecode::info(insn.opcode);
      auto write = [&](uint32_t local, uint32_t n) {
        for (uint32_t k = local; k < local + n && k < written.size(); ++k) written[k] = true;
      };
      if (auto la = local_access(insn); la && la->store) {
        write(la->index, la->type == 'J' || la->type == 'D' ? 2 : 1);
      } else if (insn.opcode == Opcode::kIinc) {
        write(insn.local, 1);
      }
      if (insn.opcode == Opcode::kRet) continue;
      if (insn.opcode == Opcode::kJsr || insn.opcode == Opcode::kJsrW) {
        const std::vector<bool> inner = written_by(insn.target);
        for (size_t k = 0; k < written.size(); ++k) written[k] = written[k] || inner[k];
        if (insn.next_pc() < m_.code.size()) todo.push_back(static_cast<uint32_t>(i + 1));
        continue;
      }
      for (uint32_t t : insn.branch_targets()) todo.push_back(static_cast<uint32_t>(insn_at_[t]));
      const bool falls_through = !bi.has(bytecode::kEndsBlock) || bi.has(bytecode::kCondBranch);
      if (falls_through && i + 1 < insns_.size()) todo.push_back(i + 1);
    }
    written_[entry] = written;
    return written_[entry];
  }

  // The state after a ret of subroutine `entry` returns past the jsr whose
  // pre-state is `before_jsr` (JVMS §4.10.2.5).
  State returned(uint32_t entry, const State& at_ret, const State& before_jsr) {
    const std::vector<bool>& written = written_[entry];
    State f;
    f.locals.resize(m_.max_locals);
    for (size_t k = 0; k < f.locals.size(); ++k)
      f.locals[k] = written[k] ? at_ret.locals[k] : before_jsr.locals[k];
    f.stack = at_ret.stack;
    return f;
  }

  // --- the fixpoint --------------------------------------------------------

  Result<void> merge_into(uint32_t block, const State& f, uint32_t from_bci) {
    if (recording_) return {};
    std::optional<State>& e = entry_[block];
    if (!e) {
      e = f;
    } else {
      if (e->stack.size() != f.stack.size())
        return fail(insns_[block_first_[block]].pc,
                    std::string("stack depth ") + std::to_string(f.stack.size()) + " from bci " +
                        std::to_string(from_bci) + " differs from " +
                        std::to_string(e->stack.size()));
      const bool subroutine_entry = callers_.count(insns_[block_first_[block]].pc) != 0;
      bool changed = false;
      for (size_t k = 0; k < e->locals.size(); ++k) {
        const Cell m = merge_cells(e->locals[k], f.locals[k]);
        // A caller's reference meets another caller's non-reference (even
        // one merged to conflict already): ambiguous inside the subroutine.
        if (subroutine_entry && m == kConflict && (e->locals[k] == kRef || f.locals[k] == kRef))
          ambiguous_[k] = true;
        if (m != e->locals[k]) {
          e->locals[k] = m;
          changed = true;
        }
      }
      for (size_t k = 0; k < e->stack.size(); ++k) {
        const Cell m = merge_cells(e->stack[k], f.stack[k]);
        if (m != e->stack[k]) {
          e->stack[k] = m;
          changed = true;
        }
      }
      if (!changed) return {};
    }
    if (!queued_[block]) {
      queued_[block] = true;
      worklist_.push_back(block);
    }
    return {};
  }

  void record(uint32_t insn_index, const State& f) {
    OopMap map(m_.max_locals, static_cast<uint16_t>(f.stack.size()));
    for (uint32_t k = 0; k < f.locals.size(); ++k)
      if (f.locals[k] == kRef) map.set_ref_local(k);
    for (uint32_t k = 0; k < f.stack.size(); ++k)
      if (f.stack[k] == kRef) map.set_ref_stack(k);
    recording_->index_[insns_[insn_index].pc] = static_cast<int32_t>(recording_->maps_.size());
    recording_->maps_.push_back(std::move(map));
  }

  Result<void> interpret_block(uint32_t b) {
    State f = *entry_[b];
    const uint32_t end =
        b + 1 < block_first_.size() ? block_first_[b + 1] : static_cast<uint32_t>(insns_.size());
    for (uint32_t i = block_first_[b]; i < end; ++i) {
      const Instruction& insn = insns_[i];
      if (recording_) record(i, f);
      // JVMS §4.10.1.6: a handler is entered with the locals of any
      // instruction of its range and the exception alone on the stack.
      for (const auto& h : m_.handlers) {
        if (insn.pc >= h.start_pc && insn.pc < h.end_pc) {
          State hf{f.locals, {kRef}};
          CHECK_OK(merge_into(block_at_pc(h.handler_pc), hf, insn.pc));
        }
      }
      const auto& bi = bytecode::info(insn.opcode);
      if (insn.opcode == Opcode::kJsr || insn.opcode == Opcode::kJsrW) {
        CHECK_OK(do_jsr(i, f));
        return {};
      }
      if (insn.opcode == Opcode::kRet) return do_ret(i, f);
      CHECK_OK(step(insn, f));
      if (m_.max_stack < f.stack.size()) return fail(insn.pc, "operand stack overflow");
      for (uint32_t t : insn.branch_targets()) CHECK_OK(merge_into(block_at_pc(t), f, insn.pc));
      const bool falls_through = !bi.has(bytecode::kEndsBlock) || bi.has(bytecode::kCondBranch);
      if (!falls_through) return {};
      if (insn.next_pc() >= m_.code.size()) return fail(insn.pc, "control falls off the code");
    }
    // Fell into the next block.
    return merge_into(b + 1, f, insns_[end - 1].pc);
  }

  Result<void> do_jsr(uint32_t i, State& f) {
    const Instruction& insn = insns_[i];
    before_jsr_[i] = f;
    const State saved = f;
    if (f.stack.size() >= m_.max_stack) return fail(insn.pc, "operand stack overflow");
    f.stack.push_back(make_addr(insn.target));
    CHECK_OK(merge_into(block_at_pc(insn.target), f, insn.pc));
    if (insn.next_pc() >= m_.code.size()) return fail(insn.pc, "jsr at the end of the code");
    for (uint32_t r : rets_[insn.target]) {
      CHECK_OK(merge_into(block_at_pc(insn.next_pc()), returned(insn.target, *at_ret_[r], saved),
                          insns_[r].pc));
    }
    return {};
  }

  Result<void> do_ret(uint32_t i, State& f) {
    const Instruction& insn = insns_[i];
    if (insn.local >= f.locals.size()) return fail(insn.pc, "bad local index");
    const Cell c = f.locals[insn.local];
    if (kind(c) != kAddr) return fail(insn.pc, "ret of a local that is not one returnAddress");
    const uint32_t entry = c >> 8;
    at_ret_[i] = f;
    auto& rets = rets_[entry];
    if (std::find(rets.begin(), rets.end(), i) == rets.end()) rets.push_back(i);
    for (uint32_t j : callers_[entry]) {
      auto it = before_jsr_.find(j);
      if (it == before_jsr_.end()) continue;  // that jsr has not been reached yet
      CHECK_OK(
          merge_into(block_at_pc(insns_[j].next_pc()), returned(entry, f, it->second), insn.pc));
    }
    return {};
  }

  // --- single instructions (JVMS §6.5) -------------------------------------

  Result<void> step(const Instruction& insn, State& f) {
    const uint32_t pc = insn.pc;
    auto& st = f.stack;
    auto pop = [&](uint32_t n) -> bool {
      if (st.size() < n) return false;
      st.resize(st.size() - n);
      return true;
    };
    auto push = [&](Cell c, uint32_t n = 1) {
      for (uint32_t k = 0; k < n; ++k) st.push_back(c);
    };
    auto push_slots = [&](Slots s) { push(s.ref ? kRef : kValue, s.count); };
    auto underflow = [&] { return fail(pc, "operand stack underflow"); };

    if (auto la = local_access(insn)) {
      const uint32_t width = la->type == 'J' || la->type == 'D' ? 2 : 1;
      if (la->index + width > f.locals.size()) return fail(pc, "bad local index");
      if (!la->store) {
        if (la->type != 'A') {
          push(kValue, width);
          return {};
        }
        Cell c = f.locals[la->index];
        if (c != kRef) {
          // Verified code loads only references; a conflict here is a
          // subroutine's ambiguous local (oop_map.h), anything else is bad.
          if (c != kConflict) return fail(pc, "aload of a local that is not a reference");
          ambiguous_[la->index] = true;
        }
        push(c);
        return {};
      }
      if (st.size() < width) return underflow();
      if (la->type == 'A') {
        // astore stores references and returnAddresses (JVMS §6.5.astore).
        f.locals[la->index] = st.back();
      } else {
        for (uint32_t k = 0; k < width; ++k) f.locals[la->index + k] = kValue;
      }
      pop(width);
      return {};
    }

    const uint16_t cpi = insn.cp_index;
    const classfile::ConstantPool& cp = *m_.constant_pool;
    switch (insn.opcode) {
      case Opcode::kAconstNull:
        push(kRef);
        return {};
      case Opcode::kIinc:
        if (insn.local >= f.locals.size()) return fail(pc, "bad local index");
        f.locals[insn.local] = kValue;
        return {};
      case Opcode::kLdc:
      case Opcode::kLdcW:
      case Opcode::kLdc2W: {
        // JVMS §4.4, §6.5.ldc: the loadable constants.
        const bool wide = insn.opcode == Opcode::kLdc2W;
        Slots s;
        switch (cp.tag(cpi)) {
          case CpTag::kInteger:
          case CpTag::kFloat:
            s = {1, false};
            break;
          case CpTag::kLong:
          case CpTag::kDouble:
            s = {2, false};
            break;
          case CpTag::kString:
          case CpTag::kClass:
          case CpTag::kMethodType:
          case CpTag::kMethodHandle:
            s = {1, true};
            break;
          case CpTag::kDynamic: {
            // JVMS §4.4.10: the constant's type is its field descriptor.
            const Symbol* d = cp.dynamic(cpi).descriptor;
            size_t p = 0;
            auto fs = d ? field_slots(d->view(), &p) : std::nullopt;
            if (!fs || fs->count == 0 || p != d->length())
              return fail(pc, "bad dynamic constant descriptor");
            s = *fs;
            break;
          }
          default:
            return fail(pc, "ldc of a constant that is not loadable");
        }
        if ((s.count == 2) != wide) return fail(pc, "ldc of a constant of the wrong category");
        push_slots(s);
        return {};
      }
      case Opcode::kAaload:
        if (!pop(2)) return underflow();
        push(kRef);
        return {};
      case Opcode::kDup:
        if (st.size() < 1) return underflow();
        push(st.back());
        return {};
      case Opcode::kDupX1: {  // b a -> a b a
        if (st.size() < 2) return underflow();
        const Cell a = st.back();
        st.insert(st.end() - 2, a);
        return {};
      }
      case Opcode::kDupX2: {  // c b a -> a c b a
        if (st.size() < 3) return underflow();
        const Cell a = st.back();
        st.insert(st.end() - 3, a);
        return {};
      }
      case Opcode::kDup2: {  // b a -> b a b a
        if (st.size() < 2) return underflow();
        const Cell b = st[st.size() - 2], a = st.back();
        push(b);
        push(a);
        return {};
      }
      case Opcode::kDup2X1: {  // c b a -> b a c b a
        if (st.size() < 3) return underflow();
        const Cell b = st[st.size() - 2], a = st.back();
        st.insert(st.end() - 3, {b, a});
        return {};
      }
      case Opcode::kDup2X2: {  // d c b a -> b a d c b a
        if (st.size() < 4) return underflow();
        const Cell b = st[st.size() - 2], a = st.back();
        st.insert(st.end() - 4, {b, a});
        return {};
      }
      case Opcode::kSwap:
        if (st.size() < 2) return underflow();
        std::swap(st[st.size() - 1], st[st.size() - 2]);
        return {};
      case Opcode::kGetstatic:
      case Opcode::kPutstatic:
      case Opcode::kGetfield:
      case Opcode::kPutfield: {
        if (!cp.has(cpi, CpTag::kFieldref)) return fail(pc, "field access without a Fieldref");
        const Symbol* d = cp.member_ref(cpi).descriptor;
        size_t p = 0;
        auto fs = d ? field_slots(d->view(), &p) : std::nullopt;
        if (!fs || fs->count == 0 || p != d->length()) return fail(pc, "bad field descriptor");
        const uint32_t receiver =
            insn.opcode == Opcode::kGetfield || insn.opcode == Opcode::kPutfield ? 1 : 0;
        if (insn.opcode == Opcode::kGetstatic || insn.opcode == Opcode::kGetfield) {
          if (!pop(receiver)) return underflow();
          push_slots(*fs);
        } else if (!pop(fs->count + receiver)) {
          return underflow();
        }
        return {};
      }
      case Opcode::kInvokevirtual:
      case Opcode::kInvokespecial:
      case Opcode::kInvokestatic:
      case Opcode::kInvokeinterface:
      case Opcode::kInvokedynamic: {
        const Symbol* d = nullptr;
        if (insn.opcode == Opcode::kInvokedynamic) {
          if (!cp.has(cpi, CpTag::kInvokeDynamic)) return fail(pc, "bad invokedynamic operand");
          d = cp.dynamic(cpi).descriptor;
        } else {
          if (!cp.has(cpi, CpTag::kMethodref) && !cp.has(cpi, CpTag::kInterfaceMethodref))
            return fail(pc, "invoke of a constant that is not a method reference");
          d = cp.member_ref(cpi).descriptor;
        }
        auto shape = d ? call_shape(d->view()) : std::nullopt;
        if (!shape) return fail(pc, "bad method descriptor");
        const bool has_receiver =
            insn.opcode != Opcode::kInvokestatic && insn.opcode != Opcode::kInvokedynamic;
        if (!pop(shape->arg_slots + (has_receiver ? 1 : 0))) return underflow();
        push_slots(shape->result);
        return {};
      }
      case Opcode::kNew:
        // The uninitialized object is allocated already: a reference.
        push(kRef);
        return {};
      case Opcode::kNewarray:
      case Opcode::kAnewarray:
      case Opcode::kCheckcast:
        if (!pop(1)) return underflow();
        push(kRef);
        return {};
      case Opcode::kMultianewarray:
        if (insn.dimensions == 0) return fail(pc, "multianewarray of 0 dimensions");
        if (!pop(insn.dimensions)) return underflow();
        push(kRef);
        return {};
      default:
        break;
    }
    // Everything else moves only non-reference values: pop and push by the
    // opcode table (returns and athrow pop; their successors are none).
    const auto& bi = bytecode::info(insn.opcode);
    if (bi.pops < 0 || bi.pushes < 0) return fail(pc, "unhandled variable stack effect");
    if (!pop(static_cast<uint32_t>(bi.pops))) return underflow();
    push(kValue, static_cast<uint32_t>(bi.pushes));
    return {};
  }

  const MethodCode& m_;
  std::vector<Instruction> insns_;
  std::vector<int32_t> insn_at_;       // per code byte: index into insns_, or -1
  std::vector<uint32_t> block_first_;  // per block: its first instruction
  std::vector<uint32_t> block_of_;     // per instruction: its block
  std::vector<std::optional<State>> entry_;
  std::vector<bool> queued_;
  std::deque<uint32_t> worklist_;
  MethodOopMaps* recording_ = nullptr;

  std::unordered_map<uint32_t, std::vector<uint32_t>> callers_;  // subroutine -> jsr insns
  std::unordered_map<uint32_t, std::vector<bool>> written_;      // subroutine -> locals
  std::unordered_map<uint32_t, std::vector<uint32_t>> rets_;     // subroutine -> ret insns
  std::unordered_map<uint32_t, State> before_jsr_;               // jsr insn -> state
  std::unordered_map<uint32_t, std::optional<State>> at_ret_;    // ret insn -> state
  std::vector<bool> ambiguous_;  // per local: see MethodOopMaps::ambiguous_locals
};

Result<std::unique_ptr<MethodOopMaps>> MethodOopMaps::compute(const MethodCode& code) {
  return OopMapBuilder(code).run();
}

MethodCode MethodOopMaps::code_of(const Method& method) {
  MethodCode m;
  m.code = {method.code, method.code_length};
  m.max_locals = method.max_locals;
  m.max_stack = method.max_stack;
  m.is_static = method.is_static();
  m.signature = method.signature;
  if (method.holder && method.holder->class_file)
    m.constant_pool = &method.holder->class_file->constant_pool;
  for (const ExceptionTableEntry& e : method.exception_table)
    m.handlers.push_back({e.start_pc, e.end_pc, e.handler_pc});
  return m;
}

Result<std::unique_ptr<MethodOopMaps>> MethodOopMaps::compute(const Method& method) {
  if (method.code == nullptr || method.code_length == 0)
    return make_error("java/lang/InternalError",
                      "reference map: " + method.qualified_name() + " has no bytecode");
  auto result = compute(code_of(method));
  if (!result.ok()) {
    VmError e = std::move(result).error();
    e.message += " in " + method.qualified_name();
    return e;
  }
  return result;
}

namespace {

// The side table of computed maps (Method has no slot for them). Entries
// are never removed: minijvm does not unload classes.
struct CacheEntry {
  std::unique_ptr<MethodOopMaps> maps;
  std::optional<VmError> error;
};
std::mutex& cache_mutex() {
  static std::mutex m;
  return m;
}
std::unordered_map<const Method*, CacheEntry>& cache() {
  static auto* c = new std::unordered_map<const Method*, CacheEntry>();  // immortal
  return *c;
}

}  // namespace

Result<const MethodOopMaps*> oop_maps_for(const Method* method) {
  {
    std::lock_guard lock(cache_mutex());
    auto it = cache().find(method);
    if (it != cache().end()) {
      if (it->second.error) return *it->second.error;
      return static_cast<const MethodOopMaps*>(it->second.maps.get());
    }
  }
  // Computed outside the lock; a racing thread's result wins and ours is
  // dropped (both are equal).
  auto computed = MethodOopMaps::compute(*method);
  CacheEntry fresh;
  if (computed.ok()) {
    fresh.maps = std::move(computed).value();
  } else {
    fresh.error = std::move(computed).error();
  }
  std::lock_guard lock(cache_mutex());
  auto [it, inserted] = cache().try_emplace(method, std::move(fresh));
  if (it->second.error) return *it->second.error;
  return static_cast<const MethodOopMaps*>(it->second.maps.get());
}

const OopMap* oop_map_at(const Method* method, uint32_t bci) {
  auto maps = oop_maps_for(method);
  return maps.ok() ? (*maps)->at(bci) : nullptr;
}

bool frame_oops_do(const Frame& frame, const std::function<void(Slot*)>& visit) {
  if (frame.method == nullptr || frame.is_native() || frame.pc == nullptr) return false;
  const OopMap* map = oop_map_at(frame.method, frame.bci());
  if (map == nullptr) return false;
  for (uint32_t i = 0; i < map->max_locals(); ++i)
    if (map->is_ref_local(i)) visit(&frame.locals[i]);
  // An invoke's arguments above sp belong to the callee now (oop_map.h).
  const auto in_use = static_cast<uint32_t>(frame.sp - frame.stack_base);
  const uint32_t depth = std::min<uint32_t>(map->stack_depth(), in_use);
  for (uint32_t i = 0; i < depth; ++i)
    if (map->is_ref_stack(i)) visit(&frame.stack_base[i]);
  return true;
}

}  // namespace minijvm::safepoint
