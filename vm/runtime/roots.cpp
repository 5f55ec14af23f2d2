#include "vm/runtime/roots.h"

#include <algorithm>
#include <vector>

#include "vm/runtime/monitor.h"
#include "vm/runtime/references.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

struct Registry {
  std::vector<RootProvider> providers;
  std::vector<WeakRootProcessor> weak;
};
Registry& registry() {
  static Registry* r = new Registry();
  return *r;
}

}  // namespace

void register_root_provider(RootProvider provider) {
  auto& list = registry().providers;
  if (std::find(list.begin(), list.end(), provider) == list.end()) list.push_back(provider);
}

void register_weak_root_processor(WeakRootProcessor processor) {
  auto& list = registry().weak;
  if (std::find(list.begin(), list.end(), processor) == list.end()) list.push_back(processor);
}

void vm_roots_do(const RootVisitor& visit) {
  Vm& v = vm();
  v.global_handles.for_each_root(visit);
  for (JavaThread* t : v.threads) {
    visit(&t->thread_object);
    visit(t->pending_exception_slot());
    t->handles().for_each_root(visit);
  }
  class_roots_do(visit);
  primitive_mirror_roots_do(visit);
  made_method_roots_do(visit);
  intern_table_roots_do(visit);
  monitor_roots_do(visit);
  pending_list_roots_do(visit);
  for (RootProvider provider : registry().providers) provider(visit);
}

void process_weak_roots(const LivenessTest& is_live) {
  for (WeakRootProcessor processor : registry().weak) processor(is_live);
}

}  // namespace minijvm
