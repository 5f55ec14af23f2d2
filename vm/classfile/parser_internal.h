// The class-file parser's state, shared by class_file_parser.cpp (header,
// constant pool, members) and attribute_parser.cpp (attributes). Private to
// vm/classfile; the API is parser.h.
//
// Checks run in HotSpot's order (classFileParser.cpp) so that a file with one
// defect gets HotSpot's message for it.
#pragma once

#include <spdlog/fmt/fmt.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "vm/classfile/byte_reader.h"
#include "vm/classfile/class_file.h"
#include "vm/classfile/parser.h"
#include "vm/result.h"

namespace minijvm::classfile::detail {

inline constexpr const char* kClassFormatError = "java/lang/ClassFormatError";
inline constexpr const char* kUnsupportedClassVersionError =
    "java/lang/UnsupportedClassVersionError";
inline constexpr const char* kNoClassDefFoundError = "java/lang/NoClassDefFoundError";

// Major versions at which the format gained something (HotSpot's JAVA_*_VERSION).
inline constexpr uint16_t kJava5 = 49;   // Signature, annotations, LVTT
inline constexpr uint16_t kJava6 = 50;   // StackMapTable
inline constexpr uint16_t kJava7 = 51;   // invokedynamic, <clinit> rules
inline constexpr uint16_t kJava8 = 52;   // interface methods with bodies
inline constexpr uint16_t kJava9 = 53;   // modules
inline constexpr uint16_t kJava11 = 55;  // nests, CONSTANT_Dynamic
inline constexpr uint16_t kJava12 = 56;  // minor version must be 0 (or preview)
inline constexpr uint16_t kJava14 = 58;
inline constexpr uint16_t kJava16 = 60;  // records
inline constexpr uint16_t kJava17 = 61;  // sealed classes

class Parser {
 public:
  Parser(std::span<const uint8_t> bytes, std::string_view expected_name,
         const ParseOptions& options);

  // Parses the whole file. Catches TruncatedInput: nothing escapes.
  Result<std::unique_ptr<ClassFile>> run();

 private:
  // --- class_file_parser.cpp ---
  Result<void> parse();
  Result<void> parse_version();
  Result<void> parse_constant_pool_entries();
  Result<void> check_constant_pool_references();
  Result<void> check_constant_pool_names();
  Result<void> check_method_handle(uint16_t index, const CpEntry& e);
  Result<void> parse_class_flags();
  Result<void> parse_this_and_super();
  Result<void> parse_interfaces();
  Result<void> parse_fields();
  Result<void> parse_methods();
  Result<void> parse_method(MethodInfo& m);
  Result<void> check_end();

  Result<void> check_class_modifiers(uint32_t flags);
  Result<void> check_field_modifiers(uint32_t flags);
  Result<void> check_method_modifiers(uint32_t flags, const Symbol* name);
  Result<void> check_class_name(const Symbol* name);
  Result<void> check_field_name(const Symbol* name);
  Result<void> check_method_name(const Symbol* name);
  Result<FieldType> check_field_descriptor(const Symbol* name, const Symbol* descriptor,
                                           const char* kind = "Field");
  Result<MethodSignature> check_method_descriptor(const Symbol* name, const Symbol* descriptor);

  // --- attribute_parser.cpp ---
  Result<void> parse_field_attributes(FieldInfo& f);
  Result<void> check_constant_value(uint16_t value_index, const FieldInfo& f);
  Result<void> parse_method_attributes(MethodInfo& m, uint32_t effective_flags, uint32_t args_size);
  Result<void> parse_code(std::span<const uint8_t> body, MethodInfo& m, uint32_t args_size);
  Result<void> parse_local_variable_table(std::span<const uint8_t> body, bool type_table,
                                          CodeAttribute& code);
  Result<void> check_local_variable_tables(const CodeAttribute& code);
  Result<void> parse_class_attributes();
  Result<void> parse_inner_classes(std::span<const uint8_t> body);
  Result<void> parse_bootstrap_methods(std::span<const uint8_t> body);
  Result<void> parse_record(std::span<const uint8_t> body);
  Result<std::vector<uint16_t>> parse_class_list(std::span<const uint8_t> body,
                                                 std::string_view what,
                                                 std::string_view bad_entry_message);
  // Stores one of the four annotation attributes (version 49+) in `a` and
  // returns true, or returns false if `attr` is not one. `owner` completes
  // HotSpot's "Multiple X attributes<owner> in class file" (" for field").
  Result<bool> take_annotations(const Symbol* attr, std::span<const uint8_t> body, Annotations& a,
                                std::string_view owner);

  // --- helpers ---
  template <typename... Args>
  VmError error(fmt::format_string<Args...> format, Args&&... args) const {
    return make_error(kClassFormatError, fmt::format(format, std::forward<Args>(args)...));
  }
  const ConstantPool& cp() const { return cf_->constant_pool; }
  // HotSpot's valid_symbol_at / valid_klass_reference_at.
  bool is_utf8(uint16_t index) const { return cp().has(index, CpTag::kUtf8); }
  bool is_class(uint16_t index) const { return cp().has(index, CpTag::kClass); }
  const Symbol* symbol(uint16_t index) const { return cp().utf8(index); }
  // The class named in messages: the expected or parsed name, or "<Unknown>".
  const std::string& name() const { return name_; }

  ByteReader in_;
  std::string expected_name_;
  ParseOptions options_;
  std::string name_;
  std::unique_ptr<ClassFile> cf_;
  CpTag bad_constant_ = CpTag::kInvalid;  // a Module/Package entry outside module-info
  int max_bootstrap_index_ = -1;          // highest index a Dynamic/InvokeDynamic uses
};

// Symbol text for messages (standard UTF-8, '?' for a missing symbol).
std::string text(const Symbol* s);
// HotSpot's Symbol::as_klass_external_name: '/' -> '.'.
std::string external(const Symbol* s);

}  // namespace minijvm::classfile::detail
