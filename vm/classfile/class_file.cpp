#include "vm/classfile/class_file.h"

namespace minijvm::classfile {

const MethodInfo* ClassFile::find_method(const Symbol* name, const Symbol* descriptor) const {
  for (const MethodInfo& m : methods) {
    if (m.name == name && m.descriptor == descriptor) return &m;
  }
  return nullptr;
}

const FieldInfo* ClassFile::find_field(const Symbol* name, const Symbol* descriptor) const {
  for (const FieldInfo& f : fields) {
    if (f.name == name && f.descriptor == descriptor) return &f;
  }
  return nullptr;
}

const RawAttribute* ClassFile::find_other_attribute(const Symbol* name) const {
  for (const RawAttribute& a : other_attributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

}  // namespace minijvm::classfile
