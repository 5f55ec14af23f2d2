// Symbolic reference resolution (JVMS §5.4.3) with access control (§5.4.4)
// and selection (§5.4.6), with HotSpot 17's messages (linkResolver.cpp).
#include "vm/runtime/resolution.h"

#include <algorithm>

#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/method_handles.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

using classfile::CpTag;

const Symbol* s_iae() { return intern("java/lang/IllegalAccessError"); }
const Symbol* s_icce() { return intern("java/lang/IncompatibleClassChangeError"); }
const Symbol* s_nsme() { return intern("java/lang/NoSuchMethodError"); }
const Symbol* s_nsfe() { return intern("java/lang/NoSuchFieldError"); }
const Symbol* s_ame() { return intern("java/lang/AbstractMethodError"); }

// "'app'", "'bootstrap'", as ClassLoader.nameAndId spells it.
std::string loader_name(const Klass* k) {
  Object* loader = k->loader;
  if (loader == nullptr) return "'bootstrap'";
  Klass* cl = find_loaded_class(intern("java/lang/ClassLoader"), nullptr);
  if (cl != nullptr) {
    if (FieldDesc* f =
            cl->find_declared_field(intern("nameAndId"), vm_symbols().string_signature)) {
      if (Object* s = loader->ref_field(f->offset)) return string_to_utf8(s);
    }
  }
  return "'" + loader->klass()->external_name() + "'";
}

std::string module_of(const Klass* k) {
  return k->in_java_base() ? "module java.base" : "unnamed module";
}

// Klass::joint_in_module_of_loader / class_in_module_of_loader.
std::string module_text(const Klass* a, const Klass* b) {
  if (module_of(a) == module_of(b) && a->loader == b->loader)
    return a->external_name() + " and " + b->external_name() + " are in " + module_of(a) +
           " of loader " + loader_name(a);
  return a->external_name() + " is in " + module_of(a) + " of loader " + loader_name(a) + "; " +
         b->external_name() + " is in " + module_of(b) + " of loader " + loader_name(b);
}

bool same_package(const Klass* a, const Klass* b) {
  return a->loader == b->loader && a->package_name() == b->package_name();
}

// JVMS §5.4.4 nestmates: the nest host, or the class itself when it has no
// valid NestHost (HotSpot records the error and treats it as its own host).
Klass* nest_host_of(Klass* k) {
  if (Klass* h = k->nest_host.load(std::memory_order_acquire)) return h;
  Klass* host = k;
  if (k->class_file && k->class_file->nest_host != nullptr) {
    JavaThread* thread = JavaThread::current();
    Klass* h = nullptr;
    if (thread != nullptr) {
      HandleMark hm(thread->handles());
      Handle saved = thread->handles().make(thread->pending_exception());
      thread->clear_pending_exception();
      h = load_class(thread, k->class_file->nest_host, k->loader);
      thread->clear_pending_exception();
      thread->set_pending_exception(saved.get());
    }
    if (h != nullptr && same_package(h, k) && h->class_file) {
      const auto& members = h->class_file->nest_members;
      if (std::find(members.begin(), members.end(), k->name) != members.end()) host = h;
    }
  }
  k->nest_host.store(host, std::memory_order_release);
  return host;
}

bool is_subclass_of(const Klass* k, const Klass* of) {
  for (; k != nullptr; k = k->super)
    if (k == of) return true;
  return false;
}

std::string external_kind(const Klass* k) {
  if (k->is_interface()) return "interface";
  if (k->is_abstract()) return "abstract class";
  return "class";
}

// "'abstract void m(int)'" as throw_abstract_method_error prints it.
std::string short_signature(const Method* m) {
  std::string s = m->is_abstract() ? "abstract " : "";
  if (m->is_private()) s += "private ";
  if (m->signature) {
    s += java_type_name(m->signature->return_type) + " " + m->name->to_utf8() + "(" +
         java_parameter_list(*m->signature) + ")";
  }
  return s;
}

void throw_ame(JavaThread* thread, const Method* resolved, const Klass* receiver) {
  throw_new(thread, s_ame(),
            "Receiver class " + receiver->external_name() +
                " does not define or inherit an implementation of the resolved method '" +
                short_signature(resolved) + "' of " + external_kind(resolved->holder) + " " +
                resolved->holder->external_name() + ".");
}

Method* lookup_in_superclasses(Klass* k, const Symbol* name, const Symbol* descriptor) {
  for (; k != nullptr; k = k->super)
    if (Method* m = k->find_declared_method(name, descriptor)) return m;
  return nullptr;
}

// §5.4.3.3 step 2(c)/§5.4.3.4: maximally-specific superinterface methods;
// a non-abstract one if exactly one, else any candidate.
Method* lookup_in_interfaces(Klass* k, const Symbol* name, const Symbol* descriptor) {
  std::vector<Method*> candidates;
  for (Klass* i : k->all_interfaces) {
    Method* m = i->find_declared_method(name, descriptor);
    if (m != nullptr && !m->is_private() && !m->is_static()) candidates.push_back(m);
  }
  if (candidates.empty()) return nullptr;
  Method* concrete = nullptr;
  int count = 0;
  for (Method* m : candidates) {
    bool shadowed = false;
    for (Method* o : candidates)
      if (o != m && o->holder != m->holder && o->holder->is_subtype_of(m->holder)) shadowed = true;
    if (!shadowed && !m->is_abstract()) {
      concrete = m;
      ++count;
    }
  }
  return count == 1 ? concrete : candidates.front();
}

bool check_method_access(JavaThread* thread, Klass* accessor, Klass* resolved, Method* m) {
  uint16_t flags = m->access_flags;
  // JVMS §2.15 / HotSpot: arrays override clone as public.
  if (resolved->is_array() && m->name->equals("clone") && m->holder->super == nullptr)
    flags = static_cast<uint16_t>((flags & ~0x0004) | 0x0001);
  if (can_access_member(accessor, resolved, m->holder, flags)) return true;
  std::string s = "class " + accessor->external_name() + " tried to access ";
  if (m->is_abstract()) s += "abstract ";
  if (m->is_protected()) s += "protected ";
  if (m->is_private()) s += "private ";
  s += "method '" + m->external_name() + "' (" + module_text(accessor, m->holder) + ")";
  throw_new(thread, s_iae(), s);
  return false;
}

}  // namespace

namespace {

// HotSpot (Reflection::verify_class_access, verify_member_access): accesses
// from jdk.internal.reflect.MagicAccessorImpl subclasses -- the generated
// reflection accessors, defined by their own DelegatingClassLoader -- succeed
// trivially.
bool is_magic_accessor(const Klass* accessor) {
  for (const Klass* k = accessor->super; k != nullptr; k = k->super)
    if (k->loader == nullptr && k->name->equals("jdk/internal/reflect/MagicAccessorImpl"))
      return true;
  return false;
}

}  // namespace

bool can_access_class(Klass* accessor, Klass* target) {
  if (is_magic_accessor(accessor)) return true;
  while (target->is_array() && target->component != nullptr) target = target->component;
  if (target->kind == Klass::Kind::kPrimitiveArray) return true;
  if (target->access_flags & 0x0001) return true;
  return same_package(accessor, target);
}

bool can_access_member(Klass* accessor, Klass* holder, Klass* declaring, uint16_t flags) {
  (void)holder;
  if (accessor == declaring) return true;
  if (is_magic_accessor(accessor)) return true;
  if (flags & 0x0001) return true;  // public
  if (flags & 0x0002) {             // private: same class or nestmates (§5.4.4)
    return nest_host_of(accessor) == nest_host_of(declaring);
  }
  if (same_package(accessor, declaring)) return true;  // protected or package
  if (flags & 0x0004) {
    for (Klass* k = accessor; k != nullptr; k = k->super)
      if (k == declaring) return true;
  }
  return false;
}

Klass* resolve_class(JavaThread* thread, Klass* accessor, uint16_t cp_index) {
  if (accessor->resolved) {
    if (void* r = accessor->resolved[cp_index].load(std::memory_order_acquire))
      return static_cast<Klass*>(r);
  }
  const Symbol* name = accessor->class_file->constant_pool.class_name(cp_index);
  if (name == nullptr) {
    throw_new(thread, s_icce(), "not a Class constant");
    return nullptr;
  }
  // A hidden class's references to its own (original) name are to itself.
  Klass* k = accessor->is_hidden && name == accessor->class_file->this_class
                 ? accessor
                 : load_class(thread, name, accessor->loader);
  if (k == nullptr) return nullptr;
  if (!can_access_class(accessor, k)) {
    throw_new(thread, s_iae(),
              "failed to access class " + k->external_name() + " from class " +
                  accessor->external_name() + " (" + module_text(k, accessor) + ")");
    return nullptr;
  }
  if (accessor->resolved) accessor->resolved[cp_index].store(k, std::memory_order_release);
  return k;
}

FieldDesc* lookup_field(Klass* klass, const Symbol* name, const Symbol* descriptor) {
  // §5.4.3.2: C itself, its direct superinterfaces (recursively), its superclass.
  if (FieldDesc* f = klass->find_declared_field(name, descriptor)) return f;
  for (Klass* i : klass->local_interfaces)
    if (FieldDesc* f = lookup_field(i, name, descriptor)) return f;
  if (klass->super != nullptr) return lookup_field(klass->super, name, descriptor);
  return nullptr;
}

FieldDesc* resolve_field(JavaThread* thread, Klass* accessor, uint16_t cp_index, bool is_static,
                         bool is_put) {
  classfile::MemberRef ref = accessor->class_file->constant_pool.member_ref(cp_index);
  Klass* resolved = resolve_class(thread, accessor, ref.class_index);
  if (resolved == nullptr) return nullptr;
  FieldDesc* f = lookup_field(resolved, ref.name, ref.descriptor);
  if (f == nullptr) {
    throw_new(thread, s_nsfe(), ref.name->to_utf8());
    return nullptr;
  }
  if (!can_access_member(accessor, resolved, f->holder, f->access_flags)) {
    std::string s = "class " + accessor->external_name() + " tried to access ";
    if (f->access_flags & 0x0004) s += "protected ";
    if (f->access_flags & 0x0002) s += "private ";
    s += "field " + f->holder->external_name() + "." + f->name->to_utf8() + " (" +
         module_text(accessor, f->holder) + ")";
    throw_new(thread, s_iae(), s);
    return nullptr;
  }
  if (is_static != f->is_static()) {
    throw_new(thread, s_icce(),
              std::string("Expected ") + (is_static ? "static" : "non-static") + " field " +
                  resolved->external_name() + "." + f->name->to_utf8());
    return nullptr;
  }
  if (is_put && f->is_final() && f->holder != accessor) {
    throw_new(thread, s_iae(),
              std::string("Update to ") + (is_static ? "static" : "non-static") + " final field " +
                  resolved->external_name() + "." + f->name->to_utf8() +
                  " attempted from a different class (" + accessor->external_name() +
                  ") than the field's declaring class");
    return nullptr;
  }
  return f;
}

Method* lookup_method(Klass* klass, const Symbol* name, const Symbol* descriptor) {
  if (Method* m = lookup_in_superclasses(klass, name, descriptor)) return m;
  if (klass->is_array()) return nullptr;
  return lookup_in_interfaces(klass, name, descriptor);
}

Method* resolve_method(JavaThread* thread, Klass* accessor, uint16_t cp_index, InvokeKind kind) {
  const classfile::ConstantPool& cp = accessor->class_file->constant_pool;
  CpTag tag = cp.tag(cp_index);
  classfile::MemberRef ref = cp.member_ref(cp_index);
  Klass* resolved = resolve_class(thread, accessor, ref.class_index);
  if (resolved == nullptr) return nullptr;
  std::string ref_text = Method::external_name(resolved, ref.name, ref.descriptor);
  bool interface_path =
      kind == InvokeKind::kInterface || (kind != InvokeKind::kVirtual && resolved->is_interface());
  Method* m = nullptr;
  if (!interface_path) {
    // linkResolver resolve_method, steps 1-5.
    if (kind == InvokeKind::kVirtual && resolved->is_interface()) {
      throw_new(thread, s_icce(),
                "Found interface " + resolved->external_name() + ", but class was expected");
      return nullptr;
    }
    if (tag != CpTag::kMethodref) {
      throw_new(thread, s_icce(), "Method '" + ref_text + "' must be Methodref constant");
      return nullptr;
    }
    // §5.4.3.3 step 2: MethodHandle and VarHandle's signature-polymorphic
    // methods; never linked directly, even when the call site's descriptor
    // is the declared ([Ljava/lang/Object;)Ljava/lang/Object;.
    m = lookup_polymorphic_method(thread, accessor, resolved, ref.name, ref.descriptor);
    if (thread->has_pending_exception()) return nullptr;
    if (m == nullptr) m = lookup_in_superclasses(resolved, ref.name, ref.descriptor);
    if (m == nullptr && !resolved->is_array())
      m = lookup_in_interfaces(resolved, ref.name, ref.descriptor);
  } else {
    if (!resolved->is_interface()) {
      throw_new(thread, s_icce(),
                "Found class " + resolved->external_name() + ", but interface was expected");
      return nullptr;
    }
    if (tag != CpTag::kInterfaceMethodref) {
      throw_new(thread, s_icce(), "Method '" + ref_text + "' must be InterfaceMethodref constant");
      return nullptr;
    }
    m = resolved->find_declared_method(ref.name, ref.descriptor);
    if (m == nullptr && resolved->super != nullptr) {
      // §5.4.3.4 step 3: public non-static methods of Object.
      Method* o = resolved->super->find_declared_method(ref.name, ref.descriptor);
      if (o != nullptr && o->is_public() && !o->is_static()) m = o;
    }
    if (m == nullptr) m = lookup_in_interfaces(resolved, ref.name, ref.descriptor);
  }
  if (m == nullptr) {
    throw_new(thread, s_nsme(), "'" + ref_text + "'");
    return nullptr;
  }
  if (!check_method_access(thread, accessor, resolved, m)) return nullptr;
  if (interface_path && kind != InvokeKind::kStatic && m->is_static()) {
    throw_new(thread, s_icce(),
              "Expected instance not static method '" +
                  Method::external_name(resolved, m->name, m->descriptor) + "'");
    return nullptr;
  }
  switch (kind) {
    case InvokeKind::kStatic:
      if (!m->is_static()) {
        throw_new(thread, s_icce(), "Expected static method '" + m->external_name() + "'");
        return nullptr;
      }
      return m;
    case InvokeKind::kVirtual:
    case InvokeKind::kInterface:
      if (m->is_static()) {
        throw_new(thread, s_icce(), "Expecting non-static method '" + m->external_name() + "'");
        return nullptr;
      }
      return m;
    case InvokeKind::kSpecial:
      break;
  }
  // invokespecial (linktime_resolve_special_method + runtime_resolve_special_method).
  if (m->is_initializer() && m->holder != resolved) {
    throw_new(thread, s_nsme(),
              resolved->external_name() + ": method '" + java_type_name(m->signature->return_type) +
                  " " + m->name->to_utf8() + "(" + java_parameter_list(*m->signature) +
                  ")' not found");
    return nullptr;
  }
  if (resolved->is_interface() && accessor != resolved &&
      std::find(accessor->local_interfaces.begin(), accessor->local_interfaces.end(), resolved) ==
          accessor->local_interfaces.end()) {
    throw_new(thread, s_icce(),
              "Interface method reference: '" + m->external_name() +
                  "', is in an indirect superinterface of " + accessor->external_name());
    return nullptr;
  }
  if (m->is_static()) {
    throw_new(thread, s_icce(), "Expecting non-static method '" + m->external_name() + "'");
    return nullptr;
  }
  Method* selected = m;
  if (!m->is_initializer() && !resolved->is_interface() && accessor != resolved &&
      is_subclass_of(accessor, resolved) && (accessor->access_flags & 0x0020)) {
    // §6.5 invokespecial: the superclass lookup from the current class's super.
    selected = nullptr;
    for (Klass* k = accessor->super; k != nullptr && selected == nullptr; k = k->super) {
      Method* c = k->find_declared_method(m->name, m->descriptor);
      if (c != nullptr && !c->is_static()) selected = c;
    }
    if (selected == nullptr)
      selected = lookup_in_interfaces(accessor->super, m->name, m->descriptor);
    if (selected == nullptr) {
      throw_new(thread, s_ame(), "'" + m->external_name() + "'");
      return nullptr;
    }
  }
  if (selected->is_abstract()) {
    throw_new(thread, s_ame(),
              "'" + Method::external_name(resolved, selected->name, selected->descriptor) + "'");
    return nullptr;
  }
  return selected;
}

Method* select_interface(JavaThread* thread, Klass* receiver, Method* resolved) {
  Klass* iface = resolved->holder;
  if (!iface->is_interface()) return select_virtual(thread, receiver, resolved);
  // The receiver's itable entry for the interface says it implements it
  // (a class of many traits has dozens of entries: one pass, not two).
  const ItableEntry* entry = nullptr;
  for (const ItableEntry& e : receiver->itable) {
    if (e.interface == iface) {
      entry = &e;
      break;
    }
  }
  if (entry == nullptr && !receiver->is_subtype_of(iface)) {
    throw_new(thread, s_icce(),
              "Class " + receiver->external_name() +
                  " does not implement the requested interface " + iface->external_name());
    return nullptr;
  }
  if (resolved->is_private()) return resolved;
  Method* selected = nullptr;
  bool found_entry = false;
  if (entry != nullptr && resolved->holder_index >= 0 &&
      static_cast<size_t>(resolved->holder_index) < entry->methods.size()) {
    selected = entry->methods[static_cast<size_t>(resolved->holder_index)];
    found_entry = true;
  }
  if (!found_entry) {
    // No itable (interface or unlinked receiver): look it up.
    selected = lookup_in_superclasses(receiver, resolved->name, resolved->descriptor);
    if (selected == nullptr || selected->is_static() || selected->is_private())
      selected = lookup_in_interfaces(receiver, resolved->name, resolved->descriptor);
  } else if (selected == nullptr) {
    throw_new(thread, s_icce(),
              "Conflicting default methods: " +
                  Method::external_name(receiver, resolved->name, resolved->descriptor));
    return nullptr;
  }
  if (selected == nullptr || selected->is_abstract()) {
    throw_ame(thread, resolved, receiver);
    return nullptr;
  }
  if (!selected->is_public()) {
    throw_new(thread, s_iae(),
              "'" + Method::external_name(receiver, selected->name, selected->descriptor) + "'");
    return nullptr;
  }
  return selected;
}

Method* select_virtual(JavaThread* thread, Klass* receiver, Method* resolved) {
  if (resolved->holder->is_interface()) {
    if (resolved->is_private()) return resolved;
    return select_interface(thread, receiver, resolved);
  }
  if (resolved->is_private() || resolved->vtable_index < 0) return resolved;
  Method* selected = nullptr;
  if (static_cast<size_t>(resolved->vtable_index) < receiver->vtable.size())
    selected = receiver->vtable[resolved->vtable_index];
  if (selected == nullptr || selected->is_abstract()) {
    throw_ame(thread, resolved, receiver);
    return nullptr;
  }
  return selected;
}

}  // namespace minijvm
