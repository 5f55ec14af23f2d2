// JVM_* functions that find, define and describe classes (HotSpot: prims/jvm.cpp
// JVM_FindPrimitiveClass .. JVM_GetPermittedSubclasses; oops/instanceKlass.cpp
// compute_modifier_flags for the InnerClasses rules, JVMS §4.7.6).
#include <algorithm>
#include <span>
#include <string>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

constexpr int32_t kAccPublic = 0x0001, kAccPrivate = 0x0002, kAccProtected = 0x0004;
constexpr int32_t kAccFinal = 0x0010, kAccSuper = 0x0020, kAccAbstract = 0x0400;
constexpr int32_t kWrittenFlags = 0x7FFF;  // JVM_ACC_WRITTEN_FLAGS
constexpr int32_t kPrimitiveFlags = kAccAbstract | kAccFinal | kAccPublic;

// The class's own InnerClasses entry: the one naming its this_class (a
// hidden class's entries still use the name in its bytes).
const classfile::InnerClass* inner_class_entry(const Klass* k) {
  if (!k->class_file || !k->class_file->inner_classes) return nullptr;
  for (const auto& ic : *k->class_file->inner_classes) {
    if (ic.inner_class == k->class_file->this_class) return &ic;
  }
  return nullptr;
}

// A class named in `from`'s class file, loaded by `from`'s loader; nullptr
// with the exception pending on failure.
Klass* load_referenced(JavaThread* thread, Klass* from, const Symbol* name) {
  Klass* k = load_class(thread, name, from->loader);
  if (k && !link_class(thread, k)) return nullptr;
  return k;
}

Object* mirror_array(JavaThread* thread, std::span<Klass* const> classes) {
  HandleMark mark(thread->handles());
  ArrayObject* a =
      new_object_array(thread, vm().classes.Class, static_cast<int32_t>(classes.size()));
  if (a == nullptr) return nullptr;
  for (size_t i = 0; i < classes.size(); ++i) a->data<Object*>()[i] = classes[i]->mirror;
  return a;
}

Object* string_or_null(JavaThread* thread, const Symbol* s) {
  return s ? intern_symbol(thread, s) : nullptr;
}

Object* bytes_or_null(JavaThread* thread, const std::optional<classfile::Bytes>& bytes) {
  if (!bytes) return nullptr;
  ArrayObject* a =
      new_primitive_array(thread, BasicType::kByte, static_cast<int32_t>(bytes->size()));
  if (a == nullptr) return nullptr;
  std::copy(bytes->begin(), bytes->end(), a->data<uint8_t>());
  return a;
}

// JVMS §5.4.4 nest host: the NestHost class if it lists this class, else itself.
Klass* nest_host(JavaThread* thread, Klass* k) {
  if (k->is_hidden) return k->nest_host.load(std::memory_order_acquire);  // set when defined
  if (!k->class_file || k->class_file->nest_host == nullptr) return k;
  Klass* host = load_referenced(thread, k, k->class_file->nest_host);
  if (host == nullptr) {
    thread->clear_pending_exception();  // HotSpot: a bad host means "self"
    return k;
  }
  if (host->class_file && host->loader == k->loader && host->package_name() == k->package_name()) {
    for (const Symbol* m : host->class_file->nest_members) {
      if (m == k->name) return host;
    }
  }
  return k;
}

Object* class_name_string(JavaThread* thread, Object* mirror) {
  Klass* k = klass_of_mirror(mirror);
  std::string name =
      k ? k->external_name() : std::string(java_name(primitive_type_of_mirror(mirror)));
  HandleMark mark(thread->handles());
  Object* s = java_string(thread, name);
  if (s == nullptr) return nullptr;
  return intern_string(thread, s);
}

}  // namespace

Object* init_class_name(JavaThread* thread, Object* mirror_obj) {
  HandleMark mark(thread->handles());
  Handle mirror = thread->handles().make(mirror_obj);
  Object* existing = get_ref_field(thread, mirror.get(), "name", "Ljava/lang/String;");
  if (existing != nullptr || thread->has_pending_exception()) return existing;
  Object* name = class_name_string(thread, mirror.get());
  if (name == nullptr) return nullptr;
  set_ref_field(thread, mirror.get(), "name", "Ljava/lang/String;", name);
  return name;
}

int32_t class_modifiers(Klass* k) {
  if (k == nullptr) return kPrimitiveFlags;
  if (k->is_array()) {
    // ObjArrayKlass::compute_modifier_flags: the element's visibility.
    // Primitive arrays are public.
    int32_t element =
        k->kind == Klass::Kind::kPrimitiveArray ? kAccPublic : class_modifiers(k->component);
    return (element & (kAccPublic | kAccPrivate | kAccProtected)) | kAccAbstract | kAccFinal;
  }
  int32_t access = k->access_flags;
  if (const classfile::InnerClass* ic = inner_class_entry(k)) access = ic->access_flags;
  return (access & ~kAccSuper) & kWrittenFlags;
}

Object* class_interfaces(JavaThread* thread, Object* mirror) {
  Klass* k = klass_of_mirror(mirror);
  if (k == nullptr) return mirror_array(thread, {});
  if (k->is_array()) {
    // JVMS §4.10.1.2: arrays implement Cloneable and Serializable.
    Klass* both[2] = {vm().classes.Cloneable, vm().classes.Serializable};
    return mirror_array(thread, both);
  }
  return mirror_array(thread, k->local_interfaces);
}

Klass* find_class(JavaThread* thread, std::string_view name, Object* loader, bool initialize) {
  Klass* k = load_class(thread, intern(name), loader);
  if (k == nullptr) return nullptr;
  if (!k->is_array() && !link_class(thread, k)) return nullptr;
  if (initialize && !k->is_array() && !initialize_class(thread, k)) return nullptr;
  return k;
}

}  // namespace minijvm

using namespace minijvm;

namespace {

bool pending_is(JavaThread* thread, std::string_view class_name) {
  Object* e = thread->pending_exception();
  return e && e->klass()->name->equals(class_name);
}

Klass* class_arg(jclass cls) { return klass_from_mirror(resolve(cls)); }

}  // namespace

extern "C" {

JNIEXPORT jclass JNICALL JVM_FindPrimitiveClass(JNIEnv* env, const char* utf) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  static constexpr BasicType kTypes[] = {BasicType::kBoolean, BasicType::kChar, BasicType::kFloat,
                                         BasicType::kDouble,  BasicType::kByte, BasicType::kShort,
                                         BasicType::kInt,     BasicType::kLong, BasicType::kVoid};
  for (BasicType t : kTypes) {
    if (java_name(t) == utf) return make_local_as<jclass>(thread, primitive_mirror(t));
  }
  return nullptr;
}

JNIEXPORT jclass JNICALL JVM_FindClassFromBootLoader(JNIEnv* env, const char* name) {
  VmStateScope vm_state(env);
  // SystemDictionary::resolve_or_null: null for a class that does not exist.
  JavaThread* thread = jvm_thread(env);
  Klass* k = find_class(thread, name, nullptr, false);
  if (k == nullptr) {
    if (pending_is(thread, "java/lang/NoClassDefFoundError")) thread->clear_pending_exception();
    return nullptr;
  }
  return make_local_as<jclass>(thread, k->mirror);
}

JNIEXPORT jclass JNICALL JVM_FindClassFromCaller(JNIEnv* env, const char* name, jboolean init,
                                                 jobject loader, jclass) {
  VmStateScope vm_state(env);
  // find_class_from_class_loader with throw_error == false: a class the boot
  // loader does not have is ClassNotFoundException naming it in internal
  // form ("no/such/Clazz"), as SystemDictionary::resolve_or_fail words it.
  JavaThread* thread = jvm_thread(env);
  Handle loader_h = thread->handles().make(resolve(loader));
  Klass* k = find_class(thread, name, loader_h.get(), init);
  if (k == nullptr) {
    if (pending_is(thread, "java/lang/NoClassDefFoundError") && loader_h.is_null()) {
      thread->clear_pending_exception();
      throw_by_name(thread, "java/lang/ClassNotFoundException", name);
    } else if (pending_is(thread, "java/lang/NoClassDefFoundError") && !loader_h.is_null()) {
      // load_class turned the loader's ClassNotFoundException into
      // NoClassDefFoundError (resolve_or_fail); with throw_error == false
      // HotSpot lets the loader's exception through: unwrap it.
      Object* cause = get_ref_field(thread, thread->pending_exception(), "cause",
                                    "Ljava/lang/Throwable;");
      if (cause && cause->klass()->name->equals("java/lang/ClassNotFoundException"))
        thread->set_pending_exception(cause);
    }
    return nullptr;
  }
  return make_local_as<jclass>(thread, k->mirror);
}

JNIEXPORT jclass JNICALL JVM_FindLoadedClass(JNIEnv* env, jobject loader, jstring name) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* n = resolve(name);
  if (n == nullptr) return nullptr;
  std::string internal = utf8_of(n);
  std::replace(internal.begin(), internal.end(), '.', '/');
  Klass* k = find_loaded_class(intern(internal), resolve(loader));
  return k ? make_local_as<jclass>(thread, k->mirror) : nullptr;
}

JNIEXPORT jclass JNICALL JVM_DefineClassWithSource(JNIEnv* env, const char* name, jobject loader,
                                                   const jbyte* buf, jsize len, jobject pd,
                                                   const char* source) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(buf), static_cast<size_t>(len));
  Klass* k = define_class(thread, name ? intern(name) : nullptr, bytes, resolve(loader),
                          resolve(pd), source ? source : "");
  if (k == nullptr) return nullptr;
  return make_local_as<jclass>(thread, k->mirror);
}

// Lookup.defineClass and Lookup.defineHiddenClass (through
// ClassLoader.defineClass0), as HotSpot's jvm_lookup_define_class: the class
// joins the lookup class's loader and package; a hidden one may join its nest
// and carries classData.
JNIEXPORT jclass JNICALL JVM_LookupDefineClass(JNIEnv* env, jclass lookup, const char* name,
                                               const jbyte* buf, jsize len, jobject pd,
                                               jboolean init, int flags, jobject class_data) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  constexpr int kNestmate = 0x1, kHidden = 0x2, kStrongLoaderLink = 0x4, kVmAnnotations = 0x8;
  Klass* lookup_k = lookup != nullptr ? klass_from_mirror(resolve(lookup)) : nullptr;
  if (lookup_k == nullptr) {
    throw_by_name(thread, "java/lang/IllegalArgumentException", "Lookup class is null");
    return nullptr;
  }
  bool is_hidden = flags & kHidden;
  bool is_nestmate = flags & kNestmate;
  if (!is_hidden) {
    const char* error = nullptr;
    if (class_data != nullptr) error = "classData is only applicable for hidden classes";
    else if (is_nestmate) error = "dynamic nestmate is only applicable for hidden classes";
    else if (!(flags & kStrongLoaderLink))
      error = "an ordinary class must be strongly referenced by its defining loader";
    else if (flags & kVmAnnotations) error = "vm annotations only allowed for hidden classes";
    else if (flags != kStrongLoaderLink) error = "invalid flag";
    if (error != nullptr) {
      throw_by_name(thread, "java/lang/IllegalArgumentException", error);
      return nullptr;
    }
  }
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(buf), static_cast<size_t>(len));
  Klass* k;
  if (is_hidden) {
    Klass* host = is_nestmate ? nest_host(thread, lookup_k) : nullptr;
    if (thread->has_pending_exception()) return nullptr;
    k = define_hidden_class(thread, name ? intern(name) : nullptr, bytes, lookup_k->loader,
                            resolve(pd), host, lookup_k->external_name());
  } else {
    k = define_class(thread, name ? intern(name) : nullptr, bytes, lookup_k->loader, resolve(pd),
                     "__JVM_LookupDefineClass__");
  }
  if (k == nullptr) return nullptr;
  if ((!is_hidden || is_nestmate) && k->package_name() != lookup_k->package_name()) {
    throw_by_name(thread, "java/lang/IllegalArgumentException",
                  "Lookup class and defined class are in different packages");
    return nullptr;
  }
  if (is_hidden && class_data != nullptr) {
    set_ref_field(thread, k->mirror, "classData", "Ljava/lang/Object;", resolve(class_data));
    if (thread->has_pending_exception()) return nullptr;
  }
  if (!(init ? initialize_class(thread, k) : link_class(thread, k))) return nullptr;
  return make_local_as<jclass>(thread, k->mirror);
}

JNIEXPORT jstring JNICALL JVM_InitClassName(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jstring>(thread, init_class_name(thread, resolve(cls)));
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassInterfaces(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  return make_local_as<jobjectArray>(thread, class_interfaces(thread, resolve(cls)));
}

JNIEXPORT jboolean JNICALL JVM_IsInterface(JNIEnv*, jclass cls) {
  Klass* k = class_arg(cls);
  return k && k->is_interface() ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassSigners(JNIEnv*, jclass) {
  return nullptr;  // minijvm never records signers (JVM_SetClassSigners fails loudly)
}

JNIEXPORT void JNICALL JVM_SetClassSigners(JNIEnv* env, jclass, jobjectArray) {
  VmStateScope vm_state(env);
  throw_unimplemented(jvm_thread(env), "JVM_SetClassSigners");
}

JNIEXPORT jobject JNICALL JVM_GetProtectionDomain(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  // The domain given when the class was defined; null for primitive, array
  // (HotSpot: the element's) and boot classes.
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(cls);
  while (k && k->is_array()) k = k->element;
  return k ? make_local(thread, k->protection_domain) : nullptr;
}

JNIEXPORT jboolean JNICALL JVM_IsArrayClass(JNIEnv*, jclass cls) {
  Klass* k = class_arg(cls);
  return k && k->is_array() ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jboolean JNICALL JVM_IsPrimitiveClass(JNIEnv*, jclass cls) {
  Object* m = resolve(cls);
  return m && klass_of_mirror(m) == nullptr ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jboolean JNICALL JVM_IsHiddenClass(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  Klass* k = klass_from_mirror(resolve(cls));
  return k != nullptr && k->is_hidden ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jint JNICALL JVM_GetClassModifiers(JNIEnv*, jclass cls) {
  return class_modifiers(class_arg(cls));
}

JNIEXPORT jint JNICALL JVM_GetClassAccessFlags(JNIEnv*, jclass cls) {
  Klass* k = class_arg(cls);
  if (k == nullptr) return kPrimitiveFlags;
  if (k->is_array()) return class_modifiers(k);
  return k->access_flags & kWrittenFlags;
}

JNIEXPORT jobjectArray JNICALL JVM_GetDeclaredClasses(JNIEnv* env, jclass ofClass) {
  VmStateScope vm_state(env);
  // Member classes: InnerClasses entries whose outer class is this class.
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(ofClass);
  std::vector<Klass*> members;
  if (k && k->class_file && k->class_file->inner_classes) {
    for (const auto& ic : *k->class_file->inner_classes) {
      if (ic.outer_class != k->name || ic.inner_class == nullptr) continue;
      Klass* inner = load_referenced(thread, k, ic.inner_class);
      if (inner == nullptr) return nullptr;
      members.push_back(inner);
    }
  }
  return make_local_as<jobjectArray>(thread, mirror_array(thread, members));
}

JNIEXPORT jclass JNICALL JVM_GetDeclaringClass(JNIEnv* env, jclass ofClass) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(ofClass);
  if (k == nullptr || k->is_array()) return nullptr;
  const classfile::InnerClass* ic = inner_class_entry(k);
  if (ic == nullptr || ic->outer_class == nullptr) return nullptr;
  Klass* outer = load_referenced(thread, k, ic->outer_class);
  if (outer == nullptr) return nullptr;
  // Reflection::check_for_inner_class: the outer class must list this very
  // class as its member (a hidden copy or another loader's copy is not).
  bool declared = false;
  if (outer->class_file && outer->class_file->inner_classes) {
    for (const auto& entry : *outer->class_file->inner_classes) {
      if (declared || entry.inner_class != k->name || entry.outer_class != outer->name) continue;
      Klass* inner = load_referenced(thread, outer, entry.inner_class);
      if (inner == nullptr) return nullptr;
      declared = inner == k;
    }
  }
  if (!declared) {
    throw_by_name(thread, "java/lang/IncompatibleClassChangeError",
                  outer->external_name() + " and " + k->external_name() +
                      " disagree on InnerClasses attribute");
    return nullptr;
  }
  return make_local_as<jclass>(thread, outer->mirror);
}

JNIEXPORT jstring JNICALL JVM_GetSimpleBinaryName(JNIEnv* env, jclass ofClass) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(ofClass);
  if (k == nullptr || k->is_array()) return nullptr;
  const classfile::InnerClass* ic = inner_class_entry(k);
  // Member and local classes have an inner name; anonymous classes do not.
  if (ic == nullptr || ic->inner_name == nullptr) return nullptr;
  return make_local_as<jstring>(thread, intern_symbol(thread, ic->inner_name));
}

JNIEXPORT jstring JNICALL JVM_GetClassSignature(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(cls);
  if (k == nullptr || !k->class_file) return nullptr;
  return make_local_as<jstring>(thread, string_or_null(thread, k->class_file->generic_signature));
}

JNIEXPORT jbyteArray JNICALL JVM_GetClassAnnotations(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(cls);
  if (k == nullptr || !k->class_file) return nullptr;
  return make_local_as<jbyteArray>(
      thread, bytes_or_null(thread, k->class_file->annotations.runtime_visible));
}

JNIEXPORT jbyteArray JNICALL JVM_GetClassTypeAnnotations(JNIEnv* env, jclass cls) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(cls);
  if (k == nullptr || !k->class_file) return nullptr;
  return make_local_as<jbyteArray>(
      thread, bytes_or_null(thread, k->class_file->annotations.runtime_visible_type));
}

JNIEXPORT jboolean JNICALL JVM_AreNestMates(JNIEnv* env, jclass current, jclass member) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* a = class_arg(current);
  Klass* b = class_arg(member);
  if (a == nullptr || b == nullptr || a->is_array() || b->is_array()) return JNI_FALSE;
  return nest_host(thread, a) == nest_host(thread, b) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jclass JNICALL JVM_GetNestHost(JNIEnv* env, jclass current) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(current);
  if (k == nullptr || k->is_array()) return nullptr;  // Class.getNestHost handles these
  return make_local_as<jclass>(thread, nest_host(thread, k)->mirror);
}

JNIEXPORT jobjectArray JNICALL JVM_GetNestMembers(JNIEnv* env, jclass current) {
  VmStateScope vm_state(env);
  // The host first, then each listed member that names the same host.
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(current);
  if (k == nullptr) return nullptr;
  Klass* host = nest_host(thread, k);
  std::vector<Klass*> members{host};
  if (host->class_file) {
    for (const Symbol* name : host->class_file->nest_members) {
      Klass* m = load_referenced(thread, host, name);
      if (m == nullptr) return nullptr;
      if (nest_host(thread, m) == host) members.push_back(m);
    }
  }
  return make_local_as<jobjectArray>(thread, mirror_array(thread, members));
}

JNIEXPORT jboolean JNICALL JVM_IsRecord(JNIEnv*, jclass cls) {
  // InstanceKlass::is_record: a Record attribute, final, extending java.lang.Record.
  Klass* k = class_arg(cls);
  return k && k->class_file && k->class_file->record.has_value() && (k->access_flags & kAccFinal) &&
                 k->super && k->super->name == vm_symbols().java_lang_Record
             ? JNI_TRUE
             : JNI_FALSE;
}

JNIEXPORT jobjectArray JNICALL JVM_GetPermittedSubclasses(JNIEnv* env, jclass current) {
  VmStateScope vm_state(env);
  // null unless sealed; else the listed subclasses that load (HotSpot skips failures).
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(current);
  if (k == nullptr || !k->class_file || !k->class_file->permitted_subclass_indices) return nullptr;
  std::vector<Klass*> subclasses;
  for (const Symbol* name : k->class_file->permitted_subclasses) {
    Klass* s = load_referenced(thread, k, name);
    if (s == nullptr) {
      thread->clear_pending_exception();
      continue;
    }
    subclasses.push_back(s);
  }
  return make_local_as<jobjectArray>(thread, mirror_array(thread, subclasses));
}

JNIEXPORT jobjectArray JNICALL JVM_GetEnclosingMethodInfo(JNIEnv* env, jclass ofClass) {
  VmStateScope vm_state(env);
  // {enclosing Class, method name or null, method descriptor or null}, or null.
  JavaThread* thread = jvm_thread(env);
  Klass* k = class_arg(ofClass);
  if (k == nullptr || !k->class_file || !k->class_file->enclosing_method) return nullptr;
  const classfile::EnclosingMethod& em = *k->class_file->enclosing_method;
  Klass* outer = load_referenced(thread, k, em.class_name);
  if (outer == nullptr) return nullptr;
  Handle result = thread->handles().make(new_object_array(thread, vm().classes.Object, 3));
  if (result.is_null()) return nullptr;
  static_cast<ArrayObject*>(result.get())->data<Object*>()[0] = outer->mirror;
  if (em.method_name) {
    Object* name = intern_symbol(thread, em.method_name);
    if (name == nullptr) return nullptr;
    static_cast<ArrayObject*>(result.get())->data<Object*>()[1] = name;
    Object* desc = intern_symbol(thread, em.method_descriptor);
    if (desc == nullptr) return nullptr;
    static_cast<ArrayObject*>(result.get())->data<Object*>()[2] = desc;
  }
  return static_cast<jobjectArray>(result.slot() ? reinterpret_cast<jobject>(result.slot())
                                                 : nullptr);
}

}  // extern "C"
