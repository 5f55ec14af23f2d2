#include "vm/runtime/references.h"

#include <condition_variable>
#include <mutex>

#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"
#include "vm/symbols.h"

namespace minijvm {

namespace {

ReferenceLayout g_layout;
// The names of java.lang.ref's classes (interned when the layout is
// prepared): a Reference subclass is of the kind of the first of them on
// its superclass chain. (Names, not Klass*: a collection may come before
// they are all loaded.)
const Symbol* g_soft = nullptr;
const Symbol* g_weak = nullptr;
const Symbol* g_final = nullptr;
const Symbol* g_phantom = nullptr;

// Never destroyed: the Reference Handler may still wait on it while the
// process exits.
std::mutex& g_pending_mutex = *new std::mutex;
std::condition_variable& g_pending_cv = *new std::condition_variable;
Object* g_pending_list = nullptr;  // guarded by g_pending_mutex; a GC root

}  // namespace

const ReferenceLayout& prepare_reference_layout() {
  if (g_layout.ready) return g_layout;
  Klass* reference = vm().classes.Reference;
  if (reference == nullptr) return g_layout;
  FieldDesc* referent = lookup_field(reference, intern("referent"), intern("Ljava/lang/Object;"));
  FieldDesc* discovered =
      lookup_field(reference, intern("discovered"), intern("Ljava/lang/ref/Reference;"));
  FieldDesc* next = lookup_field(reference, intern("next"), intern("Ljava/lang/ref/Reference;"));
  if (referent == nullptr || discovered == nullptr || next == nullptr) return g_layout;
  g_soft = intern("java/lang/ref/SoftReference");
  g_weak = intern("java/lang/ref/WeakReference");
  g_final = intern("java/lang/ref/FinalReference");
  g_phantom = intern("java/lang/ref/PhantomReference");
  g_layout.referent = referent->offset;
  g_layout.discovered = discovered->offset;
  g_layout.next = next->offset;
  g_layout.ready = true;
  return g_layout;
}

ReferenceKind reference_kind(Klass* k) {
  if (k->reference_kind != 0xFF) return static_cast<ReferenceKind>(k->reference_kind);
  ReferenceKind kind = ReferenceKind::kNone;
  Klass* reference = vm().classes.Reference;
  if (g_layout.ready && reference != nullptr && !k->is_array() && k->is_subtype_of(reference)) {
    kind = ReferenceKind::kOther;
    for (const Klass* c = k; c != nullptr && kind == ReferenceKind::kOther; c = c->super) {
      if (c->loader != nullptr) continue;  // java.lang.ref's classes are the boot loader's
      kind = c->name == g_soft      ? ReferenceKind::kSoft
             : c->name == g_weak    ? ReferenceKind::kWeak
             : c->name == g_final   ? ReferenceKind::kFinal
             : c->name == g_phantom ? ReferenceKind::kPhantom
                                    : ReferenceKind::kOther;
    }
  }
  k->reference_kind = static_cast<uint8_t>(kind);
  return kind;
}

size_t process_discovered_references(std::vector<Object*>& discovered,
                                     const std::function<bool(Object*)>& is_marked,
                                     const std::function<void(Object*)>& keep_alive) {
  size_t pending = 0;
  std::lock_guard lock(g_pending_mutex);
  // A reference is discovered once per collection, and one made pending
  // has a null referent or (a FinalReference) a non-null `next`, so none
  // is linked twice.
  auto make_pending = [&](Object* ref) {
    ref->set_ref_field(g_layout.discovered, g_pending_list);
    g_pending_list = ref;
    ++pending;
  };
  auto clear_if_unreachable = [&](Object* ref) {
    Object* referent = ref->ref_field(g_layout.referent);
    if (referent == nullptr || is_marked(referent)) return;
    ref->set_ref_field(g_layout.referent, nullptr);
    make_pending(ref);
  };
  auto kind = [](Object* ref) { return reference_kind(ref->klass()); };
  // Soft (when they are being cleared) and weak references first.
  const size_t marked = discovered.size();
  for (size_t i = 0; i < marked; ++i) {
    ReferenceKind k = kind(discovered[i]);
    if (k == ReferenceKind::kSoft || k == ReferenceKind::kWeak) clear_if_unreachable(discovered[i]);
  }
  // Then the finalizable objects: which ones is decided before any is kept
  // alive (one finalizable object reachable from another is finalized in
  // the same cycle).
  std::vector<Object*> finalizable;
  for (size_t begin = 0; begin < discovered.size();) {
    const size_t end = discovered.size();
    finalizable.clear();
    for (size_t i = begin; i < end; ++i) {
      Object* ref = discovered[i];
      if (kind(ref) != ReferenceKind::kFinal) continue;
      Object* referent = ref->ref_field(g_layout.referent);
      if (referent != nullptr && !is_marked(referent)) finalizable.push_back(ref);
    }
    for (Object* ref : finalizable) {
      ref->set_ref_field(g_layout.next, ref);
      make_pending(ref);
      keep_alive(ref->ref_field(g_layout.referent));
    }
    begin = end;
  }
  // The soft and weak references found while keeping those alive, and all
  // phantom references.
  for (size_t i = 0; i < discovered.size(); ++i) {
    ReferenceKind k = kind(discovered[i]);
    if (k == ReferenceKind::kPhantom ||
        (i >= marked && (k == ReferenceKind::kSoft || k == ReferenceKind::kWeak)))
      clear_if_unreachable(discovered[i]);
  }
  return pending;
}

bool register_finalizer(JavaThread* thread, Object* o) {
  static Method* const register_method = [thread] {
    Klass* finalizer = load_class(thread, intern("java/lang/ref/Finalizer"), nullptr);
    return finalizer == nullptr ? nullptr
                                : lookup_method(finalizer, intern("register"), intern("(Ljava/lang/Object;)V"));
  }();
  if (register_method == nullptr) {
    if (!thread->has_pending_exception())
      throw_new(thread, intern("java/lang/InternalError"),
                "java.lang.ref.Finalizer.register(Object) not found");
    return false;
  }
  if (!initialize_class(thread, register_method->holder)) return false;
  Slot arg = slot_ref(o);
  call_java(thread, register_method, {&arg, 1}, nullptr);
  return !thread->has_pending_exception();
}

void pending_list_roots_do(const RootVisitor& visit) { visit(&g_pending_list); }

Object* take_pending_references() {
  std::lock_guard lock(g_pending_mutex);
  Object* list = g_pending_list;
  g_pending_list = nullptr;
  return list;
}

bool has_pending_references() {
  std::lock_guard lock(g_pending_mutex);
  return g_pending_list != nullptr;
}

void wait_for_pending_references(JavaThread* thread) {
  ThreadState saved = thread->transition(ThreadState::kBlocked);
  {
    std::unique_lock lock(g_pending_mutex);
    sched::wait(lock, g_pending_cv, [] { return g_pending_list != nullptr; });
  }
  thread->transition(saved);
}

void notify_pending_references() {
  {
    std::lock_guard lock(g_pending_mutex);
    if (g_pending_list == nullptr) return;
  }
  g_pending_cv.notify_all();
}

}  // namespace minijvm
