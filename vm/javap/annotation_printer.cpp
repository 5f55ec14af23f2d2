// AnnotationWriter: annotations, parameter annotations, type annotations and
// annotation defaults (JVMS §4.7.16-§4.7.22), decoded from the raw attribute
// bodies the class-file parser keeps. Each annotation is printed twice, as
// javap does: once with constant-pool indices, once resolved.
#include <array>
#include <memory>
#include <vector>

#include "vm/javap/class_printer.h"

namespace minijvm::javap {

using namespace classfile;

namespace {

struct Annotation;

// JVMS §4.7.16.1 element_value.
struct ElementValue {
  char tag = 0;
  uint16_t index1 = 0;  // const_value_index, type_name_index, class_info_index
  uint16_t index2 = 0;  // const_name_index
  std::unique_ptr<Annotation> annotation;
  std::vector<ElementValue> values;
};

struct Annotation {
  uint16_t type_index = 0;
  std::vector<std::pair<uint16_t, ElementValue>> pairs;
};

// JVMS §4.7.20.1-2 target_info and type_path.
struct TypePosition {
  uint8_t target = 0;
  uint16_t offset = 0;
  std::vector<std::array<uint16_t, 3>> lvars;  // start_pc, length, index
  uint16_t exception_index = 0;
  uint8_t parameter_index = 0;
  uint8_t bound_index = 0;
  uint16_t type_index = 0;
  std::vector<std::pair<uint8_t, uint8_t>> location;
};

constexpr int kMaxDepth = 64;  // nesting javac never comes close to

ElementValue read_element_value(RawReader& r, int depth);

Annotation read_annotation(RawReader& r, int depth) {
  Annotation a;
  a.type_index = r.u2();
  uint16_t n = r.u2();
  for (uint32_t i = 0; i < n && !r.overrun; ++i) {
    uint16_t name = r.u2();
    a.pairs.emplace_back(name, read_element_value(r, depth + 1));
  }
  return a;
}

ElementValue read_element_value(RawReader& r, int depth) {
  ElementValue v;
  if (depth > kMaxDepth) {
    r.overrun = true;
    return v;
  }
  v.tag = static_cast<char>(r.u1());
  switch (v.tag) {
    case 'B':
    case 'C':
    case 'D':
    case 'F':
    case 'I':
    case 'J':
    case 'S':
    case 'Z':
    case 's':
    case 'c':
      v.index1 = r.u2();
      break;
    case 'e':
      v.index1 = r.u2();
      v.index2 = r.u2();
      break;
    case '@':
      v.annotation = std::make_unique<Annotation>(read_annotation(r, depth + 1));
      break;
    case '[': {
      uint16_t n = r.u2();
      for (uint32_t i = 0; i < n && !r.overrun; ++i)
        v.values.push_back(read_element_value(r, depth + 1));
      break;
    }
    default:
      r.overrun = true;  // javap: InvalidAnnotation
  }
  return v;
}

const char* target_name(uint8_t target) {
  switch (target) {
    case 0x00:
      return "CLASS_TYPE_PARAMETER";
    case 0x01:
      return "METHOD_TYPE_PARAMETER";
    case 0x10:
      return "CLASS_EXTENDS";
    case 0x11:
      return "CLASS_TYPE_PARAMETER_BOUND";
    case 0x12:
      return "METHOD_TYPE_PARAMETER_BOUND";
    case 0x13:
      return "FIELD";
    case 0x14:
      return "METHOD_RETURN";
    case 0x15:
      return "METHOD_RECEIVER";
    case 0x16:
      return "METHOD_FORMAL_PARAMETER";
    case 0x17:
      return "THROWS";
    case 0x40:
      return "LOCAL_VARIABLE";
    case 0x41:
      return "RESOURCE_VARIABLE";
    case 0x42:
      return "EXCEPTION_PARAMETER";
    case 0x43:
      return "INSTANCEOF";
    case 0x44:
      return "NEW";
    case 0x45:
      return "CONSTRUCTOR_REFERENCE";
    case 0x46:
      return "METHOD_REFERENCE";
    case 0x47:
      return "CAST";
    case 0x48:
      return "CONSTRUCTOR_INVOCATION_TYPE_ARGUMENT";
    case 0x49:
      return "METHOD_INVOCATION_TYPE_ARGUMENT";
    case 0x4A:
      return "CONSTRUCTOR_REFERENCE_TYPE_ARGUMENT";
    case 0x4B:
      return "METHOD_REFERENCE_TYPE_ARGUMENT";
    default:
      return nullptr;
  }
}

TypePosition read_position(RawReader& r) {
  TypePosition pos;
  pos.target = r.u1();
  switch (pos.target) {
    case 0x43:
    case 0x44:
    case 0x45:
    case 0x46:
      pos.offset = r.u2();
      break;
    case 0x40:
    case 0x41: {
      uint16_t n = r.u2();
      for (uint32_t i = 0; i < n && !r.overrun; ++i) {
        uint16_t start = r.u2();
        uint16_t length = r.u2();
        uint16_t index = r.u2();
        pos.lvars.push_back({start, length, index});
      }
      break;
    }
    case 0x42:
      pos.exception_index = r.u2();
      break;
    case 0x15:
    case 0x13:
    case 0x14:
      break;
    case 0x00:
    case 0x01:
    case 0x16:
      pos.parameter_index = r.u1();
      break;
    case 0x11:
    case 0x12:
      pos.parameter_index = r.u1();
      pos.bound_index = r.u1();
      break;
    case 0x10:
    case 0x17:
      pos.type_index = r.u2();
      break;
    case 0x47:
    case 0x48:
    case 0x49:
    case 0x4A:
    case 0x4B:
      pos.offset = r.u2();
      pos.type_index = r.u1();
      break;
    default:
      r.overrun = true;
  }
  uint8_t len = r.u1();
  for (uint32_t i = 0; i < len && !r.overrun; ++i) {
    uint8_t kind = r.u1();
    uint8_t arg = r.u1();
    pos.location.emplace_back(kind, arg);
  }
  return pos;
}

}  // namespace

class AnnotationPrinter {
 public:
  explicit AnnotationPrinter(ClassPrinter& c) : c_(c), p_(c.p_) {}

  // AnnotationWriter.write(Annotation): indices, then resolved, indented.
  void write(const Annotation& a) {
    write(a, false);
    p_.println();
    p_.indent(+1);
    write(a, true);
    p_.indent(-1);
  }

  void write(const Annotation& a, bool resolve) {
    write_descriptor(a.type_index, resolve);
    if (resolve) {
      bool parens = !a.pairs.empty();
      if (parens) {
        p_.println("(");
        p_.indent(+1);
      }
      for (const auto& [name, value] : a.pairs) {
        write_pair(name, value, true);
        p_.println();
      }
      if (parens) {
        p_.indent(-1);
        p_.print(")");
      }
    } else {
      p_.print("(");
      for (size_t i = 0; i < a.pairs.size(); ++i) {
        if (i > 0) p_.print(",");
        write_pair(a.pairs[i].first, a.pairs[i].second, false);
      }
      p_.print(")");
    }
  }

  void write_type_annotation(const TypePosition& pos, const Annotation& a) {
    write(a, false);
    p_.print(": ");
    write_position(pos, true);
    p_.println();
    p_.indent(+1);
    write(a, true);
    p_.indent(-1);
  }

  // AnnotationWriter.write(element_value): indices, then resolved.
  void write_value(const ElementValue& v) {
    write_value(v, false);
    p_.println();
    p_.indent(+1);
    write_value(v, true);
    p_.indent(-1);
  }

 private:
  void write_descriptor(uint16_t index, bool resolve) {
    if (resolve) {
      const Symbol* desc = c_.cp_.utf8(index);
      if (desc) {
        std::string d = text(desc);
        if (auto t = descriptor_java_text(d, 0, d.size())) {
          p_.print(*t);
          return;
        }
      }
    }
    p_.print("#" + std::to_string(index));
  }

  void write_index(uint16_t index, bool resolve) {
    p_.print(resolve ? c_.string_value(index) : "#" + std::to_string(index));
  }

  void write_pair(uint16_t name, const ElementValue& v, bool resolve) {
    write_index(name, resolve);
    p_.print("=");
    write_value(v, resolve);
  }

  void write_value(const ElementValue& v, bool resolve) {
    switch (v.tag) {
      case 'e':
        if (resolve) {
          write_index(v.index1, true);
          p_.print(".");
          write_index(v.index2, true);
        } else {
          p_.print("e#" + std::to_string(v.index1) + ".#" + std::to_string(v.index2));
        }
        return;
      case 'c':
        if (resolve) {
          p_.print("class ");
          write_index(v.index1, true);
        } else {
          p_.print("c#" + std::to_string(v.index1));
        }
        return;
      case '@':
        p_.print("@");
        if (v.annotation) write(*v.annotation, resolve);
        return;
      case '[':
        p_.print("[");
        for (size_t i = 0; i < v.values.size(); ++i) {
          if (i > 0) p_.print(",");
          write_value(v.values[i], resolve);
        }
        p_.print("]");
        return;
      default:
        break;
    }
    std::string raw = std::string(1, v.tag) + "#" + std::to_string(v.index1);
    if (!resolve) {
      p_.print(raw);
      return;
    }
    switch (v.tag) {
      case 'B':
        p_.print("(byte) " + c_.string_value(v.index1));
        break;
      case 'C':
        p_.print("'" + c_.char_value(v.index1) + "'");
        break;
      case 'D':
      case 'F':
      case 'I':
      case 'J':
        p_.print(c_.string_value(v.index1));
        break;
      case 'S':
        p_.print("(short) " + c_.string_value(v.index1));
        break;
      case 'Z':
        p_.print(c_.boolean_value(v.index1));
        break;
      case 's':
        p_.print("\"" + c_.string_value(v.index1) + "\"");
        break;
      default:
        p_.print(raw);
        break;
    }
  }

  void write_position(const TypePosition& pos, bool show_offsets) {
    const char* name = target_name(pos.target);
    p_.print(name ? name : "UNKNOWN");
    switch (pos.target) {
      case 0x43:
      case 0x44:
      case 0x45:
      case 0x46:
        if (show_offsets) p_.print(", offset=" + std::to_string(pos.offset));
        break;
      case 0x40:
      case 0x41:
        p_.print(", {");
        for (size_t i = 0; i < pos.lvars.size(); ++i) {
          if (i != 0) p_.print("; ");
          if (show_offsets) p_.print("start_pc=" + std::to_string(pos.lvars[i][0]));
          p_.print(", length=" + std::to_string(pos.lvars[i][1]));
          p_.print(", index=" + std::to_string(pos.lvars[i][2]));
        }
        p_.print("}");
        break;
      case 0x42:
        p_.print(", exception_index=" + std::to_string(pos.exception_index));
        break;
      case 0x00:
      case 0x01:
      case 0x16:
        p_.print(", param_index=" + std::to_string(pos.parameter_index));
        break;
      case 0x11:
      case 0x12:
        p_.print(", param_index=" + std::to_string(pos.parameter_index));
        p_.print(", bound_index=" + std::to_string(pos.bound_index));
        break;
      case 0x10:
      case 0x17:
        p_.print(", type_index=" + std::to_string(pos.type_index));
        break;
      case 0x47:
      case 0x48:
      case 0x49:
      case 0x4A:
      case 0x4B:
        if (show_offsets) p_.print(", offset=" + std::to_string(pos.offset));
        p_.print(", type_index=" + std::to_string(pos.type_index));
        break;
      default:
        break;
    }
    if (!pos.location.empty()) {
      static constexpr const char* kKinds[] = {"ARRAY", "INNER_TYPE", "WILDCARD", "TYPE_ARGUMENT"};
      std::string loc = ", location=[";
      for (size_t i = 0; i < pos.location.size(); ++i) {
        if (i > 0) loc += ", ";
        auto [kind, arg] = pos.location[i];
        loc += kind < 4 ? kKinds[kind] : "?";
        if (kind == 3) loc += "(" + std::to_string(arg) + ")";
      }
      p_.print(loc + "]");
    }
  }

  ClassPrinter& c_;
  Printer& p_;
};

void ClassPrinter::write_annotation_list(std::string_view title, std::span<const uint8_t> body) {
  RawReader r(body);
  uint16_t n = r.u2();
  std::vector<Annotation> list;
  for (uint32_t i = 0; i < n && !r.overrun; ++i) list.push_back(read_annotation(r, 0));
  p_.println(title);
  p_.indent(+1);
  AnnotationPrinter ap(*this);
  for (size_t i = 0; i < list.size(); ++i) {
    p_.print(std::to_string(i) + ": ");
    ap.write(list[i]);
    p_.println();
  }
  p_.indent(-1);
}

void ClassPrinter::write_type_annotation_list(std::string_view title,
                                              std::span<const uint8_t> body) {
  RawReader r(body);
  uint16_t n = r.u2();
  std::vector<std::pair<TypePosition, Annotation>> list;
  for (uint32_t i = 0; i < n && !r.overrun; ++i) {
    TypePosition pos = read_position(r);
    Annotation a = read_annotation(r, 0);
    list.emplace_back(std::move(pos), std::move(a));
  }
  p_.println(title);
  p_.indent(+1);
  AnnotationPrinter ap(*this);
  for (size_t i = 0; i < list.size(); ++i) {
    p_.print(std::to_string(i) + ": ");
    ap.write_type_annotation(list[i].first, list[i].second);
    p_.println();
  }
  p_.indent(-1);
}

void ClassPrinter::write_parameter_annotations(std::string_view title,
                                               std::span<const uint8_t> body) {
  RawReader r(body);
  uint8_t params = r.u1();
  std::vector<std::vector<Annotation>> all;
  for (uint32_t p = 0; p < params && !r.overrun; ++p) {
    std::vector<Annotation>& list = all.emplace_back();
    uint16_t n = r.u2();
    for (uint32_t i = 0; i < n && !r.overrun; ++i) list.push_back(read_annotation(r, 0));
  }
  p_.println(title);
  p_.indent(+1);
  AnnotationPrinter ap(*this);
  for (size_t param = 0; param < all.size(); ++param) {
    p_.println("parameter " + std::to_string(param) + ": ");
    p_.indent(+1);
    for (size_t i = 0; i < all[param].size(); ++i) {
      p_.print(std::to_string(i) + ": ");
      ap.write(all[param][i]);
      p_.println();
    }
    p_.indent(-1);
  }
  p_.indent(-1);
}

void ClassPrinter::write_annotation_default(std::span<const uint8_t> body) {
  RawReader r(body);
  ElementValue v = read_element_value(r, 0);
  p_.println("AnnotationDefault:");
  p_.indent(+1);
  p_.print("default_value: ");
  AnnotationPrinter(*this).write_value(v);
  p_.indent(-1);
  p_.println();
}

}  // namespace minijvm::javap
