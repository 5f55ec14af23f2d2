// The up-calls of JSR 292 (HotSpot: LinkResolver::resolve_invokedynamic,
// resolve_invokehandle, SystemDictionary::link_method_handle_constant and
// find_method_handle_type, ConstantPool::resolve_constant_at_impl). The VM
// hands the symbolic references to java.lang.invoke.MethodHandleNatives,
// which runs the bootstrap method or picks the invoker; the VM keeps the
// resulting invoker Method and appendix per call site.
#include <optional>
#include <string>

#include "classlib-bridge/invoke/invoke_support.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "classlib-bridge/startup/java_helpers.h"
#include "interp/runtime.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

using classfile::CpTag;

const classfile::ConstantPool& pool(Klass* k) { return k->class_file->constant_pool; }

// A method descriptor from a constant pool (checked by the parser, so a
// failure is a VM bug reported as ClassFormatError); nullopt + pending.
std::optional<MethodSignature> method_signature(JavaThread* thread, const Symbol* descriptor) {
  auto signature = parse_method_descriptor(descriptor->view());
  if (signature.ok()) return std::move(signature).value();
  throw_new(thread, intern("java/lang/ClassFormatError"), signature.error().message);
  return std::nullopt;
}


Slot ref(Object* o) { return slot_ref(o); }

Klass* natives_class() { return vm().classes.MethodHandleNatives; }

// A loadable constant (JVMS §4.4 Table 4.4-C) as an object, for the static
// arguments of a bootstrap method: primitives boxed, the rest resolved as
// ldc would (and cached with it).
Object* constant_object(JavaThread* thread, Klass* caller, uint16_t index) {
  const classfile::ConstantPool& cp = pool(caller);
  Slot value;
  value.raw = 0;
  switch (cp.tag(index)) {
    case CpTag::kInteger:
      return box_primitive(thread, BasicType::kInt, slot_int(cp.integer(index)));
    case CpTag::kFloat:
      return box_primitive(thread, BasicType::kFloat, slot_float(cp.float_value(index)));
    case CpTag::kLong:
      return box_primitive(thread, BasicType::kLong, slot_long(cp.long_value(index)));
    case CpTag::kDouble:
      return box_primitive(thread, BasicType::kDouble, slot_double(cp.double_value(index)));
    case CpTag::kDynamic: {
      auto type = parse_field_descriptor(cp.dynamic(index).descriptor->view());
      if (type.ok() && type->is_primitive()) {
        Slot two[2];
        bool ok = type->slots() == 2 ? interp::load_dynamic_constant2(thread, caller, index, two)
                                     : interp::load_constant(thread, caller, index, two);
        return ok ? box_primitive(thread, type->type, two[0]) : nullptr;
      }
      break;
    }
    default:
      break;
  }
  if (!interp::load_constant(thread, caller, index, &value)) return nullptr;
  return value.l;
}

// The static arguments as BootstrapMethodInvoker expects them pushed: null
// for none, the object itself for one, else an Object[].
Object* static_arguments(JavaThread* thread, Klass* caller, const classfile::BootstrapMethod& bsm) {
  size_t n = bsm.arguments.size();
  if (n == 0) return nullptr;
  if (n == 1) return constant_object(thread, caller, bsm.arguments[0]);
  HandleMark mark(thread->handles());
  Handle array(thread->handles().make(
      new_object_array(thread, vm().classes.Object, static_cast<int32_t>(n))));
  if (array.is_null()) return nullptr;
  for (size_t i = 0; i < n; ++i) {
    Object* arg = constant_object(thread, caller, bsm.arguments[i]);
    if (thread->has_pending_exception()) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = arg;
  }
  return array.get();
}

const classfile::BootstrapMethod* bootstrap_method(JavaThread* thread, Klass* caller,
                                                   uint16_t index) {
  const auto& table = caller->class_file->bootstrap_methods;
  uint16_t bsm_index = pool(caller).dynamic(index).bootstrap_method_index;
  if (!table || bsm_index >= table->size()) {
    throw_new(thread, intern("java/lang/ClassFormatError"),
              "Invalid BootstrapMethods index " + std::to_string(bsm_index) + " in class file " +
                  std::string(caller->name->view()));
    return nullptr;
  }
  return &(*table)[bsm_index];
}

// JVMS §5.4.3.5 for a CONSTANT_MethodHandle: the member's class, name and
// type, then MethodHandleNatives.linkMethodHandleConstant.
Object* method_handle_constant(JavaThread* thread, Klass* caller, uint16_t index) {
  const classfile::ConstantPool& cp = pool(caller);
  classfile::MethodHandleRef mh = cp.method_handle(index);
  classfile::MemberRef member = cp.member_ref(mh.reference_index);
  Klass* defc = resolve_class(thread, caller, member.class_index);
  if (defc == nullptr) return nullptr;
  int kind = static_cast<int>(mh.kind);
  // The member is resolved as the matching instruction would resolve it, so
  // that a missing or inaccessible member fails with the VM's own
  // LinkageError (HotSpot: LinkResolver before link_method_handle_constant).
  // Signature-polymorphic members are left to the JDK.
  if (defc != vm().classes.MethodHandle && defc != vm().classes.VarHandle) {
    bool ok;
    switch (mh.kind) {
      case RefKind::kGetField:
      case RefKind::kGetStatic:
      case RefKind::kPutField:
      case RefKind::kPutStatic:
        ok = resolve_field(thread, caller, mh.reference_index,
                           mh.kind == RefKind::kGetStatic || mh.kind == RefKind::kPutStatic,
                           mh.kind == RefKind::kPutField || mh.kind == RefKind::kPutStatic) !=
             nullptr;
        break;
      case RefKind::kInvokeStatic:
        ok = resolve_method(thread, caller, mh.reference_index, InvokeKind::kStatic) != nullptr;
        break;
      case RefKind::kInvokeSpecial:
      case RefKind::kNewInvokeSpecial:
        ok = resolve_method(thread, caller, mh.reference_index, InvokeKind::kSpecial) != nullptr;
        break;
      case RefKind::kInvokeInterface:
        ok = resolve_method(thread, caller, mh.reference_index, InvokeKind::kInterface) != nullptr;
        break;
      default:
        ok = resolve_method(thread, caller, mh.reference_index, InvokeKind::kVirtual) != nullptr;
        break;
    }
    if (!ok) return nullptr;
  }
  HandleMark mark(thread->handles());
  Handle name(thread->handles().make(intern_symbol(thread, member.name)));
  if (name.is_null()) return nullptr;
  Object* type_object;
  if (kind <= static_cast<int>(RefKind::kPutStatic)) {
    auto type = parse_field_descriptor(member.descriptor->view());
    if (!type.ok()) {
      throw_new(thread, intern("java/lang/ClassFormatError"), type.error().message);
      return nullptr;
    }
    type_object = mirror_of_type(thread, *type, caller);
  } else {
    type_object = method_type_of(thread, member.descriptor, caller);
  }
  if (type_object == nullptr) return nullptr;
  Handle type(thread->handles().make(type_object));
  Slot result = call_static_in(
      thread, natives_class(), "linkMethodHandleConstant",
      "(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;)"
      "Ljava/lang/invoke/MethodHandle;",
      {ref(caller->mirror), slot_int(kind), ref(defc->mirror), ref(name.get()), ref(type.get())});
  return thread->has_pending_exception() ? nullptr : result.l;
}

// JVMS §5.4.3.6 for a CONSTANT_Dynamic: MethodHandleNatives.linkDynamicConstant.
Object* dynamic_constant(JavaThread* thread, Klass* caller, uint16_t index) {
  const classfile::ConstantPool& cp = pool(caller);
  classfile::DynamicRef d = cp.dynamic(index);
  const classfile::BootstrapMethod* bsm = bootstrap_method(thread, caller, index);
  if (bsm == nullptr) return nullptr;
  auto field_type = parse_field_descriptor(d.descriptor->view());
  if (!field_type.ok()) {
    throw_new(thread, intern("java/lang/ClassFormatError"), field_type.error().message);
    return nullptr;
  }
  HandleMark mark(thread->handles());
  HandleArea& h = thread->handles();
  Handle method(h.make(constant_object(thread, caller, bsm->method_handle_index)));
  if (thread->has_pending_exception()) return nullptr;
  Handle name(h.make(intern_symbol(thread, d.name)));
  Handle type(h.make(mirror_of_type(thread, *field_type, caller)));
  if (thread->has_pending_exception()) return nullptr;
  Handle args(h.make(static_arguments(thread, caller, *bsm)));
  if (thread->has_pending_exception()) return nullptr;
  Slot result = call_static_in(
      thread, natives_class(), "linkDynamicConstant",
      "(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;"
      "Ljava/lang/Object;)Ljava/lang/Object;",
      {ref(caller->mirror), slot_int(index), ref(method.get()), ref(name.get()), ref(type.get()),
       ref(args.get())});
  return thread->has_pending_exception() ? nullptr : result.l;
}

bool is_linkage_error(Object* e) {
  Klass* linkage_error = find_loaded_class(intern("java/lang/LinkageError"), nullptr);
  return e != nullptr && linkage_error != nullptr && e->klass()->is_subtype_of(linkage_error);
}

// --- the InvokeLinker ---------------------------------------------------------

Method* link_call_site(JavaThread* thread, Klass* caller, uint16_t index) {
  const classfile::ConstantPool& cp = pool(caller);
  classfile::DynamicRef d = cp.dynamic(index);
  std::optional<MethodSignature> signature = method_signature(thread, d.descriptor);
  if (!signature) return nullptr;
  auto slots = static_cast<uint16_t>(signature->arg_slots);
  const classfile::BootstrapMethod* bsm = bootstrap_method(thread, caller, index);
  if (bsm == nullptr) return nullptr;
  HandleMark mark(thread->handles());
  HandleArea& h = thread->handles();
  Object* member_name = nullptr;
  Handle appendix;
  {
    Handle method(h.make(constant_object(thread, caller, bsm->method_handle_index)));
    if (thread->has_pending_exception()) goto failed;
    Handle name(h.make(intern_symbol(thread, d.name)));
    if (thread->has_pending_exception()) goto failed;
    Handle type(h.make(method_type_of(thread, d.descriptor, caller)));
    if (thread->has_pending_exception()) goto failed;
    Handle args(h.make(static_arguments(thread, caller, *bsm)));
    if (thread->has_pending_exception()) goto failed;
    appendix = h.make(new_object_array(thread, vm().classes.Object, 1));
    if (appendix.is_null()) goto failed;
    Slot result = call_static_in(
        thread, natives_class(), "linkCallSite",
        "(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;"
        "Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;",
        {ref(caller->mirror), slot_int(index), ref(method.get()), ref(name.get()),
         ref(type.get()), ref(args.get()), ref(appendix.get())});
    if (thread->has_pending_exception()) goto failed;
    member_name = result.l;
  }
  {
    Method* target = member_name_target(member_name);
    if (target == nullptr) {
      throw_new(thread, intern("java/lang/InternalError"),
                "MethodHandleNatives.linkCallSite returned no invoker");
      goto failed;
    }
    return new_linked_call(caller, d.name, d.descriptor, slots, target,
                           static_cast<ArrayObject*>(appendix.get())->data<Object*>()[0]);
  }
failed:
  // JVMS §5.4.3: a LinkageError (BootstrapMethodError included) sticks to
  // the site; the first execution throws it as it is (still pending). Any
  // other Error lets the next execution try again.
  if (!is_linkage_error(thread->pending_exception())) return nullptr;
  return new_failed_call(caller, d.name, d.descriptor, slots, thread->pending_exception());
}

Method* link_polymorphic_call(JavaThread* thread, Klass* caller, Klass* klass, const Symbol* name,
                              const Symbol* descriptor) {
  std::optional<MethodSignature> signature = method_signature(thread, descriptor);
  if (!signature) return nullptr;
  HandleMark mark(thread->handles());
  HandleArea& h = thread->handles();
  Handle type(h.make(method_type_of(thread, descriptor, caller)));
  if (thread->has_pending_exception()) return nullptr;
  Handle name_string(h.make(intern_symbol(thread, name)));
  if (thread->has_pending_exception()) return nullptr;
  Handle appendix(h.make(new_object_array(thread, vm().classes.Object, 1)));
  if (appendix.is_null()) return nullptr;
  Slot result = call_static_in(
      thread, natives_class(), "linkMethod",
      "(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;"
      "[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;",
      {ref(caller->mirror), slot_int(static_cast<int>(RefKind::kInvokeVirtual)), ref(klass->mirror),
       ref(name_string.get()), ref(type.get()), ref(appendix.get())});
  if (thread->has_pending_exception()) return nullptr;
  Method* target = member_name_target(result.l);
  if (target == nullptr) {
    throw_new(thread, intern("java/lang/InternalError"),
              "MethodHandleNatives.linkMethod returned no invoker");
    return nullptr;
  }
  return new_linked_call(klass, name, descriptor, static_cast<uint16_t>(signature->arg_slots + 1),
                         target, static_cast<ArrayObject*>(appendix.get())->data<Object*>()[0]);
}

Object* resolve_constant(JavaThread* thread, Klass* caller, uint16_t index) {
  switch (pool(caller).tag(index)) {
    case CpTag::kMethodType:
      return method_type_of(thread, pool(caller).method_type(index), caller);
    case CpTag::kMethodHandle:
      return method_handle_constant(thread, caller, index);
    case CpTag::kDynamic:
      return dynamic_constant(thread, caller, index);
    default:
      throw_new(thread, intern("java/lang/InternalError"), "not a java.lang.invoke constant");
      return nullptr;
  }
}

}  // namespace

Object* method_type_of(JavaThread* thread, const Symbol* descriptor, Klass* context) {
  std::optional<MethodSignature> signature = method_signature(thread, descriptor);
  if (!signature) return nullptr;
  HandleMark mark(thread->handles());
  HandleArea& h = thread->handles();
  Handle rtype(h.make(mirror_of_type(thread, signature->return_type, context)));
  if (thread->has_pending_exception()) return nullptr;
  auto n = static_cast<int32_t>(signature->params.size());
  Handle ptypes(h.make(new_object_array(thread, vm().classes.Class, n)));
  if (ptypes.is_null()) return nullptr;
  for (int32_t i = 0; i < n; ++i) {
    Object* mirror = mirror_of_type(thread, signature->params[i], context);
    if (mirror == nullptr) return nullptr;
    static_cast<ArrayObject*>(ptypes.get())->data<Object*>()[i] = mirror;
  }
  Slot result = call_static_in(
      thread, natives_class(), "findMethodHandleType",
      "(Ljava/lang/Class;[Ljava/lang/Class;)Ljava/lang/invoke/MethodType;",
      {ref(rtype.get()), ref(ptypes.get())});
  return thread->has_pending_exception() ? nullptr : result.l;
}

std::string class_descriptor(Object* mirror) {
  Klass* k = klass_of_mirror(mirror);
  if (k == nullptr) return std::string(1, descriptor_char(primitive_type_of_mirror(mirror)));
  if (k->is_array()) return std::string(k->name->view());
  return "L" + std::string(k->name->view()) + ";";
}

std::string method_type_descriptor(Object* method_type) {
  const InvokeLayout& l = invoke_layout();
  std::string d = "(";
  auto* ptypes = static_cast<ArrayObject*>(method_type->ref_field(l.method_type_ptypes));
  for (int32_t i = 0; ptypes != nullptr && i < ptypes->length(); ++i)
    d += class_descriptor(ptypes->data<Object*>()[i]);
  d += ")";
  d += class_descriptor(method_type->ref_field(l.method_type_rtype));
  return d;
}

void install_invoke_linker() {
  set_invoke_linker(InvokeLinker{&link_call_site, &link_polymorphic_call, &resolve_constant});
}

}  // namespace minijvm
