// JSR 292 in the VM: what HotSpot's methodHandles.cpp and javaClasses.cpp do
// for java.lang.invoke, and no more. minijvm runs the JDK's own method-handle
// machinery (MethodHandleNatives, LambdaForms, hidden classes); the VM's part
// is small:
//
//  * signature-polymorphic methods (JVMS §2.9.3): a call to
//    MethodHandle.invokeBasic or linkTo* resolves to an intrinsic Method with
//    the call site's descriptor, which the interpreter runs itself; a call to
//    MethodHandle.invoke/invokeExact or a VarHandle access method is linked
//    once per call site by MethodHandleNatives.linkMethod (the invokehandle
//    of HotSpot);
//  * invokedynamic and the method-handle, method-type and dynamic constants
//    are linked by MethodHandleNatives.linkCallSite, linkMethodHandleConstant,
//    findMethodHandleType and linkDynamicConstant;
//  * the fields HotSpot injects: MemberName.vmindex, ResolvedMethodName.vmtarget
//    and vmholder.
//
// The up-calls need the interpreter and JNI-level helpers, so the classlib
// bridge installs them (InvokeLinker); vm/ only defines the contract.
#pragma once

#include <cstdint>

#include "vm/runtime/klass.h"
#include "vm/runtime/value.h"

namespace minijvm {

class JavaThread;

// MethodHandleNatives.Constants (checked by the JDK's verifyConstants).
namespace mn {
inline constexpr int32_t kIsMethod = 0x00010000;
inline constexpr int32_t kIsConstructor = 0x00020000;
inline constexpr int32_t kIsField = 0x00040000;
inline constexpr int32_t kIsType = 0x00080000;
inline constexpr int32_t kCallerSensitive = 0x00100000;
inline constexpr int32_t kTrustedFinal = 0x00200000;
inline constexpr int kReferenceKindShift = 24;
inline constexpr int32_t kReferenceKindMask = 0x0F;
}  // namespace mn

// JVMS §4.4.8 reference kinds (classfile/constant_pool.h).
using RefKind = classfile::RefKind;

// Offsets of the java.lang.invoke fields the VM reads, found when the
// well-known classes are linked (injected ones by linking.cpp).
struct InvokeLayout {
  uint32_t member_name_clazz = 0;
  uint32_t member_name_name = 0;
  uint32_t member_name_type = 0;
  uint32_t member_name_flags = 0;
  uint32_t member_name_method = 0;
  uint32_t member_name_vmindex = 0;        // injected: int64
  uint32_t resolved_method_vmtarget = 0;   // injected: Method*
  uint32_t resolved_method_vmholder = 0;   // injected: the holder's mirror
  uint32_t method_handle_form = 0;
  uint32_t lambda_form_vmentry = 0;
  uint32_t method_type_rtype = 0;
  uint32_t method_type_ptypes = 0;
  uint32_t call_site_target = 0;
};
const InvokeLayout& invoke_layout();
// Called by linking.cpp while laying out MemberName and ResolvedMethodName:
// appends the injected fields at `end` and returns the new end.
uint32_t inject_invoke_fields(Klass* klass, uint32_t end);
// Reads the Java field offsets; false + InternalError pending on a mismatch
// with the JDK. Called at start-up after the well-known classes are linked.
bool init_invoke_layout(JavaThread* thread);

// The Method a resolved MemberName stands for (ResolvedMethodName.vmtarget),
// or nullptr for fields and unresolved names.
Method* member_name_target(Object* member_name);
// What MethodHandle.invokeBasic runs for `method_handle`: form.vmentry's target.
Method* method_handle_entry(Object* method_handle);
// A new ResolvedMethodName for `method` (nullptr + OutOfMemoryError pending).
Object* new_resolved_method_name(JavaThread* thread, Method* method);

// JVMS §5.4.3.3 step 2 for a method reference to `klass` with `name` and the
// call site's `descriptor` that ordinary lookup did not find. Returns:
//  * nullptr, nothing pending: `klass` declares no signature-polymorphic `name`;
//  * an intrinsic Method (invokeBasic, linkTo*), shared by all call sites
//    with that descriptor;
//  * for invoke/invokeExact and VarHandle methods, a kLinkedCall Method for
//    the call site in `caller`, from the installed linker;
//  * nullptr with an exception pending when linking failed.
Method* lookup_polymorphic_method(JavaThread* thread, Klass* caller, Klass* klass,
                                  const Symbol* name, const Symbol* descriptor);

// The up-calls of JSR 292, installed by classlib-bridge/invoke. All leave an
// exception pending and return nullptr/false on failure.
struct InvokeLinker {
  // invokedynamic: the CONSTANT_InvokeDynamic at `cp_index` of `caller`,
  // through MethodHandleNatives.linkCallSite. Returns a kLinkedCall Method.
  Method* (*link_call_site)(JavaThread* thread, Klass* caller, uint16_t cp_index);
  // invokehandle: `klass`.`name` (MethodHandle or VarHandle) called with
  // `descriptor` from `caller`, through MethodHandleNatives.linkMethod.
  Method* (*link_polymorphic_call)(JavaThread* thread, Klass* caller, Klass* klass,
                                   const Symbol* name, const Symbol* descriptor);
  // ldc of a CONSTANT_MethodHandle, MethodType or Dynamic: the resolved
  // object (a Dynamic constant of primitive type comes boxed).
  Object* (*resolve_constant)(JavaThread* thread, Klass* caller, uint16_t cp_index);
};
void set_invoke_linker(const InvokeLinker& linker);
// The installed linker; nullptr before the classlib bridge is installed.
const InvokeLinker* invoke_linker();

// Makes a kLinkedCall Method standing for one linked call site whose own
// arguments take `site_arg_slots` slots (receiver included for invokehandle).
// Owned by the VM for its lifetime.
Method* new_linked_call(Klass* holder, const Symbol* name, const Symbol* descriptor,
                        uint16_t site_arg_slots, Method* target, Object* appendix);
// A kLinkedCall Method whose linking failed with `error` (rethrown on every
// later execution of the site).
Method* new_failed_call(Klass* holder, const Symbol* name, const Symbol* descriptor,
                        uint16_t site_arg_slots, Object* error);

}  // namespace minijvm
