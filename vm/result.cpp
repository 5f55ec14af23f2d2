#include "vm/result.h"

namespace minijvm {

std::string VmError::to_string() const {
  std::string name = exception;
  for (char& c : name)
    if (c == '/') c = '.';
  return message.empty() ? name : name + ": " + message;
}

}  // namespace minijvm
