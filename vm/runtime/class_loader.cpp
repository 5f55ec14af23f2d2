// Class loading (JVMS §5.3): the boot loader over vm().boot_class_path, the
// delegation to Java class loaders, define_class and array classes.
//
// The dictionary maps (name, initiating or defining loader) to the Klass.
// Klasses are immortal (class unloading is not implemented).
#include "vm/runtime/class_loader.h"
#include "vm/runtime/roots.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <cstdio>
#include <mutex>
#include <set>
#include <unordered_map>

#include "vm/classfile/parser.h"
#include "vm/log.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/loader_internal.h"
#include "vm/runtime/mirrors.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

struct Key {
  const Symbol* name;
  const Object* loader;
  bool operator==(const Key&) const = default;
};
struct KeyHash {
  size_t operator()(const Key& k) const {
    return std::hash<const void*>()(k.name) * 31 + std::hash<const void*>()(k.loader);
  }
};

struct Dictionary {
  std::mutex mutex;
  std::condition_variable cv;  // a boot load in progress finished
  std::unordered_map<Key, Klass*, KeyHash> map;
  std::unordered_map<Key, JavaThread*, KeyHash> loading;  // placeholders
  std::vector<std::unique_ptr<Klass>> owned;
  std::vector<Klass*> order;
};

Dictionary& dictionary() {
  static Dictionary* d = new Dictionary();
  return *d;
}

Klass* g_primitive_arrays[static_cast<int>(BasicType::kVoid) + 1] = {};

const Symbol* sym(std::string_view s) { return intern(s); }

void record(Klass* k, Object* loader) {
  Dictionary& d = dictionary();
  std::lock_guard lock(d.mutex);
  d.map.emplace(Key{k->name, loader}, k);
}

Klass* load_array_class(JavaThread* thread, const Symbol* name, Object* loader) {
  auto type = parse_field_descriptor(name->view());
  if (!type.ok() || !type->is_array()) {
    throw_new(thread, vm_symbols().java_lang_NoClassDefFoundError, name->to_utf8());
    return nullptr;
  }
  Klass* k;
  if (type->element_type != BasicType::kObject) {
    k = primitive_array_klass(type->element_type);
    if (k == nullptr) {
      throw_new(thread, vm_symbols().java_lang_NoClassDefFoundError, name->to_utf8());
      return nullptr;
    }
    for (int i = 1; i < type->dimensions; ++i) {
      k = array_klass_of(thread, k);
      CHECK_PENDING_0(thread, nullptr);
    }
    return k;
  }
  k = load_class(thread, type->class_name, loader);
  CHECK_PENDING_0(thread, nullptr);
  for (int i = 0; i < type->dimensions; ++i) {
    k = array_klass_of(thread, k);
    CHECK_PENDING_0(thread, nullptr);
  }
  return k;
}

BootModuleLocator g_boot_module_locator = nullptr;

// The boot loader's other modules (java.logging, ...), each opened (in the
// runtime image, else from its jmod) once a class of one of its packages is
// asked for.
struct BootModules {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<ClassPath>, std::less<>> paths;
};
BootModules& boot_modules() {
  static auto* m = new BootModules();  // never destroyed: threads may outlive exit
  return *m;
}

// The class path of the named boot module that defines `name`'s package, or
// nullptr (java.base, no module graph yet, or no such module).
ClassPath* boot_module_path(const Symbol* name) {
  if (g_boot_module_locator == nullptr) return nullptr;
  std::string_view n = name->view();
  size_t slash = n.rfind('/');
  if (n.empty() || n[0] == '[' || slash == std::string_view::npos) return nullptr;
  std::string module = g_boot_module_locator(n.substr(0, slash));
  if (module.empty() || module == "java.base") return nullptr;
  BootModules& modules = boot_modules();
  std::lock_guard lock(modules.mutex);
  auto it = modules.paths.find(module);
  if (it == modules.paths.end()) {
    auto path = std::make_unique<ClassPath>();
    const JdkInstall& jdk = vm().jdk;
    bool opened = !jdk.modules_image.empty()
                      ? path->append_jimage(jdk.modules_image, module).ok()
                      : path->append_jmod(jdk.java_base_jmod.parent_path() / (module + ".jmod"),
                                          module).ok();
    if (!opened) path.reset();  // then: not found
    it = modules.paths.emplace(module, std::move(path)).first;
  }
  return it->second.get();
}

struct BootPackages {
  std::mutex mutex;
  std::set<std::string, std::less<>> loaded;
};
BootPackages& boot_packages() {
  static auto* p = new BootPackages();  // never destroyed: threads may outlive exit
  return *p;
}

void note_boot_package(std::string_view class_name) {
  size_t slash = class_name.rfind('/');
  if (slash == std::string_view::npos) return;
  BootPackages& p = boot_packages();
  std::lock_guard lock(p.mutex);
  std::string_view package = class_name.substr(0, slash);
  if (p.loaded.find(package) == p.loaded.end()) p.loaded.emplace(package);
}

Klass* load_boot_class(JavaThread* thread, const Symbol* name) {
  Dictionary& d = dictionary();
  Key key{name, nullptr};
  {
    std::unique_lock lock(d.mutex);
    for (;;) {
      auto it = d.map.find(key);
      if (it != d.map.end()) return it->second;
      auto p = d.loading.find(key);
      if (p == d.loading.end()) break;
      if (p->second == thread) {
        lock.unlock();
        throw_new(thread, intern("java/lang/ClassCircularityError"), name->to_utf8());
        return nullptr;
      }
      // Blocked while another thread loads it (which may collect); back
      // to the old state with the lock released, as initialization does.
      auto loaded = [&] { return d.loading.find(key) == d.loading.end(); };
      if (thread == nullptr) {
        d.cv.wait(lock, loaded);
        continue;
      }
      ThreadState old = thread->transition(ThreadState::kBlocked);
      sched::wait(lock, d.cv, loaded);
      lock.unlock();
      thread->transition(old);
      lock.lock();
    }
    d.loading.emplace(key, thread);
  }
  Klass* result = nullptr;
  auto found = vm().boot_class_path.find_class(name->view());
  if (found.ok() && !found->has_value()) {
    if (ClassPath* module = boot_module_path(name)) found = module->find_class(name->view());
  }
  if (!found.ok()) {
    throw_error(thread, found.error());
  } else if (!found->has_value()) {
    throw_new(thread, vm_symbols().java_lang_NoClassDefFoundError, name->to_utf8());
  } else {
    const ClassBytes& cb = **found;
    result = define_class(thread, name, cb.bytes, nullptr, nullptr, cb.origin());
    if (result != nullptr) note_boot_package(name->view());
  }
  {
    std::lock_guard lock(d.mutex);
    d.loading.erase(key);
  }
  d.cv.notify_all();
  return result;
}

// ClassLoader.loadClass(String) in Java; a ClassNotFoundException becomes
// NoClassDefFoundError naming the class, as SystemDictionary::resolve_or_fail.
Klass* load_with_java_loader(JavaThread* thread, const Symbol* name, Object* loader_obj) {
  HandleMark hm(thread->handles());
  Handle loader = thread->handles().make(loader_obj);
  Method* load = lookup_method(loader->klass(), sym("loadClass"),
                               sym("(Ljava/lang/String;)Ljava/lang/Class;"));
  if (load == nullptr) {
    throw_new(thread, intern("java/lang/InternalError"), "ClassLoader.loadClass not found");
    return nullptr;
  }
  std::string dotted = name->to_utf8();
  for (char& c : dotted)
    if (c == '/') c = '.';
  Handle str = thread->handles().make(new_string_from_utf8(thread, dotted));
  CHECK_PENDING_0(thread, nullptr);
  Slot args[2] = {slot_ref(loader.get()), slot_ref(str.get())};
  Slot result;
  result.raw = 0;
  call_java(thread, load, args, &result);
  if (thread->has_pending_exception()) {
    Klass* cnfe = find_loaded_class(vm_symbols().java_lang_ClassNotFoundException, nullptr);
    Object* e = thread->pending_exception();
    if (cnfe != nullptr && e->klass()->is_subtype_of(cnfe)) {
      Handle cause = thread->handles().make(e);
      thread->clear_pending_exception();
      throw_new_with_cause(thread, vm_symbols().java_lang_NoClassDefFoundError, name->to_utf8(),
                           cause.get());
    }
    return nullptr;
  }
  Klass* k = result.l ? klass_of_mirror(result.l) : nullptr;
  if (k == nullptr || k->name != name) {
    throw_new(thread, vm_symbols().java_lang_NoClassDefFoundError, name->to_utf8());
    return nullptr;
  }
  record(k, loader.get());  // the initiating loader
  return k;
}

std::string loader_description(const Klass* k) {
  return k->in_java_base() ? "java.base of loader 'bootstrap'" : "unnamed module";
}

// JVMS §5.3.5 step 4 and HotSpot's check on a direct superinterface, made
// as soon as it is loaded (ClassFileParser::parse_interfaces).
bool check_interface(JavaThread* thread, Klass* k, Klass* i) {
  if (i->is_interface()) return true;
  throw_new(thread, intern("java/lang/IncompatibleClassChangeError"),
            "class " + k->external_name() + " can not implement " + i->external_name() +
                ", because it is not an interface (" + i->external_name() + " is in " +
                loader_description(i) + ")");
  return false;
}

// JVMS §5.3.5 step 3 and HotSpot's checks on the superclass.
bool check_super(JavaThread* thread, Klass* k) {
  if (k->super == nullptr) return true;
  if (k->super->is_interface()) {
    throw_new(thread, intern("java/lang/IncompatibleClassChangeError"),
              "class " + k->external_name() + " has interface " + k->super->external_name() +
                  " as super class");
    return false;
  }
  if (k->super->access_flags & classfile::kAccFinal) {
    throw_new(thread, intern("java/lang/IncompatibleClassChangeError"),
              "class " + k->external_name() + " cannot inherit from final class " +
                  k->super->external_name());
    return false;
  }
  return true;
}

// HotSpot's check that no method of the class being loaded (`cf`)
// overrides a final method of a superclass (JVMS §5.4.5: a final method
// that is public, protected, or package-private in the same run-time
// package).
bool check_final_overrides(JavaThread* thread, Klass* k, const classfile::ClassFile& cf) {
  for (const classfile::MethodInfo& m : cf.methods) {
    if (m.access_flags & (classfile::kAccStatic | classfile::kAccPrivate)) continue;
    if (m.name == vm_symbols().object_initializer_name || m.name == vm_symbols().class_initializer_name) continue;
    for (Klass* a = k->super; a != nullptr; a = a->super) {
      for (const classfile::MethodInfo& sm : a->class_file->methods) {
        if (sm.name != m.name || sm.descriptor != m.descriptor) continue;
        if (!(sm.access_flags & classfile::kAccFinal) ||
            (sm.access_flags & (classfile::kAccStatic | classfile::kAccPrivate)))
          continue;
        bool visible = (sm.access_flags & (classfile::kAccPublic | classfile::kAccProtected)) ||
                       (a->loader == k->loader && a->package_name() == k->package_name());
        if (!visible) continue;
        throw_new(thread, intern("java/lang/IncompatibleClassChangeError"),
                  "class " + k->external_name() + " overrides final method " + a->external_name() + "." +
                      m.name->to_utf8() + m.descriptor->to_utf8());
        return false;
      }
    }
  }
  return true;
}

void compute_all_interfaces(Klass* k) {
  auto add = [&](Klass* i) {
    for (Klass* e : k->all_interfaces)
      if (e == i) return;
    k->all_interfaces.push_back(i);
  };
  if (k->super)
    for (Klass* i : k->super->all_interfaces) add(i);
  for (Klass* i : k->local_interfaces) {
    add(i);
    for (Klass* j : i->all_interfaces) add(j);
  }
}

}  // namespace

void class_roots_do(const RootVisitor& visit) {
  Dictionary& d = dictionary();
  for (const auto& owned : d.owned) {
    Klass* k = owned.get();
    visit(&k->loader);
    visit(&k->mirror);
    visit(&k->protection_domain);
    visit(&k->init_error);
  }
  // An initiating loader may be held by nothing else; its entries name it.
  for (const auto& [key, klass] : d.map) {
    Object* loader = const_cast<Object*>(key.loader);
    visit(&loader);
  }
}

void for_each_class_at_safepoint(const std::function<void(Klass*)>& fn) {
  for (const auto& owned : dictionary().owned) fn(owned.get());
}

std::vector<Klass*> all_klasses() {
  Dictionary& d = dictionary();
  std::lock_guard lock(d.mutex);
  return d.order;
}

Klass* find_loaded_class(const Symbol* name, Object* loader) {
  Dictionary& d = dictionary();
  std::lock_guard lock(d.mutex);
  auto it = d.map.find(Key{name, loader});
  return it == d.map.end() ? nullptr : it->second;
}

Klass* load_class(JavaThread* thread, const Symbol* name, Object* loader) {
  if (name->byte_at(0) == '[') return load_array_class(thread, name, loader);
  if (Klass* k = find_loaded_class(name, loader)) return k;
  if (loader == nullptr) return load_boot_class(thread, name);
  return load_with_java_loader(thread, name, loader);
}

namespace {

// A unique suffix for a hidden class's name, spelled like HotSpot's (which
// uses the class's address): "0x" and 16 hex digits.
std::string hidden_suffix() {
  static std::atomic<uint64_t> next{0x0000000800c00000};
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "0x%016llx",
                static_cast<unsigned long long>(next.fetch_add(0x400)));
  return buffer;
}

Klass* define(JavaThread* thread, const Symbol* name, std::span<const uint8_t> bytes,
              Object* loader_obj, Object* protection_domain, std::string_view source,
              bool hidden, Klass* nest_host);

}  // namespace

void set_boot_module_locator(BootModuleLocator locator) { g_boot_module_locator = locator; }

Klass* define_class(JavaThread* thread, const Symbol* name, std::span<const uint8_t> bytes,
                    Object* loader_obj, Object* protection_domain, std::string_view source) {
  return define(thread, name, bytes, loader_obj, protection_domain, source, false, nullptr);
}

Klass* define_hidden_class(JavaThread* thread, const Symbol* name, std::span<const uint8_t> bytes,
                           Object* loader, Object* protection_domain, Klass* nest_host,
                           std::string_view source) {
  return define(thread, name, bytes, loader, protection_domain, source, true, nest_host);
}

namespace {

Klass* define(JavaThread* thread, const Symbol* name, std::span<const uint8_t> bytes,
              Object* loader_obj, Object* protection_domain, std::string_view source,
              bool hidden, Klass* nest_host) {
  HandleMark hm(thread->handles());
  Handle loader = thread->handles().make(loader_obj);
  Handle pd = thread->handles().make(protection_domain);
  // A hidden class takes the name it is given, whatever its bytes say
  // (HotSpot: ClassFileParser for hidden classes).
  auto parsed = classfile::parse_class_file(
      bytes, name != nullptr && !hidden ? name->view() : std::string_view{});
  if (!parsed.ok()) {
    throw_error(thread, parsed.error());
    return nullptr;
  }
  std::unique_ptr<classfile::ClassFile> cf = std::move(parsed).value();
  // JVMS §5.3.5: a hidden class gets a name no other class can have, and
  // its constant pool's this_class resolves to it (resolution.cpp).
  const Symbol* class_name =
      hidden ? intern((name != nullptr ? name : cf->this_class)->str() + "/" + hidden_suffix())
             : cf->this_class;
  if (!hidden && find_loaded_class(class_name, loader.get()) != nullptr && loader.get() != nullptr) {
    throw_new(
        thread, intern("java/lang/LinkageError"),
        "attempted duplicate class definition for " + java_class_name(class_name->to_utf8()) + ".");
    return nullptr;
  }
  // ClassCircularityError: this class is already among the ones whose
  // superclasses this thread is resolving.
  std::pair<const Symbol*, Object*> self{class_name, loader.get()};
  for (const auto& k : thread->defining_classes) {
    if (k == self) {
      throw_new(thread, intern("java/lang/ClassCircularityError"), class_name->to_utf8());
      return nullptr;
    }
  }
  auto klass = std::make_unique<Klass>();
  Klass* k = klass.get();
  k->name = class_name;
  k->access_flags = cf->access_flags;
  k->loader = loader.get();
  k->protection_domain = pd.get();
  k->source = intern(source);
  k->is_hidden = hidden;
  if (hidden) k->nest_host.store(nest_host != nullptr ? nest_host : k, std::memory_order_release);
  thread->defining_classes.push_back(self);
  bool ok = true;
  if (cf->super_class == nullptr && class_name != vm_symbols().java_lang_Object) {
    throw_new(thread, vm_symbols().java_lang_ClassFormatError,
              "Invalid superclass index 0 in class file " + class_name->to_utf8());
    ok = false;
  }
  // The interfaces first, then the superclass, as HotSpot's parser resolves
  // them: a user loader sees its loadClass calls in that order, and the
  // first failure is the one reported.
  for (size_t i = 0; ok && i < cf->interfaces.size(); ++i) {
    Klass* iface = load_class(thread, cf->interfaces[i], loader.get());
    ok = iface != nullptr && check_interface(thread, k, iface);
    if (ok) k->local_interfaces.push_back(iface);
  }
  if (ok && cf->super_class != nullptr) {
    k->super = load_class(thread, cf->super_class, loader.get());
    ok = k->super != nullptr && check_super(thread, k) && check_final_overrides(thread, k, *cf);
  }
  thread->defining_classes.pop_back();
  if (!ok) return nullptr;
  k->fill_primary_supers();
  k->class_file = std::move(cf);
  compute_all_interfaces(k);
  layout_fields(k);
  create_methods(k);
  // The mirror exists before the class is published: another thread that
  // finds it in the dictionary may push its mirror at once (ldc, a
  // findLoadedClass). A mirror made for a class that loses the race below
  // is garbage.
  if (class_name == vm_symbols().java_lang_Class) on_class_class_laid_out(k);
  if (!create_mirror(thread, k)) return nullptr;
  if (hidden) {
    Dictionary& d = dictionary();
    std::lock_guard lock(d.mutex);
    d.owned.push_back(std::move(klass));
  } else {
    Dictionary& d = dictionary();
    std::lock_guard lock(d.mutex);
    auto [it, inserted] = d.map.emplace(Key{class_name, loader.get()}, k);
    if (!inserted) return it->second;  // another thread won the race (boot loader)
    d.owned.push_back(std::move(klass));
    d.order.push_back(k);
  }
  if (log::enabled(log::Set::class_load, log::Level::info)) {
    log::write(log::Set::class_load, log::Level::info,
               k->external_name() + " source: " + std::string(source));
  }
  return k;
}

}  // namespace

Klass* array_klass_of(JavaThread* thread, Klass* component) {
  if (Klass* a = component->array_klass.load(std::memory_order_acquire)) return a;
  // Held across the mirror's allocation.
  static std::mutex mutex;
  auto lock = lock_safepoint_aware(thread, mutex);
  if (Klass* a = component->array_klass.load(std::memory_order_acquire)) return a;
  Klass* object = vm().classes.Object;
  if (object == nullptr) object = find_loaded_class(vm_symbols().java_lang_Object, nullptr);
  auto klass = std::make_unique<Klass>();
  Klass* k = klass.get();
  k->kind = Klass::Kind::kObjectArray;
  std::string n = "[";
  if (component->is_array())
    n += component->name->view();
  else
    n += "L" + component->name->str() + ";";
  k->name = intern(n);
  k->access_flags = (component->access_flags & classfile::kAccPublic) | classfile::kAccFinal |
                    classfile::kAccAbstract;
  k->super = object;
  k->fill_primary_supers();
  k->loader = component->loader;
  k->component = component;
  k->element = component->is_array() ? component->element : component;
  k->element_type = component->is_array() ? component->element_type : BasicType::kObject;
  k->dimensions = static_cast<uint8_t>(component->dimensions + 1);
  k->element_size = sizeof(Object*);
  k->instance_size = kArrayBaseOffset;
  for (const Symbol* s : {vm_symbols().java_lang_Cloneable, vm_symbols().java_io_Serializable}) {
    if (Klass* i = find_loaded_class(s, nullptr)) {
      k->local_interfaces.push_back(i);
      k->all_interfaces.push_back(i);
      k->itable.push_back(ItableEntry{i, {}});
    }
  }
  if (object) k->vtable = object->vtable;
  k->state.store(ClassState::kInitialized);
  if (!create_mirror(thread, k)) return nullptr;  // before it is published (define_class)
  {
    Dictionary& d = dictionary();
    std::lock_guard dlock(d.mutex);
    d.map.emplace(Key{k->name, k->loader}, k);
    d.owned.push_back(std::move(klass));
    d.order.push_back(k);
  }
  component->array_klass.store(k, std::memory_order_release);
  return k;
}

bool create_primitive_array_klasses(JavaThread* thread) {
  Klass* object = find_loaded_class(vm_symbols().java_lang_Object, nullptr);
  for (BasicType t : kPrimitiveTypes) {
    if (t == BasicType::kVoid || g_primitive_arrays[static_cast<int>(t)] != nullptr) continue;
    auto klass = std::make_unique<Klass>();
    Klass* k = klass.get();
    k->kind = Klass::Kind::kPrimitiveArray;
    k->name = intern(std::string("[") + descriptor_char(t));
    k->access_flags = classfile::kAccPublic | classfile::kAccFinal | classfile::kAccAbstract;
    k->super = object;
    k->fill_primary_supers();
    k->element_type = t;
    k->dimensions = 1;
    k->element_size = static_cast<uint8_t>(t == BasicType::kLong || t == BasicType::kDouble  ? 8
                                           : t == BasicType::kInt || t == BasicType::kFloat  ? 4
                                           : t == BasicType::kChar || t == BasicType::kShort ? 2
                                                                                             : 1);
    k->instance_size = kArrayBaseOffset;
    for (const Symbol* s : {vm_symbols().java_lang_Cloneable, vm_symbols().java_io_Serializable}) {
      if (Klass* i = find_loaded_class(s, nullptr)) {
        k->local_interfaces.push_back(i);
        k->all_interfaces.push_back(i);
        k->itable.push_back(ItableEntry{i, {}});
      }
    }
    if (object) k->vtable = object->vtable;
    k->state.store(ClassState::kInitialized);
    {
      Dictionary& d = dictionary();
      std::lock_guard lock(d.mutex);
      d.map.emplace(Key{k->name, nullptr}, k);
      d.owned.push_back(std::move(klass));
      d.order.push_back(k);
    }
    g_primitive_arrays[static_cast<int>(t)] = k;
    if (!create_mirror(thread, k)) return false;
  }
  return true;
}

Klass* primitive_array_klass(BasicType element) {
  int i = static_cast<int>(element);
  if (i < 0 || i >= static_cast<int>(BasicType::kVoid)) return nullptr;
  return g_primitive_arrays[i];
}

std::vector<std::string> boot_loaded_packages() {
  BootPackages& p = boot_packages();
  std::lock_guard lock(p.mutex);
  return {p.loaded.begin(), p.loaded.end()};
}

bool is_jdk_loader(const Object* loader) {
  return loader == nullptr ||
         loader->klass()->name->equals("jdk/internal/loader/ClassLoaders$PlatformClassLoader");
}

bool boot_package_loaded(std::string_view package) {
  BootPackages& p = boot_packages();
  std::lock_guard lock(p.mutex);
  return p.loaded.find(package) != p.loaded.end();
}

}  // namespace minijvm
