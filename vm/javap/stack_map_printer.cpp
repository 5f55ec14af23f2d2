// The StackMapTable listing (JVMS §4.7.4), decoded from the raw body: every
// frame in javap's full form ("frame_type = 255 /* full_frame */" ...).
#include <vector>

#include "vm/javap/class_printer.h"

namespace minijvm::javap {

using namespace classfile;

namespace {

// JVMS §4.7.4 verification_type_info.
struct VerificationType {
  uint8_t tag = 0;
  uint16_t value = 0;  // Object: cpool_index; Uninitialized: offset
};

enum : uint8_t {
  kItemTop = 0,
  kItemInteger = 1,
  kItemFloat = 2,
  kItemDouble = 3,
  kItemLong = 4,
  kItemNull = 5,
  kItemUninitializedThis = 6,
  kItemObject = 7,
  kItemUninitialized = 8,
};

VerificationType read_type(RawReader& r) {
  VerificationType t;
  t.tag = r.u1();
  if (t.tag == kItemObject || t.tag == kItemUninitialized) t.value = r.u2();
  return t;
}

std::vector<VerificationType> read_types(RawReader& r, size_t n) {
  std::vector<VerificationType> types;
  for (size_t i = 0; i < n && !r.overrun; ++i) types.push_back(read_type(r));
  return types;
}

const char* item_name(uint8_t tag) {
  switch (tag) {
    case kItemTop:
      return "top";
    case kItemInteger:
      return "int";
    case kItemFloat:
      return "float";
    case kItemLong:
      return "long";
    case kItemDouble:
      return "double";
    case kItemNull:
      return "null";
    case kItemUninitializedThis:
      return "this";
    case kItemObject:
      return "CP";
    case kItemUninitialized:
      return "uninitialized";
    default:
      return nullptr;
  }
}

}  // namespace

void ClassPrinter::write_stack_map_table(std::span<const uint8_t> body) {
  RawReader r(body);
  uint16_t n = r.u2();
  p_.println("StackMapTable: number_of_entries = " + std::to_string(n));
  p_.indent(+1);

  auto print_map = [&](const char* name, const std::vector<VerificationType>& map) {
    p_.print(std::string(name) + " = [");
    for (size_t i = 0; i < map.size(); ++i) {
      const VerificationType& t = map[i];
      if (t.tag == kItemObject) {
        p_.print(" ");
        write_constant(t.value);
      } else if (t.tag == kItemUninitialized) {
        p_.print(std::string(" ") + item_name(t.tag));
        p_.print(" " + std::to_string(t.value));
      } else {
        const char* item = item_name(t.tag);
        p_.print(item ? std::string(" ") + item : " [tag:" + std::to_string(t.tag) + "]");
      }
      p_.print(i == map.size() - 1 ? " " : ",");
    }
    p_.println("]");
  };
  auto header = [&](uint8_t type, const char* what) {
    p_.print("frame_type = " + std::to_string(type) + " ");
    p_.println(what);
  };
  auto offset_delta = [&](uint16_t delta) {
    p_.println("offset_delta = " + std::to_string(delta));
  };

  for (uint32_t i = 0; i < n && !r.overrun; ++i) {
    uint8_t type = r.u1();
    if (type < 64) {
      header(type, "/* same */");
    } else if (type < 128) {
      header(type, "/* same_locals_1_stack_item */");
      p_.indent(+1);
      print_map("stack", read_types(r, 1));
      p_.indent(-1);
    } else if (type < 247) {
      // Reserved (JVMS §4.7.4); javap rejects the attribute. Stop here.
      break;
    } else if (type == 247) {
      header(type, "/* same_locals_1_stack_item_frame_extended */");
      p_.indent(+1);
      offset_delta(r.u2());
      print_map("stack", read_types(r, 1));
      p_.indent(-1);
    } else if (type < 251) {
      header(type, "/* chop */");
      p_.indent(+1);
      offset_delta(r.u2());
      p_.indent(-1);
    } else if (type == 251) {
      header(type, "/* same_frame_extended */");
      p_.indent(+1);
      offset_delta(r.u2());
      p_.indent(-1);
    } else if (type < 255) {
      header(type, "/* append */");
      p_.indent(+1);
      offset_delta(r.u2());
      print_map("locals", read_types(r, type - 251u));
      p_.indent(-1);
    } else {
      header(type, "/* full_frame */");
      p_.indent(+1);
      offset_delta(r.u2());
      uint16_t locals = r.u2();
      print_map("locals", read_types(r, locals));
      uint16_t stack = r.u2();
      print_map("stack", read_types(r, stack));
      p_.indent(-1);
    }
  }
  p_.indent(-1);
}

}  // namespace minijvm::javap
