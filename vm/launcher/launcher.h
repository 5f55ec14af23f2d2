// The actions of the `minijvm` launcher after option parsing.
#pragma once

#include <string>

#include "vm/classpath/jdk.h"
#include "vm/launcher/options.h"

namespace minijvm {

// What the launcher hands to the VM once it knows what to run: the
// java.class.path value, LauncherHelper's mode (1 = class, 2 = jar, 3 =
// module) and the class name, jar path or MODULE[/CLASS].
struct LaunchTarget {
  std::string class_path;
  int mode = 1;
  std::string what;
};

// Runs the program in the VM and returns the exit code. The executable
// supplies it (the VM proper lives in libjvm.so's upper layers, which vm/
// may not call directly).
using ProgramRunner = int (*)(const LauncherOptions& options, const JdkInstall& jdk,
                              const LaunchTarget& target);

// Runs the action the options ask for and returns the process exit code.
// `parse_exit_code` is the code option parsing settled on (1 when java would
// print its usage because no main class was given).
int run_launcher(const LauncherOptions& options, int parse_exit_code, ProgramRunner runner);

}  // namespace minijvm
