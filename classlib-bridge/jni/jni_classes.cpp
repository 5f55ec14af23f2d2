// JNI class operations, member IDs, reflection support and native method
// registration (JNI spec chapter 4 "Class Operations", "Accessing Fields of
// Objects", "Calling Instance Methods", "Registering Native Methods",
// "Reflection Support", "Module Support"; HotSpot jni.cpp).
#include <span>
#include <string>

#include "classlib-bridge/jni/jni_internal.h"
#include "classlib-bridge/jvm/jvm_reflection.h"
#include "classlib-bridge/native_calls/jni_binder.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm::jni {
namespace {

const Symbol* lookup_symbol(const char* s) { return s ? symbol_table().lookup(s) : nullptr; }

// "Ljava/lang/String;" or "[I": HotSpot's Klass::signature_name.
std::string signature_name(const Klass* k) {
  return k->is_array() ? k->name->str() : "L" + k->name->str() + ";";
}

jclass JNICALL DefineClass(JNIEnv* env, const char* name, jobject loader, const jbyte* buf,
                           jsize len) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (buf == nullptr || len < 0) {
    throw_by_name(thread, "java/lang/ClassFormatError", "bad class data");
    return nullptr;
  }
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(buf), static_cast<size_t>(len));
  Klass* k = define_class(thread, name ? intern(name) : nullptr, bytes, resolve(loader), nullptr,
                          "__JVM_DefineClass__");
  return make_local_class(thread, k);
}

// HotSpot jni_FindClass: the class loader of the native method on top of the
// stack defines the search; with no Java frame, the boot loader.
// Not done yet: HotSpot's special case of a JNI_OnLoad running under
// NativeLibraries.load (it uses the loader of the loading class).
jclass JNICALL FindClass(JNIEnv* env, const char* name) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (name == nullptr) {
    throw_by_name(thread, "java/lang/NoClassDefFoundError", "null");
    return nullptr;
  }
  Object* loader = nullptr;
  if (Frame* f = thread->top_frame(); f != nullptr && f->method != nullptr) {
    loader = f->method->holder->loader;
  }
  Klass* k = load_class(thread, intern(name), loader);
  if (k == nullptr) return nullptr;
  if (!k->is_array() && !k->is_initialized() && !initialize_class(thread, k)) return nullptr;
  return make_local_class(thread, k);
}

jclass JNICALL GetSuperclass(JNIEnv* env, jclass clazz) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k = klass_of(clazz);
  if (k == nullptr || k->is_interface() || k->super == nullptr) return nullptr;
  return make_local_class(thread, k->super);
}

jboolean JNICALL IsAssignableFrom(JNIEnv* env, jclass sub, jclass sup) {
  ThreadStateScope in_vm(thread_of(env), ThreadState::kInVm);
  Klass* ks = klass_of(sub);
  Klass* kp = klass_of(sup);
  if (ks == nullptr || kp == nullptr) {  // primitive classes: only to themselves
    return resolve(sub) == resolve(sup) ? JNI_TRUE : JNI_FALSE;
  }
  return ks->is_subtype_of(kp) ? JNI_TRUE : JNI_FALSE;
}

// The class behind `clazz`, linked and initialized (HotSpot initializes it
// before handing out member IDs), or nullptr with an exception pending.
Klass* initialized_klass(JavaThread* thread, jclass clazz) {
  Klass* k = klass_of(clazz);
  if (k == nullptr) {
    if (resolve(clazz) == nullptr) throw_npe(thread);
    return nullptr;
  }
  if (!k->is_array() && !k->is_initialized() && !initialize_class(thread, k)) return nullptr;
  return k;
}

jfieldID field_id(JNIEnv* env, jclass clazz, const char* name, const char* sig, bool is_static) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k = initialized_klass(thread, clazz);
  if (k == nullptr) {
    if (!thread->has_pending_exception()) {
      throw_by_name(thread, "java/lang/NoSuchFieldError", name ? name : "null");
    }
    return nullptr;
  }
  const Symbol* n = lookup_symbol(name);
  const Symbol* s = lookup_symbol(sig);
  FieldDesc* fd = (n && s) ? lookup_field(k, n, s) : nullptr;
  if (fd == nullptr || fd->is_static() != is_static) {
    throw_by_name(thread, "java/lang/NoSuchFieldError", name ? name : "null");
    return nullptr;
  }
  return reinterpret_cast<jfieldID>(fd);
}

jmethodID method_id(JNIEnv* env, jclass clazz, const char* name, const char* sig, bool is_static) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k = initialized_klass(thread, clazz);
  if (k == nullptr) {
    if (!thread->has_pending_exception()) {
      throw_by_name(thread, "java/lang/NoSuchMethodError", name ? name : "null");
    }
    return nullptr;
  }
  const Symbol* n = lookup_symbol(name);
  const Symbol* s = lookup_symbol(sig);
  Method* m = nullptr;
  if (n && s) {
    // Constructors and initializers are never inherited.
    m = (n == vm_symbols().object_initializer_name || n == vm_symbols().class_initializer_name)
            ? k->find_declared_method(n, s)
            : lookup_method(k, n, s);
  }
  if (m == nullptr || m->is_static() != is_static) {
    std::string msg = std::string(is_static ? "static " : "") + signature_name(k) + "." +
                      (name ? name : "null") + (sig ? sig : "");
    throw_by_name(thread, "java/lang/NoSuchMethodError", msg);
    return nullptr;
  }
  return reinterpret_cast<jmethodID>(m);
}

jfieldID JNICALL GetFieldID(JNIEnv* env, jclass c, const char* name, const char* sig) {
  return field_id(env, c, name, sig, false);
}
jfieldID JNICALL GetStaticFieldID(JNIEnv* env, jclass c, const char* name, const char* sig) {
  return field_id(env, c, name, sig, true);
}
jmethodID JNICALL GetMethodID(JNIEnv* env, jclass c, const char* name, const char* sig) {
  return method_id(env, c, name, sig, false);
}
jmethodID JNICALL GetStaticMethodID(JNIEnv* env, jclass c, const char* name, const char* sig) {
  return method_id(env, c, name, sig, true);
}

// --- reflection ---------------------------------------------------------------
// A java.lang.reflect.Method/Constructor/Field names its member by `clazz`
// and `slot`; the slot is the member's index in Klass::methods / Klass::fields
// (the contract with JVM_GetClassDeclaredMethods/Fields in classlib-bridge/jvm).

// The int field `slot` and the Class field `clazz` of a reflection object.
bool reflected_member(JavaThread* thread, jobject reflected, Klass** holder, int32_t* slot) {
  Object* r = resolve(reflected);
  if (r == nullptr) {
    throw_npe(thread);
    return false;
  }
  FieldDesc* clazz = lookup_field(r->klass(), intern("clazz"), vm_symbols().class_signature);
  FieldDesc* index = lookup_field(r->klass(), intern("slot"), vm_symbols().int_signature);
  if (clazz == nullptr || index == nullptr) {
    throw_by_name(thread, "java/lang/InternalError",
                  "JNI FromReflected*: not a reflection object: " + r->klass()->external_name());
    return false;
  }
  *holder = klass_of_mirror(r->ref_field(clazz->offset));
  *slot = r->field<int32_t>(index->offset);
  return *holder != nullptr;
}

jmethodID JNICALL FromReflectedMethod(JNIEnv* env, jobject method) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k;
  int32_t slot;
  if (!reflected_member(thread, method, &k, &slot)) return nullptr;
  if (slot < 0 || static_cast<size_t>(slot) >= k->methods.size()) return nullptr;
  return reinterpret_cast<jmethodID>(k->methods[static_cast<size_t>(slot)].get());
}

jfieldID JNICALL FromReflectedField(JNIEnv* env, jobject field) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k;
  int32_t slot;
  if (!reflected_member(thread, field, &k, &slot)) return nullptr;
  if (slot < 0 || static_cast<size_t>(slot) >= k->fields.size()) return nullptr;
  return reinterpret_cast<jfieldID>(&k->fields[static_cast<size_t>(slot)]);
}

// HotSpot's jni_ToReflectedMethod/ToReflectedField: a new reflection object
// for the member, made as Class.getDeclaredMethods/Fields make theirs
// (classlib-bridge/jvm/jvm_reflection.cpp), a Constructor for an <init>.
// `isStatic` only says how the ID was obtained; HotSpot checks it only
// under -Xcheck:jni, and so it is not used here either.
jobject JNICALL ToReflectedMethod(JNIEnv* env, jclass, jmethodID id, jboolean) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  auto* m = reinterpret_cast<Method*>(id);
  if (m == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  Object* reflected = m->name == vm_symbols().object_initializer_name
                          ? new_reflect_constructor(thread, m, m->holder_index)
                          : new_reflect_method(thread, m, m->holder_index);
  return reflected != nullptr ? make_local(thread, reflected) : nullptr;
}

jobject JNICALL ToReflectedField(JNIEnv* env, jclass, jfieldID id, jboolean) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  auto* f = reinterpret_cast<FieldDesc*>(id);
  if (f == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  Klass* holder = f->holder;
  // Its index in the holder's fields: FromReflectedField's inverse.
  const auto slot = static_cast<int32_t>(f - holder->fields.data());
  Object* reflected = new_reflect_field(thread, holder, slot);
  return reflected != nullptr ? make_local(thread, reflected) : nullptr;
}

// --- natives --------------------------------------------------------------------

jint JNICALL RegisterNatives(JNIEnv* env, jclass clazz, const JNINativeMethod* methods,
                             jint count) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k = klass_of(clazz);
  if (k == nullptr) {
    throw_npe(thread);
    return JNI_ERR;
  }
  for (jint i = 0; i < count; ++i) {
    const JNINativeMethod& m = methods[i];
    if (m.name == nullptr || m.signature == nullptr) {
      throw_npe(thread);
      return JNI_ERR;
    }
    if (!register_jni_native(thread, k, m.name, m.signature, m.fnPtr)) return JNI_ERR;
  }
  return JNI_OK;
}

jint JNICALL UnregisterNatives(JNIEnv* env, jclass clazz) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Klass* k = klass_of(clazz);
  if (k == nullptr) {
    throw_npe(thread);
    return JNI_ERR;
  }
  unregister_jni_natives(k);
  return JNI_OK;
}

// JNI 9: the java.lang.Module of a class (Class.module, set when the class
// is defined).
jobject JNICALL GetModule(JNIEnv* env, jclass clazz) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* mirror = resolve(clazz);
  if (mirror == nullptr) {
    throw_npe(thread);
    return nullptr;
  }
  FieldDesc* module = lookup_field(mirror->klass(), intern("module"), intern("Ljava/lang/Module;"));
  if (module == nullptr) {
    throw_by_name(thread, "java/lang/InternalError", "java.lang.Class has no field 'module'");
    return nullptr;
  }
  return make_local(thread, mirror->ref_field(module->offset));
}

}  // namespace

void fill_class_functions(JNINativeInterface_& t) {
  t.DefineClass = DefineClass;
  t.FindClass = FindClass;
  t.GetSuperclass = GetSuperclass;
  t.IsAssignableFrom = IsAssignableFrom;
  t.GetFieldID = GetFieldID;
  t.GetStaticFieldID = GetStaticFieldID;
  t.GetMethodID = GetMethodID;
  t.GetStaticMethodID = GetStaticMethodID;
  t.FromReflectedMethod = FromReflectedMethod;
  t.FromReflectedField = FromReflectedField;
  t.ToReflectedMethod = ToReflectedMethod;
  t.ToReflectedField = ToReflectedField;
  t.RegisterNatives = RegisterNatives;
  t.UnregisterNatives = UnregisterNatives;
  t.GetModule = GetModule;
}

}  // namespace minijvm::jni
