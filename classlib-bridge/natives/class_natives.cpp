// java.lang.Class natives that HotSpot implements in the VM (libjava's
// Class.registerNatives binds them to the JVM_* functions; these direct
// bindings skip the JNI transition). Every one forwards to the same code.
#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/natives/native_support.h"
#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"

namespace minijvm {
namespace {

void is_array(JavaThread*, Method*, Slot* args, Slot* result) {
  Klass* k = klass_of_mirror(args[0].l);
  *result = slot_int(k && k->is_array() ? 1 : 0);
}

void is_primitive(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_int(klass_of_mirror(args[0].l) == nullptr ? 1 : 0);
}

void is_interface(JavaThread*, Method*, Slot* args, Slot* result) {
  Klass* k = klass_of_mirror(args[0].l);
  *result = slot_int(k && k->is_interface() ? 1 : 0);
}

void is_hidden(JavaThread*, Method*, Slot* args, Slot* result) {
  Klass* k = klass_from_mirror(args[0].l);
  *result = slot_int(k != nullptr && k->is_hidden ? 1 : 0);
}

void is_instance(JavaThread*, Method*, Slot* args, Slot* result) {
  // JVMS §6.5 instanceof semantics; primitive mirrors accept nothing.
  Klass* k = klass_of_mirror(args[0].l);
  Object* o = args[1].l;
  *result = slot_int(k && o && o->klass()->is_subtype_of(k) ? 1 : 0);
}

void is_assignable_from(JavaThread* thread, Method*, Slot* args, Slot* result) {
  if (args[1].l == nullptr) {
    throw_npe(thread);
    return;
  }
  Klass* to = klass_of_mirror(args[0].l);
  Klass* from = klass_of_mirror(args[1].l);
  bool ok = (to == nullptr || from == nullptr) ? args[0].l == args[1].l : from->is_subtype_of(to);
  *result = slot_int(ok ? 1 : 0);
}

void get_superclass(JavaThread*, Method*, Slot* args, Slot* result) {
  // null for Object, interfaces, primitives; Object for arrays.
  Klass* k = klass_of_mirror(args[0].l);
  Klass* super = (k == nullptr || k->is_interface()) ? nullptr : k->super;
  *result = slot_ref(super ? super->mirror : nullptr);
}

void get_modifiers(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_int(class_modifiers(klass_of_mirror(args[0].l)));
}

void init_class_name(JavaThread* thread, Method*, Slot* args, Slot* result) {
  *result = slot_ref(minijvm::init_class_name(thread, args[0].l));
}

void get_interfaces0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  *result = slot_ref(class_interfaces(thread, args[0].l));
}

void desired_assertion_status0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  LocalScope scope(thread);
  *result =
      slot_int(JVM_DesiredAssertionStatus(scope.env(), nullptr, scope.ref<jclass>(args[0].l)));
}

void get_declared_methods0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  *result = slot_ref(declared_methods(thread, klass_of_mirror(args[0].l), args[1].i != 0));
}

void get_declared_constructors0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  *result = slot_ref(declared_constructors(thread, klass_of_mirror(args[0].l), args[1].i != 0));
}

void get_declared_fields0(JavaThread* thread, Method*, Slot* args, Slot* result) {
  *result = slot_ref(declared_fields(thread, klass_of_mirror(args[0].l), args[1].i != 0));
}

// The remaining Class natives go through the JVM_* function of the same name.
template <jobject (*F)(JNIEnv*, jclass)>
void via_jvm_ref(JavaThread* thread, Method*, Slot* args, Slot* result) {
  LocalScope scope(thread);
  *result = slot_ref(resolve(F(scope.env(), scope.ref<jclass>(args[0].l))));
}

template <class R, R (*F)(JNIEnv*, jclass)>
jobject as_object_fn(JNIEnv* env, jclass c) {
  return F(env, c);
}

#define C "java/lang/Class"
constexpr NativeEntry kClassNatives[] = {
    {C, "isArray", "()Z", &is_array, true},
    {C, "isPrimitive", "()Z", &is_primitive, true},
    {C, "isInterface", "()Z", &is_interface, true},
    {C, "isHidden", "()Z", &is_hidden, true},
    {C, "isInstance", "(Ljava/lang/Object;)Z", &is_instance, true},
    {C, "isAssignableFrom", "(Ljava/lang/Class;)Z", &is_assignable_from, true},
    {C, "getSuperclass", "()Ljava/lang/Class;", &get_superclass, true},
    {C, "getModifiers", "()I", &get_modifiers, true},
    {C, "initClassName", "()Ljava/lang/String;", &init_class_name},
    {C, "getInterfaces0", "()[Ljava/lang/Class;", &get_interfaces0},
    {C, "desiredAssertionStatus0", "(Ljava/lang/Class;)Z", &desired_assertion_status0},
    {C, "getDeclaredMethods0", "(Z)[Ljava/lang/reflect/Method;", &get_declared_methods0},
    {C, "getDeclaredConstructors0", "(Z)[Ljava/lang/reflect/Constructor;",
     &get_declared_constructors0},
    {C, "getDeclaredFields0", "(Z)[Ljava/lang/reflect/Field;", &get_declared_fields0},
    {C, "getDeclaringClass0", "()Ljava/lang/Class;",
     &via_jvm_ref<as_object_fn<jclass, JVM_GetDeclaringClass>>},
    {C, "getSimpleBinaryName0", "()Ljava/lang/String;",
     &via_jvm_ref<as_object_fn<jstring, JVM_GetSimpleBinaryName>>},
    {C, "getGenericSignature0", "()Ljava/lang/String;",
     &via_jvm_ref<as_object_fn<jstring, JVM_GetClassSignature>>},
    {C, "getEnclosingMethod0", "()[Ljava/lang/Object;",
     &via_jvm_ref<as_object_fn<jobjectArray, JVM_GetEnclosingMethodInfo>>},
    {C, "getDeclaredClasses0", "()[Ljava/lang/Class;",
     &via_jvm_ref<as_object_fn<jobjectArray, JVM_GetDeclaredClasses>>},
    {C, "getRawAnnotations", "()[B",
     &via_jvm_ref<as_object_fn<jbyteArray, JVM_GetClassAnnotations>>},
    {C, "getRawTypeAnnotations", "()[B",
     &via_jvm_ref<as_object_fn<jbyteArray, JVM_GetClassTypeAnnotations>>},
    {C, "getNestHost0", "()Ljava/lang/Class;", &via_jvm_ref<as_object_fn<jclass, JVM_GetNestHost>>},
    {C, "getNestMembers0", "()[Ljava/lang/Class;",
     &via_jvm_ref<as_object_fn<jobjectArray, JVM_GetNestMembers>>},
    {C, "getPermittedSubclasses0", "()[Ljava/lang/Class;",
     &via_jvm_ref<as_object_fn<jobjectArray, JVM_GetPermittedSubclasses>>},
    {C, "getProtectionDomain0", "()Ljava/security/ProtectionDomain;",
     &via_jvm_ref<JVM_GetProtectionDomain>},
    {C, "getConstantPool", "()Ljdk/internal/reflect/ConstantPool;",
     &via_jvm_ref<JVM_GetClassConstantPool>},
};
#undef C

}  // namespace

std::span<const NativeEntry> class_natives() { return kClassNatives; }

}  // namespace minijvm
