#include "vm/launcher/main_class.h"

#include <algorithm>

#include "vm/classfile/access_flags.h"
#include "vm/classfile/parser.h"
#include "vm/log.h"
#include "vm/symbols.h"

namespace minijvm {

namespace {

std::string dotted(std::string_view internal) {
  std::string s(internal);
  std::replace(s.begin(), s.end(), '/', '.');
  return s;
}

}  // namespace

Result<const classfile::ClassFile*> SupertypeLoader::load(std::string_view internal_name) {
  if (auto it = loaded_.find(internal_name); it != loaded_.end()) return it->second.get();
  if (in_progress_.contains(internal_name))
    return make_error("java/lang/ClassCircularityError", std::string(internal_name));

  // Parent-first: java.base before the application class path.
  std::optional<ClassBytes> found = TRY(boot_.find_class(internal_name));
  if (!found) found = TRY(app_.find_class(internal_name));
  if (!found) return make_error("java/lang/NoClassDefFoundError", std::string(internal_name));

  auto parsed = TRY(classfile::parse_class_file(found->bytes, internal_name));
  in_progress_.emplace(internal_name);
  // JVMS §5.3.5 step 3: the superclass and the superinterfaces are loaded
  // before the class itself is created.
  auto release = [&] { in_progress_.erase(in_progress_.find(internal_name)); };
  if (parsed->super_class) {
    auto super = load(parsed->super_class->view());
    if (!super) { release(); return std::move(super).error(); }
  }
  for (const Symbol* interface : parsed->interfaces) {
    auto loaded = load(interface->view());
    if (!loaded) { release(); return std::move(loaded).error(); }
  }
  release();

  if (log_loads_ && log::enabled(log::Set::class_load, log::Level::info))
    log::write(log::Set::class_load, log::Level::info,
               dotted(internal_name) + " source: " + found->origin());
  auto [it, inserted] = loaded_.emplace(std::string(internal_name), std::move(parsed));
  return it->second.get();
}

int load_main_class(std::string_view name_as_given, SupertypeLoader& loader, std::ostream& err,
                    const classfile::ClassFile** main) {
  // LauncherHelper.loadMainClass: "pkg/Main" is accepted as "pkg.Main".
  std::string binary = dotted(name_as_given);
  std::string internal = binary;
  std::replace(internal.begin(), internal.end(), '.', '/');

  auto loaded = loader.load(internal);
  if (!loaded) {
    VmError error = std::move(loaded).error();
    // The main class itself missing is Class.forName's ClassNotFoundException.
    if (error.exception == "java/lang/NoClassDefFoundError" && error.message == internal)
      error = make_error("java/lang/ClassNotFoundException", binary);
    if (error.exception == "java/lang/NoClassDefFoundError" ||
        error.exception == "java/lang/ClassNotFoundException") {
      err << "Error: Could not find or load main class " << binary << "\nCaused by: "
          << error.to_string() << "\n";
    } else {
      err << "Error: LinkageError occurred while loading main class " << binary << "\n\t"
          << error.to_string() << "\n";
    }
    return 1;
  }

  // LauncherHelper.validateMainClass: Class.getMethod("main", String[].class)
  // finds a public method of that name and parameters in the class or its
  // superclasses, whatever it returns.
  const Symbol* main_name = vm_symbols().main_name;
  const classfile::MethodInfo* method = nullptr;
  for (const classfile::ClassFile* c = *loaded; c && !method;) {
    for (const auto& m : c->methods)
      if (m.name == main_name && (m.access_flags & classfile::kAccPublic) &&
          m.descriptor->starts_with("([Ljava/lang/String;)")) {
        method = &m;
        break;
      }
    if (!c->super_class) break;
    auto super = loader.load(c->super_class->view());
    c = super ? *super : nullptr;
  }
  const char* how_to =
      "   public static void main(String[] args)\n";
  if (!method) {
    err << "Error: Main method not found in class " << binary
        << ", please define the main method as:\n"
        << how_to << "or a JavaFX application class must extend javafx.application.Application\n";
    return 1;
  }
  if (!method->is_static()) {
    err << "Error: Main method is not static in class " << binary
        << ", please define the main method as:\n" << how_to;
    return 1;
  }
  if (method->descriptor != vm_symbols().main_signature) {
    err << "Error: Main method must return a value of type void in class " << binary
        << ", please \ndefine the main method as:\n" << how_to;
    return 1;
  }
  *main = *loaded;
  return 0;
}

}  // namespace minijvm
