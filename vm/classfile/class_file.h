// The model of one parsed class file (JVMS §4.1): what parse_class_file
// (vm/classfile/parser.h) returns and what the class loader and the javap-like
// disassembler read.
//
// A ClassFile owns all its data (copies of code arrays and raw attribute
// bytes); names are `const Symbol*` from the process-wide, immortal symbol
// table. Everything here has been format-checked: every constant-pool index
// stored below is valid and of the documented tag, and the Symbol pointers
// beside them are the resolved names (nullptr only where the field says so).
// Attribute indices/values that only a disassembler needs are kept beside the
// resolved form so javap can print "#12".
//
// `attribute_names` lists, in class-file order, every attribute of the owner,
// so a printer can reproduce the file's order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "vm/classfile/access_flags.h"
#include "vm/classfile/constant_pool.h"
#include "vm/descriptor.h"
#include "vm/symbols.h"

namespace minijvm::classfile {

using Bytes = std::vector<uint8_t>;

// An attribute kept as its raw body (JVMS §4.7: info[attribute_length]):
// unknown attributes, Module, ModulePackages, ModuleMainClass,
// SourceDebugExtension in other_attributes, and so on.
struct RawAttribute {
  const Symbol* name = nullptr;
  Bytes bytes;
};

// JVMS §4.7.16-§4.7.20: raw annotation attribute bodies (num_annotations
// included), present iff the attribute was.
struct Annotations {
  std::optional<Bytes> runtime_visible;
  std::optional<Bytes> runtime_invisible;
  std::optional<Bytes> runtime_visible_type;
  std::optional<Bytes> runtime_invisible_type;
};

// JVMS §4.7.3 exception_table entry; the parser checked start_pc < end_pc <=
// code_length and handler_pc < code_length.
struct ExceptionHandler {
  uint16_t start_pc = 0;
  uint16_t end_pc = 0;
  uint16_t handler_pc = 0;
  uint16_t catch_type_index = 0;       // 0 = any (finally)
  const Symbol* catch_type = nullptr;  // nullptr for any
};

// JVMS §4.7.12; start_pc < code_length.
struct LineNumber {
  uint16_t start_pc = 0;
  uint16_t line_number = 0;
};

// JVMS §4.7.13 / §4.7.14 entry. For a LocalVariableTypeTable entry
// `descriptor` is the generic signature.
struct LocalVariable {
  uint16_t start_pc = 0;
  uint16_t length = 0;
  uint16_t name_index = 0;
  uint16_t descriptor_index = 0;
  uint16_t index = 0;  // the local variable slot
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
};

// JVMS §4.7.3: a method's code is 1 to 65 535 bytes (the parser refuses
// any other length, and the JIT's counting code relies on it).
inline constexpr uint32_t kMaxCodeLength = 65535;

// JVMS §4.7.3. The code array has passed bytecode::check_code: every
// instruction decodes inside it.
struct CodeAttribute {
  uint16_t max_stack = 0;
  uint16_t max_locals = 0;
  Bytes code;
  std::vector<ExceptionHandler> exception_table;
  std::vector<LineNumber> line_numbers;             // every LineNumberTable, in order
  std::vector<LocalVariable> local_variables;       // every LocalVariableTable
  std::vector<LocalVariable> local_variable_types;  // every LocalVariableTypeTable
  std::optional<Bytes> stack_map_table;             // raw StackMapTable body
  std::vector<RawAttribute> other_attributes;       // type annotations, unknown ones
  std::vector<const Symbol*> attribute_names;
};

// JVMS §4.7.24 entry. `name` is nullptr for a formal parameter without a name
// (name_index 0 or not a Utf8 entry).
struct MethodParameter {
  uint16_t name_index = 0;
  uint16_t access_flags = 0;
  const Symbol* name = nullptr;
};

// JVMS §4.5.
struct FieldInfo {
  uint16_t access_flags = 0;  // as in the file
  uint16_t name_index = 0;
  uint16_t descriptor_index = 0;
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
  FieldType type;  // the parsed descriptor

  uint16_t constant_value_index = 0;          // ConstantValue of a static field, 0 if none
  const Symbol* generic_signature = nullptr;  // Signature attribute
  uint16_t generic_signature_index = 0;
  bool synthetic_attribute = false;  // JVMS §4.7.8 Synthetic attribute present
  bool deprecated = false;           // JVMS §4.7.15
  Annotations annotations;
  std::vector<RawAttribute> other_attributes;
  std::vector<const Symbol*> attribute_names;

  bool is_static() const { return (access_flags & kAccStatic) != 0; }
};

// JVMS §4.6.
struct MethodInfo {
  uint16_t access_flags = 0;  // as in the file
  uint16_t name_index = 0;
  uint16_t descriptor_index = 0;
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
  MethodSignature signature;  // the parsed descriptor, parsed once

  std::optional<CodeAttribute> code;          // absent for native/abstract
  std::vector<uint16_t> exception_indices;    // Exceptions: Class entries
  std::vector<const Symbol*> exceptions;      // ... and their names
  const Symbol* generic_signature = nullptr;  // Signature attribute
  uint16_t generic_signature_index = 0;
  std::optional<std::vector<MethodParameter>> parameters;  // MethodParameters
  bool synthetic_attribute = false;
  bool deprecated = false;
  Annotations annotations;
  std::optional<Bytes> runtime_visible_parameter_annotations;
  std::optional<Bytes> runtime_invisible_parameter_annotations;
  std::optional<Bytes> annotation_default;
  std::vector<RawAttribute> other_attributes;
  std::vector<const Symbol*> attribute_names;

  bool is_static() const { return (access_flags & kAccStatic) != 0; }
  bool is_native() const { return (access_flags & kAccNative) != 0; }
  bool is_abstract() const { return (access_flags & kAccAbstract) != 0; }
};

// JVMS §4.7.6 entry. outer_class and inner_name may be nullptr (index 0).
struct InnerClass {
  uint16_t inner_class_info_index = 0;
  uint16_t outer_class_info_index = 0;
  uint16_t inner_name_index = 0;
  uint16_t access_flags = 0;
  const Symbol* inner_class = nullptr;
  const Symbol* outer_class = nullptr;
  const Symbol* inner_name = nullptr;
};

// JVMS §4.7.7. method_name/method_descriptor are nullptr when method_index is 0.
struct EnclosingMethod {
  uint16_t class_index = 0;
  uint16_t method_index = 0;  // a NameAndType, or 0
  const Symbol* class_name = nullptr;
  const Symbol* method_name = nullptr;
  const Symbol* method_descriptor = nullptr;
};

// JVMS §4.7.23 entry: a MethodHandle index and loadable-constant arguments.
struct BootstrapMethod {
  uint16_t method_handle_index = 0;
  std::vector<uint16_t> arguments;
};

// JVMS §4.7.30 component_info.
struct RecordComponent {
  uint16_t name_index = 0;
  uint16_t descriptor_index = 0;
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
  FieldType type;
  const Symbol* generic_signature = nullptr;
  uint16_t generic_signature_index = 0;
  Annotations annotations;
  std::vector<RawAttribute> other_attributes;
  std::vector<const Symbol*> attribute_names;
};

struct ClassFile {
  uint16_t minor_version = 0;
  uint16_t major_version = 0;
  ConstantPool constant_pool;

  uint16_t access_flags = 0;  // as in the file
  uint16_t this_class_index = 0;
  const Symbol* this_class = nullptr;  // internal form
  uint16_t super_class_index = 0;
  const Symbol* super_class = nullptr;  // nullptr for java/lang/Object and module-info
  std::vector<uint16_t> interface_indices;
  std::vector<const Symbol*> interfaces;

  std::vector<FieldInfo> fields;
  std::vector<MethodInfo> methods;

  // Class attributes (JVMS §4.7, Table 4.7-C).
  const Symbol* source_file = nullptr;
  uint16_t source_file_index = 0;
  std::optional<Bytes> source_debug_extension;
  std::optional<std::vector<InnerClass>> inner_classes;
  std::optional<EnclosingMethod> enclosing_method;
  const Symbol* generic_signature = nullptr;
  uint16_t generic_signature_index = 0;
  std::optional<std::vector<BootstrapMethod>> bootstrap_methods;
  const Symbol* nest_host = nullptr;
  uint16_t nest_host_index = 0;
  std::optional<std::vector<uint16_t>> nest_member_indices;
  std::vector<const Symbol*> nest_members;
  std::optional<std::vector<RecordComponent>> record;  // present iff a Record attribute
  std::optional<std::vector<uint16_t>> permitted_subclass_indices;  // PermittedSubclasses
  std::vector<const Symbol*> permitted_subclasses;
  bool synthetic_attribute = false;
  bool deprecated = false;
  Annotations annotations;
  std::vector<RawAttribute> other_attributes;  // Module*, unknown attributes
  std::vector<const Symbol*> attribute_names;

  bool is_interface() const { return (access_flags & kAccInterface) != 0; }
  bool is_module() const { return (access_flags & kAccModule) != 0; }

  // The declared method/field with this name and descriptor, or nullptr.
  const MethodInfo* find_method(const Symbol* name, const Symbol* descriptor) const;
  const FieldInfo* find_field(const Symbol* name, const Symbol* descriptor) const;
  // The raw attribute of that name among other_attributes, or nullptr.
  const RawAttribute* find_other_attribute(const Symbol* name) const;
};

}  // namespace minijvm::classfile
