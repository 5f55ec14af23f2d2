// Runtime classes: loaded, linked and initialized as JVMS chapter 5 says.
// One Klass per class or array class per defining loader.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vm/classfile/class_file.h"
#include "vm/descriptor.h"
#include "vm/runtime/method.h"
#include "vm/runtime/object.h"
#include "vm/symbols.h"

namespace minijvm {

class JavaThread;

// JVMS §5.5: the initialization states, plus kLoaded/kLinked before them.
enum class ClassState : uint8_t {
  kLoaded,
  kLinked,
  kBeingInitialized,
  kInitialized,
  kErroneous,
};

struct FieldDesc {
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
  FieldType type;
  uint16_t access_flags = 0;
  uint32_t offset = 0;  // instance: from the object start; static: from the mirror start
  Klass* holder = nullptr;
  const classfile::FieldInfo* info = nullptr;

  bool is_static() const { return access_flags & 0x0008; }
  bool is_volatile() const { return access_flags & 0x0040; }
  bool is_final() const { return access_flags & 0x0010; }
};

// One implemented interface and, per method of that interface (in the
// interface's `methods` order), the method invokeinterface dispatches to.
struct ItableEntry {
  Klass* interface = nullptr;
  std::vector<Method*> methods;
};

class Klass {
 public:
  enum class Kind : uint8_t { kInstance, kObjectArray, kPrimitiveArray };

  Kind kind = Kind::kInstance;
  const Symbol* name = nullptr;            // internal form: java/lang/String, [I, [Ljava/lang/Object;
  uint16_t access_flags = 0;
  Klass* super = nullptr;
  std::vector<Klass*> local_interfaces;    // as declared
  std::vector<Klass*> all_interfaces;      // transitive closure, no duplicates
  // The superclass chain by depth (HotSpot's primary supers): Object at 0,
  // this class at super_depth when that is below kPrimarySupers, nullptr
  // past it. A class at depth d < kPrimarySupers is a superclass of this
  // one exactly when primary_supers[d] is it: one load, where the chain is
  // a walk through a Klass per level. Compiled checkcast and instanceof read
  // it too. Arrays hold Object only; an interface holds Object and itself.
  static constexpr uint32_t kPrimarySupers = 8;
  uint32_t super_depth = 0;
  std::array<const Klass*, kPrimarySupers> primary_supers{};
  // The interface is_subtype_of last found in all_interfaces (HotSpot's
  // secondary super cache): a class of many interfaces is checked against
  // the same few again and again, so most checks skip the scan.
  mutable std::atomic<const Klass*> interface_hit{nullptr};
  Object* loader = nullptr;                // defining loader; nullptr = boot (a GC root)
  Object* mirror = nullptr;                // java.lang.Class instance (a GC root)
  std::unique_ptr<classfile::ClassFile> class_file;  // kInstance only
  // Where the bytes came from, as -verbose:class prints it ("jrt:/java.base",
  // "file:/dir/"); nullptr for array classes.
  const Symbol* source = nullptr;
  Object* protection_domain = nullptr;     // as given to define_class (a GC root)
  // A hidden class (JVMS §5.3.5 via Lookup.defineHiddenClass): never in a
  // loader's dictionary, named "<name>/0x<id>" for Java code.
  bool is_hidden = false;
  // JVMS §5.4.4: the nest host, resolved on first access check (nullptr = not yet).
  std::atomic<Klass*> nest_host{nullptr};

  // Linking (JVMS §5.4) results.
  std::vector<FieldDesc> fields;           // declared fields, instance and static
  uint32_t instance_size = kObjectHeaderSize;  // bytes, including the header
  std::vector<uint32_t> reference_offsets; // instance reference fields incl. inherited (GC)
  uint32_t static_size = 0;                // bytes of statics appended to the mirror
  std::vector<uint32_t> static_reference_offsets;  // within the mirror (GC)
  std::vector<std::unique_ptr<Method>> methods;    // declared, in class-file order
  std::vector<Method*> vtable;
  std::vector<ItableEntry> itable;

  // Arrays.
  Klass* component = nullptr;              // [[I -> [I, [I -> nullptr
  Klass* element = nullptr;                // innermost non-array element class, if a reference
  BasicType element_type = BasicType::kVoid;  // kPrimitiveArray: the element type
  uint8_t dimensions = 0;
  uint8_t element_size = 0;                // bytes per element
  std::atomic<Klass*> array_klass{nullptr};   // the class of arrays of this class

  // The collector's cache of references.h reference_kind (0xFF: not yet known).
  uint8_t reference_kind = 0xFF;
  // Instances are finalizable (references.h): the class declares a
  // finalize()V that does more than return, or inherits one without
  // declaring an empty one (HotSpot's has_finalizer).
  bool has_finalizer = false;

  // Initialization (JVMS §5.5), guarded by init_mutex.
  std::atomic<ClassState> state{ClassState::kLoaded};
  JavaThread* init_thread = nullptr;
  std::mutex init_mutex;
  std::condition_variable init_cv;
  Object* init_error = nullptr;            // the ExceptionInInitializerError cause (GC root)

  // Per constant-pool index resolution results, filled by resolution
  // (interp/) on first use; one atomic pointer per index.
  std::unique_ptr<std::atomic<void*>[]> resolved;

  bool is_interface() const { return access_flags & 0x0200; }
  bool is_abstract() const { return access_flags & 0x0400; }
  bool is_final() const { return access_flags & 0x0010; }
  bool is_array() const { return kind != Kind::kInstance; }
  bool is_initialized() const { return state.load(std::memory_order_acquire) == ClassState::kInitialized; }
  const Symbol* source_file() const { return class_file ? class_file->source_file : nullptr; }

  // JVMS §6.5 checkcast/instanceof semantics: is this class a subtype of `other`?
  bool is_subtype_of(const Klass* other) const;
  // Fills super_depth and primary_supers from `super`, once it is set
  // (nullptr for java.lang.Object).
  void fill_primary_supers();
  // Declared members by name and descriptor (no inheritance), or nullptr.
  Method* find_declared_method(const Symbol* name, const Symbol* descriptor) const;
  FieldDesc* find_declared_field(const Symbol* name, const Symbol* descriptor);
  // "java.lang.String", "[I", "[Ljava.lang.Object;" -- Class.getName's spelling.
  std::string external_name() const;
  // The package part of the internal name ("java/lang"), "" for the unnamed package.
  std::string_view package_name() const;
  // A class of java.base (the boot loader's named module); everything else
  // is in an unnamed module as far as this VM knows yet.
  bool in_java_base() const;
};

}  // namespace minijvm
