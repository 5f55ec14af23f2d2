// Flags of `minijvm -javap`, named as the JDK's javap names them.
#pragma once

#include <string>
#include <vector>

namespace minijvm {

struct JavapOptions {
  bool code = false;        // -c: disassembled code
  bool verbose = false;     // -v / -verbose: constant pool, sizes, tables (implies -c -l -s, not -p)
  bool private_ = false;    // -p / -private: private members too
  bool lines = false;       // -l: line-number and local-variable tables
  bool constants = false;   // -constants: values of static final constants
  bool signatures = false;  // -s: internal type signatures
  std::vector<std::string> classes;  // binary names or .class files
};

}  // namespace minijvm
