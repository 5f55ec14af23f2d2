// Names and descriptors (JVMS §4.2, §4.3), parsed once into typed structures.
//
// A field descriptor becomes a FieldType, a method descriptor a
// MethodSignature; class names inside them are interned Symbols in internal
// (slash-separated) form. The printers give the Java source spelling javap
// uses ("int[][]", "java.lang.String").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vm/result.h"
#include "vm/symbols.h"

namespace minijvm {

// The kinds of JVMS §4.3.2 (BaseType, ObjectType, ArrayType) plus void.
enum class BasicType : uint8_t {
  kBoolean,
  kChar,
  kFloat,
  kDouble,
  kByte,
  kShort,
  kInt,
  kLong,
  kObject,
  kArray,
  kVoid,
};

// 'Z', 'C', 'F', 'D', 'B', 'S', 'I', 'J', 'L', '[', 'V'.
char descriptor_char(BasicType type);
// "boolean", ..., "long", "void"; "" for kObject and kArray.
std::string_view java_name(BasicType type);
// Local-variable / operand-stack slots: 2 for long and double, 0 for void, else 1.
int slot_count(BasicType type);

// A parsed field descriptor (or a return type, which may be void).
struct FieldType {
  BasicType type = BasicType::kVoid;          // kArray for any array
  BasicType element_type = BasicType::kVoid;  // arrays: the innermost element; else == type
  uint8_t dimensions = 0;                     // 1..255 for arrays, else 0
  const Symbol* class_name = nullptr;         // kObject, or an array of objects: the
                                              // element class (internal form); else nullptr

  bool is_array() const { return type == BasicType::kArray; }
  bool is_reference() const { return type == BasicType::kObject || type == BasicType::kArray; }
  bool is_void() const { return type == BasicType::kVoid; }
  bool is_primitive() const { return !is_reference() && !is_void(); }
  int slots() const { return slot_count(type); }
  bool operator==(const FieldType&) const = default;
};

// A parsed method descriptor (JVMS §4.3.3).
struct MethodSignature {
  std::vector<FieldType> params;
  FieldType return_type;
  uint32_t arg_slots = 0;  // sum of the parameters' slots, without a receiver

  bool operator==(const MethodSignature&) const = default;
};

// Why a descriptor was rejected (the parser words its messages by it).
enum class DescriptorError : uint8_t {
  kMalformed,          // not a descriptor at all
  kTooManyDimensions,  // an array type with more than 255 dimensions (JVMS §4.3.2)
  kIllegalClassName,   // L<name>; where <name> is empty or not a binary name
};

// Parses a whole field descriptor. Errors are ClassFormatErrors whose message
// says what is wrong; `why`, if given, receives the reason.
Result<FieldType> parse_field_descriptor(std::string_view descriptor,
                                         DescriptorError* why = nullptr);
// Parses a whole method descriptor: "(" {FieldType} ")" (FieldType | "V").
Result<MethodSignature> parse_method_descriptor(std::string_view descriptor,
                                                DescriptorError* why = nullptr);

// The descriptor text again ("[[I", "Ljava/lang/String;", "(IJ)V").
std::string descriptor_string(const FieldType& type);
std::string descriptor_string(const MethodSignature& signature);

// --- Java source spelling (standard UTF-8) -----------------------------------

// "java/lang/String" -> "java.lang.String".
std::string java_class_name(std::string_view internal_name);
// "int", "int[][]", "java.lang.String", "java.lang.Object[]", "void".
std::string java_type_name(const FieldType& type);
// The parameter list without parentheses: "int, java.lang.String[]".
std::string java_parameter_list(const MethodSignature& signature);

// --- names (JVMS §4.2) -------------------------------------------------------

// §4.2.2: non-empty, none of . ; [ /  (field names, local variable names).
bool is_valid_unqualified_name(std::string_view name);
// §4.2.2: <init>, <clinit>, or an unqualified name without < or >.
bool is_valid_method_name(std::string_view name);
// §4.2.1: unqualified names separated by single slashes ("java/lang/Object").
bool is_valid_binary_name(std::string_view name);
// §4.4.1: what a CONSTANT_Class may name: a binary name or an array descriptor.
bool is_valid_class_entry_name(std::string_view name);

}  // namespace minijvm
