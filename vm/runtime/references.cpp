#include "vm/runtime/references.h"

#include <condition_variable>
#include <mutex>

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
  if (referent == nullptr || discovered == nullptr) return g_layout;
  g_soft = intern("java/lang/ref/SoftReference");
  g_weak = intern("java/lang/ref/WeakReference");
  g_final = intern("java/lang/ref/FinalReference");
  g_phantom = intern("java/lang/ref/PhantomReference");
  g_layout.referent = referent->offset;
  g_layout.discovered = discovered->offset;
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

size_t process_discovered_references(const std::vector<Object*>& discovered,
                                     const std::function<bool(Object*)>& is_marked) {
  size_t cleared = 0;
  std::lock_guard lock(g_pending_mutex);
  for (Object* ref : discovered) {
    Object* referent = ref->ref_field(g_layout.referent);
    if (referent == nullptr || is_marked(referent)) continue;
    ref->set_ref_field(g_layout.referent, nullptr);
    // Already pending (a reference is discovered once per collection, and
    // one on the list has a null referent): never linked twice.
    ref->set_ref_field(g_layout.discovered, g_pending_list);
    g_pending_list = ref;
    ++cleared;
  }
  return cleared;
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
