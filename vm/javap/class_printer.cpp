// ClassWriter: the class declaration, the -v header, fields and methods.
#include "vm/javap/class_printer.h"

#include <array>
#include <cstdio>

#include "vm/javap/java_text.h"

namespace minijvm::javap {

using namespace classfile;

namespace {

struct FlagWord {
  uint16_t flag;
  const char* modifier;  // nullptr: not a modifier of this kind
  const char* name;
};

// AccessFlags' tables, per kind, in javap's order.
std::span<const FlagWord> flag_table(FlagKind kind) {
  static constexpr FlagWord kClass[] = {
      {kAccPublic, "public", "ACC_PUBLIC"},        {kAccFinal, "final", "ACC_FINAL"},
      {kAccSuper, nullptr, "ACC_SUPER"},           {kAccInterface, nullptr, "ACC_INTERFACE"},
      {kAccAbstract, "abstract", "ACC_ABSTRACT"},  {kAccSynthetic, nullptr, "ACC_SYNTHETIC"},
      {kAccAnnotation, nullptr, "ACC_ANNOTATION"}, {kAccEnum, nullptr, "ACC_ENUM"},
      {kAccModule, nullptr, "ACC_MODULE"},
  };
  static constexpr FlagWord kInner[] = {
      {kAccPublic, "public", "ACC_PUBLIC"},
      {kAccPrivate, "private", "ACC_PRIVATE"},
      {kAccProtected, "protected", "ACC_PROTECTED"},
      {kAccStatic, "static", "ACC_STATIC"},
      {kAccFinal, "final", "ACC_FINAL"},
      {kAccSuper, nullptr, "ACC_SYNCHRONIZED"},  // sic: AccessFlags.flagToName
      {kAccInterface, nullptr, "ACC_INTERFACE"},
      {kAccAbstract, "abstract", "ACC_ABSTRACT"},
      {kAccSynthetic, nullptr, "ACC_SYNTHETIC"},
      {kAccAnnotation, nullptr, "ACC_ANNOTATION"},
      {kAccEnum, nullptr, "ACC_ENUM"},
  };
  static constexpr FlagWord kField[] = {
      {kAccPublic, "public", "ACC_PUBLIC"},
      {kAccPrivate, "private", "ACC_PRIVATE"},
      {kAccProtected, "protected", "ACC_PROTECTED"},
      {kAccStatic, "static", "ACC_STATIC"},
      {kAccFinal, "final", "ACC_FINAL"},
      {kAccVolatile, "volatile", "ACC_VOLATILE"},
      {kAccTransient, "transient", "ACC_TRANSIENT"},
      {kAccSynthetic, nullptr, "ACC_SYNTHETIC"},
      {kAccEnum, nullptr, "ACC_ENUM"},
  };
  static constexpr FlagWord kMethod[] = {
      {kAccPublic, "public", "ACC_PUBLIC"},
      {kAccPrivate, "private", "ACC_PRIVATE"},
      {kAccProtected, "protected", "ACC_PROTECTED"},
      {kAccStatic, "static", "ACC_STATIC"},
      {kAccFinal, "final", "ACC_FINAL"},
      {kAccSynchronized, "synchronized", "ACC_SYNCHRONIZED"},
      {kAccBridge, nullptr, "ACC_BRIDGE"},
      {kAccVarargs, nullptr, "ACC_VARARGS"},
      {kAccNative, "native", "ACC_NATIVE"},
      {kAccAbstract, "abstract", "ACC_ABSTRACT"},
      {kAccStrict, "strictfp", "ACC_STRICT"},
      {kAccSynthetic, nullptr, "ACC_SYNTHETIC"},
  };
  switch (kind) {
    case kClassFlags:
      return kClass;
    case kInnerClassFlags:
      return kInner;
    case kFieldFlags:
      return kField;
    case kMethodFlags:
      return kMethod;
  }
  return {};
}

bool has_attribute(const std::vector<const Symbol*>& names, std::string_view name) {
  for (const Symbol* s : names) {
    if (s && s->equals(name)) return true;
  }
  return false;
}

// ClassWriter.adjustVarargs.
std::string adjust_varargs(uint16_t flags, std::string params) {
  if (flags & kAccVarargs) {
    size_t i = params.rfind("[]");
    if (i != std::string::npos && i > 0) params.replace(i, 2, "...");
  }
  return params;
}

}  // namespace

std::string text(const Symbol* s) { return s ? utf8(s->view()) : std::string(); }

std::string modifiers_text(uint16_t flags, FlagKind kind) {
  if ((kind == kClassFlags || kind == kInnerClassFlags) && (flags & kAccInterface)) {
    flags &= ~kAccAbstract;
  }
  std::string out;
  for (const FlagWord& w : flag_table(kind)) {
    if ((flags & w.flag) && w.modifier) {
      out += w.modifier;
      out += ' ';
    }
  }
  return out;
}

std::string flag_names(uint16_t flags, FlagKind kind) {
  std::string out;
  auto add = [&](std::string_view word) {
    if (!out.empty()) out += ", ";
    out += word;
  };
  unsigned rest = flags;
  for (const FlagWord& w : flag_table(kind)) {
    if (rest & w.flag) {
      add(w.name);
      rest &= ~unsigned{w.flag};
    }
  }
  while (rest != 0) {
    unsigned bit = 1u << (31 - __builtin_clz(rest));
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%x", bit);
    add(buf);
    rest &= ~bit;
  }
  return out;
}

std::optional<std::string> descriptor_java_text(std::string_view desc, size_t start, size_t end,
                                                int* count) {
  std::string sb;
  int dims = 0;
  int n = 0;
  size_t p = start;
  while (p < end && p < desc.size()) {
    char ch = desc[p++];
    std::string type;
    switch (ch) {
      case '(':
        sb += '(';
        continue;
      case ')':
        sb += ')';
        continue;
      case '[':
        ++dims;
        continue;
      case 'B':
        type = "byte";
        break;
      case 'C':
        type = "char";
        break;
      case 'D':
        type = "double";
        break;
      case 'F':
        type = "float";
        break;
      case 'I':
        type = "int";
        break;
      case 'J':
        type = "long";
        break;
      case 'S':
        type = "short";
        break;
      case 'Z':
        type = "boolean";
        break;
      case 'V':
        type = "void";
        break;
      case 'L': {
        size_t semi = desc.find(';', p);
        if (semi == std::string_view::npos) return std::nullopt;
        type = java_name(desc.substr(p, semi - p));
        p = semi + 1;
        break;
      }
      default:
        return std::nullopt;
    }
    if (sb.size() > 1 && sb[0] == '(') sb += ", ";
    sb += type;
    for (; dims > 0; --dims) sb += "[]";
    ++n;
  }
  if (count) *count = n;
  return sb;
}

ClassPrinter::ClassPrinter(const JavapOptions& options, const ClassFile& cf, Printer& p)
    : options_(options), cf_(cf), cp_(cf.constant_pool), p_(p) {}

bool ClassPrinter::check_access(uint16_t flags) const {
  // Options.checkAccess with the default (-package) or -private.
  if (options_.private_) return true;
  return (flags & kAccPrivate) == 0;
}

std::string ClassPrinter::class_java_name() const { return java_name(text(cf_.this_class)); }

void ClassPrinter::write(const ClassSource* source) {
  if (verbose() && source) {
    p_.println("Classfile " + source->location);
    p_.indent(+1);
    if (source->last_modified) {
      static constexpr std::array<const char*, 12> kMonths = {
          "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
      std::tm tm{};
      localtime_r(&*source->last_modified, &tm);
      std::string date = std::string(kMonths[tm.tm_mon]) + " " + std::to_string(tm.tm_mday) + ", " +
                         std::to_string(tm.tm_year + 1900);
      if (source->size > 0) {
        p_.println("Last modified " + date + "; size " + std::to_string(source->size) + " bytes");
      } else {
        p_.println("Last modified " + date);
      }
    } else if (source->size > 0) {
      p_.println("Size " + std::to_string(source->size) + " bytes");
    }
    p_.println("SHA-256 checksum " + source->sha256);
  }
  if (cf_.source_file) p_.println("Compiled from \"" + text(cf_.source_file) + "\"");
  if (verbose() && source) p_.indent(-1);

  write_declaration();

  if (verbose()) {
    p_.println();
    write_verbose_header();
  } else {
    p_.print(" ");
  }
  p_.println("{");
  p_.indent(+1);
  if (cf_.is_module() && !verbose()) write_module_directives();
  for (const FieldInfo& f : cf_.fields) write_field(f);
  for (const MethodInfo& m : cf_.methods) write_method(m);
  p_.set_pending_newline(false);
  p_.indent(-1);
  p_.println("}");
  if (verbose()) write_class_attributes();
}

void ClassPrinter::write_declaration() {
  p_.print(modifiers_text(cf_.access_flags, kClassFlags));
  if (cf_.is_module()) {
    write_module_declaration();
  } else {
    p_.print(cf_.is_interface() ? "interface " : "class ");
    p_.print(class_java_name());
  }

  std::optional<SigTypePtr> sig;
  if (cf_.generic_signature) sig = parse_signature(text(cf_.generic_signature));
  if (!sig) {
    if (!cf_.is_interface() && cf_.super_class) {
      std::string super_name = java_name(text(cf_.super_class));
      if (super_name != "java.lang.Object") p_.print(" extends " + super_name);
    }
    for (size_t i = 0; i < cf_.interfaces.size(); ++i) {
      p_.print(i == 0 ? (cf_.is_interface() ? " extends " : " implements ") : ",");
      p_.print(java_name(text(cf_.interfaces[i])));
    }
  } else {
    const SigType& t = **sig;
    // The signature parser cannot tell a field type from a class signature
    // that only names a superclass.
    if (t.kind == SigType::Kind::kClassSig) {
      p_.print(java_type_string(t, cf_.is_interface(), verbose()));
    } else if (verbose() || !t.is_object()) {
      p_.print(" extends ");
      p_.print(java_type_string(t, cf_.is_interface(), verbose()));
    }
  }
}

void ClassPrinter::write_verbose_header() {
  p_.indent(+1);
  p_.println("minor version: " + std::to_string(cf_.minor_version));
  p_.println("major version: " + std::to_string(cf_.major_version));
  p_.println(flags_line(cf_.access_flags, kClassFlags));
  p_.print("this_class: #" + std::to_string(cf_.this_class_index));
  if (cf_.this_class_index != 0) {
    p_.tab();
    p_.print("// " + string_value(cf_.this_class_index));
  }
  p_.println();
  p_.print("super_class: #" + std::to_string(cf_.super_class_index));
  if (cf_.super_class_index != 0) {
    p_.tab();
    p_.print("// " + string_value(cf_.super_class_index));
  }
  p_.println();
  p_.print("interfaces: " + std::to_string(cf_.interfaces.size()));
  p_.print(", fields: " + std::to_string(cf_.fields.size()));
  p_.print(", methods: " + std::to_string(cf_.methods.size()));
  p_.println(", attributes: " + std::to_string(cf_.attribute_names.size()));
  p_.indent(-1);
  write_constant_pool();
}

std::string ClassPrinter::flags_line(uint16_t flags, int kind) const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "flags: (0x%04x) ", flags);
  return buf + flag_names(flags, static_cast<FlagKind>(kind));
}

// The ConstantValue index of a field; the parser keeps the attribute typed
// only for static fields, javap shows it for any field.
static uint16_t constant_value_index(const FieldInfo& f) {
  if (f.constant_value_index != 0) return f.constant_value_index;
  for (const RawAttribute& a : f.other_attributes) {
    if (a.name && a.name->equals("ConstantValue") && a.bytes.size() == 2) {
      return static_cast<uint16_t>((a.bytes[0] << 8) | a.bytes[1]);
    }
  }
  return 0;
}

std::string ClassPrinter::constant_value_text(const FieldInfo& f) const {
  uint16_t index = constant_value_index(f);
  const CpEntry& e = cp_.entry(index);
  switch (e.tag) {
    case CpTag::kInteger: {
      auto value = static_cast<int32_t>(static_cast<uint32_t>(e.bits));
      if (f.descriptor && f.descriptor->equals("C")) {
        return java_char_literal(static_cast<char16_t>(value));
      }
      if (f.descriptor && f.descriptor->equals("Z")) return value == 1 ? "true" : "false";
      return std::to_string(value);
    }
    case CpTag::kString:
      return java_string_literal(cp_.string(index) ? cp_.string(index)->view() : "");
    case CpTag::kInvalid:
      return "#" + std::to_string(index);
    default:
      return string_value(index);
  }
}

void ClassPrinter::write_field(const FieldInfo& f) {
  if (!check_access(f.access_flags)) return;
  p_.print(modifiers_text(f.access_flags, kFieldFlags));
  std::optional<SigTypePtr> sig;
  if (f.generic_signature) sig = parse_signature(text(f.generic_signature));
  if (sig) {
    p_.print(java_name(to_string(**sig)));
  } else {
    std::string desc = text(f.descriptor);
    p_.print(descriptor_java_text(desc, 0, desc.size()).value_or("???"));
  }
  p_.print(" ");
  p_.print(text(f.name));
  if (options_.constants && constant_value_index(f) != 0) {
    p_.print(" = ");
    p_.print(constant_value_text(f));
  }
  p_.print(";");
  p_.println();

  p_.indent(+1);
  bool show_blank = false;
  if (show_descriptors()) p_.println("descriptor: " + text(f.descriptor));
  if (verbose()) p_.println(flags_line(f.access_flags, kFieldFlags));
  if (show_all_attrs()) {
    write_field_attributes(f);
    show_blank = true;
  }
  p_.indent(-1);
  if (show_blank || show_disassembled() || show_lines()) p_.println();
}

void ClassPrinter::write_method(const MethodInfo& m) {
  if (!check_access(m.access_flags)) return;
  method_ = &m;
  const uint16_t flags = m.access_flags;
  const std::string name = text(m.name);
  const std::string desc = text(m.descriptor);

  std::optional<SigTypePtr> sig;
  if (m.generic_signature) {
    sig = parse_signature(text(m.generic_signature));
    if (sig && (*sig)->kind != SigType::Kind::kMethod) sig.reset();
  }
  const SigType* method_type = sig ? sig->get() : nullptr;

  std::string modifiers = modifiers_text(flags, kMethodFlags);
  if (cf_.is_interface() && !(flags & kAccAbstract) && name != "<clinit>") {
    // ClassWriter: default methods exist from class-file version 52.0 on.
    if (cf_.major_version >= 52 && !(flags & (kAccStatic | kAccPrivate))) modifiers += "default ";
  }
  p_.print(modifiers);
  if (method_type) p_.print(java_type_params(method_type->type_params, verbose()));

  std::string params;
  std::string return_type;
  if (method_type) {
    params = "(";
    std::string_view sep;
    for (const SigTypePtr& t : method_type->list) {
      params += sep;
      if (t) params += to_string(*t);
      sep = ", ";
    }
    params += ")";
    return_type = method_type->first ? to_string(*method_type->first) : "";
  } else {
    size_t close = desc.find(')');
    if (close == std::string::npos) {
      params = "???";
      return_type = "???";
    } else {
      params = descriptor_java_text(desc, 0, close + 1).value_or("???");
      return_type = descriptor_java_text(desc, close + 1, desc.size()).value_or("???");
    }
  }
  params = java_name(adjust_varargs(flags, params));
  return_type = java_name(return_type);

  if (name == "<init>") {
    p_.print(class_java_name());
    p_.print(params);
  } else if (name == "<clinit>") {
    p_.print("{}");
  } else {
    p_.print(return_type);
    p_.print(" ");
    p_.print(name);
    p_.print(params);
  }

  if (has_attribute(m.attribute_names, "Exceptions")) {
    p_.print(" throws ");
    if (method_type && !method_type->throws.empty()) {
      std::string_view sep;
      for (const SigTypePtr& t : method_type->throws) {
        p_.print(sep);
        if (t) p_.print(to_string(*t));
        sep = ", ";
      }
    } else {
      for (size_t i = 0; i < m.exceptions.size(); ++i) {
        if (i > 0) p_.print(", ");
        p_.print(java_name(text(m.exceptions[i])));
      }
    }
  }
  p_.println(";");

  p_.indent(+1);
  if (show_descriptors()) p_.println("descriptor: " + desc);
  if (verbose()) p_.println(flags_line(flags, kMethodFlags));
  if (show_all_attrs()) {
    write_method_attributes(m);
  } else if (m.code) {
    if (show_disassembled()) {
      p_.println("Code:");
      write_instructions(*m.code);
      write_exception_table(*m.code);
    }
    if (show_lines()) {
      if (has_attribute(m.code->attribute_names, "LineNumberTable")) {
        write_line_number_table(*m.code);
      }
      if (has_attribute(m.code->attribute_names, "LocalVariableTable")) {
        write_local_variable_table(*m.code, /*types=*/false);
      }
    }
  }
  p_.indent(-1);
  p_.set_pending_newline(show_disassembled() || show_all_attrs() || show_descriptors() ||
                         show_lines() || verbose());
  method_ = nullptr;
}

}  // namespace minijvm::javap
