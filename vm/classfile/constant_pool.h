// The constant pool of a parsed class file (JVMS §4.4).
//
// Entries are indexed 1..count()-1 as in the class file; index 0 and the
// slot after a Long or Double hold CpTag::kInvalid. The parser has checked
// every cross reference (a Methodref's class_index names a Class entry, ...),
// so on a ClassFile that parsed, `has(i, tag)` for the documented tag is all
// a caller needs before using a typed accessor. The accessors are total:
// asked about an index that is out of range or of another tag they return
// nullptr / zero values instead of failing.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "vm/symbols.h"

namespace minijvm::classfile {

namespace detail {
class Parser;
}

// JVMS §4.4 Table 4.4-B.
enum class CpTag : uint8_t {
  kInvalid = 0,  // index 0, the second slot of a Long/Double
  kUtf8 = 1,
  kInteger = 3,
  kFloat = 4,
  kLong = 5,
  kDouble = 6,
  kClass = 7,
  kString = 8,
  kFieldref = 9,
  kMethodref = 10,
  kInterfaceMethodref = 11,
  kNameAndType = 12,
  kMethodHandle = 15,
  kMethodType = 16,
  kDynamic = 17,
  kInvokeDynamic = 18,
  kModule = 19,
  kPackage = 20,
};

// As javap -v prints it: "Utf8", "Methodref", "InvokeDynamic", ...
std::string_view cp_tag_name(CpTag tag);

// JVMS §4.4.8 Table 5.4.3.5-A reference kinds.
enum class RefKind : uint8_t {
  kGetField = 1,
  kGetStatic = 2,
  kPutField = 3,
  kPutStatic = 4,
  kInvokeVirtual = 5,
  kInvokeStatic = 6,
  kInvokeSpecial = 7,
  kNewInvokeSpecial = 8,
  kInvokeInterface = 9,
};

// "REF_getField", ..., "REF_invokeInterface"; "" for an invalid kind.
std::string_view ref_kind_name(RefKind kind);

// One slot, as stored. Which fields are meaningful depends on the tag:
//   Utf8                          symbol
//   Integer, Float                bits (low 32 bits)
//   Long, Double                  bits
//   Class, String, MethodType,
//   Module, Package               index1 (a Utf8)
//   Fieldref, Methodref,
//   InterfaceMethodref            index1 (Class), index2 (NameAndType)
//   NameAndType                   index1 (name Utf8), index2 (descriptor Utf8)
//   MethodHandle                  bits (reference kind), index1 (reference)
//   Dynamic, InvokeDynamic        index1 (bootstrap method), index2 (NameAndType)
struct CpEntry {
  CpTag tag = CpTag::kInvalid;
  uint16_t index1 = 0;
  uint16_t index2 = 0;
  uint64_t bits = 0;
  const Symbol* symbol = nullptr;
};

struct NameAndType {
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
};

// A Fieldref, Methodref or InterfaceMethodref, resolved to its names.
struct MemberRef {
  uint16_t class_index = 0;
  uint16_t name_and_type_index = 0;
  const Symbol* class_name = nullptr;
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
};

struct MethodHandleRef {
  RefKind kind = RefKind::kGetField;
  uint16_t reference_index = 0;  // a Fieldref, Methodref or InterfaceMethodref
};

// A Dynamic or InvokeDynamic entry.
struct DynamicRef {
  uint16_t bootstrap_method_index = 0;  // into ClassFile::bootstrap_methods
  uint16_t name_and_type_index = 0;
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
};

class ConstantPool {
 public:
  ConstantPool() = default;
  explicit ConstantPool(std::vector<CpEntry> entries) : entries_(std::move(entries)) {}

  // constant_pool_count: valid indices are 1 .. count() - 1.
  uint16_t count() const { return static_cast<uint16_t>(entries_.size()); }
  CpTag tag(uint16_t index) const { return entry(index).tag; }
  bool has(uint16_t index, CpTag tag) const {
    return tag != CpTag::kInvalid && this->tag(index) == tag;
  }
  // The raw slot (a kInvalid slot when out of range).
  const CpEntry& entry(uint16_t index) const;

  const Symbol* utf8(uint16_t index) const;             // Utf8
  const Symbol* class_name(uint16_t index) const;       // Class: the name (internal form)
  const Symbol* string(uint16_t index) const;           // String: its value (modified UTF-8)
  int32_t integer(uint16_t index) const;                // Integer
  float float_value(uint16_t index) const;              // Float
  int64_t long_value(uint16_t index) const;             // Long
  double double_value(uint16_t index) const;            // Double
  NameAndType name_and_type(uint16_t index) const;      // NameAndType
  MemberRef member_ref(uint16_t index) const;           // Fieldref, Methodref, InterfaceMethodref
  MethodHandleRef method_handle(uint16_t index) const;  // MethodHandle
  const Symbol* method_type(uint16_t index) const;      // MethodType: the descriptor
  DynamicRef dynamic(uint16_t index) const;             // Dynamic, InvokeDynamic
  const Symbol* module_name(uint16_t index) const;      // Module
  const Symbol* package_name(uint16_t index) const;     // Package (internal form)

  // JVMS §4.4 Table 4.4-C: may be the operand of ldc or a bootstrap argument.
  bool is_loadable(uint16_t index) const;

 private:
  friend class detail::Parser;
  std::vector<CpEntry> entries_;
};

}  // namespace minijvm::classfile
