// ClassPrinter: prints one parsed class file as javap does. Internal to
// vm/javap; its member functions are split by concept, mirroring the JDK's
// javap writers:
//   class_printer.cpp      ClassWriter: header, fields, methods
//   constant_printer.cpp   ConstantWriter: the pool and "// Method ..." comments
//   code_printer.cpp       CodeWriter: instructions and exception tables
//   attribute_printer.cpp  AttributeWriter: the -v attribute listings
//   annotation_printer.cpp AnnotationWriter: (type) annotations from raw bytes
//   stack_map_printer.cpp  the StackMapTable listing
//   module_printer.cpp     module-info: directives and Module* attributes
#pragma once

#include <cstdint>
#include <ctime>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "vm/classfile/class_file.h"
#include "vm/javap/javap_options.h"
#include "vm/javap/printer.h"
#include "vm/javap/signature.h"

namespace minijvm::javap {

// What -v prints above the class: where it came from, when, its size and hash.
struct ClassSource {
  std::string location;  // "/abs/Foo.class" or "jrt:/java.base/java/lang/Object.class"
  std::optional<std::time_t> last_modified;
  size_t size = 0;
  std::string sha256;  // lowercase hex
};

// A cursor over an attribute body; reads past the end yield zeros and set
// `overrun` (javap's own readers would throw; we print what we have).
class RawReader {
 public:
  explicit RawReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  uint8_t u1() {
    if (pos_ >= bytes_.size()) {
      overrun = true;
      return 0;
    }
    return bytes_[pos_++];
  }
  uint16_t u2() {
    uint16_t high = u1();  // two statements: the reads must happen in order
    return static_cast<uint16_t>((high << 8) | u1());
  }
  uint32_t u4() {
    uint32_t high = u2();
    return (high << 16) | u2();
  }
  size_t remaining() const { return pos_ < bytes_.size() ? bytes_.size() - pos_ : 0; }
  bool at_end() const { return pos_ >= bytes_.size(); }
  bool overrun = false;

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

class ClassPrinter {
 public:
  ClassPrinter(const JavapOptions& options, const classfile::ClassFile& cf, Printer& p);

  // ClassWriter.write. `source` is printed with -v.
  void write(const ClassSource* source);

 private:
  friend class AnnotationPrinter;
  // --- class_printer.cpp ---------------------------------------------------
  void write_declaration();
  void write_verbose_header();
  void write_field(const classfile::FieldInfo& f);
  void write_method(const classfile::MethodInfo& m);
  bool check_access(uint16_t flags) const;
  std::string class_java_name() const;
  std::string constant_value_text(const classfile::FieldInfo& f) const;
  std::string flags_line(uint16_t flags, int kind) const;

  // --- constant_printer.cpp ------------------------------------------------
  void write_constant_pool();
  // ConstantWriter.write: "Method java/lang/Object.\"<init>\":()V", ...
  void write_constant(uint16_t index);
  // ConstantWriter.stringValue.
  std::string string_value(uint16_t index) const;
  std::string char_value(uint16_t index) const;
  std::string boolean_value(uint16_t index) const;

  // --- code_printer.cpp ----------------------------------------------------
  void write_instructions(const classfile::CodeAttribute& code);
  void write_exception_table(const classfile::CodeAttribute& code);
  void write_code(const classfile::CodeAttribute& code);  // -v "Code:" block

  // --- attribute_printer.cpp -----------------------------------------------
  void write_class_attributes();
  void write_field_attributes(const classfile::FieldInfo& f);
  void write_method_attributes(const classfile::MethodInfo& m);
  void write_code_attributes(const classfile::CodeAttribute& code);
  void write_line_number_table(const classfile::CodeAttribute& code);
  void write_local_variable_table(const classfile::CodeAttribute& code, bool types);
  void write_signature(uint16_t index);
  void write_annotations(const classfile::Annotations& a, const Symbol* name);
  void write_inner_classes();
  void write_bootstrap_methods();
  void write_record();
  void write_method_parameters(const classfile::MethodInfo& m);
  void write_raw_attribute(const classfile::RawAttribute& attr);
  void write_default_attribute(const classfile::RawAttribute& attr);

  // --- annotation_printer.cpp ----------------------------------------------
  // RuntimeVisibleAnnotations etc.: the body of the attribute.
  void write_annotation_list(std::string_view title, std::span<const uint8_t> body);
  void write_type_annotation_list(std::string_view title, std::span<const uint8_t> body);
  void write_parameter_annotations(std::string_view title, std::span<const uint8_t> body);
  void write_annotation_default(std::span<const uint8_t> body);

  // --- stack_map_printer.cpp -----------------------------------------------
  void write_stack_map_table(std::span<const uint8_t> body);

  // --- module_printer.cpp --------------------------------------------------
  void write_module_declaration();
  void write_module_directives();
  bool write_module_attribute(const classfile::RawAttribute& attr);

  // Options as javap derives them.
  bool verbose() const { return options_.verbose; }
  bool show_descriptors() const { return options_.verbose || options_.signatures; }
  bool show_all_attrs() const { return options_.verbose; }
  bool show_disassembled() const { return options_.code; }
  bool show_lines() const { return options_.lines; }

  const JavapOptions& options_;
  const classfile::ClassFile& cf_;
  const classfile::ConstantPool& cp_;
  Printer& p_;
  const classfile::MethodInfo* method_ = nullptr;  // the method being printed
};

// Access-flag words as javap's AccessFlags spells them.
enum FlagKind { kClassFlags, kInnerClassFlags, kFieldFlags, kMethodFlags };
std::string modifiers_text(uint16_t flags, FlagKind kind);  // "public static " (trailing space)
std::string flag_names(uint16_t flags, FlagKind kind);      // "ACC_PUBLIC, ACC_STATIC"

// The UTF-8 text of a symbol (empty for nullptr).
std::string text(const Symbol* s);

// Descriptor.parse: "(int, java.lang.String[])", "int", ...; nullopt if malformed.
std::optional<std::string> descriptor_java_text(std::string_view descriptor, size_t start,
                                                size_t end, int* count = nullptr);

}  // namespace minijvm::javap
