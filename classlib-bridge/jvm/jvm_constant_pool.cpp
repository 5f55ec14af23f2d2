// jdk.internal.reflect.ConstantPool (HotSpot: prims/jvm.cpp
// JVM_GetClassConstantPool, JVM_ConstantPoolGet*At). The Java object's
// `constantPoolOop` holds the class mirror; every accessor reads that
// class's parsed constant pool. Used by annotation parsing.
#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/strings.h"

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

void unimplemented(JNIEnv* env, const char* name) { throw_unimplemented(jvm_thread(env), name); }

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
  const auto* cp = pool_at(jvm_thread(env), jcpool, index,
                           {CpTag::kFieldref, CpTag::kMethodref, CpTag::kInterfaceMethodref});
  return cp ? cp->member_ref(static_cast<uint16_t>(index)).name_and_type_index : 0;
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAt(JNIEnv* env, jobject, jobject, jint) {
  VmStateScope vm_state(env);
  unimplemented(env, "JVM_ConstantPoolGetMethodAt");
  return nullptr;
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAtIfLoaded(JNIEnv* env, jobject, jobject, jint) {
  VmStateScope vm_state(env);
  unimplemented(env, "JVM_ConstantPoolGetMethodAtIfLoaded");
  return nullptr;
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAt(JNIEnv* env, jobject, jobject, jint) {
  VmStateScope vm_state(env);
  unimplemented(env, "JVM_ConstantPoolGetFieldAt");
  return nullptr;
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAtIfLoaded(JNIEnv* env, jobject, jobject, jint) {
  VmStateScope vm_state(env);
  unimplemented(env, "JVM_ConstantPoolGetFieldAtIfLoaded");
  return nullptr;
}

JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetMemberRefInfoAt(JNIEnv* env, jobject, jobject,
                                                                  jint) {
  VmStateScope vm_state(env);
  unimplemented(env, "JVM_ConstantPoolGetMemberRefInfoAt");
  return nullptr;
}

JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetNameAndTypeRefInfoAt(JNIEnv* env, jobject,
                                                                       jobject, jint) {
  VmStateScope vm_state(env);
  unimplemented(env, "JVM_ConstantPoolGetNameAndTypeRefInfoAt");
  return nullptr;
}

}  // extern "C"
