// The `minijvm` launcher: parses java-style options, finds the JDK, and runs
// the requested action.
#include <cstdio>
#include <string>
#include <vector>

#include "vm/launcher/launcher.h"
#include "vm/launcher/options.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  minijvm::ParsedOptions parsed = minijvm::parse_options(args);
  if (!parsed.ok()) {
    std::fprintf(stderr, "%s\n", parsed.error.c_str());
    return parsed.exit_code;
  }
  return minijvm::run_launcher(parsed.options, parsed.exit_code);
}
