#include "vm/runtime/method_handles.h"
#include "vm/runtime/roots.h"

#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/vm.h"
#include "vm/symbols.h"

namespace minijvm {

namespace {

InvokeLayout g_layout;
InvokeLinker g_linker;
bool g_has_linker = false;

// Methods made at run time (intrinsics, linked call sites) live as long as
// the VM, like the classes they belong to.
struct MadeMethods {
  std::mutex mutex;
  std::vector<std::unique_ptr<Method>> methods;
  std::vector<std::unique_ptr<MethodSignature>> signatures;
  std::map<std::pair<Intrinsic, const Symbol*>, Method*> intrinsics;
};
MadeMethods& made() {
  static MadeMethods* m = new MadeMethods();  // never destroyed: threads may outlive exit
  return *m;
}

uint32_t align8(uint32_t v) { return (v + 7) & ~uint32_t{7}; }

bool field_offset(JavaThread* thread, Klass* k, const char* name, const char* descriptor,
                  uint32_t* out) {
  FieldDesc* f = k->find_declared_field(intern(name), intern(descriptor));
  if (f == nullptr || f->is_static()) {
    throw_new(thread, intern("java/lang/InternalError"),
              std::string("minijvm expects the field ") + name + " " + descriptor + " in " +
                  k->external_name());
    return false;
  }
  *out = f->offset;
  return true;
}

Intrinsic intrinsic_for(const Symbol* name) {
  std::string_view n = name->view();
  if (n == "invokeBasic") return Intrinsic::kInvokeBasic;
  if (n == "linkToVirtual") return Intrinsic::kLinkToVirtual;
  if (n == "linkToStatic") return Intrinsic::kLinkToStatic;
  if (n == "linkToSpecial") return Intrinsic::kLinkToSpecial;
  if (n == "linkToInterface") return Intrinsic::kLinkToInterface;
  return Intrinsic::kNone;
}

// JVMS §2.9.3: declared in MethodHandle or VarHandle, varargs and native,
// with the single formal parameter Object[].
bool is_signature_polymorphic(const Method* m) {
  return m->is_native() && m->is_varargs() && m->signature->params.size() == 1 &&
         m->signature->params[0].is_array();
}

Method* intrinsic_method(JavaThread* thread, Method* declared, Intrinsic kind,
                         const Symbol* descriptor) {
  MadeMethods& all = made();
  std::lock_guard lock(all.mutex);
  auto found = all.intrinsics.find({kind, descriptor});
  if (found != all.intrinsics.end()) return found->second;
  auto parsed = parse_method_descriptor(descriptor->view());
  if (!parsed.ok()) {
    throw_new(thread, intern("java/lang/ClassFormatError"), parsed.error().message);
    return nullptr;
  }
  auto signature = std::make_unique<MethodSignature>(std::move(parsed).value());
  auto m = std::make_unique<Method>();
  m->holder = declared->holder;
  m->name = declared->name;
  m->descriptor = descriptor;
  m->signature = signature.get();
  m->info = declared->info;
  m->access_flags = declared->access_flags;
  m->arg_slots = static_cast<uint16_t>(signature->arg_slots + (declared->is_static() ? 0 : 1));
  m->max_locals = m->arg_slots;
  m->intrinsic = kind;
  Method* result = m.get();
  all.signatures.push_back(std::move(signature));
  all.methods.push_back(std::move(m));
  all.intrinsics.emplace(std::make_pair(kind, descriptor), result);
  return result;
}

Method* new_made_method(Klass* holder, const Symbol* name, const Symbol* descriptor,
                        uint16_t site_arg_slots) {
  auto m = std::make_unique<Method>();
  m->holder = holder;
  m->name = name;
  m->descriptor = descriptor;
  m->access_flags = 0x0011;  // public final: only the interpreter runs it
  m->arg_slots = site_arg_slots;
  m->max_locals = site_arg_slots;
  m->intrinsic = Intrinsic::kLinkedCall;
  Method* result = m.get();
  MadeMethods& all = made();
  std::lock_guard lock(all.mutex);
  all.methods.push_back(std::move(m));
  return result;
}

}  // namespace

void made_method_roots_do(const RootVisitor& visit) {
  for (const auto& m : made().methods) visit(&m->appendix);
}

const InvokeLayout& invoke_layout() { return g_layout; }

uint32_t inject_invoke_fields(Klass* klass, uint32_t end) {
  if (klass->loader != nullptr) return end;
  if (klass->name->equals("java/lang/invoke/MemberName")) {
    end = align8(end);
    g_layout.member_name_vmindex = end;
    return end + 8;
  }
  if (klass->name->equals("java/lang/invoke/ResolvedMethodName")) {
    end = align8(end);
    g_layout.resolved_method_vmtarget = end;
    g_layout.resolved_method_vmholder = end + 8;
    klass->reference_offsets.push_back(end + 8);
    return end + 16;
  }
  return end;
}

bool init_invoke_layout(JavaThread* thread) {
  const WellKnownClasses& c = vm().classes;
  InvokeLayout& l = g_layout;
  return field_offset(thread, c.MemberName, "clazz", "Ljava/lang/Class;", &l.member_name_clazz) &&
         field_offset(thread, c.MemberName, "name", "Ljava/lang/String;", &l.member_name_name) &&
         field_offset(thread, c.MemberName, "type", "Ljava/lang/Object;", &l.member_name_type) &&
         field_offset(thread, c.MemberName, "flags", "I", &l.member_name_flags) &&
         field_offset(thread, c.MemberName, "method", "Ljava/lang/invoke/ResolvedMethodName;",
                      &l.member_name_method) &&
         field_offset(thread, c.MethodHandle, "form", "Ljava/lang/invoke/LambdaForm;",
                      &l.method_handle_form) &&
         field_offset(thread, c.LambdaForm, "vmentry", "Ljava/lang/invoke/MemberName;",
                      &l.lambda_form_vmentry) &&
         field_offset(thread, c.MethodType, "rtype", "Ljava/lang/Class;", &l.method_type_rtype) &&
         field_offset(thread, c.MethodType, "ptypes", "[Ljava/lang/Class;",
                      &l.method_type_ptypes) &&
         field_offset(thread, c.CallSite, "target", "Ljava/lang/invoke/MethodHandle;",
                      &l.call_site_target);
}

Method* member_name_target(Object* member_name) {
  if (member_name == nullptr) return nullptr;
  Object* resolved = member_name->ref_field(g_layout.member_name_method);
  return resolved != nullptr ? resolved->field<Method*>(g_layout.resolved_method_vmtarget)
                             : nullptr;
}

Method* method_handle_entry(Object* method_handle) {
  Object* form = method_handle->ref_field(g_layout.method_handle_form);
  if (form == nullptr) return nullptr;
  return member_name_target(form->ref_field(g_layout.lambda_form_vmentry));
}

Object* new_resolved_method_name(JavaThread* thread, Method* method) {
  Object* r = new_instance(thread, vm().classes.ResolvedMethodName);
  if (r == nullptr) return nullptr;
  r->set_field<Method*>(g_layout.resolved_method_vmtarget, method);
  r->set_ref_field(g_layout.resolved_method_vmholder, method->holder->mirror);
  return r;
}

Method* lookup_polymorphic_method(JavaThread* thread, Klass* caller, Klass* klass,
                                  const Symbol* name, const Symbol* descriptor) {
  if (klass != vm().classes.MethodHandle && klass != vm().classes.VarHandle) return nullptr;
  Method* declared = nullptr;
  for (const auto& m : klass->methods) {
    if (m->name != name) continue;
    if (declared != nullptr) return nullptr;  // §5.4.3.3: exactly one method of that name
    declared = m.get();
  }
  if (declared == nullptr || !is_signature_polymorphic(declared)) return nullptr;
  Intrinsic kind = klass == vm().classes.MethodHandle ? intrinsic_for(name) : Intrinsic::kNone;
  if (kind != Intrinsic::kNone) return intrinsic_method(thread, declared, kind, descriptor);
  if (name->equals("linkToNative")) return nullptr;  // Panama's downcalls: not supported
  if (!g_has_linker) {
    throw_new(thread, intern("java/lang/InternalError"),
              "signature-polymorphic call before java.lang.invoke is set up");
    return nullptr;
  }
  return g_linker.link_polymorphic_call(thread, caller, klass, name, descriptor);
}

void set_invoke_linker(const InvokeLinker& linker) {
  g_linker = linker;
  g_has_linker = true;
}

const InvokeLinker* invoke_linker() { return g_has_linker ? &g_linker : nullptr; }

Method* new_linked_call(Klass* holder, const Symbol* name, const Symbol* descriptor,
                        uint16_t site_arg_slots, Method* target, Object* appendix) {
  Method* m = new_made_method(holder, name, descriptor, site_arg_slots);
  m->linked_target = target;
  m->appendix = appendix;
  return m;
}

Method* new_failed_call(Klass* holder, const Symbol* name, const Symbol* descriptor,
                        uint16_t site_arg_slots, Object* error) {
  Method* m = new_made_method(holder, name, descriptor, site_arg_slots);
  m->appendix = error;
  return m;
}

}  // namespace minijvm
