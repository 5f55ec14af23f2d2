// Method* -> index in Profile::methods: how a profiler names the VM's methods
// in the plain-data profile it hands over (profilers/model/profile.h).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "profilers/model/profile.h"
#include "vm/runtime/method.h"

namespace minijvm::prof {

class MethodTable {
 public:
  explicit MethodTable(std::vector<ProfileMethod>* methods) : methods_(methods) {}
  // The method's index, adding it at its first use.
  int32_t index(const Method* m);

 private:
  std::vector<ProfileMethod>* methods_;
  std::unordered_map<const Method*, int32_t> indices_;
};

}  // namespace minijvm::prof
