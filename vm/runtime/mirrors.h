// java.lang.Class mirrors (one per Klass, one per primitive type) and the
// fields the VM injects into java.lang.Class, as HotSpot's javaClasses.cpp
// does: `klass` (the Klass*, raw) and `primitive_type` (BasicType + 1 for
// primitive mirrors, 0 for class mirrors). Statics of a class live in its
// mirror from mirror_layout().static_base on.
#pragma once

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
// Class.module: until a module graph exists (see the module-graph shortcut in
// classlib-bridge/startup/startup.cpp) every class is in its loader's
// unnamed module. The boot loader's is known once BootLoader's initializer
// hands it to the VM (JVM_SetBootLoaderUnnamedModule); mirrors made before
// get it then, as HotSpot's fixup_module_field does.
void set_boot_loader_unnamed_module(Object* module);

// Mirrors for every class defined before java/lang/Class and the nine
// primitive mirrors (start-up).
bool create_pending_mirrors(JavaThread* thread);

}  // namespace minijvm
