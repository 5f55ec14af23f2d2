#include "profilers/model/profile.h"

#include <algorithm>

namespace minijvm::prof {

int Profile::metric_index(std::string_view metric) const {
  auto it = std::find(metrics.begin(), metrics.end(), metric);
  return it == metrics.end() ? -1 : static_cast<int>(it - metrics.begin());
}

const StatValue* find_stat(const Stats& stats, std::string_view key) {
  for (const auto& [k, v] : stats)
    if (k == key) return &v;
  return nullptr;
}

double stat_number(const Stats& stats, std::string_view key, double otherwise) {
  const StatValue* v = find_stat(stats, key);
  if (v == nullptr) return otherwise;
  if (const auto* i = std::get_if<int64_t>(v)) return static_cast<double>(*i);
  if (const auto* d = std::get_if<double>(v)) return *d;
  return otherwise;
}

std::string stat_word(const Stats& stats, std::string_view key) {
  const StatValue* v = find_stat(stats, key);
  const auto* s = v != nullptr ? std::get_if<std::string>(v) : nullptr;
  return s != nullptr ? *s : std::string();
}

// Nodes come in `source` order, so a parent is always merged before its
// children.
void merge_tree(ProfileTree& into, const ProfileTree& source) {
  std::vector<int32_t> target(source.nodes.size(), 0);  // source node -> into node
  for (size_t i = 1; i < source.nodes.size(); ++i) {
    const ProfileNode& c = source.nodes[i];
    int32_t parent = target[static_cast<size_t>(c.parent)];
    int32_t match = -1;
    for (int32_t m : into.nodes[static_cast<size_t>(parent)].children) {
      const ProfileNode& x = into.nodes[static_cast<size_t>(m)];
      if (x.method == c.method && x.site == c.site) match = m;
    }
    if (match < 0) {
      match = static_cast<int32_t>(into.nodes.size());
      ProfileNode& n = into.nodes.emplace_back();
      n.parent = parent;
      n.method = c.method;
      n.site = c.site;
      n.line = c.line;
      n.metrics.assign(c.metrics.size(), 0);
      into.nodes[static_cast<size_t>(parent)].children.push_back(match);
    }
    for (size_t k = 0; k < c.metrics.size(); ++k)
      into.nodes[static_cast<size_t>(match)].metrics[k] += c.metrics[k];
    target[i] = match;
  }
}

bool contexts_unique(const ProfileTree& tree) {
  std::vector<std::pair<int32_t, int32_t>> contexts;
  for (const ProfileNode& n : tree.nodes) {
    const auto& kids = n.children;
    if (kids.size() < 2) continue;
    if (kids.size() <= 8) {
      for (uint32_t i = 1; i < kids.size(); ++i)
        for (uint32_t j = 0; j < i; ++j) {
          const ProfileNode& a = tree.nodes[static_cast<size_t>(kids[i])];
          const ProfileNode& b = tree.nodes[static_cast<size_t>(kids[j])];
          if (a.method == b.method && a.site == b.site) return false;
        }
      continue;
    }
    contexts.clear();
    for (int32_t k : kids) contexts.emplace_back(tree.nodes[static_cast<size_t>(k)].method, tree.nodes[static_cast<size_t>(k)].site);
    std::sort(contexts.begin(), contexts.end());
    if (std::adjacent_find(contexts.begin(), contexts.end()) != contexts.end()) return false;
  }
  return true;
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
