#include "profilers/method_table.h"

#include <string>

#include "vm/runtime/klass.h"

namespace minijvm::prof {

int32_t MethodTable::index(const Method* m) {
  auto [it, added] = indices_.emplace(m, static_cast<int32_t>(methods_->size()));
  if (added) {
    ProfileMethod pm;
    pm.class_name = std::string(m->holder->name->view());
    pm.name = std::string(m->name->view());
    pm.descriptor = std::string(m->descriptor->view());
    pm.is_native = m->is_native();
    if (const Symbol* source = m->holder->source_file()) pm.source = std::string(source->view());
    methods_->push_back(std::move(pm));
  }
  return it->second;
}

}  // namespace minijvm::prof
