#include "classlib-bridge/native_calls/ffi_invoker.h"

#include <ffi.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/jni/jni_internal.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/thread.h"

namespace minijvm {
namespace {

// The call shape of one bound native.
struct NativeShape {
  ffi_cif cif;
  std::vector<ffi_type*> arg_types;  // JNIEnv*, jclass/jobject, then the parameters
  void* function = nullptr;
};

ffi_type* ffi_type_of(BasicType t) {
  switch (t) {
    case BasicType::kBoolean:
      return &ffi_type_uint8;
    case BasicType::kByte:
      return &ffi_type_sint8;
    case BasicType::kChar:
      return &ffi_type_uint16;
    case BasicType::kShort:
      return &ffi_type_sint16;
    case BasicType::kInt:
      return &ffi_type_sint32;
    case BasicType::kLong:
      return &ffi_type_sint64;
    case BasicType::kFloat:
      return &ffi_type_float;
    case BasicType::kDouble:
      return &ffi_type_double;
    case BasicType::kVoid:
      return &ffi_type_void;
    default:
      return &ffi_type_pointer;
  }
}

// Every shape ever made. A call reads its method's shape from
// Method::native_call_shape without a lock; shapes are never freed while the
// process runs, so a call on another thread may go on using one that a
// rebinding (RegisterNatives, rare) replaced.
struct ShapeStore {
  std::mutex mutex;
  std::vector<std::unique_ptr<NativeShape>> shapes;
};

ShapeStore& shape_store() {
  static ShapeStore* store = new ShapeStore();  // immortal: natives run during exit
  return *store;
}

// Max JVM parameters are 255 slots (JVMS §4.3.3), plus env and class/receiver.
constexpr size_t kMaxArgs = 258;

}  // namespace

bool bind_jni_function(Method* method, void* function) {
  auto shape = std::make_unique<NativeShape>();
  shape->function = function;
  shape->arg_types.push_back(&ffi_type_pointer);  // JNIEnv*
  shape->arg_types.push_back(&ffi_type_pointer);  // jclass or jobject
  for (const FieldType& p : method->signature->params)
    shape->arg_types.push_back(ffi_type_of(p.type));
  if (ffi_prep_cif(&shape->cif, FFI_DEFAULT_ABI, static_cast<unsigned>(shape->arg_types.size()),
                   ffi_type_of(method->signature->return_type.type),
                   shape->arg_types.data()) != FFI_OK) {
    return false;
  }
  NativeShape* made = shape.get();
  {
    ShapeStore& store = shape_store();
    std::lock_guard lock(store.mutex);
    store.shapes.push_back(std::move(shape));
  }
  method->native_function = function;
  method->native_call_shape.store(made, std::memory_order_release);
  method->native_invoker.store(&invoke_jni_native, std::memory_order_release);
  return true;
}

void unbind_jni_function(Method* method) {
  method->native_invoker.store(nullptr, std::memory_order_release);
  method->native_function = nullptr;
}

void invoke_jni_native(JavaThread* thread, Method* method, Slot* args, Slot* result) {
  auto* shape = static_cast<NativeShape*>(method->native_call_shape.load(std::memory_order_acquire));
  if (shape == nullptr) {
    throw_new(thread, intern("java/lang/InternalError"),
              "JNI native not bound: " + jni::external_method_name(method));
    return;
  }
  JNIEnv* env = jni_env_of(thread);
  jni::EnvBlock* block = jni::block_of(env);
  const size_t frames_at_entry = block->local_frames.size();
  HandleMark mark(thread->handles());  // the native's local reference frame

  uint64_t values[kMaxArgs];
  void* pointers[kMaxArgs];
  size_t n = 0;
  auto put = [&](const void* v, size_t size) {
    values[n] = 0;
    std::memcpy(&values[n], v, size);
    pointers[n] = &values[n];
    ++n;
  };
  jobject receiver_or_class;
  size_t slot = 0;
  if (method->is_static()) {
    receiver_or_class = jni::make_local(thread, method->holder->mirror);
  } else {
    receiver_or_class = jni::make_local(thread, args[0].l);
    slot = 1;
  }
  put(&env, sizeof env);
  put(&receiver_or_class, sizeof receiver_or_class);
  for (const FieldType& p : method->signature->params) {
    const Slot& s = args[slot];
    switch (p.type) {
      case BasicType::kBoolean: {
        jboolean v = static_cast<jboolean>(s.i & 1);
        put(&v, sizeof v);
        break;
      }
      case BasicType::kByte: {
        jbyte v = static_cast<jbyte>(s.i);
        put(&v, sizeof v);
        break;
      }
      case BasicType::kChar: {
        jchar v = static_cast<jchar>(s.i);
        put(&v, sizeof v);
        break;
      }
      case BasicType::kShort: {
        jshort v = static_cast<jshort>(s.i);
        put(&v, sizeof v);
        break;
      }
      case BasicType::kInt:
        put(&s.i, sizeof s.i);
        break;
      case BasicType::kFloat:
        put(&s.f, sizeof s.f);
        break;
      case BasicType::kLong:
        put(&s.j, sizeof s.j);
        break;
      case BasicType::kDouble:
        put(&s.d, sizeof s.d);
        break;
      default: {
        jobject ref = jni::make_local(thread, s.l);
        put(&ref, sizeof ref);
        break;
      }
    }
    slot += static_cast<size_t>(p.slots());
  }

  // A synchronized native holds the monitor of its receiver or class
  // (JVMS §2.11.10) for the whole call.
  Object* lock = method->is_synchronized() ? jni::resolve(receiver_or_class) : nullptr;
  if (lock != nullptr) {
    monitor_enter(thread, lock);
    if (thread->has_pending_exception()) return;
  }

  uint64_t rvalue[2] = {0, 0};  // >= sizeof(ffi_arg), room for a double
  {
    ThreadStateScope in_native(thread, ThreadState::kInNative);
    ffi_call(&shape->cif, FFI_FN(shape->function), rvalue, pointers);
  }

  if (result != nullptr) {
    result->raw = 0;
    const ffi_arg r = static_cast<ffi_arg>(rvalue[0]);
    switch (method->signature->return_type.type) {
      case BasicType::kVoid:
        break;
      case BasicType::kBoolean:
        result->i = (static_cast<uint8_t>(r) != 0) ? 1 : 0;
        break;
      case BasicType::kByte:
        result->i = static_cast<int8_t>(r);
        break;
      case BasicType::kChar:
        result->i = static_cast<uint16_t>(r);
        break;
      case BasicType::kShort:
        result->i = static_cast<int16_t>(r);
        break;
      case BasicType::kInt:
        result->i = static_cast<int32_t>(r);
        break;
      case BasicType::kLong:
        std::memcpy(&result->j, rvalue, sizeof(int64_t));
        break;
      case BasicType::kFloat:
        std::memcpy(&result->f, rvalue, sizeof(float));
        break;
      case BasicType::kDouble:
        std::memcpy(&result->d, rvalue, sizeof(double));
        break;
      default: {
        jobject ref;
        std::memcpy(&ref, rvalue, sizeof ref);
        result->l = jni::resolve(ref);  // before the local frame is freed
        break;
      }
    }
  }
  // Local frames the native pushed and did not pop die with its frame.
  block->local_frames.resize(frames_at_entry);

  if (lock != nullptr) {
    // The exit must happen even with an exception pending; keep the
    // native's exception if the exit itself fails.
    HandleMark keep(thread->handles());
    Handle pending = thread->handles().make(thread->pending_exception());
    thread->clear_pending_exception();
    monitor_exit(thread, lock);
    if (!pending.is_null()) throw_object(thread, pending.get());
  }
  if (thread->has_pending_exception() && result != nullptr) result->raw = 0;
}

}  // namespace minijvm
