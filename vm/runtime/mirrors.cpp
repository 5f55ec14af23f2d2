// java.lang.Class mirrors: one per class (with the class's statics after
// Class's own fields) and one per primitive type.
#include "vm/runtime/mirrors.h"
#include "vm/runtime/roots.h"

#include <mutex>

#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/loader_internal.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {
MirrorLayout g_layout;
Klass* g_class_klass = nullptr;
std::mutex g_deferred_mutex;
std::vector<Klass*> g_deferred;
Object* g_primitive_mirrors[static_cast<int>(BasicType::kVoid) + 1] = {};

uint32_t field_offset(Klass* k, const char* name, const char* descriptor) {
  FieldDesc* f = k->find_declared_field(intern(name), intern(descriptor));
  return f ? f->offset : 0;
}

// JVMS §5.4.2: static fields with a ConstantValue attribute of primitive
// type get their value at preparation; String constants are set just
// before <clinit> (initialization.cpp), as HotSpot does.
void set_constant_values(Klass* k, Object* mirror) {
  const classfile::ConstantPool& cp = k->class_file->constant_pool;
  for (FieldDesc& f : k->fields) {
    if (!f.is_static() || f.info == nullptr || f.info->constant_value_index == 0) continue;
    uint16_t i = f.info->constant_value_index;
    switch (f.type.type) {
      case BasicType::kBoolean:
      case BasicType::kByte:
        mirror->set_field<int8_t>(f.offset, static_cast<int8_t>(cp.integer(i)));
        break;
      case BasicType::kChar:
      case BasicType::kShort:
        mirror->set_field<int16_t>(f.offset, static_cast<int16_t>(cp.integer(i)));
        break;
      case BasicType::kInt:
        mirror->set_field<int32_t>(f.offset, cp.integer(i));
        break;
      case BasicType::kFloat:
        mirror->set_field<float>(f.offset, cp.float_value(i));
        break;
      case BasicType::kLong:
        mirror->set_field<int64_t>(f.offset, cp.long_value(i));
        break;
      case BasicType::kDouble:
        mirror->set_field<double>(f.offset, cp.double_value(i));
        break;
      default:
        break;  // String: at initialization
    }
  }
}

Object** g_boot_unnamed_module = nullptr;  // a global handle once known

// The unnamed module of the class's defining loader (ClassLoader.unnamedModule).
Object* unnamed_module_of(Klass* k) {
  if (k->loader == nullptr) return g_boot_unnamed_module ? *g_boot_unnamed_module : nullptr;
  static uint32_t offset = 0;
  if (offset == 0) {
    for (Klass* c = k->loader->klass(); c && offset == 0; c = c->super)
      if (c->name->equals("java/lang/ClassLoader"))
        for (const FieldDesc& f : c->fields)
          if (f.name->equals("unnamedModule") && !f.is_static()) offset = f.offset;
  }
  return offset ? k->loader->ref_field(offset) : nullptr;
}

ModuleLookup g_module_lookup = nullptr;

Object* module_of(const Klass* k) {
  const Klass* bottom = k->is_array() && k->element != nullptr ? k->element : k;
  if (g_module_lookup != nullptr && !(k->is_array() && k->element == nullptr)) {
    if (Object* m = g_module_lookup(bottom)) return m;
  } else if (g_module_lookup != nullptr) {  // primitive arrays live in java.base
    if (Object* m = g_module_lookup(vm().classes.Object)) return m;
  }
  return unnamed_module_of(const_cast<Klass*>(bottom));
}

Object* allocate_mirror(JavaThread* thread, uint32_t statics) {
  return vm().heap.allocate(thread, g_class_klass, g_layout.static_base + statics);
}
}  // namespace

const MirrorLayout& mirror_layout() { return g_layout; }

void defer_static_offsets(Klass* klass) {
  std::lock_guard lock(g_deferred_mutex);
  g_deferred.push_back(klass);
}

void on_class_class_laid_out(Klass* class_klass) {
  g_class_klass = class_klass;
  // The injected fields sit at the end of Class's instance fields (linking.cpp).
  g_layout.static_base = class_klass->instance_size;
  // linking.cpp appends the injected fields as the last 16 bytes: an 8-byte
  // aligned Klass*, then the int32 primitive type (padded to 8).
  uint32_t injected = class_klass->instance_size - 16;
  g_layout.klass_offset = injected;
  g_layout.primitive_offset = injected + 8;
  g_layout.class_loader_offset =
      field_offset(class_klass, "classLoader", "Ljava/lang/ClassLoader;");
  g_layout.component_type_offset = field_offset(class_klass, "componentType", "Ljava/lang/Class;");
  g_layout.module_offset = field_offset(class_klass, "module", "Ljava/lang/Module;");
  std::lock_guard lock(g_deferred_mutex);
  for (Klass* k : g_deferred) {
    for (FieldDesc& f : k->fields)
      if (f.is_static()) f.offset += g_layout.static_base;
    for (uint32_t& o : k->static_reference_offsets) o += g_layout.static_base;
  }
  g_deferred.clear();
  g_layout.ready = true;
}

bool create_mirror(JavaThread* thread, Klass* k) {
  if (!g_layout.ready || k->mirror != nullptr) return true;
  // An array's mirror names its component's (Class.componentType): make that
  // first. Primitive arrays made before the primitive mirrors wait for
  // create_pending_mirrors.
  if (k->is_array()) {
    if (k->component) {
      if (!create_mirror(thread, k->component)) return false;
    } else if (primitive_mirror(k->element_type) == nullptr) {
      return true;
    }
  }
  HandleMark hm(thread->handles());
  Handle mirror = thread->handles().make(allocate_mirror(thread, k->static_size));
  if (mirror.is_null()) return false;
  mirror->set_field<Klass*>(g_layout.klass_offset, k);
  mirror->set_field<int32_t>(g_layout.primitive_offset, 0);
  if (g_layout.class_loader_offset) mirror->set_ref_field(g_layout.class_loader_offset, k->loader);
  if (k->is_array() && g_layout.component_type_offset) {
    Object* component = k->component ? k->component->mirror : primitive_mirror(k->element_type);
    mirror->set_ref_field(g_layout.component_type_offset, component);
  }
  if (k->class_file) set_constant_values(k, mirror.get());
  if (g_layout.module_offset) mirror->set_ref_field(g_layout.module_offset, module_of(k));
  k->mirror = mirror.get();
  return true;
}

void set_boot_loader_unnamed_module(Object* module) {
  if (g_boot_unnamed_module) return;
  g_boot_unnamed_module = vm().global_handles.add(module);
  if (!g_layout.module_offset) return;
  for (BasicType t : kPrimitiveTypes)
    if (Object* m = g_primitive_mirrors[static_cast<int>(t)]) m->set_ref_field(g_layout.module_offset, module);
  for (Klass* k : all_klasses())
    if (k->mirror && k->loader == nullptr && !k->mirror->ref_field(g_layout.module_offset))
      k->mirror->set_ref_field(g_layout.module_offset, module);
}

void set_module_lookup(ModuleLookup lookup) { g_module_lookup = lookup; }

void assign_module(Object* loader, const std::vector<std::string>& packages, Object* module,
                   bool is_java_base) {
  if (!g_layout.module_offset) return;
  if (is_java_base) {
    for (BasicType t : kPrimitiveTypes)
      if (Object* m = g_primitive_mirrors[static_cast<int>(t)])
        m->set_ref_field(g_layout.module_offset, module);
  }
  for (Klass* k : all_klasses()) {
    if (k->mirror == nullptr) continue;
    const Klass* bottom = k->is_array() && k->element != nullptr ? k->element : k;
    bool primitive_array = k->is_array() && k->element == nullptr;
    if (primitive_array ? !is_java_base : bottom->loader != loader) continue;
    bool in_packages = is_java_base && loader == nullptr;
    if (!in_packages) {
      std::string_view package = bottom->package_name();
      for (const std::string& p : packages) in_packages = in_packages || p == package;
    }
    if (in_packages) k->mirror->set_ref_field(g_layout.module_offset, module);
  }
}

void set_primitive_mirror(BasicType type, Object* mirror) {
  g_primitive_mirrors[static_cast<int>(type)] = mirror;
}

bool create_pending_mirrors(JavaThread* thread) {
  if (!g_layout.ready) {
    throw_new(thread, intern("java/lang/InternalError"), "java/lang/Class is not loaded");
    return false;
  }
  for (BasicType t : kPrimitiveTypes) {
    if (g_primitive_mirrors[static_cast<int>(t)] != nullptr) continue;
    Object* m = allocate_mirror(thread, 0);
    if (m == nullptr) return false;
    m->set_field<Klass*>(g_layout.klass_offset, nullptr);
    m->set_field<int32_t>(g_layout.primitive_offset, static_cast<int32_t>(t) + 1);
    g_primitive_mirrors[static_cast<int>(t)] = m;
  }
  for (Klass* k : all_klasses())
    if (!create_mirror(thread, k)) return false;
  return true;
}

void primitive_mirror_roots_do(const RootVisitor& visit) {
  for (Object*& m : g_primitive_mirrors) visit(&m);
}

Klass* klass_of_mirror(Object* mirror) {
  if (mirror == nullptr || !g_layout.ready) return nullptr;
  return mirror->field<Klass*>(g_layout.klass_offset);
}

Object* primitive_mirror(BasicType type) {
  int i = static_cast<int>(type);
  if (i < 0 || i > static_cast<int>(BasicType::kVoid)) return nullptr;
  return g_primitive_mirrors[i];
}

BasicType primitive_type_of_mirror(Object* mirror) {
  if (mirror == nullptr || !g_layout.ready) return BasicType::kObject;
  int32_t v = mirror->field<int32_t>(g_layout.primitive_offset);
  return v == 0 ? BasicType::kObject : static_cast<BasicType>(v - 1);
}

}  // namespace minijvm
