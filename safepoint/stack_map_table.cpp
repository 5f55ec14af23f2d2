// JVMS §4.7.4 stack_map_frame decoding.
#include "safepoint/stack_map_table.h"

#include <optional>
#include <string>

namespace minijvm::safepoint {

namespace {

// Big-endian reads that remember running past the end instead of failing
// at each call site.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  uint8_t u1() {
    if (pos_ + 1 > bytes_.size()) return overrun();
    return bytes_[pos_++];
  }
  uint16_t u2() {
    const uint16_t high = u1();
    return static_cast<uint16_t>((high << 8) | u1());
  }
  bool overrun_ = false;
  bool at_end() const { return pos_ == bytes_.size(); }

 private:
  uint8_t overrun() {
    overrun_ = true;
    return 0;
  }
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

VmError format_error(const std::string& what) {
  return make_error("java/lang/ClassFormatError", "StackMapTable: " + what);
}

std::optional<VerificationType> read_type(Reader& r) {
  VerificationType t;
  const uint8_t tag = r.u1();
  if (tag > static_cast<uint8_t>(VerificationTag::kUninitialized)) return std::nullopt;
  t.tag = static_cast<VerificationTag>(tag);
  if (t.tag == VerificationTag::kObject || t.tag == VerificationTag::kUninitialized)
    t.value = r.u2();
  return t;
}

std::vector<VerificationType> expand(const std::vector<VerificationType>& types) {
  std::vector<VerificationType> slots;
  for (const VerificationType& t : types) {
    slots.push_back(t);
    if (t.is_two_slots()) slots.push_back(VerificationType{});
  }
  return slots;
}

}  // namespace

std::vector<VerificationType> initial_frame_locals(const MethodSignature& signature, bool is_static,
                                                   bool is_uninitialized_this) {
  std::vector<VerificationType> locals;
  if (!is_static) {
    locals.push_back(
        {is_uninitialized_this ? VerificationTag::kUninitializedThis : VerificationTag::kObject,
         0});
  }
  for (const FieldType& p : signature.params) {
    switch (p.type) {
      case BasicType::kLong:
        locals.push_back({VerificationTag::kLong, 0});
        break;
      case BasicType::kDouble:
        locals.push_back({VerificationTag::kDouble, 0});
        break;
      case BasicType::kFloat:
        locals.push_back({VerificationTag::kFloat, 0});
        break;
      case BasicType::kObject:
      case BasicType::kArray:
        locals.push_back({VerificationTag::kObject, 0});
        break;
      default:  // boolean, byte, char, short, int: Integer (§4.10.1.2)
        locals.push_back({VerificationTag::kInteger, 0});
        break;
    }
  }
  return locals;
}

Result<std::vector<StackMapFrame>> parse_stack_map_table(
    std::span<const uint8_t> body, const std::vector<VerificationType>& initial_locals) {
  Reader r(body);
  std::vector<StackMapFrame> frames;
  std::vector<VerificationType> locals = initial_locals;  // compressed: one per type
  const uint16_t count = r.u2();
  int64_t previous_bci = -1;
  for (uint32_t n = 0; n < count && !r.overrun_; ++n) {
    const uint8_t frame_type = r.u1();
    uint32_t delta = 0;
    std::vector<VerificationType> stack;
    auto read_types = [&](uint32_t k, std::vector<VerificationType>* out) -> bool {
      for (uint32_t i = 0; i < k; ++i) {
        auto t = read_type(r);
        if (!t) return false;
        out->push_back(*t);
      }
      return true;
    };
    if (frame_type <= 63) {  // same_frame
      delta = frame_type;
    } else if (frame_type <= 127) {  // same_locals_1_stack_item_frame
      delta = frame_type - 64u;
      if (!read_types(1, &stack)) return format_error("bad verification type");
    } else if (frame_type <= 246) {
      return format_error(std::string("reserved frame type ") + std::to_string(frame_type));
    } else if (frame_type == 247) {  // same_locals_1_stack_item_frame_extended
      delta = r.u2();
      if (!read_types(1, &stack)) return format_error("bad verification type");
    } else if (frame_type <= 250) {  // chop_frame
      delta = r.u2();
      const uint32_t k = 251u - frame_type;
      if (k > locals.size()) return format_error("chop_frame removes too many locals");
      locals.resize(locals.size() - k);
    } else if (frame_type == 251) {  // same_frame_extended
      delta = r.u2();
    } else if (frame_type <= 254) {  // append_frame
      delta = r.u2();
      if (!read_types(frame_type - 251u, &locals)) return format_error("bad verification type");
    } else {  // full_frame
      delta = r.u2();
      locals.clear();
      if (!read_types(r.u2(), &locals)) return format_error("bad verification type");
      if (!read_types(r.u2(), &stack)) return format_error("bad verification type");
    }
    // §4.7.4: the first frame is at offset_delta, each next one at
    // previous + offset_delta + 1.
    const int64_t bci = previous_bci + static_cast<int64_t>(delta) + 1;
    previous_bci = bci;
    frames.push_back(StackMapFrame{static_cast<uint32_t>(bci), expand(locals), expand(stack)});
  }
  if (r.overrun_) return format_error("truncated");
  if (!r.at_end()) return format_error("bytes after the last frame");
  return frames;
}

}  // namespace minijvm::safepoint
