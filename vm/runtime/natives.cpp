// The VM-internal native registry and native binding (natives.h).
#include "vm/runtime/natives.h"

#include <atomic>
#include <mutex>
#include <unordered_map>

#include "vm/runtime/exceptions.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/thread.h"

namespace minijvm {

namespace {
struct Key {
  const Symbol* klass;
  const Symbol* name;
  const Symbol* descriptor;
  bool operator==(const Key&) const = default;
};
struct KeyHash {
  size_t operator()(const Key& k) const {
    return (k.klass->hash() * 31u + k.name->hash()) * 31u + k.descriptor->hash();
  }
};
struct Registry {
  std::mutex mutex;
  std::unordered_map<Key, const NativeEntry*, KeyHash> map;  // tables live as long as the process
};
Registry& registry() {
  static Registry* r = new Registry();
  return *r;
}
std::atomic<NativeBinder> g_binder{nullptr};
const NativeEntry* find_entry(const Method* method) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.map.find(Key{method->holder->name, method->name, method->descriptor});
  return it == r.map.end() ? nullptr : it->second;
}
}  // namespace

void register_vm_natives(std::span<const NativeEntry> table) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const NativeEntry& e : table)
    r.map[Key{intern(e.class_name), intern(e.name), intern(e.descriptor)}] = &e;
}

NativeInvoker find_vm_native(const Method* method) {
  const NativeEntry* e = find_entry(method);
  return e == nullptr ? nullptr : e->function;
}

NativeInvoker find_vm_intrinsic(const Method* method) {
  const NativeEntry* e = find_entry(method);
  return e != nullptr && e->intrinsic ? e->function : nullptr;
}

void set_native_binder(NativeBinder binder) { g_binder.store(binder); }

NativeBinder native_binder() { return g_binder.load(); }

bool bind_native(JavaThread* thread, Method* method) {
  if (method->native_invoker.load(std::memory_order_acquire) != nullptr) return true;
  if (NativeInvoker f = find_vm_native(method)) {
    method->native_invoker.store(f, std::memory_order_release);
    return true;
  }
  if (NativeBinder binder = g_binder.load()) {
    if (binder(thread, method)) return true;
    if (thread->has_pending_exception()) return false;
  }
  // nativeLookup.cpp: UnsatisfiedLinkError "'void Foo.bar(int)'".
  throw_new(thread, intern("java/lang/UnsatisfiedLinkError"), "'" + method->external_name() + "'");
  return false;
}

}  // namespace minijvm
