// JVM_* functions of java.lang.Object, String and System (HotSpot: prims/jvm.cpp
// JVM_IHashCode .. JVM_ArrayCopy; oops/typeArrayKlass.cpp and objArrayKlass.cpp
// copy_array for the arraycopy checks and their messages).
#include <chrono>
#include <cstring>
#include <ctime>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

// "int" for [I, "object array" for any reference array: how HotSpot names an
// array's elements in arraycopy messages (type2name_tab).
std::string element_spelling(const Klass* array) {
  if (array->kind == Klass::Kind::kPrimitiveArray)
    return std::string(java_name(array->element_type));
  return "object array";
}

}  // namespace

std::string array_copy_error(const Klass* src, int32_t src_length, int32_t src_pos,
                             const Klass* dst, int32_t dst_length, int32_t dst_pos, int32_t length,
                             bool* is_store_error) {
  *is_store_error = true;
  // Klass::copy_array: the source must be an array.
  if (!src->is_array())
    return "arraycopy: source type " + src->external_name() + " is not an array";
  if (!dst->is_array()) {
    return "arraycopy: destination type " + dst->external_name() + " is not an array";
  }
  const bool src_prim = src->kind == Klass::Kind::kPrimitiveArray;
  const bool dst_prim = dst->kind == Klass::Kind::kPrimitiveArray;
  if (src_prim != dst_prim || (src_prim && src->element_type != dst->element_type)) {
    return "arraycopy: type mismatch: can not copy " + element_spelling(src) + "[] into " +
           element_spelling(dst) + "[]";
  }
  *is_store_error = false;
  if (src_pos < 0) {
    return "arraycopy: source index " + std::to_string(src_pos) + " out of bounds for " +
           element_spelling(src) + "[" + std::to_string(src_length) + "]";
  }
  if (dst_pos < 0) {
    return "arraycopy: destination index " + std::to_string(dst_pos) + " out of bounds for " +
           element_spelling(dst) + "[" + std::to_string(dst_length) + "]";
  }
  if (length < 0) return "arraycopy: length " + std::to_string(length) + " is negative";
  // HotSpot compares as unsigned so that the sum cannot overflow.
  const uint32_t src_end = static_cast<uint32_t>(length) + static_cast<uint32_t>(src_pos);
  const uint32_t dst_end = static_cast<uint32_t>(length) + static_cast<uint32_t>(dst_pos);
  if (src_end > static_cast<uint32_t>(src_length)) {
    return "arraycopy: last source index " + std::to_string(src_end) + " out of bounds for " +
           element_spelling(src) + "[" + std::to_string(src_length) + "]";
  }
  if (dst_end > static_cast<uint32_t>(dst_length)) {
    return "arraycopy: last destination index " + std::to_string(dst_end) + " out of bounds for " +
           element_spelling(dst) + "[" + std::to_string(dst_length) + "]";
  }
  return {};
}

void array_copy(JavaThread* thread, Object* src_obj, int32_t src_pos, Object* dst_obj,
                int32_t dst_pos, int32_t length) {
  if (src_obj == nullptr || dst_obj == nullptr) {
    throw_npe(thread);
    return;
  }
  const Klass* sk = src_obj->klass();
  const Klass* dk = dst_obj->klass();
  const int32_t src_len = sk->is_array() ? static_cast<ArrayObject*>(src_obj)->length() : 0;
  const int32_t dst_len = dk->is_array() ? static_cast<ArrayObject*>(dst_obj)->length() : 0;
  bool store_error = false;
  std::string error =
      array_copy_error(sk, src_len, src_pos, dk, dst_len, dst_pos, length, &store_error);
  if (!error.empty()) {
    throw_by_name(
        thread,
        store_error ? "java/lang/ArrayStoreException" : "java/lang/ArrayIndexOutOfBoundsException",
        error);
    return;
  }
  if (length == 0) return;
  auto* src = static_cast<ArrayObject*>(src_obj);
  auto* dst = static_cast<ArrayObject*>(dst_obj);
  if (sk->kind == Klass::Kind::kPrimitiveArray) {
    const size_t size = sk->element_size;
    std::memmove(dst->data<char>() + size * dst_pos, src->data<char>() + size * src_pos,
                 size * static_cast<size_t>(length));
    return;
  }
  // Reference arrays: a plain copy when every source element is assignable,
  // else element-wise store checks (JVMS §6.5 aastore's rule), stopping at
  // the first failure after copying the elements before it.
  Object** from = src->data<Object*>() + src_pos;
  Object** to = dst->data<Object*>() + dst_pos;
  if (sk == dk || sk->component->is_subtype_of(dk->component)) {
    std::memmove(to, from, sizeof(Object*) * static_cast<size_t>(length));
    return;
  }
  for (int32_t i = 0; i < length; ++i) {
    Object* e = from[i];
    if (e != nullptr && !e->klass()->is_subtype_of(dk->component)) {
      const Klass* stype = sk->component;
      const Klass* bound = dk->component;
      std::string message =
          bound->is_subtype_of(stype)
              ? "arraycopy: element type mismatch: can not cast one of the elements of " +
                    stype->external_name() + "[] to the type of the destination array, " +
                    bound->external_name()
              : "arraycopy: type mismatch: can not copy " + stype->external_name() + "[] into " +
                    bound->external_name() + "[]";
      throw_by_name(thread, "java/lang/ArrayStoreException", message);
      return;
    }
    to[i] = e;
  }
}

Object* clone_checked(JavaThread* thread, Object* o) {
  Klass* k = o->klass();
  // JVM_Clone: arrays and Cloneable instances only; the message is the class name.
  if (!k->is_array() && !k->is_subtype_of(vm().classes.Cloneable)) {
    throw_by_name(thread, "java/lang/CloneNotSupportedException", k->external_name());
    return nullptr;
  }
  return clone_object(thread, o);
}

// Under the deterministic scheduler both clocks are its virtual clock.
int64_t current_time_millis() {
  if (sched::deterministic()) return sched::current_time_millis();
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

int64_t nano_time() {
  if (sched::deterministic()) return sched::now_ns();
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jint JNICALL JVM_IHashCode(JNIEnv* env, jobject obj) {
  VmStateScope vm_state(env);
  // HotSpot: 0 for null, else the identity hash.
  Object* o = resolve(obj);
  return o ? identity_hash(o) : 0;
}

JNIEXPORT void JNICALL JVM_MonitorWait(JNIEnv* env, jobject obj, jlong ms) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  if (ms < 0) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "timeout value is negative");
    return;
  }
  {
    ThreadStatusScope status(thread, ThreadStatusScope::Kind::kObjectWait, ms != 0);
    monitor_wait(thread, resolve(obj), ms);
  }
  Object* e = thread->pending_exception();
  if (e && e->klass()->name->equals("java/lang/InterruptedException")) {
    Handle pending = thread->handles().make(e);
    thread->clear_pending_exception();
    clear_interrupted_status(thread);  // HotSpot clears Thread.interrupted when it throws
    thread->set_pending_exception(pending.get());
  }
}

JNIEXPORT void JNICALL JVM_MonitorNotify(JNIEnv* env, jobject obj) {
  VmStateScope vm_state(env);
  monitor_notify(jvm_thread(env), resolve(obj), false);
}

JNIEXPORT void JNICALL JVM_MonitorNotifyAll(JNIEnv* env, jobject obj) {
  VmStateScope vm_state(env);
  monitor_notify(jvm_thread(env), resolve(obj), true);
}

JNIEXPORT jobject JNICALL JVM_Clone(JNIEnv* env, jobject obj) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local(thread, clone_checked(thread, resolve(obj)));
}

JNIEXPORT jstring JNICALL JVM_InternString(JNIEnv* env, jstring str) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* s = resolve(str);
  if (s == nullptr) return nullptr;
  return make_local_as<jstring>(thread, intern_string(thread, s));
}

JNIEXPORT jlong JNICALL JVM_CurrentTimeMillis(JNIEnv*, jclass) { return current_time_millis(); }

JNIEXPORT jlong JNICALL JVM_NanoTime(JNIEnv*, jclass) { return nano_time(); }

JNIEXPORT jlong JNICALL JVM_GetNanoTimeAdjustment(JNIEnv*, jclass, jlong offset_secs) {
  // HotSpot: -1 when the offset is more than 2^32 seconds away from now.
  constexpr jlong kMaxDiffSecs = 0x0100000000LL;
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  if (sched::deterministic()) {
    int64_t wall = sched::wall_clock_ns();
    ts.tv_sec = wall / 1'000'000'000;
    ts.tv_nsec = wall % 1'000'000'000;
  }
  const jlong diff = static_cast<jlong>(ts.tv_sec) - offset_secs;
  if (diff >= kMaxDiffSecs || diff <= -kMaxDiffSecs) return -1;
  return diff * 1000000000LL + ts.tv_nsec;
}

JNIEXPORT void JNICALL JVM_ArrayCopy(JNIEnv* env, jclass, jobject src, jint src_pos, jobject dst,
                                     jint dst_pos, jint length) {
  VmStateScope vm_state(env);
  array_copy(jvm_thread(env), resolve(src), src_pos, resolve(dst), dst_pos, length);
}

}  // extern "C"
