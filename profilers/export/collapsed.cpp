// write_collapsed: Brendan Gregg's collapsed-stack format ("a;b;c 42"), read
// by flamegraph.pl and speedscope (issue 5, "Formats", collapsed).
#include <span>
#include <string>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/export/export_util.h"

namespace minijvm::prof {

void write_collapsed(const Profile& profile, int metric, std::ostream& out, bool with_sites) {
  const ProfileTree& tree = profile.merged();
  const std::vector<ProfileNode>& nodes = tree.nodes;
  if (nodes.empty()) return;
  const ChildIndex children(tree);
  // A root with a value of its own (nothing attributed to a method) still
  // counts, so that the lines sum to the tree's total.
  if (uint64_t v = tree.value(0, metric); v != 0) out << "[root] " << v << "\n";
  // Depth-first in creation order with an explicit stack; `path` holds the
  // frames of the current node's ancestors (below the root) and itself.
  std::vector<std::string> path;
  std::vector<std::pair<int32_t, size_t>> stack;  // (node, depth in path)
  for (auto it = children[0].rbegin(); it != children[0].rend(); ++it) stack.push_back({*it, 0});
  while (!stack.empty()) {
    auto [id, depth] = stack.back();
    stack.pop_back();
    const ProfileNode& n = nodes[id];
    path.resize(depth);
    std::string frame = export_detail::node_label(profile, n);
    if (with_sites && n.site >= 0) frame += "@" + std::to_string(n.site);
    path.push_back(std::move(frame));
    if (uint64_t v = tree.value(static_cast<size_t>(id), metric); v != 0) {
      for (size_t i = 0; i < path.size(); ++i) out << (i ? ";" : "") << path[i];
      out << " " << v << "\n";
    }
    std::span<const int32_t> kids = children[static_cast<size_t>(id)];
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back({*it, depth + 1});
  }
}

}  // namespace minijvm::prof
