#include "vm/classfile/annotation_types.h"

#include <cstddef>
#include <cstdint>

namespace minijvm::classfile {

namespace {

class Cursor {
 public:
  explicit Cursor(const Bytes& bytes) : bytes_(bytes) {}
  bool u1(uint8_t* out) {
    if (pos_ + 1 > bytes_.size()) return false;
    *out = bytes_[pos_++];
    return true;
  }
  bool u2(uint16_t* out) {
    if (pos_ + 2 > bytes_.size()) return false;
    *out = static_cast<uint16_t>((bytes_[pos_] << 8) | bytes_[pos_ + 1]);
    pos_ += 2;
    return true;
  }

 private:
  const Bytes& bytes_;
  size_t pos_ = 0;
};

bool skip_annotation(Cursor& in, int depth);

// JVMS §4.7.16.1 element_value.
bool skip_element_value(Cursor& in, int depth) {
  if (depth > 64) return false;
  uint8_t tag;
  uint16_t ignored;
  if (!in.u1(&tag)) return false;
  switch (tag) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
    case 's': case 'c':
      return in.u2(&ignored);
    case 'e':
      return in.u2(&ignored) && in.u2(&ignored);
    case '@':
      return skip_annotation(in, depth + 1);
    case '[': {
      uint16_t count;
      if (!in.u2(&count)) return false;
      for (uint16_t i = 0; i < count; ++i)
        if (!skip_element_value(in, depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

bool skip_pairs(Cursor& in, int depth) {
  uint16_t pairs, ignored;
  if (!in.u2(&pairs)) return false;
  for (uint16_t i = 0; i < pairs; ++i)
    if (!in.u2(&ignored) || !skip_element_value(in, depth)) return false;
  return true;
}

bool skip_annotation(Cursor& in, int depth) {
  uint16_t type;
  return in.u2(&type) && skip_pairs(in, depth);
}

}  // namespace

std::vector<const Symbol*> annotation_types(const Bytes& body, const ConstantPool& cp) {
  std::vector<const Symbol*> types;
  Cursor in(body);
  uint16_t count;
  if (!in.u2(&count)) return types;
  for (uint16_t i = 0; i < count; ++i) {
    uint16_t type;
    if (!in.u2(&type)) break;
    if (type == 0 || type >= cp.count() || cp.tag(type) != CpTag::kUtf8) break;
    types.push_back(cp.utf8(type));
    if (!skip_pairs(in, 0)) break;
  }
  return types;
}

}  // namespace minijvm::classfile
