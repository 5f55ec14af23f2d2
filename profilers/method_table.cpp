#include "profilers/method_table.h"

#include <string>

#include "vm/runtime/class_loader.h"
#include "vm/runtime/klass.h"

namespace minijvm::prof {

namespace {

// The JDK's classes, as an instrumenting agent on HotSpot sees them (issue
// 13): those of the boot and the platform loader -- the runtime image's
// modules, whatever their package (org.xml.sax is java.xml's) -- and the
// reflection accessors the JDK generates into loaders of their own. The
// modules the JDK maps to the application loader (jdk.compiler's javac)
// are the application's when they run as one.
ProfileMethod::Origin origin_of(const Klass* k) {
  if (is_jdk_loader(k->loader) || k->name->view().starts_with("jdk/internal/reflect/")) {
    return ProfileMethod::Origin::kJdk;
  }
  return ProfileMethod::Origin::kApplication;
}

}  // namespace

int32_t MethodTable::index(const Method* m) {
  auto [it, added] = indices_.emplace(m, static_cast<int32_t>(methods_->size()));
  if (added) {
    ProfileMethod pm;
    pm.class_name = std::string(m->holder->name->view());
    pm.name = std::string(m->name->view());
    pm.descriptor = std::string(m->descriptor->view());
    pm.is_native = m->is_native();
    if (const Symbol* source = m->holder->source_file()) pm.source = std::string(source->view());
    pm.origin = origin_of(m->holder);
    methods_->push_back(std::move(pm));
  }
  return it->second;
}

}  // namespace minijvm::prof
