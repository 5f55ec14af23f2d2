#include "vm/classfile/constant_pool.h"

#include <bit>

namespace minijvm::classfile {

std::string_view cp_tag_name(CpTag tag) {
  switch (tag) {
    case CpTag::kInvalid:
      return "Invalid";
    case CpTag::kUtf8:
      return "Utf8";
    case CpTag::kInteger:
      return "Integer";
    case CpTag::kFloat:
      return "Float";
    case CpTag::kLong:
      return "Long";
    case CpTag::kDouble:
      return "Double";
    case CpTag::kClass:
      return "Class";
    case CpTag::kString:
      return "String";
    case CpTag::kFieldref:
      return "Fieldref";
    case CpTag::kMethodref:
      return "Methodref";
    case CpTag::kInterfaceMethodref:
      return "InterfaceMethodref";
    case CpTag::kNameAndType:
      return "NameAndType";
    case CpTag::kMethodHandle:
      return "MethodHandle";
    case CpTag::kMethodType:
      return "MethodType";
    case CpTag::kDynamic:
      return "Dynamic";
    case CpTag::kInvokeDynamic:
      return "InvokeDynamic";
    case CpTag::kModule:
      return "Module";
    case CpTag::kPackage:
      return "Package";
  }
  return "Invalid";
}

std::string_view ref_kind_name(RefKind kind) {
  switch (kind) {
    case RefKind::kGetField:
      return "REF_getField";
    case RefKind::kGetStatic:
      return "REF_getStatic";
    case RefKind::kPutField:
      return "REF_putField";
    case RefKind::kPutStatic:
      return "REF_putStatic";
    case RefKind::kInvokeVirtual:
      return "REF_invokeVirtual";
    case RefKind::kInvokeStatic:
      return "REF_invokeStatic";
    case RefKind::kInvokeSpecial:
      return "REF_invokeSpecial";
    case RefKind::kNewInvokeSpecial:
      return "REF_newInvokeSpecial";
    case RefKind::kInvokeInterface:
      return "REF_invokeInterface";
  }
  return "";
}

const CpEntry& ConstantPool::entry(uint16_t index) const {
  static const CpEntry kInvalidEntry;
  return index < entries_.size() ? entries_[index] : kInvalidEntry;
}

const Symbol* ConstantPool::utf8(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kUtf8 ? e.symbol : nullptr;
}

const Symbol* ConstantPool::class_name(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kClass ? utf8(e.index1) : nullptr;
}

const Symbol* ConstantPool::string(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kString ? utf8(e.index1) : nullptr;
}

int32_t ConstantPool::integer(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kInteger ? static_cast<int32_t>(static_cast<uint32_t>(e.bits)) : 0;
}

float ConstantPool::float_value(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kFloat ? std::bit_cast<float>(static_cast<uint32_t>(e.bits)) : 0.0f;
}

int64_t ConstantPool::long_value(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kLong ? static_cast<int64_t>(e.bits) : 0;
}

double ConstantPool::double_value(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kDouble ? std::bit_cast<double>(e.bits) : 0.0;
}

NameAndType ConstantPool::name_and_type(uint16_t index) const {
  const CpEntry& e = entry(index);
  if (e.tag != CpTag::kNameAndType) return {};
  return NameAndType{utf8(e.index1), utf8(e.index2)};
}

MemberRef ConstantPool::member_ref(uint16_t index) const {
  const CpEntry& e = entry(index);
  if (e.tag != CpTag::kFieldref && e.tag != CpTag::kMethodref &&
      e.tag != CpTag::kInterfaceMethodref) {
    return {};
  }
  const NameAndType nat = name_and_type(e.index2);
  return MemberRef{e.index1, e.index2, class_name(e.index1), nat.name, nat.descriptor};
}

MethodHandleRef ConstantPool::method_handle(uint16_t index) const {
  const CpEntry& e = entry(index);
  if (e.tag != CpTag::kMethodHandle) return {};
  return MethodHandleRef{static_cast<RefKind>(e.bits), e.index1};
}

const Symbol* ConstantPool::method_type(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kMethodType ? utf8(e.index1) : nullptr;
}

DynamicRef ConstantPool::dynamic(uint16_t index) const {
  const CpEntry& e = entry(index);
  if (e.tag != CpTag::kDynamic && e.tag != CpTag::kInvokeDynamic) return {};
  const NameAndType nat = name_and_type(e.index2);
  return DynamicRef{e.index1, e.index2, nat.name, nat.descriptor};
}

const Symbol* ConstantPool::module_name(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kModule ? utf8(e.index1) : nullptr;
}

const Symbol* ConstantPool::package_name(uint16_t index) const {
  const CpEntry& e = entry(index);
  return e.tag == CpTag::kPackage ? utf8(e.index1) : nullptr;
}

bool ConstantPool::is_loadable(uint16_t index) const {
  switch (tag(index)) {
    case CpTag::kInteger:
    case CpTag::kFloat:
    case CpTag::kLong:
    case CpTag::kDouble:
    case CpTag::kClass:
    case CpTag::kString:
    case CpTag::kMethodHandle:
    case CpTag::kMethodType:
    case CpTag::kDynamic:
      return true;
    default:
      return false;
  }
}

}  // namespace minijvm::classfile
