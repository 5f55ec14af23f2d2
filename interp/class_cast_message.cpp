// HotSpot 17's ClassCastException text (SharedRuntime::
// generate_class_cast_message, Klass::class_in_module_of_loader and
// joint_in_module_of_loader), rebuilt from minijvm's mirrors:
//   class A cannot be cast to class B (A and B are in unnamed module of loader 'app')
//   class A cannot be cast to class B (A is in unnamed module of loader 'app';
//     B is in module java.base of loader 'bootstrap')
// The module comes from Class.module and Module.name, the loader from
// ClassLoader.nameAndId, as HotSpot reads them. Module versions (shown by
// HotSpot for named non-JDK modules) are not printed yet.
#include <string>

#include "interp/runtime.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm::interp {

namespace {

Object* ref_field_named(Object* o, Klass* declaring, std::string_view name,
                        std::string_view descriptor) {
  if (o == nullptr || declaring == nullptr) return nullptr;
  FieldDesc* fd = declaring->find_declared_field(intern(name), intern(descriptor));
  return fd != nullptr && !fd->is_static() ? o->ref_field(fd->offset) : nullptr;
}

// The class whose module and loader describe `k`: the element class of an
// object array, else `k`; nullptr for primitive arrays (java.base, boot).
Klass* bottom_class(Klass* k) {
  if (k->kind == Klass::Kind::kPrimitiveArray) return nullptr;
  if (k->kind == Klass::Kind::kObjectArray) {
    return k->element != nullptr && k->element->kind == Klass::Kind::kInstance ? k->element
                                                                               : nullptr;
  }
  return k;
}

// Whether a boot class belongs to java.base while Class.module is not set
// yet: java.base's packages are all under these prefixes.
bool in_java_base_package(const Klass* k) {
  std::string_view pkg = k->package_name();
  for (std::string_view prefix : {"java/", "javax/", "jdk/", "sun/", "com/sun/"}) {
    if (pkg.starts_with(prefix)) return true;
  }
  return false;
}

struct ModuleOf {
  const void* identity;  // the Module object, or a stand-in before modules exist
  std::string text;      // "module java.base", "unnamed module"
  std::string loader;    // "'app'", "'bootstrap'"
};

ModuleOf module_of(Klass* k) {
  static const char kJavaBase = 0;
  static const char kBootUnnamed = 0;
  Klass* bottom = bottom_class(k);
  Object* loader = bottom != nullptr ? bottom->loader : nullptr;
  ModuleOf m;
  if (loader == nullptr) {
    m.loader = "'bootstrap'";
  } else {
    Object* name_and_id =
        ref_field_named(loader, vm().classes.ClassLoader, "nameAndId", "Ljava/lang/String;");
    m.loader = name_and_id != nullptr ? string_to_utf8(name_and_id) : "'?'";
  }
  if (bottom == nullptr) bottom = vm().classes.Object;  // primitive arrays: java.base
  Object* module = bottom != nullptr ? ref_field_named(bottom->mirror, vm().classes.Class, "module",
                                                       "Ljava/lang/Module;")
                                     : nullptr;
  Object* name = module != nullptr ? ref_field_named(module, vm().classes.Module, "name",
                                                     "Ljava/lang/String;")
                                    : nullptr;
  if (name != nullptr) {
    m.identity = module;
    m.text = "module " + string_to_utf8(name);
  } else if (bottom == nullptr || (bottom->loader == nullptr && in_java_base_package(bottom))) {
    // Before the module system is up (and under minijvm's shortened module
    // graph, which leaves boot classes in the boot loader's unnamed module)
    // HotSpot puts the boot loader's java.base packages in java.base ...
    m.identity = &kJavaBase;
    m.text = "module java.base";
  } else if (bottom->loader == nullptr) {
    // ... and other boot classes (-Xbootclasspath/a) in its unnamed module.
    m.identity = &kBootUnnamed;
    m.text = "unnamed module";
  } else {
    m.identity = bottom->loader;  // the loader's unnamed module
    m.text = "unnamed module";
  }
  return m;
}

}  // namespace

std::string class_cast_message(Klass* from, Klass* to) {
  std::string from_name = from->external_name();
  std::string to_name = to->external_name();
  ModuleOf a = module_of(from);
  ModuleOf b = module_of(to);
  std::string s = "class " + from_name + " cannot be cast to class " + to_name + " (";
  if (a.identity == b.identity) {
    s += from_name + " and " + to_name + " are in " + a.text + " of loader " + a.loader;
  } else {
    s += from_name + " is in " + a.text + " of loader " + a.loader + "; " + to_name + " is in " +
         b.text + " of loader " + b.loader;
  }
  s += ")";
  return s;
}

}  // namespace minijvm::interp
