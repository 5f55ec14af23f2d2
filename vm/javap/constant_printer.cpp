// ConstantWriter: the -v constant pool and the text of one constant, as used
// in "// Method ..." comments and attribute listings.
#include <cstdio>

#include "vm/javap/class_printer.h"
#include "vm/javap/java_text.h"

namespace minijvm::javap {

using namespace classfile;

namespace {

// ConstantWriter.tagName: the word before a constant in a comment.
std::string_view comment_tag_name(CpTag tag) {
  switch (tag) {
    case CpTag::kUtf8:
      return "Utf8";
    case CpTag::kInteger:
      return "int";
    case CpTag::kFloat:
      return "float";
    case CpTag::kLong:
      return "long";
    case CpTag::kDouble:
      return "double";
    case CpTag::kClass:
      return "class";
    case CpTag::kString:
      return "String";
    case CpTag::kFieldref:
      return "Field";
    case CpTag::kMethodHandle:
      return "MethodHandle";
    case CpTag::kMethodType:
      return "MethodType";
    case CpTag::kMethodref:
      return "Method";
    case CpTag::kInterfaceMethodref:
      return "InterfaceMethod";
    case CpTag::kInvokeDynamic:
      return "InvokeDynamic";
    case CpTag::kDynamic:
      return "Dynamic";
    case CpTag::kNameAndType:
      return "NameAndType";
    default:
      return {};
  }
}

std::string hash(uint16_t index) { return "#" + std::to_string(index); }

}  // namespace

std::string ClassPrinter::string_value(uint16_t index) const {
  const CpEntry& e = cp_.entry(index);
  switch (e.tag) {
    case CpTag::kUtf8:
      return escaped_utf8(e.symbol ? e.symbol->view() : "");
    case CpTag::kInteger:
      return std::to_string(static_cast<int32_t>(static_cast<uint32_t>(e.bits)));
    case CpTag::kFloat:
      return java_float_string(cp_.float_value(index)) + "f";
    case CpTag::kLong:
      return std::to_string(cp_.long_value(index)) + "l";
    case CpTag::kDouble:
      return java_double_string(cp_.double_value(index)) + "d";
    case CpTag::kClass:
    case CpTag::kModule:
    case CpTag::kPackage: {
      const Symbol* name = cp_.utf8(e.index1);
      return checked_name(name ? name->view() : "");
    }
    case CpTag::kString:
      return string_value(e.index1);
    case CpTag::kFieldref:
    case CpTag::kMethodref:
    case CpTag::kInterfaceMethodref:
      return string_value(e.index1) + "." + string_value(e.index2);
    case CpTag::kNameAndType: {
      const Symbol* name = cp_.utf8(e.index1);
      const Symbol* type = cp_.utf8(e.index2);
      return checked_name(name ? name->view() : "") + ":" + text(type);
    }
    case CpTag::kMethodHandle: {
      auto kind = static_cast<RefKind>(e.bits);
      return std::string(ref_kind_name(kind)) + " " + string_value(e.index1);
    }
    case CpTag::kMethodType:
      return text(cp_.utf8(e.index1));
    case CpTag::kDynamic:
    case CpTag::kInvokeDynamic:
      return "#" + std::to_string(e.index1) + ":" + string_value(e.index2);
    case CpTag::kInvalid:
      break;
  }
  return "???";
}

std::string ClassPrinter::char_value(uint16_t index) const {
  const CpEntry& e = cp_.entry(index);
  if (e.tag != CpTag::kInteger) return hash(index);
  char16_t c = static_cast<char16_t>(e.bits);
  return output_text(std::u16string_view(&c, 1));
}

std::string ClassPrinter::boolean_value(uint16_t index) const {
  const CpEntry& e = cp_.entry(index);
  if (e.tag == CpTag::kInteger) {
    auto v = static_cast<int32_t>(static_cast<uint32_t>(e.bits));
    if (v == 0) return "false";
    if (v == 1) return "true";
  }
  return hash(index);
}

void ClassPrinter::write_constant(uint16_t index) {
  if (index == 0) {
    p_.print("#0");
    return;
  }
  const CpEntry& e = cp_.entry(index);
  if (e.tag == CpTag::kInvalid) {
    p_.print(hash(index));
    return;
  }
  uint16_t shown = index;
  switch (e.tag) {
    case CpTag::kMethodref:
    case CpTag::kInterfaceMethodref:
    case CpTag::kFieldref:
      // References within this class are shown without the class name.
      if (e.index1 == cf_.this_class_index) shown = e.index2;
      break;
    default:
      break;
  }
  std::string_view tag = comment_tag_name(e.tag);
  std::string word = tag.empty() ? "(unknown tag " + std::to_string(static_cast<int>(e.tag)) + ")"
                                 : std::string(tag);
  p_.print(word + " " + string_value(shown));
}

void ClassPrinter::write_constant_pool() {
  p_.println("Constant pool:");
  p_.indent(+1);
  const uint16_t size = cp_.count();
  const int width = static_cast<int>(std::to_string(size).size()) + 1;
  uint16_t cpx = 1;
  while (cpx < size) {
    const CpEntry& e = cp_.entry(cpx);
    char buf[64];
    std::string number = hash(cpx);
    std::snprintf(buf, sizeof buf, "%*s", width, number.c_str());
    p_.print(buf);
    if (e.tag == CpTag::kInvalid) {  // cannot happen in a parsed class file
      p_.println();
      ++cpx;
      continue;
    }
    std::snprintf(buf, sizeof buf, " = %-18s ", std::string(cp_tag_name(e.tag)).c_str());
    p_.print(buf);
    int step = 1;
    switch (e.tag) {
      case CpTag::kClass:
      case CpTag::kString:
      case CpTag::kModule:
      case CpTag::kPackage:
        p_.print(hash(e.index1));
        p_.tab();
        p_.println("// " + string_value(cpx));
        break;
      case CpTag::kMethodType:
        p_.print(hash(e.index1));
        p_.tab();
        p_.println("//  " + string_value(cpx));
        break;
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref:
        p_.print(hash(e.index1) + ".#" + std::to_string(e.index2));
        p_.tab();
        p_.println("// " + string_value(cpx));
        break;
      case CpTag::kNameAndType:
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic:
        p_.print(hash(e.index1) + ":#" + std::to_string(e.index2));
        p_.tab();
        p_.println("// " + string_value(cpx));
        break;
      case CpTag::kMethodHandle:
        p_.print(std::to_string(e.bits) + ":#" + std::to_string(e.index1));
        p_.tab();
        p_.println("// " + string_value(cpx));
        break;
      case CpTag::kLong:
      case CpTag::kDouble:
        p_.println(string_value(cpx));
        step = 2;
        break;
      default:
        p_.println(string_value(cpx));
        break;
    }
    cpx = static_cast<uint16_t>(cpx + step);
    if (cpx < step) break;  // wrapped
  }
  p_.indent(-1);
}

}  // namespace minijvm::javap
