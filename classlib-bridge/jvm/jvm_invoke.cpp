// Reflective calls and java.lang.reflect.Array (HotSpot: runtime/reflection.cpp
// invoke_method, invoke_constructor, array_get/array_set, widen, box/unbox;
// prims/jvm.cpp JVM_InvokeMethod .. JVM_NewMultiArray).
#include <cstring>
#include <string>
#include <vector>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

// JVM_T_* codes of jvm.h (wCode/vCode of the Array natives).
BasicType basic_type_of_code(int code) {
  switch (code) {
    case 4:
      return BasicType::kBoolean;
    case 5:
      return BasicType::kChar;
    case 6:
      return BasicType::kFloat;
    case 7:
      return BasicType::kDouble;
    case 8:
      return BasicType::kByte;
    case 9:
      return BasicType::kShort;
    case 10:
      return BasicType::kInt;
    case 11:
      return BasicType::kLong;
    default:
      return BasicType::kVoid;
  }
}

Klass* box_class(BasicType t) {
  const WellKnownClasses& c = vm().classes;
  switch (t) {
    case BasicType::kBoolean:
      return c.Boolean;
    case BasicType::kChar:
      return c.Character;
    case BasicType::kFloat:
      return c.Float;
    case BasicType::kDouble:
      return c.Double;
    case BasicType::kByte:
      return c.Byte;
    case BasicType::kShort:
      return c.Short;
    case BasicType::kInt:
      return c.Integer;
    case BasicType::kLong:
      return c.Long;
    default:
      return nullptr;
  }
}

// JLS §5.1.2 widening primitive conversion (Reflection::widen); false if not allowed.
bool widen(BasicType from, Slot v, BasicType to, Slot* out) {
  if (from == to) {
    *out = v;
    return true;
  }
  auto as_long = [&]() -> int64_t { return from == BasicType::kLong ? v.j : v.i; };
  const bool from_intlike = from == BasicType::kByte || from == BasicType::kShort ||
                            from == BasicType::kChar || from == BasicType::kInt;
  switch (to) {
    case BasicType::kShort:
      if (from != BasicType::kByte) return false;
      *out = slot_int(v.i);
      return true;
    case BasicType::kInt:
      if (from != BasicType::kByte && from != BasicType::kShort && from != BasicType::kChar)
        return false;
      *out = slot_int(v.i);
      return true;
    case BasicType::kLong:
      if (!from_intlike) return false;
      *out = slot_long(v.i);
      return true;
    case BasicType::kFloat:
      if (!from_intlike && from != BasicType::kLong) return false;
      *out = slot_float(static_cast<float>(as_long()));
      return true;
    case BasicType::kDouble:
      if (from == BasicType::kFloat) {
        *out = slot_double(v.f);
        return true;
      }
      if (!from_intlike && from != BasicType::kLong) return false;
      *out = slot_double(static_cast<double>(as_long()));
      return true;
    default:
      return false;
  }
}

// The primitive type a box object holds, kVoid if it is not a box.
BasicType unboxed_type(Object* box) {
  static constexpr BasicType kTypes[] = {BasicType::kBoolean, BasicType::kChar, BasicType::kFloat,
                                         BasicType::kDouble,  BasicType::kByte, BasicType::kShort,
                                         BasicType::kInt,     BasicType::kLong};
  for (BasicType t : kTypes) {
    if (box->klass() == box_class(t)) return t;
  }
  return BasicType::kVoid;
}

bool unbox(JavaThread* thread, Object* box, BasicType* type, Slot* value) {
  *type = unboxed_type(box);
  if (*type == BasicType::kVoid) return false;
  FieldDesc* f =
      required_field(thread, box->klass(), "value", std::string(1, descriptor_char(*type)));
  if (f == nullptr) return false;
  *value = load_value(reinterpret_cast<const char*>(box) + f->offset, *type);
  return true;
}

// A new box (not the valueOf cache, as Reflection::box).
Object* box(JavaThread* thread, BasicType t, Slot v) {
  Klass* k = box_class(t);
  if (!initialize_class(thread, k)) return nullptr;
  Object* o = new_instance(thread, k);
  if (o == nullptr) return nullptr;
  FieldDesc* f = required_field(thread, k, "value", std::string(1, descriptor_char(t)));
  if (f == nullptr) return nullptr;
  store_value(reinterpret_cast<char*>(o) + f->offset, t, v);
  return o;
}

void argument_mismatch(JavaThread* thread) {
  throw_by_name(thread, "java/lang/IllegalArgumentException", "argument type mismatch");
}

// jvm.cpp check_array: null, not an array, not a primitive array (for the
// primitive accessors), in that order; then, unless the caller checks it
// later (JVM_SetArrayElement unboxes first), the index.
ArrayObject* checked_array(JavaThread* thread, Object* a, int32_t index,
                           bool primitive_only = false, bool check_index = true) {
  if (a == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  if (!a->klass()->is_array()) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "Argument is not an array");
    return nullptr;
  }
  if (primitive_only && a->klass()->kind != Klass::Kind::kPrimitiveArray) {
    throw_by_name(thread, "java/lang/IllegalArgumentException",
                  "Argument is not an array of primitive type");
    return nullptr;
  }
  auto* array = static_cast<ArrayObject*>(a);
  if (check_index && (index < 0 || index >= array->length())) {
    throw_new_no_message(thread, intern("java/lang/ArrayIndexOutOfBoundsException"));
    return nullptr;
  }
  return array;
}

char* element_address(ArrayObject* a, int32_t index) {
  return a->data<char>() + static_cast<size_t>(index) * a->klass()->element_size;
}

// Reflection::invoke: wraps an exception thrown by the callee in an
// InvocationTargetException.
void wrap_in_invocation_target_exception(JavaThread* thread) {
  HandleMark mark(thread->handles());
  Handle target = thread->handles().make(thread->pending_exception());
  thread->clear_pending_exception();
  Klass* k = boot_class(thread, "java/lang/reflect/InvocationTargetException", true);
  if (k == nullptr) return;
  Handle ite = thread->handles().make(new_instance(thread, k));
  if (ite.is_null()) return;
  Method* init = k->find_declared_method(vm_symbols().object_initializer_name,
                                         intern("(Ljava/lang/Throwable;)V"));
  Slot args[2] = {slot_ref(ite.get()), slot_ref(target.get())};
  call_java(thread, init, args, nullptr);
  if (!thread->has_pending_exception()) throw_object(thread, ite.get());
}

// Builds the argument slots of `m` (after `receiver`, if any) from an Object[].
bool build_arguments(JavaThread* thread, Method* m, Object* receiver, Object* args0,
                     std::vector<Slot>* slots) {
  const auto& params = m->signature->params;
  auto* args = static_cast<ArrayObject*>(args0);
  const int32_t count = args ? args->length() : 0;
  if (count != static_cast<int32_t>(params.size())) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "wrong number of arguments");
    return false;
  }
  if (receiver) slots->push_back(slot_ref(receiver));
  for (int32_t i = 0; i < count; ++i) {
    Object* arg = args->data<Object*>()[i];
    const FieldType& p = params[i];
    if (p.is_primitive()) {
      BasicType from;
      Slot v, widened;
      if (arg == nullptr) {
        throw_new_no_message(thread, intern("java/lang/IllegalArgumentException"));
        return false;
      }
      if (!unbox(thread, arg, &from, &v) || !widen(from, v, p.type, &widened)) {
        if (!thread->has_pending_exception()) argument_mismatch(thread);
        return false;
      }
      slots->push_back(widened);
      if (p.slots() == 2) slots->push_back(slot_long(0));
    } else {
      if (arg != nullptr) {
        Object* mirror = mirror_of_type(thread, p, m->holder);
        if (mirror == nullptr) return false;
        Klass* pk = klass_of_mirror(mirror);
        if (pk && !arg->klass()->is_subtype_of(pk)) {
          argument_mismatch(thread);
          return false;
        }
      }
      slots->push_back(slot_ref(arg));
    }
  }
  return true;
}

Object* invoke_method(JavaThread* thread, Object* method_obj, Object* receiver_obj, Object* args0) {
  HandleMark mark(thread->handles());
  Handle receiver = thread->handles().make(receiver_obj);
  Handle args = thread->handles().make(args0);
  Method* m = method_of_reflect(thread, method_obj);
  if (m == nullptr) return nullptr;
  if (!initialize_class(thread, m->holder)) return nullptr;
  Method* target = m;
  if (!m->is_static()) {
    if (receiver.is_null()) {
      throw_npe(thread);
      return nullptr;
    }
    if (!receiver->klass()->is_subtype_of(m->holder)) {
      throw_by_name(thread, "java/lang/IllegalArgumentException",
                    "object is not an instance of declaring class");
      return nullptr;
    }
    if (!m->is_private() && !m->is_final()) {
      target = m->holder->is_interface() ? select_interface(thread, receiver->klass(), m)
                                         : select_virtual(thread, receiver->klass(), m);
      if (target == nullptr) return nullptr;
    }
  }
  std::vector<Slot> slots;
  if (!build_arguments(thread, target, m->is_static() ? nullptr : receiver.get(), args.get(),
                       &slots)) {
    return nullptr;
  }
  Slot result = slot_long(0);
  call_java(thread, target, slots, &result);
  if (thread->has_pending_exception()) {
    wrap_in_invocation_target_exception(thread);
    return nullptr;
  }
  const FieldType& rt = m->signature->return_type;
  if (rt.is_void()) return nullptr;
  if (rt.is_reference()) return result.l;
  return box(thread, rt.type, result);
}

Object* new_instance_from_constructor(JavaThread* thread, Object* ctor, Object* args0) {
  HandleMark mark(thread->handles());
  Handle args = thread->handles().make(args0);
  Method* m = method_of_reflect(thread, ctor);
  if (m == nullptr) return nullptr;
  Klass* k = m->holder;
  if (k->is_abstract() || k->is_interface()) {
    throw_new_no_message(thread, intern("java/lang/InstantiationException"));
    return nullptr;
  }
  if (!initialize_class(thread, k)) return nullptr;
  Handle obj = thread->handles().make(new_instance(thread, k));
  if (obj.is_null()) return nullptr;
  std::vector<Slot> slots;
  if (!build_arguments(thread, m, obj.get(), args.get(), &slots)) return nullptr;
  call_java(thread, m, slots, nullptr);
  if (thread->has_pending_exception()) {
    wrap_in_invocation_target_exception(thread);
    return nullptr;
  }
  return obj.get();
}

Object* new_array_of(JavaThread* thread, Object* mirror, int32_t length) {
  if (mirror == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  if (length < 0) {
    throw_by_name(thread, "java/lang/NegativeArraySizeException", std::to_string(length));
    return nullptr;
  }
  Klass* k = klass_of_mirror(mirror);
  if (k == nullptr) {
    BasicType t = primitive_type_of_mirror(mirror);
    if (t == BasicType::kVoid) {
      throw_new_no_message(thread, intern("java/lang/IllegalArgumentException"));
      return nullptr;
    }
    return new_primitive_array(thread, t, length);
  }
  if (k->is_array() && k->dimensions >= 255) {
    throw_new_no_message(thread, intern("java/lang/IllegalArgumentException"));
    return nullptr;
  }
  return new_object_array(thread, k, length);
}

// A multi-dimensional array: the class of `dims.size()` more dimensions over `mirror`.
Object* new_multi_array(JavaThread* thread, Klass* array_class, const int32_t* dims, int n) {
  ArrayObject* a = new_array(thread, array_class, dims[0]);
  if (a == nullptr || n == 1) return a;
  HandleMark mark(thread->handles());
  Handle h = thread->handles().make(a);
  for (int32_t i = 0; i < dims[0]; ++i) {
    Object* sub = new_multi_array(thread, array_class->component, dims + 1, n - 1);
    if (sub == nullptr) return nullptr;
    static_cast<ArrayObject*>(h.get())->data<Object*>()[i] = sub;
  }
  return h.get();
}

}  // namespace

Object* box_primitive(JavaThread* thread, BasicType type, Slot value) {
  return box(thread, type, value);
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jobject JNICALL JVM_InvokeMethod(JNIEnv* env, jobject method, jobject obj,
                                           jobjectArray args0) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* result = invoke_method(thread, resolve(method), resolve(obj), resolve(args0));
  return make_local(thread, result);
}

JNIEXPORT jobject JNICALL JVM_NewInstanceFromConstructor(JNIEnv* env, jobject c,
                                                         jobjectArray args0) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, new_instance_from_constructor(thread, resolve(c), resolve(args0)));
}

JNIEXPORT jint JNICALL JVM_GetArrayLength(JNIEnv* env, jobject arr) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* a = resolve(arr);
  if (a == nullptr) {
    throw_npe(thread);
    return 0;
  }
  if (!a->klass()->is_array()) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "Argument is not an array");
    return 0;
  }
  return static_cast<ArrayObject*>(a)->length();
}

JNIEXPORT jobject JNICALL JVM_GetArrayElement(JNIEnv* env, jobject arr, jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  ArrayObject* a = checked_array(thread, resolve(arr), index);
  if (a == nullptr) return nullptr;
  Klass* k = a->klass();
  if (k->kind != Klass::Kind::kPrimitiveArray) return make_local(thread, a->data<Object*>()[index]);
  Slot v = load_value(element_address(a, index), k->element_type);
  return make_local(thread, box(thread, k->element_type, v));
}

JNIEXPORT jvalue JNICALL JVM_GetPrimitiveArrayElement(JNIEnv* env, jobject arr, jint index,
                                                      jint wCode) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  jvalue out{};
  ArrayObject* a = checked_array(thread, resolve(arr), index, /*primitive_only=*/true);
  if (a == nullptr) return out;
  Klass* k = a->klass();
  Slot v;
  if (k->kind != Klass::Kind::kPrimitiveArray ||
      !widen(k->element_type, load_value(element_address(a, index), k->element_type),
             basic_type_of_code(wCode), &v)) {
    argument_mismatch(thread);
    return out;
  }
  std::memcpy(&out, &v, sizeof(out));
  return out;
}

JNIEXPORT void JNICALL JVM_SetArrayElement(JNIEnv* env, jobject arr, jint index, jobject val) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  // Reflection::array_set after unboxing: the index is checked after the value.
  ArrayObject* a = checked_array(thread, resolve(arr), index, false, /*check_index=*/false);
  if (a == nullptr) return;
  Object* value = resolve(val);
  Klass* k = a->klass();
  auto index_ok = [&] {
    if (index >= 0 && index < a->length()) return true;
    throw_new_no_message(thread, intern("java/lang/ArrayIndexOutOfBoundsException"));
    return false;
  };
  if (k->kind != Klass::Kind::kPrimitiveArray) {
    if (!index_ok()) return;
    if (value && !value->klass()->is_subtype_of(k->component)) {
      throw_by_name(thread, "java/lang/IllegalArgumentException", "array element type mismatch");
      return;
    }
    a->data<Object*>()[index] = value;
    return;
  }
  BasicType from;
  Slot v, widened;
  if (value == nullptr) {  // Reflection::unbox_for_primitive: no message
    throw_new_no_message(thread, intern("java/lang/IllegalArgumentException"));
    return;
  }
  if (!unbox(thread, value, &from, &v)) {
    if (!thread->has_pending_exception()) argument_mismatch(thread);
    return;
  }
  if (!index_ok()) return;
  if (!widen(from, v, k->element_type, &widened)) {
    argument_mismatch(thread);
    return;
  }
  store_value(element_address(a, index), k->element_type, widened);
}

JNIEXPORT void JNICALL JVM_SetPrimitiveArrayElement(JNIEnv* env, jobject arr, jint index, jvalue v,
                                                    unsigned char vCode) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  ArrayObject* a = checked_array(thread, resolve(arr), index, /*primitive_only=*/true);
  if (a == nullptr) return;
  Klass* k = a->klass();
  BasicType from = basic_type_of_code(vCode);
  Slot value;
  std::memcpy(&value, &v, sizeof(v));
  // jvalue holds sub-int types in their own width; bring them to int slots.
  if (from == BasicType::kBoolean)
    value = slot_int(v.z);
  else if (from == BasicType::kByte)
    value = slot_int(v.b);
  else if (from == BasicType::kChar)
    value = slot_int(v.c);
  else if (from == BasicType::kShort)
    value = slot_int(v.s);
  Slot widened;
  if (k->kind != Klass::Kind::kPrimitiveArray || !widen(from, value, k->element_type, &widened)) {
    argument_mismatch(thread);
    return;
  }
  store_value(element_address(a, index), k->element_type, widened);
}

JNIEXPORT jobject JNICALL JVM_NewArray(JNIEnv* env, jclass eltClass, jint length) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, new_array_of(thread, resolve(eltClass), length));
}

JNIEXPORT jobject JNICALL JVM_NewMultiArray(JNIEnv* env, jclass eltClass, jintArray dim) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* mirror = resolve(eltClass);
  auto* dims = static_cast<ArrayObject*>(resolve(dim));
  if (mirror == nullptr || dims == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  const int32_t n = dims->length();
  std::vector<int32_t> d(dims->data<int32_t>(), dims->data<int32_t>() + n);
  for (int32_t len : d) {
    if (len < 0) {
      throw_by_name(thread, "java/lang/NegativeArraySizeException", std::to_string(len));
      return nullptr;
    }
  }
  // Reflection::reflect_new_multi_array: 1..255 dimensions in all.
  Klass* k = klass_of_mirror(mirror);
  Klass* array_class = k;
  int32_t wraps = n;
  if (k == nullptr) {
    BasicType t = primitive_type_of_mirror(mirror);
    if (t == BasicType::kVoid) {
      throw_new_no_message(thread, intern("java/lang/IllegalArgumentException"));
      return nullptr;
    }
    array_class = primitive_array_klass(t);
    wraps = n - 1;
  }
  const int32_t existing = k && k->is_array() ? k->dimensions : 0;
  if (n == 0 || n + existing > 255) {
    throw_new_no_message(thread, intern("java/lang/IllegalArgumentException"));
    return nullptr;
  }
  for (int32_t i = 0; i < wraps; ++i) {
    array_class = array_klass_of(thread, array_class);
    if (array_class == nullptr) return nullptr;
  }
  return make_local(thread,
                    new_multi_array(thread, array_class, d.data(), static_cast<int>(d.size())));
}

}  // extern "C"
