// The actions of the `minijvm` launcher after option parsing.
#pragma once

#include "vm/launcher/options.h"

namespace minijvm {

// Runs the action the options ask for and returns the process exit code.
// `parse_exit_code` is the code option parsing settled on (1 when java would
// print its usage because no main class was given).
int run_launcher(const LauncherOptions& options, int parse_exit_code);

}  // namespace minijvm
