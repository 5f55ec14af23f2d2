// Core reflection objects (HotSpot: prims/jvm.cpp JVM_GetClassDeclaredMethods,
// Fields, Constructors; runtime/reflection.cpp new_method/new_constructor/
// new_field). Objects are created without running a constructor, their
// fields set directly, as HotSpot does. `slot` is the index of the member
// in Klass::methods / Klass::fields, which the natives (Unsafe, invoke) map back.
#include <algorithm>
#include <string>
#include <vector>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

constexpr uint16_t kRecognizedMethodModifiers = 0x1DFF;  // JVM_RECOGNIZED_METHOD_MODIFIERS
constexpr uint16_t kRecognizedFieldModifiers = 0x50DF;   // JVM_RECOGNIZED_FIELD_MODIFIERS

Object* bytes_or_null(JavaThread* thread, const std::optional<classfile::Bytes>& bytes) {
  if (!bytes) return nullptr;
  ArrayObject* a =
      new_primitive_array(thread, BasicType::kByte, static_cast<int32_t>(bytes->size()));
  if (a == nullptr) return nullptr;
  std::copy(bytes->begin(), bytes->end(), a->data<uint8_t>());
  return a;
}

// A Class[] of the mirrors of `names` (class names) resolved from `holder`.
Object* class_array_of_names(JavaThread* thread, Klass* holder,
                             const std::vector<const Symbol*>& names) {
  HandleMark mark(thread->handles());
  Handle array = thread->handles().make(
      new_object_array(thread, vm().classes.Class, static_cast<int32_t>(names.size())));
  if (array.is_null()) return nullptr;
  for (size_t i = 0; i < names.size(); ++i) {
    Klass* k = load_class(thread, names[i], holder->loader);
    if (k == nullptr) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = k->mirror;
  }
  return array.get();
}

Object* parameter_types(JavaThread* thread, const Method* m) {
  HandleMark mark(thread->handles());
  const auto& params = m->signature->params;
  Handle array = thread->handles().make(
      new_object_array(thread, vm().classes.Class, static_cast<int32_t>(params.size())));
  if (array.is_null()) return nullptr;
  for (size_t i = 0; i < params.size(); ++i) {
    Object* mirror = mirror_of_type(thread, params[i], m->holder);
    if (mirror == nullptr) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = mirror;
  }
  return array.get();
}

Object* string_or_null(JavaThread* thread, const Symbol* s) {
  return s ? intern_symbol(thread, s) : nullptr;
}

// Fields common to Method and Constructor.
bool fill_executable(JavaThread* thread, Handle obj, Method* m, int32_t slot) {
  Object* o = obj.get();
  set_ref_field(thread, o, "clazz", "Ljava/lang/Class;", m->holder->mirror);
  set_int_field(thread, o, "slot", slot);
  set_int_field(thread, o, "modifiers", m->access_flags & kRecognizedMethodModifiers);
  if (thread->has_pending_exception()) return false;
  Object* v = parameter_types(thread, m);
  if (v == nullptr) return false;
  set_ref_field(thread, obj.get(), "parameterTypes", "[Ljava/lang/Class;", v);
  v = class_array_of_names(thread, m->holder, m->info->exceptions);
  if (v == nullptr) return false;
  set_ref_field(thread, obj.get(), "exceptionTypes", "[Ljava/lang/Class;", v);
  v = string_or_null(thread, m->info->generic_signature);
  if (thread->has_pending_exception()) return false;
  set_ref_field(thread, obj.get(), "signature", "Ljava/lang/String;", v);
  v = bytes_or_null(thread, m->info->annotations.runtime_visible);
  if (thread->has_pending_exception()) return false;
  set_ref_field(thread, obj.get(), "annotations", "[B", v);
  v = bytes_or_null(thread, m->info->runtime_visible_parameter_annotations);
  if (thread->has_pending_exception()) return false;
  set_ref_field(thread, obj.get(), "parameterAnnotations", "[B", v);
  return !thread->has_pending_exception();
}

}  // namespace

Object* new_reflect_method(JavaThread* thread, Method* m, int32_t slot) {
  HandleMark mark(thread->handles());
  Handle obj = thread->handles().make(new_instance(thread, vm().classes.Method));
  if (obj.is_null() || !fill_executable(thread, obj, m, slot)) return nullptr;
  Object* name = intern_symbol(thread, m->name);
  if (name == nullptr) return nullptr;
  set_ref_field(thread, obj.get(), "name", "Ljava/lang/String;", name);
  Object* ret = mirror_of_type(thread, m->signature->return_type, m->holder);
  if (ret == nullptr) return nullptr;
  set_ref_field(thread, obj.get(), "returnType", "Ljava/lang/Class;", ret);
  Object* dflt = bytes_or_null(thread, m->info->annotation_default);
  if (thread->has_pending_exception()) return nullptr;
  set_ref_field(thread, obj.get(), "annotationDefault", "[B", dflt);
  return thread->has_pending_exception() ? nullptr : obj.get();
}

Object* new_reflect_constructor(JavaThread* thread, Method* m, int32_t slot) {
  HandleMark mark(thread->handles());
  Handle obj = thread->handles().make(new_instance(thread, vm().classes.Constructor));
  if (obj.is_null() || !fill_executable(thread, obj, m, slot)) return nullptr;
  return obj.get();
}

Object* new_reflect_field(JavaThread* thread, Klass* k, int32_t slot) {
  const FieldDesc& f = k->fields[slot];
  HandleMark mark(thread->handles());
  Handle obj = thread->handles().make(new_instance(thread, vm().classes.Field));
  if (obj.is_null()) return nullptr;
  set_ref_field(thread, obj.get(), "clazz", "Ljava/lang/Class;", k->mirror);
  set_int_field(thread, obj.get(), "slot", slot);
  set_int_field(thread, obj.get(), "modifiers", f.access_flags & kRecognizedFieldModifiers);
  // fieldDescriptor::is_trusted_final: static finals, and finals of hidden
  // classes and records -- setAccessible(true) never makes these writable.
  const bool is_record = k->class_file && k->class_file->record.has_value();
  const bool trusted = f.is_final() && (f.is_static() || k->is_hidden || is_record);
  if (FieldDesc* tf = required_field(thread, obj->klass(), "trustedFinal", "Z")) {
    obj->set_field<uint8_t>(tf->offset, trusted ? 1 : 0);
  }
  if (thread->has_pending_exception()) return nullptr;
  Object* v = intern_symbol(thread, f.name);
  if (v == nullptr) return nullptr;
  set_ref_field(thread, obj.get(), "name", "Ljava/lang/String;", v);
  v = mirror_of_type(thread, f.type, k);
  if (v == nullptr) return nullptr;
  set_ref_field(thread, obj.get(), "type", "Ljava/lang/Class;", v);
  if (f.info) {
    v = string_or_null(thread, f.info->generic_signature);
    if (thread->has_pending_exception()) return nullptr;
    set_ref_field(thread, obj.get(), "signature", "Ljava/lang/String;", v);
    v = bytes_or_null(thread, f.info->annotations.runtime_visible);
    if (thread->has_pending_exception()) return nullptr;
    set_ref_field(thread, obj.get(), "annotations", "[B", v);
  }
  return thread->has_pending_exception() ? nullptr : obj.get();
}

namespace {

// An array of `element` holding the members `make` builds for the selected slots.
template <class Make>
Object* member_array(JavaThread* thread, Klass* element, const std::vector<int32_t>& slots,
                     Make make) {
  HandleMark mark(thread->handles());
  Handle array =
      thread->handles().make(new_object_array(thread, element, static_cast<int32_t>(slots.size())));
  if (array.is_null()) return nullptr;
  for (size_t i = 0; i < slots.size(); ++i) {
    Object* member = make(slots[i]);
    if (member == nullptr) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = member;
  }
  return array.get();
}

// Primitives and arrays have no declared members: an empty array.
bool has_members(Klass* k) { return k != nullptr && !k->is_array(); }

}  // namespace

Object* mirror_of_type(JavaThread* thread, const FieldType& type, Klass* context) {
  if (type.is_primitive() || type.is_void()) return primitive_mirror(type.type);
  const std::string name = type.is_array() ? descriptor_string(type) : type.class_name->str();
  Klass* k = load_class(thread, intern(name), context->loader);
  return k ? k->mirror : nullptr;
}

Object* declared_methods(JavaThread* thread, Klass* k, bool public_only) {
  std::vector<int32_t> slots;
  if (has_members(k)) {
    if (!link_class(thread, k)) return nullptr;
    for (size_t i = 0; i < k->methods.size(); ++i) {
      const Method* m = k->methods[i].get();
      if (m->name == vm_symbols().object_initializer_name ||
          m->name == vm_symbols().class_initializer_name) {
        continue;
      }
      if (public_only && !m->is_public()) continue;
      slots.push_back(static_cast<int32_t>(i));
    }
    // HotSpot's order: by the name Symbol's address (Method::sort_methods),
    // here its creation order (Symbol::sequence); overloads keep the class
    // file's order.
    std::stable_sort(slots.begin(), slots.end(), [&](int32_t a, int32_t b) {
      return k->methods[a]->name->sequence() < k->methods[b]->name->sequence();
    });
  }
  return member_array(thread, vm().classes.Method, slots, [&](int32_t slot) {
    return new_reflect_method(thread, k->methods[slot].get(), slot);
  });
}

Object* declared_constructors(JavaThread* thread, Klass* k, bool public_only) {
  std::vector<int32_t> slots;
  if (has_members(k) && !k->is_interface()) {
    if (!link_class(thread, k)) return nullptr;
    for (size_t i = 0; i < k->methods.size(); ++i) {
      const Method* m = k->methods[i].get();
      if (m->name != vm_symbols().object_initializer_name) continue;
      if (public_only && !m->is_public()) continue;
      slots.push_back(static_cast<int32_t>(i));
    }
  }
  return member_array(thread, vm().classes.Constructor, slots, [&](int32_t slot) {
    return new_reflect_constructor(thread, k->methods[slot].get(), slot);
  });
}

Object* declared_fields(JavaThread* thread, Klass* k, bool public_only) {
  std::vector<int32_t> slots;
  if (has_members(k)) {
    if (!link_class(thread, k)) return nullptr;
    for (size_t i = 0; i < k->fields.size(); ++i) {
      if (public_only && !(k->fields[i].access_flags & 0x0001)) continue;
      slots.push_back(static_cast<int32_t>(i));
    }
  }
  return member_array(thread, vm().classes.Field, slots,
                      [&](int32_t slot) { return new_reflect_field(thread, k, slot); });
}

Method* method_of_reflect(JavaThread* thread, Object* executable) {
  if (executable == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  Object* clazz = get_ref_field(thread, executable, "clazz", "Ljava/lang/Class;");
  int32_t slot = get_int_field(thread, executable, "slot");
  if (thread->has_pending_exception()) return nullptr;
  Klass* k = klass_from_mirror(clazz);
  if (k == nullptr || slot < 0 || static_cast<size_t>(slot) >= k->methods.size()) {
    throw_by_name(thread, "java/lang/InternalError", "bad java.lang.reflect slot");
    return nullptr;
  }
  return k->methods[slot].get();
}

FieldDesc* field_of_reflect(JavaThread* thread, Object* field) {
  if (field == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  Object* clazz = get_ref_field(thread, field, "clazz", "Ljava/lang/Class;");
  int32_t slot = get_int_field(thread, field, "slot");
  if (thread->has_pending_exception()) return nullptr;
  Klass* k = klass_from_mirror(clazz);
  if (k == nullptr || slot < 0 || static_cast<size_t>(slot) >= k->fields.size()) {
    throw_by_name(thread, "java/lang/InternalError", "bad java.lang.reflect.Field slot");
    return nullptr;
  }
  return &k->fields[slot];
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredMethods(JNIEnv* env, jclass ofClass,
                                                           jboolean publicOnly) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jobjectArray>(
      thread, declared_methods(thread, klass_from_mirror(resolve(ofClass)), publicOnly));
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredFields(JNIEnv* env, jclass ofClass,
                                                          jboolean publicOnly) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jobjectArray>(
      thread, declared_fields(thread, klass_from_mirror(resolve(ofClass)), publicOnly));
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredConstructors(JNIEnv* env, jclass ofClass,
                                                                jboolean publicOnly) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jobjectArray>(
      thread, declared_constructors(thread, klass_from_mirror(resolve(ofClass)), publicOnly));
}

JNIEXPORT jobjectArray JNICALL JVM_GetMethodParameters(JNIEnv* env, jobject method) {
  VmStateScope vm_state(env);
  // One java.lang.reflect.Parameter per MethodParameters entry (name may be
  // null), or null when the attribute is absent (Executable then
  // synthesizes "argN" names) -- Reflection::new_parameter.
  JavaThread* thread = jvm_thread(env);
  Handle executable = thread->handles().make(resolve(method));
  Method* m = method_of_reflect(thread, executable.get());
  if (m == nullptr || !m->info->parameters) return nullptr;
  const auto& params = *m->info->parameters;
  Klass* parameter_class = boot_class(thread, "java/lang/reflect/Parameter", true);
  if (parameter_class == nullptr) return nullptr;
  Handle array = thread->handles().make(
      new_object_array(thread, parameter_class, static_cast<int32_t>(params.size())));
  if (array.is_null()) return nullptr;
  for (size_t i = 0; i < params.size(); ++i) {
    Handle p = thread->handles().make(new_instance(thread, parameter_class));
    if (p.is_null()) return nullptr;
    Object* name = params[i].name ? intern_symbol(thread, params[i].name) : nullptr;
    if (thread->has_pending_exception()) return nullptr;
    set_ref_field(thread, p.get(), "name", "Ljava/lang/String;", name);
    set_int_field(thread, p.get(), "modifiers", params[i].access_flags);
    set_ref_field(thread, p.get(), "executable", "Ljava/lang/reflect/Executable;",
                  executable.get());
    set_int_field(thread, p.get(), "index", static_cast<int32_t>(i));
    if (thread->has_pending_exception()) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = p.get();
  }
  return reinterpret_cast<jobjectArray>(array.slot());
}

JNIEXPORT jbyteArray JNICALL JVM_GetFieldTypeAnnotations(JNIEnv* env, jobject field) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  FieldDesc* f = field_of_reflect(thread, resolve(field));
  if (f == nullptr || f->info == nullptr) return nullptr;
  return make_local_as<jbyteArray>(
      thread, bytes_or_null(thread, f->info->annotations.runtime_visible_type));
}

JNIEXPORT jbyteArray JNICALL JVM_GetMethodTypeAnnotations(JNIEnv* env, jobject method) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Method* m = method_of_reflect(thread, resolve(method));
  if (m == nullptr) return nullptr;
  return make_local_as<jbyteArray>(
      thread, bytes_or_null(thread, m->info->annotations.runtime_visible_type));
}

JNIEXPORT jobjectArray JNICALL JVM_GetRecordComponents(JNIEnv* env, jclass ofClass) {
  VmStateScope vm_state(env);
  // java_lang_reflect_RecordComponent::create for each component, in order;
  // null when the class is not a record.
  JavaThread* thread = jvm_thread(env);
  Klass* k = klass_from_mirror(resolve(ofClass));
  if (k == nullptr || !k->class_file || !k->class_file->record) return nullptr;
  if (!link_class(thread, k)) return nullptr;
  Klass* rc_class = boot_class(thread, "java/lang/reflect/RecordComponent", true);
  if (rc_class == nullptr) return nullptr;
  const auto& components = *k->class_file->record;
  Handle array = thread->handles().make(
      new_object_array(thread, rc_class, static_cast<int32_t>(components.size())));
  if (array.is_null()) return nullptr;
  for (size_t i = 0; i < components.size(); ++i) {
    const classfile::RecordComponent& c = components[i];
    Handle rc = thread->handles().make(new_instance(thread, rc_class));
    if (rc.is_null()) return nullptr;
    set_ref_field(thread, rc.get(), "clazz", "Ljava/lang/Class;", k->mirror);
    Object* v = intern_symbol(thread, c.name);
    if (v == nullptr) return nullptr;
    set_ref_field(thread, rc.get(), "name", "Ljava/lang/String;", v);
    v = mirror_of_type(thread, c.type, k);
    if (v == nullptr) return nullptr;
    set_ref_field(thread, rc.get(), "type", "Ljava/lang/Class;", v);
    // The accessor: the instance method `name()` returning the component type.
    const Symbol* accessor_desc = intern("()" + c.descriptor->str());
    for (size_t m = 0; m < k->methods.size(); ++m) {
      Method* method = k->methods[m].get();
      if (method->name == c.name && method->descriptor == accessor_desc && !method->is_static()) {
        v = new_reflect_method(thread, method, static_cast<int32_t>(m));
        if (v == nullptr) return nullptr;
        set_ref_field(thread, rc.get(), "accessor", "Ljava/lang/reflect/Method;", v);
        break;
      }
    }
    v = string_or_null(thread, c.generic_signature);
    if (thread->has_pending_exception()) return nullptr;
    set_ref_field(thread, rc.get(), "signature", "Ljava/lang/String;", v);
    v = bytes_or_null(thread, c.annotations.runtime_visible);
    if (thread->has_pending_exception()) return nullptr;
    set_ref_field(thread, rc.get(), "annotations", "[B", v);
    v = bytes_or_null(thread, c.annotations.runtime_visible_type);
    if (thread->has_pending_exception()) return nullptr;
    set_ref_field(thread, rc.get(), "typeAnnotations", "[B", v);
    if (thread->has_pending_exception()) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i] = rc.get();
  }
  return reinterpret_cast<jobjectArray>(array.slot());
}

}  // extern "C"
