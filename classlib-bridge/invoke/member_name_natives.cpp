// java.lang.invoke.MethodHandleNatives (HotSpot: prims/methodHandles.cpp,
// MHN_* functions): MemberName resolution against the VM's classes, field
// offsets for VarHandles and DirectMethodHandles, and CallSite targets.
//
// A resolved MemberName carries, as in HotSpot, its declaring class, its
// modifiers with IS_METHOD/IS_CONSTRUCTOR/IS_FIELD and the reference kind in
// `flags`, a ResolvedMethodName whose injected vmtarget is the Method*
// (methods), and the injected vmindex: the field offset (fields) or the
// vtable index (methods, -1 if none). The interpreter's linkTo* intrinsics
// read vmtarget (interp/runtime.cpp method_handle_target).
#include <atomic>
#include <string>

#include "classlib-bridge/invoke/invoke_support.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

const InvokeLayout& L() { return invoke_layout(); }

int32_t flags_of(Object* mn) { return mn->field<int32_t>(L().member_name_flags); }
RefKind ref_kind_of(int32_t flags) {
  return static_cast<RefKind>((flags >> mn::kReferenceKindShift) & mn::kReferenceKindMask);
}
int32_t with_ref_kind(int32_t flags, RefKind kind) {
  return flags | (static_cast<int32_t>(kind) << mn::kReferenceKindShift);
}

// JVM_RECOGNIZED_METHOD_MODIFIERS / JVM_RECOGNIZED_FIELD_MODIFIERS.
constexpr int32_t kMethodModifiers = 0x1dff;  // public..strict, bridge, varargs, synthetic
constexpr int32_t kFieldModifiers = 0x50df;   // public..transient, synthetic, enum

void fill_method(JavaThread* thread, Object* mn, Method* m, RefKind kind) {
  int32_t flags = (m->access_flags & kMethodModifiers) |
                  (m->is_initializer() ? mn::kIsConstructor : mn::kIsMethod);
  if (m->is_caller_sensitive) flags |= mn::kCallerSensitive;
  Handle member(thread->handles().make(mn));
  Object* resolved = new_resolved_method_name(thread, m);
  if (resolved == nullptr) return;
  member->set_field<int32_t>(L().member_name_flags, with_ref_kind(flags, kind));
  member->set_ref_field(L().member_name_clazz, m->holder->mirror);
  member->set_ref_field(L().member_name_method, resolved);
  member->set_field<int64_t>(L().member_name_vmindex, m->vtable_index);
}

bool is_trusted_final(const FieldDesc* f) {
  // HotSpot fieldDescriptor::is_trusted_final: static finals, and finals of
  // hidden classes and records.
  if (!f->is_final()) return false;
  return f->is_static() || f->holder->is_hidden ||
         (f->holder->class_file && f->holder->class_file->record.has_value());
}

void fill_field(Object* mn, FieldDesc* f, RefKind kind) {
  int32_t flags = (f->access_flags & kFieldModifiers) | mn::kIsField;
  if (is_trusted_final(f)) flags |= mn::kTrustedFinal;
  mn->set_field<int32_t>(L().member_name_flags, with_ref_kind(flags, kind));
  mn->set_ref_field(L().member_name_clazz, f->holder->mirror);
  mn->set_field<int64_t>(L().member_name_vmindex, f->offset);
}

// HotSpot CallInfo(Method*, Klass*) + init_method_MemberName: how a
// reflected method is invoked.
RefKind dispatch_kind(const Method* m) {
  if (m->is_static()) return RefKind::kInvokeStatic;
  if (m->is_initializer() || m->is_private()) return RefKind::kInvokeSpecial;
  if (m->holder->is_interface()) return RefKind::kInvokeInterface;
  if (m->is_final() || (m->holder->access_flags & 0x0010)) return RefKind::kInvokeSpecial;
  return RefKind::kInvokeVirtual;
}

Object* arg(Slot* args, int i) { return args[i].l; }

bool require_member_name(JavaThread* thread, Object* mn) {
  if (mn != nullptr) return true;
  throw_by_name(thread, "java/lang/InternalError", "mname is null");
  return false;
}

// MethodHandleNatives.init(MemberName, Object ref): from a reflected
// Method, Constructor or Field.
void mhn_init(JavaThread* thread, Method*, Slot* args, Slot*) {
  Object* mn = arg(args, 0);
  Object* target = arg(args, 1);
  if (!require_member_name(thread, mn)) return;
  if (target == nullptr) {
    throw_by_name(thread, "java/lang/InternalError", "target is null");
    return;
  }
  HandleMark mark(thread->handles());
  Handle member(thread->handles().make(mn));
  Klass* k = target->klass();
  if (k == vm().classes.Field) {
    FieldDesc* f = field_of_reflect(thread, target);
    if (f == nullptr) return;
    fill_field(member.get(), f, f->is_static() ? RefKind::kGetStatic : RefKind::kGetField);
    return;
  }
  if (k == vm().classes.Method || k == vm().classes.Constructor) {
    Method* m = method_of_reflect(thread, target);
    if (m == nullptr) return;
    fill_method(thread, member.get(), m, dispatch_kind(m));
    return;
  }
  throw_by_name(thread, "java/lang/InternalError", "unsupported member for MemberName init");
}

// The FieldDesc a resolved field MemberName names (by holder and offset).
FieldDesc* field_of_member_name(Object* mn) {
  Klass* k = klass_of_mirror(mn->ref_field(L().member_name_clazz));
  if (k == nullptr) return nullptr;
  auto offset = static_cast<uint32_t>(mn->field<int64_t>(L().member_name_vmindex));
  bool is_static = flags_of(mn) & 0x0008;
  for (FieldDesc& f : k->fields)
    if (f.offset == offset && f.is_static() == is_static) return &f;
  return nullptr;
}

// MethodHandleNatives.expand: fills the name and type of a resolved MemberName.
void mhn_expand(JavaThread* thread, Method*, Slot* args, Slot*) {
  Object* mn = arg(args, 0);
  if (!require_member_name(thread, mn)) return;
  HandleMark mark(thread->handles());
  Handle member(thread->handles().make(mn));
  int32_t flags = flags_of(mn);
  if (flags & mn::kIsField) {
    FieldDesc* f = field_of_member_name(mn);
    if (f == nullptr) {
      throw_by_name(thread, "java/lang/IllegalArgumentException", "nothing to expand");
      return;
    }
    if (member->ref_field(L().member_name_name) == nullptr) {
      Object* name = intern_symbol(thread, f->name);
      if (name == nullptr) return;
      member->set_ref_field(L().member_name_name, name);
    }
    if (member->ref_field(L().member_name_type) == nullptr) {
      Object* type = mirror_of_type(thread, f->type, f->holder);
      if (type == nullptr) return;
      member->set_ref_field(L().member_name_type, type);
    }
    return;
  }
  Method* m = member_name_target(mn);
  if (m == nullptr) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "nothing to expand");
    return;
  }
  if (member->ref_field(L().member_name_clazz) == nullptr)
    member->set_ref_field(L().member_name_clazz, m->holder->mirror);
  if (member->ref_field(L().member_name_name) == nullptr) {
    Object* name = intern_symbol(thread, m->name);
    if (name == nullptr) return;
    member->set_ref_field(L().member_name_name, name);
  }
  if (member->ref_field(L().member_name_type) == nullptr) {
    Object* type = intern_symbol(thread, m->descriptor);  // MemberName accepts a descriptor
    if (type == nullptr) return;
    member->set_ref_field(L().member_name_type, type);
  }
}

// The descriptor a MemberName's `type` stands for: a MethodType, a Class
// (fields) or a descriptor String.
std::string type_descriptor(Object* type) {
  if (type == nullptr) return "";
  Klass* k = type->klass();
  if (k == vm().classes.MethodType) return method_type_descriptor(type);
  if (k == vm().classes.Class) return class_descriptor(type);
  if (k == vm().classes.String) return string_to_utf8(type);
  return "";
}

// JVMS §5.4.3.4 lookup for an interface method reference.
Method* lookup_interface_method(Klass* k, const Symbol* name, const Symbol* descriptor) {
  if (Method* m = k->find_declared_method(name, descriptor)) return m;
  if (Method* m = vm().classes.Object->find_declared_method(name, descriptor))
    if (m->is_public() && !m->is_static()) return m;
  return lookup_method(k, name, descriptor);
}

// MethodHandleNatives.resolve(MemberName, Class caller, int lookupMode,
// boolean speculativeResolve): HotSpot's MethodHandles::resolve_MemberName.
// Access is not checked here: MethodHandles.Lookup checks it in Java after
// resolution, with its own messages.
void mhn_resolve(JavaThread* thread, Method*, Slot* args, Slot* result) {
  Object* mn = arg(args, 0);
  Object* caller_mirror = arg(args, 1);
  bool speculative = args[3].i != 0;
  *result = slot_ref(nullptr);
  if (!require_member_name(thread, mn)) return;
  HandleMark mark(thread->handles());
  Handle member(thread->handles().make(mn));
  if (member_name_target(mn) != nullptr) {  // already resolved
    *result = slot_ref(mn);
    return;
  }
  Object* clazz = mn->ref_field(L().member_name_clazz);
  Object* name_string = mn->ref_field(L().member_name_name);
  Object* type = mn->ref_field(L().member_name_type);
  if (clazz == nullptr || name_string == nullptr || type == nullptr) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "nothing to resolve");
    return;
  }
  Klass* defc = klass_of_mirror(clazz);
  if (defc == nullptr) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "primitive class");
    return;
  }
  if (!link_class(thread, defc)) return;
  Klass* caller = caller_mirror != nullptr ? klass_of_mirror(caller_mirror) : nullptr;
  int32_t flags = flags_of(mn);
  RefKind kind = ref_kind_of(flags);
  const Symbol* name = intern(string_to_utf8(name_string));
  std::string descriptor = type_descriptor(type);
  const Symbol* desc = intern(descriptor);

  if (flags & mn::kIsField) {
    FieldDesc* f = lookup_field(defc, name, desc);
    if (f == nullptr) {
      if (!speculative)
        throw_by_name(thread, "java/lang/NoSuchFieldError", std::string(name->view()));
      return;
    }
    // As HotSpot (resolve_field with no bytecode): the kind follows the field.
    bool is_setter = kind == RefKind::kPutField || kind == RefKind::kPutStatic;
    kind = f->is_static() ? (is_setter ? RefKind::kPutStatic : RefKind::kGetStatic)
                          : (is_setter ? RefKind::kPutField : RefKind::kGetField);
    fill_field(member.get(), f, kind);
    *result = slot_ref(member.get());
    return;
  }
  if (!(flags & (mn::kIsMethod | mn::kIsConstructor))) {
    throw_by_name(thread, "java/lang/InternalError", "unrecognized MemberName format");
    return;
  }
  Method* m = kind == RefKind::kInvokeInterface ? lookup_interface_method(defc, name, desc)
                                                : lookup_method(defc, name, desc);
  if (m == nullptr) {
    // Signature-polymorphic methods (invokeBasic, linkTo*) named by LambdaForms.
    m = lookup_polymorphic_method(thread, caller != nullptr ? caller : defc, defc, name, desc);
    if (thread->has_pending_exception()) {
      if (speculative) thread->clear_pending_exception();
      return;
    }
  }
  if (m == nullptr || (kind == RefKind::kNewInvokeSpecial && !m->is_initializer())) {
    if (!speculative)
      throw_by_name(thread, "java/lang/NoSuchMethodError",
                    "'" + Method::external_name(defc, name, desc) + "'");
    return;
  }
  bool wants_static = kind == RefKind::kInvokeStatic;
  if (m->is_static() != wants_static) {
    if (!speculative)
      throw_by_name(thread, "java/lang/IncompatibleClassChangeError",
                    std::string(wants_static ? "Expected static method '"
                                             : "Expecting non-static method '") +
                        m->external_name() + "'");
    return;
  }
  // An interface reference that found a method of Object dispatches
  // virtually (HotSpot: CallInfo for Object methods of interfaces).
  if (kind == RefKind::kInvokeInterface && !m->holder->is_interface())
    kind = RefKind::kInvokeVirtual;
  fill_method(thread, member.get(), m, kind);
  if (thread->has_pending_exception()) return;
  *result = slot_ref(member.get());
}

void mhn_get_members(JavaThread* thread, Method*, Slot*, Slot*) {
  throw_unimplemented(thread, "java.lang.invoke.MethodHandleNatives.getMembers");
}

bool require_field(JavaThread* thread, Object* mn, bool is_static) {
  if (!require_member_name(thread, mn)) return false;
  int32_t flags = flags_of(mn);
  if ((flags & mn::kIsField) && static_cast<bool>(flags & 0x0008) == is_static) return true;
  throw_by_name(thread, "java/lang/InternalError",
                is_static ? "static field required" : "non-static field required");
  return false;
}

void mhn_object_field_offset(JavaThread* thread, Method*, Slot* args, Slot* result) {
  if (!require_field(thread, arg(args, 0), false)) return;
  *result = slot_long(arg(args, 0)->field<int64_t>(L().member_name_vmindex));
}

void mhn_static_field_offset(JavaThread* thread, Method*, Slot* args, Slot* result) {
  if (!require_field(thread, arg(args, 0), true)) return;
  *result = slot_long(arg(args, 0)->field<int64_t>(L().member_name_vmindex));
}

// Statics live in the mirror (object.h), so the base is the class itself.
void mhn_static_field_base(JavaThread* thread, Method*, Slot* args, Slot* result) {
  if (!require_field(thread, arg(args, 0), true)) return;
  *result = slot_ref(arg(args, 0)->ref_field(L().member_name_clazz));
}

// {vmindex as a Long, the field's class or the MemberName itself}.
void mhn_get_member_vm_info(JavaThread* thread, Method*, Slot* args, Slot* result) {
  Object* mn = arg(args, 0);
  *result = slot_ref(nullptr);
  if (mn == nullptr) return;
  HandleMark mark(thread->handles());
  Handle member(thread->handles().make(mn));
  Handle index(thread->handles().make(box_primitive(
      thread, BasicType::kLong, slot_long(mn->field<int64_t>(L().member_name_vmindex)))));
  if (index.is_null()) return;
  auto* info = new_object_array(thread, vm().classes.Object, 2);
  if (info == nullptr) return;
  info->data<Object*>()[0] = index.get();
  info->data<Object*>()[1] = (flags_of(member.get()) & mn::kIsField)
                                 ? member->ref_field(L().member_name_clazz)
                                 : member.get();
  *result = slot_ref(info);
}

void set_call_site_target(JavaThread* thread, Slot* args, bool is_volatile) {
  Object* site = arg(args, 0);
  if (site == nullptr) {
    throw_npe(thread);
    return;
  }
  if (is_volatile) std::atomic_thread_fence(std::memory_order_seq_cst);
  site->set_ref_field(L().call_site_target, arg(args, 1));
  if (is_volatile) std::atomic_thread_fence(std::memory_order_seq_cst);
}
void mhn_set_call_site_target_normal(JavaThread* thread, Method*, Slot* args, Slot*) {
  set_call_site_target(thread, args, false);
}
void mhn_set_call_site_target_volatile(JavaThread* thread, Method*, Slot* args, Slot*) {
  set_call_site_target(thread, args, true);
}

// Only needed for bootstrap arguments in "pull mode" (an int[] of constant
// pool indices), which minijvm never passes: it always pushes the resolved
// arguments (invoke_linker.cpp).
void mhn_copy_out_bootstrap_arguments(JavaThread* thread, Method*, Slot*, Slot*) {
  throw_unimplemented(thread, "java.lang.invoke.MethodHandleNatives.copyOutBootstrapArguments");
}

// HotSpot drops the compiled code that depends on the call site; minijvm
// compiles nothing, so there is nothing to drop.
void mhn_clear_call_site_context(JavaThread*, Method*, Slot*, Slot*) {}

// Used by MethodHandleNatives.verifyConstants (under -esa only): 0 says the
// VM has no constants to cross-check.
void mhn_get_named_con(JavaThread*, Method*, Slot*, Slot* result) { *result = slot_int(0); }

// HotSpot's MH_invoke_UOE / MH_invokeExact_UOE: the signature-polymorphic
// methods cannot be called through reflection or JNI.
void mh_invoke_uoe(JavaThread* thread, Method*, Slot*, Slot*) {
  throw_by_name(thread, "java/lang/UnsupportedOperationException",
                "MethodHandle.invoke cannot be invoked reflectively");
}
void mh_invoke_exact_uoe(JavaThread* thread, Method*, Slot*, Slot*) {
  throw_by_name(thread, "java/lang/UnsupportedOperationException",
                "MethodHandle.invokeExact cannot be invoked reflectively");
}

#define MHN "java/lang/invoke/MethodHandleNatives"
#define MN "Ljava/lang/invoke/MemberName;"
constexpr NativeEntry kMethodHandleNatives[] = {
    {MHN, "init", "(" MN "Ljava/lang/Object;)V", &mhn_init},
    {MHN, "expand", "(" MN ")V", &mhn_expand},
    {MHN, "resolve", "(" MN "Ljava/lang/Class;IZ)" MN, &mhn_resolve},
    {MHN, "getMembers",
     "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;ILjava/lang/Class;I[" MN ")I",
     &mhn_get_members},
    {MHN, "objectFieldOffset", "(" MN ")J", &mhn_object_field_offset},
    {MHN, "staticFieldOffset", "(" MN ")J", &mhn_static_field_offset},
    {MHN, "staticFieldBase", "(" MN ")Ljava/lang/Object;", &mhn_static_field_base},
    {MHN, "getMemberVMInfo", "(" MN ")Ljava/lang/Object;", &mhn_get_member_vm_info},
    {MHN, "setCallSiteTargetNormal",
     "(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V",
     &mhn_set_call_site_target_normal},
    {MHN, "setCallSiteTargetVolatile",
     "(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V",
     &mhn_set_call_site_target_volatile},
    {MHN, "copyOutBootstrapArguments",
     "(Ljava/lang/Class;[III[Ljava/lang/Object;IZLjava/lang/Object;)V",
     &mhn_copy_out_bootstrap_arguments},
    {MHN, "clearCallSiteContext", "(Ljava/lang/invoke/MethodHandleNatives$CallSiteContext;)V",
     &mhn_clear_call_site_context},
    {MHN, "getNamedCon", "(I[Ljava/lang/Object;)I", &mhn_get_named_con},
    {"java/lang/invoke/MethodHandle", "invoke", "([Ljava/lang/Object;)Ljava/lang/Object;",
     &mh_invoke_uoe},
    {"java/lang/invoke/MethodHandle", "invokeExact", "([Ljava/lang/Object;)Ljava/lang/Object;",
     &mh_invoke_exact_uoe},
};
#undef MN
#undef MHN

}  // namespace

void install_invoke_linker();

void install_invoke_support() {
  install_invoke_linker();
  register_vm_natives(kMethodHandleNatives);
}

}  // namespace minijvm
