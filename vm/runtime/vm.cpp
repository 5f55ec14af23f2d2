// The one Vm of the process (vm.h). Immortal: never destroyed, so threads
// that outlive main() and static destructors never see a dead VM.
#include "vm/runtime/vm.h"

namespace minijvm {

Vm& vm() {
  static Vm* instance = new Vm();
  return *instance;
}

}  // namespace minijvm
