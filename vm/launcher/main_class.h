// Finding, reading and checking the main class the way java's launcher
// (sun.launcher.LauncherHelper) does before it calls main, with its error
// texts. Until the interpreter exists this is also what `minijvm Main` does:
// it loads Main and its supertypes (logging them under class+load) and checks
// the main method.
#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <string_view>

#include "vm/classfile/class_file.h"
#include "vm/classpath/class_path.h"
#include "vm/result.h"

namespace minijvm {

// Loads classes by internal name from the boot path (java.base), then the
// application path -- parent-first, as the application class loader
// delegates -- parsing each once and loading its superclass and interfaces
// first (JVMS §5.3.5 step 3). A miss is java/lang/NoClassDefFoundError.
//
// This is the launcher's view of class loading; the VM's class loader, with
// linking, initialization and Class mirrors, replaces it with the VM core.
class SupertypeLoader {
 public:
  // `log_loads`: write class+load lines (off when the VM loads the classes
  // again for real and logs them itself).
  SupertypeLoader(const ClassPath& boot, const ClassPath& app, bool log_loads = true)
      : boot_(boot), app_(app), log_loads_(log_loads) {}

  Result<const classfile::ClassFile*> load(std::string_view internal_name);

 private:
  const ClassPath& boot_;
  const ClassPath& app_;
  bool log_loads_;
  std::map<std::string, std::unique_ptr<classfile::ClassFile>, std::less<>> loaded_;
  std::set<std::string, std::less<>> in_progress_;  // for ClassCircularityError
};

// Loads the class named on the command line ("pkg.Main" or "pkg/Main") and
// checks for `public static void main(String[])`. On failure prints java's
// launcher error to `err` and returns 1; on success returns 0 and sets *main.
int load_main_class(std::string_view name_as_given, SupertypeLoader& loader, std::ostream& err,
                    const classfile::ClassFile** main);

}  // namespace minijvm
