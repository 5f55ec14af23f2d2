// java.lang.Class mirrors (one per Klass, one per primitive type) and the
// fields the VM injects into java.lang.Class, as HotSpot's javaClasses.cpp
// does: `klass` (the Klass*, raw) and `primitive_type` (BasicType + 1 for
// primitive mirrors, 0 for class mirrors). Statics of a class live in its
// mirror from mirror_layout().static_base on.
#pragma once

#include <string>
#include <vector>

#include <cstdint>

#include "vm/runtime/klass.h"

namespace minijvm {

class JavaThread;

struct MirrorLayout {
  bool ready = false;             // java/lang/Class has been laid out
  uint32_t klass_offset = 0;      // injected: Klass*
  uint32_t primitive_offset = 0;  // injected: int32 BasicType+1 or 0
  uint32_t class_loader_offset = 0;
  uint32_t component_type_offset = 0;
  uint32_t module_offset = 0;
  uint32_t static_base = 0;  // == Class's instance_size
};
const MirrorLayout& mirror_layout();

// Called by the linker when java/lang/Class has been laid out: computes the
// layout and the static_base, and fixes up the static offsets of the
// classes laid out before (HotSpot's fixup_mirror_list).
void on_class_class_laid_out(Klass* class_klass);
// Static field offsets of a class are relative until Class is laid out;
// the linker registers such classes here.
void defer_static_offsets(Klass* klass);

// Creates klass->mirror (java.lang.Class instance + statics), sets its
// injected fields, classLoader, componentType and the ConstantValue
// primitives (JVMS §5.4.2). No-op if Class is not laid out yet or the
// mirror exists. false with an exception pending on failure.
bool create_mirror(JavaThread* thread, Klass* klass);
// Class.module: until the module graph defines named modules (initPhase2)
// every class is in its loader's unnamed module. The boot loader's is known
// once BootLoader's initializer hands it to the VM
// (JVM_SetBootLoaderUnnamedModule); mirrors made before get it then.
void set_boot_loader_unnamed_module(Object* module);

// Once the module graph defines named modules (JVM_DefineModule), a class
// belongs to the module of its package: `lookup` (installed by the classlib
// bridge) returns it, or nullptr for the loader's unnamed module. Array
// classes take their element's module, primitive ones java.base's.
using ModuleLookup = Object* (*)(const Klass* klass);
void set_module_lookup(ModuleLookup lookup);
// HotSpot's fixup_module_field after JVM_DefineModule: the mirrors of the
// classes already loaded by `loader` in `packages` get `module`; for
// java.base also every other boot class so far and the primitive mirrors.
void assign_module(Object* loader, const std::vector<std::string>& packages, Object* module,
                   bool is_java_base);

// Mirrors for every class defined before java/lang/Class and the nine
// primitive mirrors (start-up).
bool create_pending_mirrors(JavaThread* thread);

}  // namespace minijvm
