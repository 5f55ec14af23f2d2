// write_collapsed: Brendan Gregg's collapsed-stack format ("a;b;c 42"), read
// by flamegraph.pl and speedscope (issue 5, "Formats", collapsed).
#include <string>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/export/export_util.h"

namespace minijvm::prof {

void write_collapsed(const Profile& profile, int metric, std::ostream& out, bool with_sites) {
  const std::vector<ProfileNode>& nodes = profile.merged().nodes;
  if (nodes.empty()) return;
  // A root with a value of its own (nothing attributed to a method) still
  // counts, so that the lines sum to the tree's total.
  if (uint64_t v = export_detail::self_value(nodes[0], metric); v != 0)
    out << "[root] " << v << "\n";
  // Depth-first in creation order with an explicit stack; `path` holds the
  // frames of the current node's ancestors (below the root) and itself.
  std::vector<std::string> path;
  std::vector<std::pair<int32_t, size_t>> stack;  // (node, depth in path)
  for (auto it = nodes[0].children.rbegin(); it != nodes[0].children.rend(); ++it)
    stack.push_back({*it, 0});
  while (!stack.empty()) {
    auto [id, depth] = stack.back();
    stack.pop_back();
    const ProfileNode& n = nodes[id];
    path.resize(depth);
    std::string frame = export_detail::node_label(profile, n);
    if (with_sites && n.site >= 0) frame += "@" + std::to_string(n.site);
    path.push_back(std::move(frame));
    if (uint64_t v = export_detail::self_value(n, metric); v != 0) {
      for (size_t i = 0; i < path.size(); ++i) out << (i ? ";" : "") << path[i];
      out << " " << v << "\n";
    }
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it)
      stack.push_back({*it, depth + 1});
  }
}

}  // namespace minijvm::prof
