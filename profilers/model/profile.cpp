#include "profilers/model/profile.h"

#include <algorithm>

namespace minijvm::prof {

int Profile::metric_index(std::string_view metric) const {
  auto it = std::find(metrics.begin(), metrics.end(), metric);
  return it == metrics.end() ? -1 : static_cast<int>(it - metrics.begin());
}

std::vector<uint64_t> inclusive(const ProfileTree& tree, int m) {
  std::vector<uint64_t> total(tree.nodes.size(), 0);
  // Parents precede children: one backward pass adds each node to its parent.
  for (size_t i = tree.nodes.size(); i-- > 0;) {
    const ProfileNode& n = tree.nodes[i];
    if (m >= 0 && static_cast<size_t>(m) < n.metrics.size()) total[i] += n.metrics[m];
    if (n.parent >= 0) total[static_cast<size_t>(n.parent)] += total[i];
  }
  return total;
}

std::string frame_label(const ProfileMethod& method) {
  std::string label = method.class_name;
  std::replace(label.begin(), label.end(), '/', '.');
  return label + "." + method.name;
}

}  // namespace minijvm::prof
