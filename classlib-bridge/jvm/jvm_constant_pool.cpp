// jdk.internal.reflect.ConstantPool (HotSpot: prims/jvm.cpp
// JVM_GetClassConstantPool, JVM_ConstantPoolGet*At). The Java object's
// `constantPoolOop` holds the class mirror; every accessor reads that
// class's parsed constant pool. Used by annotation parsing.
#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

using classfile::CpTag;

// The constant pool behind `jcpool` and a checked index, or nullptr with
// IllegalArgumentException pending (HotSpot's bounds_check / type checks).
const classfile::ConstantPool* pool_at(JavaThread* thread, jobject jcpool, jint index,
                                       std::initializer_list<CpTag> tags) {
  Klass* k = klass_from_mirror(resolve(jcpool));
  if (k == nullptr || !k->class_file) {
    throw_npe(thread);
    return nullptr;
  }
  const classfile::ConstantPool& cp = k->class_file->constant_pool;
  if (index <= 0 || index >= cp.count()) {
    throw_by_name(thread, "java/lang/IllegalArgumentException",
                  "Constant pool index out of bounds");
    return nullptr;
  }
  if (tags.size() != 0) {
    bool ok = false;
    for (CpTag t : tags) ok |= cp.tag(static_cast<uint16_t>(index)) == t;
    if (!ok) {
      throw_by_name(thread, "java/lang/IllegalArgumentException",
                    "Wrong type at constant pool index");
      return nullptr;
    }
  }
  return &cp;
}

Klass* holder_of(jobject jcpool) { return klass_from_mirror(resolve(jcpool)); }

// The class a Fieldref/Methodref names: loaded through the holder's loader
// (`force_resolution`) or only if already loaded (nullptr, nothing pending).
Klass* member_class(JavaThread* thread, jobject jcpool, const classfile::MemberRef& ref,
                    bool force_resolution) {
  Object* loader = holder_of(jcpool)->loader;
  return force_resolution ? load_class(thread, ref.class_name, loader)
                          : find_loaded_class(ref.class_name, loader);
}

// HotSpot get_method_at_helper: the method declared (no inheritance) by the
// referenced class, as a Method, or a Constructor for <init>.
Object* method_at(JavaThread* thread, jobject jcpool, jint index, bool force_resolution) {
  const auto* cp = pool_at(thread, jcpool, index, {CpTag::kMethodref, CpTag::kInterfaceMethodref});
  if (cp == nullptr) return nullptr;
  const classfile::MemberRef ref = cp->member_ref(static_cast<uint16_t>(index));
  Klass* k = member_class(thread, jcpool, ref, force_resolution);
  if (k == nullptr) return nullptr;
  Method* m = k->is_array() ? nullptr : k->find_declared_method(ref.name, ref.descriptor);
  if (m == nullptr) {
    throw_by_name(thread, "java/lang/RuntimeException", "Unable to look up method in target class");
    return nullptr;
  }
  const int32_t slot = m->holder_index;  // its index in k->methods
  if (m->name == vm_symbols().object_initializer_name) {
    return new_reflect_constructor(thread, m, slot);
  }
  return new_reflect_method(thread, m, slot);
}

// HotSpot get_field_at_helper: the field found by JVMS §5.4.3.2 lookup.
Object* field_at(JavaThread* thread, jobject jcpool, jint index, bool force_resolution) {
  const auto* cp = pool_at(thread, jcpool, index, {CpTag::kFieldref});
  if (cp == nullptr) return nullptr;
  const classfile::MemberRef ref = cp->member_ref(static_cast<uint16_t>(index));
  Klass* k = member_class(thread, jcpool, ref, force_resolution);
  if (k == nullptr) return nullptr;
  if (!k->is_array() && !link_class(thread, k)) return nullptr;
  FieldDesc* f = k->is_array() ? nullptr : lookup_field(k, ref.name, ref.descriptor);
  if (f == nullptr) {
    throw_by_name(thread, "java/lang/RuntimeException", "Unable to look up field in target class");
    return nullptr;
  }
  Klass* holder = f->holder;
  return new_reflect_field(thread, holder, static_cast<int32_t>(f - holder->fields.data()));
}

// A String[] of the symbols, in order.
Object* string_array(JavaThread* thread, std::initializer_list<const Symbol*> symbols) {
  HandleMark mark(thread->handles());
  Handle array = thread->handles().make(
      new_object_array(thread, vm().classes.String, static_cast<int32_t>(symbols.size())));
  if (array.is_null()) return nullptr;
  int32_t i = 0;
  for (const Symbol* s : symbols) {
    Object* str = intern_symbol(thread, s);
    if (str == nullptr) return nullptr;
    static_cast<ArrayObject*>(array.get())->data<Object*>()[i++] = str;
  }
  return array.get();
}

}  // namespace
}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jobject JNICALL JVM_GetClassConstantPool(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = klass_from_mirror(resolve(cls));
  if (k == nullptr || k->is_array()) return nullptr;  // HotSpot: null for these
  Klass* cp_class = boot_class(thread, "jdk/internal/reflect/ConstantPool", true);
  if (cp_class == nullptr) return nullptr;
  Object* o = new_instance(thread, cp_class);
  if (o == nullptr) return nullptr;
  jobject result = make_local(thread, o);
  set_ref_field(thread, resolve(result), "constantPoolOop", "Ljava/lang/Object;", k->mirror);
  return thread->has_pending_exception() ? nullptr : result;
}

JNIEXPORT jint JNICALL JVM_ConstantPoolGetSize(JNIEnv* env, jobject, jobject jcpool) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = holder_of(jcpool);
  if (k == nullptr || !k->class_file) {
    throw_npe(thread);
    return 0;
  }
  return k->class_file->constant_pool.count();
}

JNIEXPORT jbyte JNICALL JVM_ConstantPoolGetTagAt(JNIEnv* env, jobject, jobject jcpool, jint index) {
  VmStateScope vm_state(env);
  const auto* cp = pool_at(jvm_thread(env), jcpool, index, {});
  return cp ? static_cast<jbyte>(cp->tag(static_cast<uint16_t>(index))) : 0;
}

JNIEXPORT jint JNICALL JVM_ConstantPoolGetIntAt(JNIEnv* env, jobject, jobject jcpool, jint index) {
  VmStateScope vm_state(env);
  const auto* cp = pool_at(jvm_thread(env), jcpool, index, {CpTag::kInteger});
  return cp ? cp->integer(static_cast<uint16_t>(index)) : 0;
}

JNIEXPORT jlong JNICALL JVM_ConstantPoolGetLongAt(JNIEnv* env, jobject, jobject jcpool,
                                                  jint index) {
  VmStateScope vm_state(env);
  const auto* cp = pool_at(jvm_thread(env), jcpool, index, {CpTag::kLong});
  return cp ? cp->long_value(static_cast<uint16_t>(index)) : 0;
}

JNIEXPORT jfloat JNICALL JVM_ConstantPoolGetFloatAt(JNIEnv* env, jobject, jobject jcpool,
                                                    jint index) {
  VmStateScope vm_state(env);
  const auto* cp = pool_at(jvm_thread(env), jcpool, index, {CpTag::kFloat});
  return cp ? cp->float_value(static_cast<uint16_t>(index)) : 0;
}

JNIEXPORT jdouble JNICALL JVM_ConstantPoolGetDoubleAt(JNIEnv* env, jobject, jobject jcpool,
                                                      jint index) {
  VmStateScope vm_state(env);
  const auto* cp = pool_at(jvm_thread(env), jcpool, index, {CpTag::kDouble});
  return cp ? cp->double_value(static_cast<uint16_t>(index)) : 0;
}

JNIEXPORT jstring JNICALL JVM_ConstantPoolGetStringAt(JNIEnv* env, jobject, jobject jcpool,
                                                      jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  const auto* cp = pool_at(thread, jcpool, index, {CpTag::kString});
  if (cp == nullptr) return nullptr;
  return make_local_as<jstring>(thread,
                                intern_symbol(thread, cp->string(static_cast<uint16_t>(index))));
}

JNIEXPORT jstring JNICALL JVM_ConstantPoolGetUTF8At(JNIEnv* env, jobject, jobject jcpool,
                                                    jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  const auto* cp = pool_at(thread, jcpool, index, {CpTag::kUtf8});
  if (cp == nullptr) return nullptr;
  return make_local_as<jstring>(thread,
                                intern_symbol(thread, cp->utf8(static_cast<uint16_t>(index))));
}

JNIEXPORT jclass JNICALL JVM_ConstantPoolGetClassAt(JNIEnv* env, jobject, jobject jcpool,
                                                    jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  const auto* cp = pool_at(thread, jcpool, index, {CpTag::kClass});
  if (cp == nullptr) return nullptr;
  Klass* k =
      load_class(thread, cp->class_name(static_cast<uint16_t>(index)), holder_of(jcpool)->loader);
  return k ? make_local_as<jclass>(thread, k->mirror) : nullptr;
}

JNIEXPORT jclass JNICALL JVM_ConstantPoolGetClassAtIfLoaded(JNIEnv* env, jobject, jobject jcpool,
                                                            jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  const auto* cp = pool_at(thread, jcpool, index, {CpTag::kClass});
  if (cp == nullptr) return nullptr;
  Klass* k =
      find_loaded_class(cp->class_name(static_cast<uint16_t>(index)), holder_of(jcpool)->loader);
  return k ? make_local_as<jclass>(thread, k->mirror) : nullptr;
}

JNIEXPORT jint JNICALL JVM_ConstantPoolGetClassRefIndexAt(JNIEnv* env, jobject, jobject jcpool,
                                                          jint index) {
  VmStateScope vm_state(env);
  const auto* cp = pool_at(jvm_thread(env), jcpool, index,
                           {CpTag::kFieldref, CpTag::kMethodref, CpTag::kInterfaceMethodref});
  return cp ? cp->member_ref(static_cast<uint16_t>(index)).class_index : 0;
}

JNIEXPORT jint JNICALL JVM_ConstantPoolGetNameAndTypeRefIndexAt(JNIEnv* env, jobject,
                                                                jobject jcpool, jint index) {
  VmStateScope vm_state(env);
  // HotSpot also accepts InvokeDynamic entries here (not Dynamic).
  const auto* cp = pool_at(
      jvm_thread(env), jcpool, index,
      {CpTag::kFieldref, CpTag::kMethodref, CpTag::kInterfaceMethodref, CpTag::kInvokeDynamic});
  if (cp == nullptr) return 0;
  const auto i = static_cast<uint16_t>(index);
  return cp->tag(i) == CpTag::kInvokeDynamic ? cp->dynamic(i).name_and_type_index
                                             : cp->member_ref(i).name_and_type_index;
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAt(JNIEnv* env, jobject, jobject jcpool,
                                                      jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, method_at(thread, jcpool, index, /*force_resolution=*/true));
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAtIfLoaded(JNIEnv* env, jobject, jobject jcpool,
                                                              jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, method_at(thread, jcpool, index, /*force_resolution=*/false));
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAt(JNIEnv* env, jobject, jobject jcpool,
                                                     jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, field_at(thread, jcpool, index, /*force_resolution=*/true));
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAtIfLoaded(JNIEnv* env, jobject, jobject jcpool,
                                                             jint index) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, field_at(thread, jcpool, index, /*force_resolution=*/false));
}

JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetMemberRefInfoAt(JNIEnv* env, jobject,
                                                                  jobject jcpool, jint index) {
  // { class name (internal form), member name, descriptor }.
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  const auto* cp = pool_at(thread, jcpool, index,
                           {CpTag::kFieldref, CpTag::kMethodref, CpTag::kInterfaceMethodref});
  if (cp == nullptr) return nullptr;
  const classfile::MemberRef ref = cp->member_ref(static_cast<uint16_t>(index));
  return make_local_as<jobjectArray>(
      thread, string_array(thread, {ref.class_name, ref.name, ref.descriptor}));
}

JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetNameAndTypeRefInfoAt(JNIEnv* env, jobject,
                                                                       jobject jcpool, jint index) {
  // { name, descriptor }.
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  const auto* cp = pool_at(thread, jcpool, index, {CpTag::kNameAndType});
  if (cp == nullptr) return nullptr;
  const classfile::NameAndType nt = cp->name_and_type(static_cast<uint16_t>(index));
  return make_local_as<jobjectArray>(thread, string_array(thread, {nt.name, nt.descriptor}));
}

}  // extern "C"
