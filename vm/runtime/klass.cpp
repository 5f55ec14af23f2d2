// Klass queries: subtyping (JVMS §6.5 checkcast), names, declared members.
#include "vm/runtime/klass.h"

#include <algorithm>

#include "vm/mutf8.h"

namespace minijvm {

namespace {
bool implements(const Klass* k, const Klass* iface) {
  if (k->interface_hit.load(std::memory_order_relaxed) == iface) return true;
  if (std::find(k->all_interfaces.begin(), k->all_interfaces.end(), iface) ==
      k->all_interfaces.end())
    return false;
  k->interface_hit.store(iface, std::memory_order_relaxed);
  return true;
}
}  // namespace

// JVMS §6.5 checkcast: S is this class, T is `other`.
bool Klass::is_subtype_of(const Klass* other) const {
  if (this == other) return true;
  if (other == nullptr) return false;
  const Symbol* object_name = vm_symbols().java_lang_Object;
  if (!is_array()) {
    if (other->is_array()) return false;
    if (other->is_interface()) return implements(this, other);
    if (is_interface()) return other->name == object_name && other->super == nullptr;
    if (other->super_depth < kPrimarySupers) return primary_supers[other->super_depth] == other;
    for (const Klass* k = super; k != nullptr; k = k->super)
      if (k == other) return true;
    return false;
  }
  // S is an array type SC[].
  if (!other->is_array()) {
    if (other->is_interface())
      return other->name == vm_symbols().java_lang_Cloneable ||
             other->name == vm_symbols().java_io_Serializable;
    return other->name == object_name && other->super == nullptr;
  }
  // Both arrays: TC and SC the same primitive type, or both references with
  // SC assignable to TC.
  if (kind == Kind::kPrimitiveArray || other->kind == Kind::kPrimitiveArray) return false;
  return component->is_subtype_of(other->component);
}

void Klass::fill_primary_supers() {
  primary_supers.fill(nullptr);
  if (super == nullptr) {
    super_depth = 0;
  } else {
    primary_supers = super->primary_supers;
    super_depth = super->super_depth + 1;
  }
  if (is_array()) return;  // Object's only: arrays are checked by their own rules
  if (super_depth < kPrimarySupers) primary_supers[super_depth] = this;
}

Method* Klass::find_declared_method(const Symbol* method_name, const Symbol* descriptor) const {
  for (const auto& m : methods)
    if (m->name == method_name && m->descriptor == descriptor) return m.get();
  return nullptr;
}

FieldDesc* Klass::find_declared_field(const Symbol* field_name, const Symbol* descriptor) {
  for (FieldDesc& f : fields)
    if (f.name == field_name && f.descriptor == descriptor) return &f;
  return nullptr;
}

std::string Klass::external_name() const {
  std::string s = name->to_utf8();
  // A hidden class keeps the '/' before its suffix ("Main$$Lambda$14/0x...").
  auto end = is_hidden ? s.begin() + static_cast<std::ptrdiff_t>(s.rfind('/')) : s.end();
  std::replace(s.begin(), end, '/', '.');
  return s;
}

std::string_view Klass::package_name() const {
  if (is_array() && element != nullptr) return element->package_name();
  // A hidden class is in the package of its name without the suffix.
  std::string_view n = name->view();
  if (is_hidden) n = n.substr(0, n.rfind('/'));
  if (!n.empty() && n[0] == '[') {
    size_t i = n.find_first_not_of('[');
    if (i == std::string_view::npos || n[i] != 'L') return {};
    n = n.substr(i + 1);
    if (!n.empty() && n.back() == ';') n.remove_suffix(1);
  }
  size_t slash = n.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : n.substr(0, slash);
}

}  // namespace minijvm

namespace minijvm {

bool Klass::in_java_base() const {
  const Klass* k = this;
  while (k->is_array() && k->component != nullptr) k = k->component;
  if (k->kind == Kind::kPrimitiveArray) return true;
  if (k->loader != nullptr) return false;
  // Hidden classes of the boot loader are defined by java.base's own lookups.
  return k->is_hidden || (k->source != nullptr && k->source->view() == "jrt:/java.base");
}

}  // namespace minijvm
