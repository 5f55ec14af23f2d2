// Linking (JVMS §5.4): field layout and Method objects (at definition),
// then vtables (§5.4.5 overriding) and itables (§5.4.6 selection).
// Verification is not done.
#include <algorithm>
#include <mutex>

#include "vm/bytecode/bytecodes.h"
#include "vm/classfile/annotation_types.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/loader_internal.h"
#include "vm/runtime/math_intrinsics.h"
#include "vm/runtime/method_handles.h"
#include "vm/runtime/mirrors.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

uint32_t field_size(const FieldType& t) {
  switch (t.type) {
    case BasicType::kLong:
    case BasicType::kDouble:
    case BasicType::kObject:
    case BasicType::kArray:
      return 8;
    case BasicType::kInt:
    case BasicType::kFloat:
      return 4;
    case BasicType::kChar:
    case BasicType::kShort:
      return 2;
    default:
      return 1;
  }
}

uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

// Assigns offsets from `start` to the given fields, larger first, each
// aligned to its size; returns the end.
uint32_t place(std::vector<FieldDesc*>& fields, uint32_t start,
               std::vector<uint32_t>* reference_offsets) {
  std::stable_sort(fields.begin(), fields.end(), [](const FieldDesc* a, const FieldDesc* b) {
    return field_size(a->type) > field_size(b->type);
  });
  uint32_t offset = start;
  for (FieldDesc* f : fields) {
    uint32_t size = field_size(f->type);
    offset = align_up(offset, size);
    f->offset = offset;
    if (f->type.is_reference() && reference_offsets) reference_offsets->push_back(offset);
    offset += size;
  }
  return offset;
}

std::mutex g_method_id_mutex;

// JVMS §5.4.5: does `m` (declared in C) override `sm` (declared in a superclass A)?
bool can_override(const Method* m, const Method* sm) {
  if (m->is_private() || m->is_static()) return false;
  if (sm->is_private() || sm->is_static()) return false;
  if (sm->is_public() || sm->is_protected()) return true;
  // Package-private: same run-time package.
  return m->holder->loader == sm->holder->loader &&
         m->holder->package_name() == sm->holder->package_name();
}

bool is_virtual(const Method* m) {
  return !m->is_static() && !m->is_private() && !m->is_initializer() && !m->is_class_initializer();
}

void build_vtable(Klass* k) {
  if (k->super) k->vtable = k->super->vtable;
  if (k->is_interface()) {
    k->vtable.clear();
    return;
  }
  for (auto& owned : k->methods) {
    Method* m = owned.get();
    if (!is_virtual(m)) continue;
    for (size_t i = 0; i < k->vtable.size(); ++i) {
      Method* sm = k->vtable[i];
      if (sm->name == m->name && sm->descriptor == m->descriptor && can_override(m, sm)) {
        k->vtable[i] = m;
        if (m->vtable_index < 0) m->vtable_index = static_cast<int32_t>(i);
      }
    }
    if (m->vtable_index < 0) {
      m->vtable_index = static_cast<int32_t>(k->vtable.size());
      k->vtable.push_back(m);
    }
  }
}

// JVMS §5.4.6 for a class C and an interface method im: C's own or inherited
// instance method that can override im, else the one maximally-specific
// non-abstract superinterface method, else im (abstract: AbstractMethodError
// when invoked). nullptr when several maximally-specific defaults conflict.
Method* select_for_itable(Klass* c, Method* im) {
  for (Klass* k = c; k != nullptr; k = k->super) {
    Method* m = k->find_declared_method(im->name, im->descriptor);
    if (m != nullptr && !m->is_static() && !m->is_private()) return m;
  }
  std::vector<Method*> candidates;
  for (Klass* i : c->all_interfaces) {
    Method* m = i->find_declared_method(im->name, im->descriptor);
    if (m != nullptr && !m->is_static() && !m->is_private()) candidates.push_back(m);
  }
  std::vector<Method*> maximal;
  for (Method* m : candidates) {
    bool shadowed = false;
    for (Method* o : candidates)
      if (o != m && o->holder != m->holder && o->holder->is_subtype_of(m->holder)) shadowed = true;
    if (!shadowed) maximal.push_back(m);
  }
  Method* chosen = nullptr;
  int concrete = 0;
  for (Method* m : maximal) {
    if (!m->is_abstract()) {
      chosen = m;
      ++concrete;
    }
  }
  if (concrete == 1) return chosen;
  if (concrete > 1) return nullptr;
  return im;
}

void build_itable(Klass* k) {
  if (k->is_interface()) return;
  for (Klass* i : k->all_interfaces) {
    ItableEntry entry;
    entry.interface = i;
    for (auto& owned : i->methods) {
      Method* im = owned.get();
      if (im->is_static() || im->is_private() || im->is_class_initializer()) {
        entry.methods.push_back(nullptr);
        continue;
      }
      entry.methods.push_back(select_for_itable(k, im));
    }
    k->itable.push_back(std::move(entry));
  }
}

}  // namespace

void layout_fields(Klass* k) {
  const classfile::ClassFile& cf = *k->class_file;
  k->fields.reserve(cf.fields.size());
  for (const classfile::FieldInfo& fi : cf.fields) {
    FieldDesc f;
    f.name = fi.name;
    f.descriptor = fi.descriptor;
    f.type = fi.type;
    f.access_flags = fi.access_flags;
    f.holder = k;
    f.info = &fi;
    k->fields.push_back(f);
  }
  std::vector<FieldDesc*> instance, statics;
  for (FieldDesc& f : k->fields) (f.is_static() ? statics : instance).push_back(&f);
  uint32_t start = k->super ? k->super->instance_size : kObjectHeaderSize;
  if (k->super) k->reference_offsets = k->super->reference_offsets;
  uint32_t end = place(instance, start, &k->reference_offsets);
  if (k->name == vm_symbols().java_lang_Class) {
    // Injected fields (HotSpot javaClasses.cpp: klass, ...; here klass and
    // primitive_type). Raw data: not in reference_offsets.
    end = align_up(end, 8);
    end += 8 + 4;
  }
  end = inject_invoke_fields(k, end);
  k->instance_size = align_up(end, 8);
  uint32_t static_end = place(statics, 0, &k->static_reference_offsets);
  k->static_size = align_up(static_end, 8);
  if (!mirror_layout().ready && k->name != vm_symbols().java_lang_Class) {
    defer_static_offsets(k);
    return;
  }
  uint32_t base =
      k->name == vm_symbols().java_lang_Class ? k->instance_size : mirror_layout().static_base;
  for (FieldDesc* f : statics) f->offset += base;
  for (uint32_t& o : k->static_reference_offsets) o += base;
}

// The annotations HotSpot honours only on classes of the boot and platform
// loaders (ClassFileParser::AnnotationCollector); methods of hidden classes
// are hidden as well.
void mark_vm_annotations(const Klass* k, const classfile::MethodInfo& mi, Method* m) {
  m->is_hidden = k->is_hidden;
  if (k->loader != nullptr || !mi.annotations.runtime_visible) return;
  for (const Symbol* type :
       classfile::annotation_types(*mi.annotations.runtime_visible, k->class_file->constant_pool)) {
    std::string_view name = type->view();
    if (name == "Ljdk/internal/vm/annotation/Hidden;" ||
        name == "Ljava/lang/invoke/LambdaForm$Hidden;") {
      m->is_hidden = true;
    } else if (name == "Ljava/lang/invoke/LambdaForm$Compiled;") {
      m->is_lambda_form_compiled = true;
    } else if (name == "Ljdk/internal/reflect/CallerSensitive;") {
      m->is_caller_sensitive = true;
    }
  }
}

namespace {

// HotSpot's ClassFileParser: a finalize()V whose code is a lone `return`
// (Object's) makes instances not finalizable, so does not register them.
void set_finalizer_flags(Klass* k) {
  const auto& symbols = vm_symbols();
  if (const Method* f = k->find_declared_method(symbols.finalize_name, symbols.void_method_signature)) {
    k->has_finalizer = !(f->code_length == 1 && f->code[0] == static_cast<uint8_t>(bytecode::Opcode::kReturn));
  } else {
    k->has_finalizer = k->super != nullptr && k->super->has_finalizer;
  }
  if (k->name == symbols.java_lang_Object && k->loader == nullptr) {
    if (Method* init = k->find_declared_method(symbols.object_initializer_name, symbols.void_method_signature))
      init->registers_finalizer = true;
  }
}

}  // namespace

void create_methods(Klass* k) {
  const classfile::ClassFile& cf = *k->class_file;
  k->methods.reserve(cf.methods.size());
  std::lock_guard lock(g_method_id_mutex);
  for (const classfile::MethodInfo& mi : cf.methods) {
    auto m = std::make_unique<Method>();
    m->holder = k;
    m->name = mi.name;
    m->descriptor = mi.descriptor;
    m->signature = &mi.signature;
    m->info = &mi;
    m->access_flags = mi.access_flags;
    m->arg_slots = static_cast<uint16_t>(mi.signature.arg_slots + (mi.is_static() ? 0 : 1));
    if (mi.code) {
      m->max_stack = mi.code->max_stack;
      m->max_locals = mi.code->max_locals;
      m->code = mi.code->code.data();
      m->code_length = static_cast<uint32_t>(mi.code->code.size());
      m->exception_table.reserve(mi.code->exception_table.size());
      for (const classfile::ExceptionHandler& h : mi.code->exception_table)
        m->exception_table.emplace_back(h.start_pc, h.end_pc, h.handler_pc, h.catch_type_index);
    } else {
      m->max_locals = m->arg_slots;
    }
    mark_vm_annotations(k, mi, m.get());
    m->id = vm().next_method_id++;
    register_method_id(m.get());
    m->holder_index = static_cast<int32_t>(k->methods.size());
    k->methods.push_back(std::move(m));
  }
  set_finalizer_flags(k);
  if (k->loader == nullptr && k->name->view() == "java/lang/Math") {
    for (const auto& m : k->methods) {
      if (m->name->view() == "abs" && m->descriptor->view() == "(D)D") m->clears_result_sign = true;
      MathIntrinsic f = m->is_static() ? math_intrinsic_named(m->name->view(), m->descriptor->view())
                                       : MathIntrinsic::kNone;
      if (f == MathIntrinsic::kNone) continue;
      m->math = f;  // (math_intrinsics.h)
      m->native_invoker.store(&invoke_math_intrinsic, std::memory_order_release);
    }
  }
}

bool link_class(JavaThread* thread, Klass* k) {
  if (k->state.load(std::memory_order_acquire) != ClassState::kLoaded) return true;
  if (k->is_array()) return true;
  // JVMS §5.4: the superclass and superinterfaces are linked first.
  if (k->super && !link_class(thread, k->super)) return false;
  for (Klass* i : k->local_interfaces)
    if (!link_class(thread, i)) return false;
  std::lock_guard lock(k->init_mutex);
  if (k->state.load(std::memory_order_relaxed) != ClassState::kLoaded) return true;
  build_vtable(k);
  build_itable(k);
  k->resolved = std::make_unique<std::atomic<void*>[]>(k->class_file->constant_pool.count());
  k->state.store(ClassState::kLinked, std::memory_order_release);
  return true;
}

}  // namespace minijvm
