// AttributeWriter: the attributes -v lists, in class-file order.
//
// The parser keeps well-known attributes in typed fields and the rest as raw
// bodies; `attribute_names` gives the file order. An attribute name with raw
// bodies among other_attributes is printed from those (by occurrence);
// otherwise from the typed fields. (The parser merges repeated
// LineNumberTable / LocalVariable[Type]Table attributes of one Code
// attribute; they are printed once, merged, at the first occurrence.)
#include <cstdio>
#include <map>

#include "vm/javap/class_printer.h"
#include "vm/javap/java_text.h"

namespace minijvm::javap {

using namespace classfile;

namespace {

// The length of UTF-8 text in UTF-16 units, as Java's String.format pads.
int utf16_units(const std::string& s) {
  int units = 0;
  for (unsigned char c : s) {
    if (c < 0x80 || (c >= 0xC0 && c < 0xF0)) {
      units += 1;
    } else if (c >= 0xF0) {
      units += 2;
    }
  }
  return units;
}

// String.format("%<width>s") and ("%-<width>s").
std::string pad_left(const std::string& s, int width) {
  int units = utf16_units(s);
  return units >= width ? s : std::string(static_cast<size_t>(width - units), ' ') + s;
}

std::string pad_right(const std::string& s, int width) {
  int units = utf16_units(s);
  return units >= width ? s : s + std::string(static_cast<size_t>(width - units), ' ');
}

// Calls `typed(name, first_occurrence)` or `raw(attribute)` for each
// attribute name in order (see the file comment).
template <class Typed, class Raw>
void for_each_attribute(const std::vector<const Symbol*>& names,
                        const std::vector<RawAttribute>& raws, Typed typed, Raw raw) {
  std::map<const Symbol*, size_t> seen;
  for (const Symbol* name : names) {
    size_t occurrence = seen[name]++;
    size_t k = 0;
    const RawAttribute* match = nullptr;
    for (const RawAttribute& a : raws) {
      if (a.name == name && k++ == occurrence) {
        match = &a;
        break;
      }
    }
    if (match) {
      raw(*match);
    } else {
      typed(text(name), occurrence == 0);
    }
  }
}

}  // namespace

// --- per owner ----------------------------------------------------------------

void ClassPrinter::write_class_attributes() {
  for_each_attribute(
      cf_.attribute_names, cf_.other_attributes,
      [&](const std::string& name, bool first) {
        if (!first) return;
        if (name == "SourceFile") {
          p_.println("SourceFile: \"" + text(cf_.source_file) + "\"");
        } else if (name == "SourceDebugExtension" && cf_.source_debug_extension) {
          p_.println("SourceDebugExtension:");
          p_.indent(+1);
          const Bytes& b = *cf_.source_debug_extension;
          std::string value =
              utf8(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
          size_t start = 0;
          while (start < value.size()) {
            size_t end = value.find_first_of("\r\n", start);
            if (end == std::string::npos) end = value.size();
            if (end > start) p_.println(value.substr(start, end - start));
            start = value.find_first_not_of("\r\n", end);
            if (start == std::string::npos) break;
          }
          p_.indent(-1);
        } else if (name == "InnerClasses") {
          write_inner_classes();
        } else if (name == "EnclosingMethod" && cf_.enclosing_method) {
          const EnclosingMethod& em = *cf_.enclosing_method;
          p_.print("EnclosingMethod: #" + std::to_string(em.class_index) + ".#" +
                   std::to_string(em.method_index));
          p_.tab();
          p_.print("// " + java_name(text(em.class_name)));
          if (em.method_index != 0) p_.print("." + text(em.method_name));
          p_.println();
        } else if (name == "Signature") {
          write_signature(cf_.generic_signature_index);
        } else if (name == "BootstrapMethods") {
          write_bootstrap_methods();
        } else if (name == "NestHost") {
          p_.print("NestHost: ");
          write_constant(cf_.nest_host_index);
          p_.println();
        } else if (name == "NestMembers" || name == "PermittedSubclasses") {
          p_.println(name + ":");
          p_.indent(+1);
          const auto& list =
              name == "NestMembers" ? cf_.nest_member_indices : cf_.permitted_subclass_indices;
          if (list) {
            for (uint16_t index : *list) p_.println(string_value(index));
          }
          p_.indent(-1);
        } else if (name == "Record") {
          write_record();
        } else if (name == "Synthetic") {
          p_.println("Synthetic: true");
        } else if (name == "Deprecated") {
          p_.println("Deprecated: true");
        } else {
          write_annotations(cf_.annotations, intern(name));
        }
      },
      [&](const RawAttribute& a) { write_raw_attribute(a); });
}

void ClassPrinter::write_field_attributes(const FieldInfo& f) {
  for_each_attribute(
      f.attribute_names, f.other_attributes,
      [&](const std::string& name, bool first) {
        if (!first) return;
        if (name == "ConstantValue") {
          p_.print("ConstantValue: ");
          write_constant(f.constant_value_index);
          p_.println();
        } else if (name == "Signature") {
          write_signature(f.generic_signature_index);
        } else if (name == "Synthetic") {
          p_.println("Synthetic: true");
        } else if (name == "Deprecated") {
          p_.println("Deprecated: true");
        } else {
          write_annotations(f.annotations, intern(name));
        }
      },
      [&](const RawAttribute& a) { write_raw_attribute(a); });
}

void ClassPrinter::write_method_attributes(const MethodInfo& m) {
  for_each_attribute(
      m.attribute_names, m.other_attributes,
      [&](const std::string& name, bool first) {
        if (!first) return;
        if (name == "Code" && m.code) {
          write_code(*m.code);
        } else if (name == "Exceptions") {
          p_.println("Exceptions:");
          p_.indent(+1);
          p_.print("throws ");
          for (size_t i = 0; i < m.exceptions.size(); ++i) {
            if (i > 0) p_.print(", ");
            p_.print(java_name(text(m.exceptions[i])));
          }
          p_.println();
          p_.indent(-1);
        } else if (name == "Signature") {
          write_signature(m.generic_signature_index);
        } else if (name == "MethodParameters") {
          write_method_parameters(m);
        } else if (name == "Synthetic") {
          p_.println("Synthetic: true");
        } else if (name == "Deprecated") {
          p_.println("Deprecated: true");
        } else if (name == "RuntimeVisibleParameterAnnotations" &&
                   m.runtime_visible_parameter_annotations) {
          write_parameter_annotations("RuntimeVisibleParameterAnnotations:",
                                      *m.runtime_visible_parameter_annotations);
        } else if (name == "RuntimeInvisibleParameterAnnotations" &&
                   m.runtime_invisible_parameter_annotations) {
          write_parameter_annotations("RuntimeInvisibleParameterAnnotations:",
                                      *m.runtime_invisible_parameter_annotations);
        } else if (name == "AnnotationDefault" && m.annotation_default) {
          write_annotation_default(*m.annotation_default);
        } else {
          write_annotations(m.annotations, intern(name));
        }
      },
      [&](const RawAttribute& a) { write_raw_attribute(a); });
}

void ClassPrinter::write_code_attributes(const CodeAttribute& code) {
  for_each_attribute(
      code.attribute_names, code.other_attributes,
      [&](const std::string& name, bool first) {
        if (!first) return;
        if (name == "LineNumberTable") {
          write_line_number_table(code);
        } else if (name == "LocalVariableTable") {
          write_local_variable_table(code, false);
        } else if (name == "LocalVariableTypeTable") {
          write_local_variable_table(code, true);
        } else if (name == "StackMapTable" && code.stack_map_table) {
          write_stack_map_table(*code.stack_map_table);
        }
      },
      [&](const RawAttribute& a) { write_raw_attribute(a); });
}

// --- single attributes ----------------------------------------------------------

void ClassPrinter::write_line_number_table(const CodeAttribute& code) {
  p_.println("LineNumberTable:");
  p_.indent(+1);
  for (const LineNumber& line : code.line_numbers) {
    p_.println("line " + std::to_string(line.line_number) + ": " + std::to_string(line.start_pc));
  }
  p_.indent(-1);
}

void ClassPrinter::write_local_variable_table(const CodeAttribute& code, bool types) {
  p_.println(types ? "LocalVariableTypeTable:" : "LocalVariableTable:");
  p_.indent(+1);
  p_.println("Start  Length  Slot  Name   Signature");
  for (const LocalVariable& v : types ? code.local_variable_types : code.local_variables) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%5d %7d %5d ", v.start_pc, v.length, v.index);
    p_.println(buf + pad_left(string_value(v.name_index), 5) + "   " +
               string_value(v.descriptor_index));
  }
  p_.indent(-1);
}

void ClassPrinter::write_signature(uint16_t index) {
  p_.print("Signature: #" + std::to_string(index));
  p_.tab();
  p_.println("// " + text(cp_.utf8(index)));
}

void ClassPrinter::write_annotations(const Annotations& a, const Symbol* name) {
  const std::string n = text(name);
  const std::optional<Bytes>* body = nullptr;
  bool type = false;
  if (n == "RuntimeVisibleAnnotations") {
    body = &a.runtime_visible;
  } else if (n == "RuntimeInvisibleAnnotations") {
    body = &a.runtime_invisible;
  } else if (n == "RuntimeVisibleTypeAnnotations") {
    body = &a.runtime_visible_type;
    type = true;
  } else if (n == "RuntimeInvisibleTypeAnnotations") {
    body = &a.runtime_invisible_type;
    type = true;
  }
  if (!body || !*body) return;
  if (type) {
    write_type_annotation_list(n + ":", **body);
  } else {
    write_annotation_list(n + ":", **body);
  }
}

void ClassPrinter::write_inner_classes() {
  if (!cf_.inner_classes) return;
  bool first = true;
  for (const InnerClass& ic : *cf_.inner_classes) {
    if (!check_access(ic.access_flags)) continue;
    if (first) {
      p_.println("InnerClasses:");
      p_.indent(+1);
      first = false;
    }
    p_.print(modifiers_text(ic.access_flags, kInnerClassFlags));
    if (ic.inner_name_index != 0) p_.print("#" + std::to_string(ic.inner_name_index) + "= ");
    p_.print("#" + std::to_string(ic.inner_class_info_index));
    if (ic.outer_class_info_index != 0) {
      p_.print(" of #" + std::to_string(ic.outer_class_info_index));
    }
    p_.print(";");
    p_.tab();
    p_.print("// ");
    if (ic.inner_name_index != 0) p_.print(text(ic.inner_name) + "=");
    write_constant(ic.inner_class_info_index);
    if (ic.outer_class_info_index != 0) {
      p_.print(" of ");
      write_constant(ic.outer_class_info_index);
    }
    p_.println();
  }
  if (!first) p_.indent(-1);
}

void ClassPrinter::write_bootstrap_methods() {
  p_.println("BootstrapMethods:");
  if (!cf_.bootstrap_methods) return;
  for (size_t i = 0; i < cf_.bootstrap_methods->size(); ++i) {
    const BootstrapMethod& bsm = (*cf_.bootstrap_methods)[i];
    p_.indent(+1);
    p_.print(std::to_string(i) + ": #" + std::to_string(bsm.method_handle_index) + " ");
    p_.println(string_value(bsm.method_handle_index));
    p_.indent(+1);
    p_.println("Method arguments:");
    p_.indent(+1);
    for (uint16_t arg : bsm.arguments) {
      p_.print("#" + std::to_string(arg) + " ");
      p_.println(string_value(arg));
    }
    p_.indent(-3);
  }
}

void ClassPrinter::write_record() {
  p_.println("Record:");
  p_.indent(+1);
  if (cf_.record) {
    for (const RecordComponent& c : *cf_.record) {
      std::optional<SigTypePtr> sig;
      if (c.generic_signature) sig = parse_signature(text(c.generic_signature));
      if (sig) {
        p_.print(java_name(to_string(**sig)));
      } else {
        std::string desc = text(c.descriptor);
        p_.print(descriptor_java_text(desc, 0, desc.size()).value_or("???"));
      }
      p_.print(" ");
      p_.print(text(c.name));
      p_.print(";");
      p_.println();
      p_.indent(+1);
      if (show_descriptors()) p_.println("descriptor: " + text(c.descriptor));
      if (show_all_attrs()) {
        for_each_attribute(
            c.attribute_names, c.other_attributes,
            [&](const std::string& name, bool first) {
              if (!first) return;
              if (name == "Signature") {
                write_signature(c.generic_signature_index);
              } else {
                write_annotations(c.annotations, intern(name));
              }
            },
            [&](const RawAttribute& a) { write_raw_attribute(a); });
        p_.println();
      }
      p_.indent(-1);
    }
  }
  p_.indent(-1);
}

void ClassPrinter::write_method_parameters(const MethodInfo& m) {
  p_.println("MethodParameters:");
  p_.indent(+1);
  p_.println(pad_right("Name", 31) + "Flags");
  if (m.parameters) {
    for (const MethodParameter& param : *m.parameters) {
      std::string name = param.name_index != 0 ? string_value(param.name_index) : "<no name>";
      std::string flags = std::string((param.access_flags & kAccFinal) ? "final " : "") +
                          ((param.access_flags & kAccMandated) ? "mandated " : "") +
                          ((param.access_flags & kAccSynthetic) ? "synthetic" : "");
      p_.println(pad_right(name, 31) + flags);
    }
  }
  p_.indent(-1);
}

void ClassPrinter::write_raw_attribute(const RawAttribute& attr) {
  const std::string name = text(attr.name);
  RawReader r(attr.bytes);
  if (write_module_attribute(attr)) return;
  if (name == "RuntimeVisibleTypeAnnotations" || name == "RuntimeInvisibleTypeAnnotations") {
    write_type_annotation_list(name + ":", attr.bytes);
  } else if (name == "RuntimeVisibleAnnotations" || name == "RuntimeInvisibleAnnotations") {
    write_annotation_list(name + ":", attr.bytes);
  } else if (name == "Signature" && attr.bytes.size() == 2) {
    write_signature(r.u2());
  } else if (name == "ConstantValue" && attr.bytes.size() == 2) {
    p_.print("ConstantValue: ");
    write_constant(r.u2());
    p_.println();
  } else if (name == "SourceFile" && attr.bytes.size() == 2) {
    p_.println("SourceFile: \"" + text(cp_.utf8(r.u2())) + "\"");
  } else if (name == "Synthetic" && attr.bytes.empty()) {
    p_.println("Synthetic: true");
  } else if (name == "Deprecated" && attr.bytes.empty()) {
    p_.println("Deprecated: true");
  } else {
    write_default_attribute(attr);
  }
}

void ClassPrinter::write_default_attribute(const RawAttribute& attr) {
  char buf[32];
  p_.print("  ");
  p_.print(text(attr.name));
  p_.print(": ");
  std::snprintf(buf, sizeof buf, "%zX", attr.bytes.size());
  p_.print(std::string("length = 0x") + buf);
  p_.println();
  p_.print("   ");
  int j = 0;
  for (uint8_t b : attr.bytes) {
    std::snprintf(buf, sizeof buf, "%02X", b);
    p_.print(buf);
    if (++j == 16) {
      p_.println();
      p_.print("   ");
      j = 0;
    } else {
      p_.print(" ");
    }
  }
  p_.println();
}

}  // namespace minijvm::javap
