// Parsing of field, method, Code and class attributes (JVMS §4.7).
//
// Each attribute body is read through its own ByteReader bounded by
// attribute_length, so a body that claims more than it holds, or holds more
// than it uses, is reported with that attribute's "wrong length" message.
// Attributes that came after the version an attribute was introduced in are
// parsed; in older class files they are kept raw, as HotSpot ignores them.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "vm/bytecode/decoder.h"
#include "vm/classfile/parser_internal.h"

namespace minijvm::classfile::detail {

namespace {

Bytes copy(std::span<const uint8_t> s) { return Bytes(s.begin(), s.end()); }

}  // namespace

Result<bool> Parser::take_annotations(const Symbol* attr, std::span<const uint8_t> body,
                                      Annotations& a, std::string_view owner) {
  const WellKnownSymbols& vm = vm_symbols();
  std::optional<Bytes>* slot = nullptr;
  if (attr == vm.tag_runtime_visible_annotations) {
    slot = &a.runtime_visible;
  } else if (attr == vm.tag_runtime_invisible_annotations) {
    slot = &a.runtime_invisible;
  } else if (attr == vm.tag_runtime_visible_type_annotations) {
    slot = &a.runtime_visible_type;
  } else if (attr == vm.tag_runtime_invisible_type_annotations) {
    slot = &a.runtime_invisible_type;
  } else {
    return false;
  }
  if (slot->has_value()) {
    return error("Multiple {} attributes{} in class file {}", text(attr), owner, name());
  }
  *slot = copy(body);
  return true;
}

// --- fields (JVMS §4.5, §4.7.2) ----------------------------------------------

Result<void> Parser::parse_field_attributes(FieldInfo& f) {
  const WellKnownSymbols& vm = vm_symbols();
  const bool java5 = cf_->major_version >= kJava5;
  bool seen_constant_value = false;
  const uint16_t count = in_.u2();
  for (uint32_t i = 0; i < count; ++i) {
    in_.need(6);
    const uint16_t name_index = in_.u2();
    const uint32_t length = in_.u4();
    if (!is_utf8(name_index)) {
      return error("Invalid field attribute index {} in class file {}", name_index, name());
    }
    const Symbol* attr = symbol(name_index);
    f.attribute_names.push_back(attr);
    const std::span<const uint8_t> body = in_.bytes(length);
    ByteReader r(body, "Truncated class file");
    if (f.is_static() && attr == vm.tag_constant_value) {
      if (seen_constant_value) {
        return error("Duplicate ConstantValue attribute in class file {}", name());
      }
      seen_constant_value = true;
      if (length != 2) {
        return error("Invalid ConstantValue field attribute length {} in class file {}", length,
                     name());
      }
      f.constant_value_index = r.u2();
      CHECK_OK(check_constant_value(f.constant_value_index, f));
    } else if (attr == vm.tag_synthetic) {
      if (length != 0) {
        return error("Invalid Synthetic field attribute length {} in class file {}", length,
                     name());
      }
      f.synthetic_attribute = true;
    } else if (attr == vm.tag_deprecated) {
      if (length != 0) {
        return error("Invalid Deprecated field attribute length {} in class file {}", length,
                     name());
      }
      f.deprecated = true;
    } else if (java5 && attr == vm.tag_signature) {
      if (f.generic_signature) {
        return error("Multiple Signature attributes for field in class file {}", name());
      }
      if (length != 2) {
        return error("Wrong size {} for field's Signature attribute in class file {}", length,
                     name());
      }
      const uint16_t index = r.u2();
      if (!is_utf8(index)) {
        return error("Invalid Signature attribute at constant pool index {} in class file {}",
                     index, name());
      }
      f.generic_signature_index = index;
      f.generic_signature = symbol(index);
    } else if (!(java5 && TRY(take_annotations(attr, body, f.annotations, " for field")))) {
      f.other_attributes.push_back(RawAttribute{attr, copy(body)});
    }
  }
  return {};
}

// HotSpot verify_constantvalue: the entry's tag fits the field's type
// (JVMS §4.7.2 Table 4.7.2-A).
Result<void> Parser::check_constant_value(uint16_t value_index, const FieldInfo& f) {
  if (value_index == 0 || value_index >= cp().count()) {
    return error("Bad initial value index {} in ConstantValue attribute in class file {}",
                 value_index, name());
  }
  const CpTag tag = cp().tag(value_index);
  CpTag want;
  switch (f.type.type) {
    case BasicType::kLong:
      want = CpTag::kLong;
      break;
    case BasicType::kFloat:
      want = CpTag::kFloat;
      break;
    case BasicType::kDouble:
      want = CpTag::kDouble;
      break;
    case BasicType::kByte:
    case BasicType::kChar:
    case BasicType::kShort:
    case BasicType::kBoolean:
    case BasicType::kInt:
      want = CpTag::kInteger;
      break;
    case BasicType::kObject:
      if (f.descriptor != vm_symbols().string_signature || tag != CpTag::kString) {
        return error("Bad string initial value in class file {}", name());
      }
      return {};
    default:
      return error("Unable to set initial value {} in class file {}", value_index, name());
  }
  if (tag != want) return error("Inconsistent constant value type in class file {}", name());
  return {};
}

// --- methods (JVMS §4.6, §4.7.3-§4.7.5, §4.7.24) -----------------------------

Result<void> Parser::parse_method_attributes(MethodInfo& m, uint32_t flags, uint32_t args_size) {
  const WellKnownSymbols& vm = vm_symbols();
  const bool java5 = cf_->major_version >= kJava5;
  const bool native_or_abstract = (flags & (kAccNative | kAccAbstract)) != 0;
  bool seen_exceptions = false;
  const uint16_t count = in_.u2();
  for (uint32_t i = 0; i < count; ++i) {
    in_.need(6);
    const uint16_t name_index = in_.u2();
    const uint32_t length = in_.u4();
    if (!is_utf8(name_index)) {
      return error("Invalid method attribute name index {} in class file {}", name_index, name());
    }
    const Symbol* attr = symbol(name_index);
    m.attribute_names.push_back(attr);
    const std::span<const uint8_t> body = in_.bytes(length);
    if (attr == vm.tag_code) {
      if (native_or_abstract) {
        return error("Code attribute in native or abstract methods in class file {}", name());
      }
      if (m.code) return error("Multiple Code attributes in class file {}", name());
      CHECK_OK(parse_code(body, m, args_size));
    } else if (attr == vm.tag_exceptions) {
      if (seen_exceptions) return error("Multiple Exceptions attributes in class file {}", name());
      seen_exceptions = true;
      ByteReader r(body,
                   fmt::format("Exceptions attribute has wrong length in class file {}", name()));
      const uint16_t n = r.u2();
      r.need(size_t{2} * n);
      for (uint32_t k = 0; k < n; ++k) {
        const uint16_t index = r.u2();
        if (!is_class(index)) {
          return error("Exception name has bad type at constant pool {} in class file {}", index,
                       name());
        }
        m.exception_indices.push_back(index);
        m.exceptions.push_back(cp().class_name(index));
      }
      if (!r.at_end()) {
        return error("Exceptions attribute has wrong length in class file {}", name());
      }
    } else if (attr == vm.tag_method_parameters) {
      if (m.parameters) {
        return error("Multiple MethodParameters attributes in class file {}", name());
      }
      const std::string bad_length = fmt::format(
          "Invalid MethodParameters method attribute length {} in class file {}", length, name());
      ByteReader r(body, bad_length);
      const uint8_t n = r.u1();
      if (length != n * 4u + 1u) return make_error(kClassFormatError, bad_length);
      auto& params = m.parameters.emplace();
      for (uint32_t k = 0; k < n; ++k) {
        MethodParameter p;
        p.name_index = r.u2();
        p.access_flags = r.u2();
        p.name = symbol(p.name_index);  // nullptr for 0 (reflection checks the rest)
        params.push_back(p);
      }
    } else if (attr == vm.tag_synthetic) {
      if (length != 0) {
        return error("Invalid Synthetic method attribute length {} in class file {}", length,
                     name());
      }
      m.synthetic_attribute = true;
    } else if (attr == vm.tag_deprecated) {
      if (length != 0) {
        return error("Invalid Deprecated method attribute length {} in class file {}", length,
                     name());
      }
      m.deprecated = true;
    } else if (java5 && attr == vm.tag_signature) {
      if (m.generic_signature) {
        return error("Multiple Signature attributes for method in class file {}", name());
      }
      if (length != 2) {
        return error("Invalid Signature attribute length {} in class file {}", length, name());
      }
      ByteReader r(body, "Truncated class file");
      const uint16_t index = r.u2();
      if (!is_utf8(index)) {
        return error("Invalid Signature attribute at constant pool index {} in class file {}",
                     index, name());
      }
      m.generic_signature_index = index;
      m.generic_signature = symbol(index);
    } else if (java5 && (attr == vm.tag_runtime_visible_parameter_annotations ||
                         attr == vm.tag_runtime_invisible_parameter_annotations ||
                         attr == vm.tag_annotation_default)) {
      std::optional<Bytes>& slot = attr == vm.tag_annotation_default ? m.annotation_default
                                   : attr == vm.tag_runtime_visible_parameter_annotations
                                       ? m.runtime_visible_parameter_annotations
                                       : m.runtime_invisible_parameter_annotations;
      if (slot) {
        return error("Multiple {} attributes for method in class file {}", text(attr), name());
      }
      slot = copy(body);
    } else if (!(java5 && TRY(take_annotations(attr, body, m.annotations, " for method")))) {
      m.other_attributes.push_back(RawAttribute{attr, copy(body)});
    }
  }
  if (!native_or_abstract && !m.code) {
    return error("Absent Code attribute in method that is not native or abstract in class file {}",
                 name());
  }
  return {};
}

// JVMS §4.7.3.
Result<void> Parser::parse_code(std::span<const uint8_t> body, MethodInfo& m, uint32_t args_size) {
  const WellKnownSymbols& vm = vm_symbols();
  const uint16_t major = cf_->major_version;
  const std::string wrong_length =
      fmt::format("Code segment has wrong length in class file {}", name());
  ByteReader r(body, wrong_length);
  CodeAttribute& code = m.code.emplace();
  code.max_stack = r.u2();
  code.max_locals = r.u2();
  const uint32_t code_length = r.u4();
  if (args_size > code.max_locals) {
    return error("Arguments can't fit into locals in class file {}", name());
  }
  if (code_length == 0 || code_length > kMaxCodeLength) {
    return error("Invalid method Code length {} in class file {}", code_length, name());
  }
  code.code = copy(r.bytes(code_length));

  const uint16_t handlers = r.u2();
  r.need(size_t{8} * handlers);
  code.exception_table.reserve(handlers);
  for (uint32_t i = 0; i < handlers; ++i) {
    ExceptionHandler h;
    h.start_pc = r.u2();
    h.end_pc = r.u2();
    h.handler_pc = r.u2();
    h.catch_type_index = r.u2();
    if (!(h.start_pc < h.end_pc && h.end_pc <= code_length)) {
      return error("Illegal exception table range in class file {}", name());
    }
    if (h.handler_pc >= code_length) {
      return error("Illegal exception table handler in class file {}", name());
    }
    if (h.catch_type_index != 0) {
      if (!is_class(h.catch_type_index)) {
        return error("Catch type in exception table has bad constant type in class file {}",
                     name());
      }
      h.catch_type = cp().class_name(h.catch_type_index);
    }
    code.exception_table.push_back(h);
  }

  const uint16_t count = r.u2();
  for (uint32_t i = 0; i < count; ++i) {
    r.need(6);
    const uint16_t name_index = r.u2();
    const uint32_t length = r.u4();
    if (!is_utf8(name_index)) {
      return error("Invalid code attribute name index {} in class file {}", name_index, name());
    }
    const Symbol* attr = symbol(name_index);
    code.attribute_names.push_back(attr);
    const std::span<const uint8_t> attr_body = r.bytes(length);
    if (attr == vm.tag_line_number_table) {
      const std::string bad =
          fmt::format("LineNumberTable attribute has wrong length in class file {}", name());
      ByteReader t(attr_body, bad);
      const uint16_t n = t.u2();
      if (length != 2 + 4u * n) return make_error(kClassFormatError, bad);
      for (uint32_t k = 0; k < n; ++k) {
        LineNumber line;
        line.start_pc = t.u2();
        line.line_number = t.u2();
        if (line.start_pc >= code_length) {
          return error("Invalid pc in LineNumberTable in class file {}", name());
        }
        code.line_numbers.push_back(line);
      }
    } else if (attr == vm.tag_local_variable_table) {
      CHECK_OK(parse_local_variable_table(attr_body, /*type_table=*/false, code));
    } else if (major >= kJava5 && attr == vm.tag_local_variable_type_table) {
      CHECK_OK(parse_local_variable_table(attr_body, /*type_table=*/true, code));
    } else if (major >= kJava6 && attr == vm.tag_stack_map_table) {
      if (code.stack_map_table) {
        return error("Multiple StackMapTable attributes in class file {}", name());
      }
      code.stack_map_table = copy(attr_body);
    } else {
      code.other_attributes.push_back(RawAttribute{attr, copy(attr_body)});
    }
  }
  if (!r.at_end()) return make_error(kClassFormatError, wrong_length);
  CHECK_OK(check_local_variable_tables(code));

  // Every instruction must decode inside the array (JVMS §4.7.3, §4.9.1).
  Result<void> checked = bytecode::check_code(code.code);
  if (!checked.ok()) {
    VmError e = std::move(checked).error();
    e.message = fmt::format("Method {}{} in class file {}: {}", text(m.name), text(m.descriptor),
                            name(), e.message);
    return e;
  }
  return {};
}

// JVMS §4.7.13, §4.7.14 (HotSpot parse_localvariable_table).
Result<void> Parser::parse_local_variable_table(std::span<const uint8_t> body, bool type_table,
                                                CodeAttribute& code) {
  const WellKnownSymbols& vm = vm_symbols();
  const char* table = type_table ? "LocalVariableTypeTable" : "LocalVariableTable";
  const std::string bad = fmt::format("{} has wrong length in class file {}", table, name());
  const uint32_t code_length = static_cast<uint32_t>(code.code.size());
  ByteReader t(body, bad);
  const uint16_t n = t.u2();
  if (body.size() != 2 + 10u * n) return make_error(kClassFormatError, bad);
  std::vector<LocalVariable>& out = type_table ? code.local_variable_types : code.local_variables;
  for (uint32_t k = 0; k < n; ++k) {
    LocalVariable v;
    v.start_pc = t.u2();
    v.length = t.u2();
    v.name_index = t.u2();
    v.descriptor_index = t.u2();
    v.index = t.u2();
    if (v.start_pc >= code_length) {
      return error("Invalid start_pc {} in {} in class file {}", v.start_pc, table, name());
    }
    if (uint32_t{v.start_pc} + v.length > code_length) {
      return error("Invalid length {} in {} in class file {}", v.length, table, name());
    }
    if (!is_utf8(v.name_index)) {
      return error("Name index {} in {} has bad constant type in class file {}", v.name_index,
                   table, name());
    }
    if (!is_utf8(v.descriptor_index)) {
      return error("Signature index {} in {} has bad constant type in class file {}",
                   v.descriptor_index, table, name());
    }
    v.name = symbol(v.name_index);
    v.descriptor = symbol(v.descriptor_index);
    CHECK_OK(check_field_name(v.name));
    uint32_t extra_slot = 0;
    if (!type_table) {
      CHECK_OK(check_field_descriptor(v.name, v.descriptor));
      if (v.descriptor == vm.long_signature || v.descriptor == vm.double_signature) extra_slot = 1;
    }
    if (v.index + extra_slot >= code.max_locals) {
      return error("Invalid index {} in {} in class file {}", v.index, table, name());
    }
    out.push_back(v);
  }
  return {};
}

// HotSpot copy_localvariable_table: no two LVT entries for one variable
// (start_pc, length, name, slot), and each LVTT entry matches exactly one.
Result<void> Parser::check_local_variable_tables(const CodeAttribute& code) {
  if (code.local_variables.empty()) return {};
  using Key = std::tuple<uint16_t, uint16_t, uint16_t, uint16_t>;
  std::map<Key, bool> typed;  // -> whether an LVTT entry matched it
  for (const LocalVariable& v : code.local_variables) {
    const bool inserted =
        typed.emplace(Key{v.start_pc, v.length, v.name_index, v.index}, false).second;
    if (!inserted && cf_->major_version >= kJava5) {
      return error("Duplicated LocalVariableTable attribute entry for '{}' in class file {}",
                   text(v.name), name());
    }
  }
  for (const LocalVariable& v : code.local_variable_types) {
    auto it = typed.find(Key{v.start_pc, v.length, v.name_index, v.index});
    if (it == typed.end()) {
      return error("LVTT entry for '{}' in class file {} does not match any LVT entry",
                   text(v.name), name());
    }
    if (it->second) {
      return error("Duplicated LocalVariableTypeTable attribute entry for '{}' in class file {}",
                   text(v.name), name());
    }
    it->second = true;
  }
  return {};
}

// --- class attributes (JVMS §4.7, Table 4.7-C) -------------------------------

Result<void> Parser::parse_class_attributes() {
  const WellKnownSymbols& vm = vm_symbols();
  const uint16_t major = cf_->major_version;
  ClassFile& cf = *cf_;
  const uint16_t count = in_.u2();
  for (uint32_t i = 0; i < count; ++i) {
    in_.need(6);
    const uint16_t name_index = in_.u2();
    const uint32_t length = in_.u4();
    if (!is_utf8(name_index)) {
      return error("Attribute name has bad constant pool index {} in class file {}", name_index,
                   name());
    }
    const Symbol* attr = symbol(name_index);
    cf.attribute_names.push_back(attr);
    const std::span<const uint8_t> body = in_.bytes(length);
    ByteReader r(body, "Truncated class file");
    if (attr == vm.tag_source_file) {
      if (length != 2) return error("Wrong SourceFile attribute length in class file {}", name());
      if (cf.source_file) return error("Multiple SourceFile attributes in class file {}", name());
      const uint16_t index = r.u2();
      if (!is_utf8(index)) {
        return error("Invalid SourceFile attribute at constant pool index {} in class file {}",
                     index, name());
      }
      cf.source_file_index = index;
      cf.source_file = symbol(index);
    } else if (attr == vm.tag_source_debug_extension) {
      if (cf.source_debug_extension) {
        return error("Multiple SourceDebugExtension attributes in class file {}", name());
      }
      cf.source_debug_extension = copy(body);
    } else if (attr == vm.tag_inner_classes) {
      if (cf.inner_classes)
        return error("Multiple InnerClasses attributes in class file {}", name());
      CHECK_OK(parse_inner_classes(body));
    } else if (attr == vm.tag_synthetic) {
      if (length != 0) {
        return error("Invalid Synthetic classfile attribute length {} in class file {}", length,
                     name());
      }
      cf.synthetic_attribute = true;
    } else if (attr == vm.tag_deprecated) {
      if (length != 0) {
        return error("Invalid Deprecated classfile attribute length {} in class file {}", length,
                     name());
      }
      cf.deprecated = true;
    } else if (major >= kJava5 && attr == vm.tag_signature) {
      if (cf.generic_signature) {
        return error("Multiple Signature attributes in class file {}", name());
      }
      if (length != 2) {
        return error("Wrong Signature attribute length {} in class file {}", length, name());
      }
      const uint16_t index = r.u2();
      if (!is_utf8(index)) {
        return error("Invalid constant pool index {} in Signature attribute in class file {}",
                     index, name());
      }
      cf.generic_signature_index = index;
      cf.generic_signature = symbol(index);
    } else if (major >= kJava5 && attr == vm.tag_enclosing_method) {
      if (cf.enclosing_method) {
        return error("Multiple EnclosingMethod attributes in class file {}", name());
      }
      if (length != 4) {
        return error("Wrong EnclosingMethod attribute length {} in class file {}", length, name());
      }
      EnclosingMethod& em = cf.enclosing_method.emplace();
      em.class_index = r.u2();
      em.method_index = r.u2();
      if (em.class_index == 0) {
        return error("Invalid class index in EnclosingMethod attribute in class file {}", name());
      }
      if (!is_class(em.class_index)) {
        return error(
            "Invalid or out-of-bounds class index in EnclosingMethod attribute in class "
            "file {}",
            name());
      }
      if (em.method_index != 0 && !cp().has(em.method_index, CpTag::kNameAndType)) {
        return error(
            "Invalid or out-of-bounds method index in EnclosingMethod attribute in "
            "class file {}",
            name());
      }
      em.class_name = cp().class_name(em.class_index);
      const NameAndType nat = cp().name_and_type(em.method_index);
      em.method_name = nat.name;
      em.method_descriptor = nat.descriptor;
    } else if (major >= kJava7 && attr == vm.tag_bootstrap_methods) {
      if (cf.bootstrap_methods) {
        return error("Multiple BootstrapMethods attributes in class file {}", name());
      }
      CHECK_OK(parse_bootstrap_methods(body));
    } else if (major >= kJava11 && attr == vm.tag_nest_members) {
      if (cf.nest_member_indices) {
        return error("Multiple NestMembers attributes in class file {}", name());
      }
      if (cf.nest_host_index != 0) {
        return error("Conflicting NestHost and NestMembers attributes in class file {}", name());
      }
      cf.nest_member_indices = TRY(parse_class_list(body, "NestMembers", "Nest member"));
      for (uint16_t index : *cf.nest_member_indices) {
        cf.nest_members.push_back(cp().class_name(index));
      }
    } else if (major >= kJava11 && attr == vm.tag_nest_host) {
      if (cf.nest_host_index != 0) {
        return error("Multiple NestHost attributes in class file {}", name());
      }
      if (cf.nest_member_indices) {
        return error("Conflicting NestMembers and NestHost attributes in class file {}", name());
      }
      if (length != 2) return error("Wrong NestHost attribute length in class file {}", name());
      const uint16_t index = r.u2();
      if (!is_class(index)) {
        return error("Nest-host class_info_index {} has bad constant type in class file {}", index,
                     name());
      }
      cf.nest_host_index = index;
      cf.nest_host = cp().class_name(index);
    } else if (major >= kJava16 && attr == vm.tag_record) {
      if (cf.record) return error("Multiple Record attributes in class file {}", name());
      CHECK_OK(parse_record(body));
    } else if (major >= kJava17 && attr == vm.tag_permitted_subclasses) {
      if (cf.permitted_subclass_indices) {
        return error("Multiple PermittedSubclasses attributes in class file {}", name());
      }
      if (cf.access_flags & kAccFinal) {
        return error("PermittedSubclasses attribute in final class file {}", name());
      }
      cf.permitted_subclass_indices =
          TRY(parse_class_list(body, "PermittedSubclasses", "Permitted subclass"));
      for (uint16_t index : *cf.permitted_subclass_indices) {
        cf.permitted_subclasses.push_back(cp().class_name(index));
      }
    } else if (!(major >= kJava5 && TRY(take_annotations(attr, body, cf.annotations, "")))) {
      cf.other_attributes.push_back(RawAttribute{attr, copy(body)});
    }
  }
  if (max_bootstrap_index_ >= 0 && !cf.bootstrap_methods) {
    return error("Missing BootstrapMethods attribute in class file {}", name());
  }
  return {};
}

// JVMS §4.7.6.
Result<void> Parser::parse_inner_classes(std::span<const uint8_t> body) {
  const uint16_t major = cf_->major_version;
  const std::string bad =
      fmt::format("Wrong InnerClasses attribute length in class file {}", name());
  ByteReader r(body, bad);
  const uint16_t n = r.u2();
  r.need(size_t{8} * n);
  std::vector<InnerClass>& out = cf_->inner_classes.emplace();
  out.reserve(n);
  std::set<std::tuple<uint16_t, uint16_t, uint16_t, uint16_t>> seen;
  for (uint32_t k = 0; k < n; ++k) {
    InnerClass ic;
    ic.inner_class_info_index = r.u2();
    if (!is_class(ic.inner_class_info_index)) {
      return error("inner_class_info_index {} has bad constant type in class file {}",
                   ic.inner_class_info_index, name());
    }
    ic.outer_class_info_index = r.u2();
    if (ic.outer_class_info_index != 0 && !is_class(ic.outer_class_info_index)) {
      return error("outer_class_info_index {} has bad constant type in class file {}",
                   ic.outer_class_info_index, name());
    }
    ic.inner_class = cp().class_name(ic.inner_class_info_index);
    ic.outer_class = cp().class_name(ic.outer_class_info_index);
    if (ic.outer_class && ic.outer_class->byte_at(0) == '[') {
      return error("Outer class is an array class in class file {}", name());
    }
    ic.inner_name_index = r.u2();
    if (ic.inner_name_index != 0 && !is_utf8(ic.inner_name_index)) {
      return error("inner_name_index {} has bad constant type in class file {}",
                   ic.inner_name_index, name());
    }
    ic.inner_name = symbol(ic.inner_name_index);
    if (ic.inner_class_info_index == ic.outer_class_info_index) {
      return error("Class is both outer and inner class in class file {}", name());
    }
    ic.access_flags = r.u2();
    uint32_t flags =
        ic.access_flags & (kRecognizedInnerClassFlags | (major >= kJava9 ? kAccModule : 0));
    if ((flags & kAccInterface) && major < kJava6) flags |= kAccAbstract;
    CHECK_OK(check_class_modifiers(flags));
    if (major >= kJava5 && !seen.emplace(ic.inner_class_info_index, ic.outer_class_info_index,
                                         ic.inner_name_index, ic.access_flags)
                                .second) {
      return error("Duplicate entry in InnerClasses attribute in class file {}", name());
    }
    out.push_back(ic);
  }
  if (major >= kJava5 && !r.at_end()) return make_error(kClassFormatError, bad);
  return {};
}

// JVMS §4.7.23 (HotSpot parse_classfile_bootstrap_methods_attribute, whose
// operand-array arithmetic gives the "num_bootstrap_arguments" check).
Result<void> Parser::parse_bootstrap_methods(std::span<const uint8_t> body) {
  const uint32_t length = static_cast<uint32_t>(body.size());
  if (length < 2) {
    return error("Invalid BootstrapMethods attribute length {} in class file {}", length, name());
  }
  const std::string bad_counts = fmt::format(
      "Invalid BootstrapMethods num_bootstrap_methods or num_bootstrap_arguments value in class "
      "file {}",
      name());
  ByteReader r(body, bad_counts);
  const uint16_t n = r.u2();
  if (max_bootstrap_index_ >= n) {
    return error("Short length on BootstrapMethods in class file {}", name());
  }
  const size_t operands = size_t{n} * 2 + (length - 2) / 2;
  size_t fill = size_t{n} * 2;
  std::vector<BootstrapMethod>& out = cf_->bootstrap_methods.emplace();
  out.reserve(std::min<size_t>(n, r.remaining() / 4));
  for (uint32_t k = 0; k < n; ++k) {
    BootstrapMethod bsm;
    bsm.method_handle_index = r.u2();
    const uint16_t argc = r.u2();
    if (!cp().has(bsm.method_handle_index, CpTag::kMethodHandle)) {
      return error("bootstrap_method_index {} has bad constant type in class file {}",
                   bsm.method_handle_index, name());
    }
    if (fill + 1 + argc >= operands) return make_error(kClassFormatError, bad_counts);
    fill += 2 + argc;
    r.need(size_t{2} * argc);
    bsm.arguments.reserve(argc);
    for (uint32_t a = 0; a < argc; ++a) {
      const uint16_t index = r.u2();
      if (!cp().is_loadable(index)) {
        return error("argument_index {} has bad constant type in class file {}", index, name());
      }
      bsm.arguments.push_back(index);
    }
    out.push_back(std::move(bsm));
  }
  if (!r.at_end()) return error("Bad length on BootstrapMethods in class file {}", name());
  return {};
}

// NestMembers (JVMS §4.7.29), PermittedSubclasses (§4.7.31): a u2 count and
// that many Class indices.
Result<std::vector<uint16_t>> Parser::parse_class_list(std::span<const uint8_t> body,
                                                       std::string_view what,
                                                       std::string_view entry_kind) {
  const std::string bad = fmt::format("Wrong {} attribute length in class file {}", what, name());
  ByteReader r(body, bad);
  const uint16_t n = r.u2();
  r.need(size_t{2} * n);
  std::vector<uint16_t> out;
  out.reserve(n);
  for (uint32_t k = 0; k < n; ++k) {
    const uint16_t index = r.u2();
    if (!is_class(index)) {
      return error("{} class_info_index {} has bad constant type in class file {}", entry_kind,
                   index, name());
    }
    out.push_back(index);
  }
  if (!r.at_end()) return make_error(kClassFormatError, bad);
  return out;
}

// JVMS §4.7.30.
Result<void> Parser::parse_record(std::span<const uint8_t> body) {
  const WellKnownSymbols& vm = vm_symbols();
  const std::string bad = fmt::format("Record attribute has wrong length in class file {}", name());
  ByteReader r(body, bad);
  const uint16_t n = r.u2();
  std::vector<RecordComponent>& out = cf_->record.emplace();
  out.reserve(std::min<size_t>(n, r.remaining() / 6));
  for (uint32_t k = 0; k < n; ++k) {
    r.need(6);
    RecordComponent& c = out.emplace_back();
    c.name_index = r.u2();
    if (!is_utf8(c.name_index)) {
      return error("Invalid constant pool index {} for name in Record attribute in class file {}",
                   c.name_index, name());
    }
    c.name = symbol(c.name_index);
    CHECK_OK(check_field_name(c.name));
    c.descriptor_index = r.u2();
    if (!is_utf8(c.descriptor_index)) {
      return error(
          "Invalid constant pool index {} for descriptor in Record attribute in class "
          "file {}",
          c.descriptor_index, name());
    }
    c.descriptor = symbol(c.descriptor_index);
    c.type = TRY(check_field_descriptor(c.name, c.descriptor));
    const uint16_t count = r.u2();
    for (uint32_t a = 0; a < count; ++a) {
      r.need(6);
      const uint16_t name_index = r.u2();
      const uint32_t length = r.u4();
      if (!is_utf8(name_index)) {
        return error("Invalid Record attribute name index {} in class file {}", name_index, name());
      }
      const Symbol* attr = symbol(name_index);
      c.attribute_names.push_back(attr);
      const std::span<const uint8_t> attr_body = r.bytes(length);
      if (attr == vm.tag_signature) {
        if (c.generic_signature) {
          return error("Multiple Signature attributes for Record component in class file {}",
                       name());
        }
        if (length != 2) {
          return error("Invalid Signature attribute length {} in Record component in class file {}",
                       length, name());
        }
        const uint16_t index = static_cast<uint16_t>((attr_body[0] << 8) | attr_body[1]);
        if (!is_utf8(index)) {
          return error("Invalid Signature attribute at constant pool index {} in class file {}",
                       index, name());
        }
        c.generic_signature_index = index;
        c.generic_signature = symbol(index);
      } else if (!TRY(take_annotations(attr, attr_body, c.annotations, " for Record component"))) {
        c.other_attributes.push_back(RawAttribute{attr, copy(attr_body)});
      }
    }
  }
  if (!r.at_end()) return make_error(kClassFormatError, bad);
  return {};
}

}  // namespace minijvm::classfile::detail
