#include "profilers/model/profile.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>

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

int32_t ProfileTree::add(const ProfileNode& node) {
  auto id = static_cast<int32_t>(nodes.size());
  nodes.push_back(node);
  values.resize(values.size() + width, 0);
  return id;
}

int32_t ProfileTree::add(const ProfileNode& node, std::span<const uint64_t> metrics) {
  auto id = static_cast<int32_t>(nodes.size());
  nodes.push_back(node);
  values.insert(values.end(), metrics.begin(),
                metrics.begin() + static_cast<std::ptrdiff_t>(std::min(width, metrics.size())));
  values.resize(nodes.size() * width, 0);
  return id;
}

namespace {

// Asks for transparent huge pages for an array of many megabytes: where a
// page fault is dear (about 10 us on the host of the README's tables), the
// faults were a quarter of reading a 250 MB profile. Advice only: a kernel
// without them faults as before.
template <typename T>
void advise_huge_pages([[maybe_unused]] const std::vector<T>& array) {
#ifdef MADV_HUGEPAGE
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  const auto data = reinterpret_cast<uintptr_t>(array.data());
  const uintptr_t begin = (data + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (data + array.capacity() * sizeof(T)) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

}  // namespace

void ProfileTree::reserve(size_t count) {
  nodes.reserve(count);
  values.reserve(count * width);
  advise_huge_pages(nodes);
  advise_huge_pages(values);
}

void Profile::make_merged() const {
  merge_pending_ = false;
  merged_ = merge_threads(threads, metrics.size());
}

namespace {

// Whether no two children of a node of `tree` are the same context.
bool contexts_unique(const ProfileTree& tree, const ChildIndex& children) {
  std::vector<std::pair<int32_t, int32_t>> contexts;
  for (size_t n = 0; n < tree.nodes.size(); ++n) {
    std::span<const int32_t> kids = children[n];
    if (kids.size() < 2) continue;
    if (kids.size() <= 8) {
      for (size_t i = 1; i < kids.size(); ++i)
        for (size_t j = 0; j < i; ++j) {
          const ProfileNode& a = tree.nodes[static_cast<size_t>(kids[i])];
          const ProfileNode& b = tree.nodes[static_cast<size_t>(kids[j])];
          if (a.method == b.method && a.site == b.site) return false;
        }
      continue;
    }
    contexts.clear();
    for (int32_t k : kids)
      contexts.emplace_back(tree.nodes[static_cast<size_t>(k)].method,
                            tree.nodes[static_cast<size_t>(k)].site);
    std::sort(contexts.begin(), contexts.end());
    if (std::adjacent_find(contexts.begin(), contexts.end()) != contexts.end()) return false;
  }
  return true;
}

}  // namespace

size_t merged_contexts(const Profile& profile) {
  if (!profile.merge_pending()) {
    const ProfileTree& merged = profile.merged();
    return merged.nodes.empty() ? 0 : merged.nodes.size() - 1;
  }
  // The largest thread's contexts, and the others' that it lacks: each
  // other tree is walked alongside the largest one, whose child index finds
  // a context, and only what the largest lacks goes into a table.
  const ProfileTree* base = nullptr;
  for (const ThreadProfile& t : profile.threads)
    if (base == nullptr || t.tree.nodes.size() > base->nodes.size()) base = &t.tree;
  if (base == nullptr || base->nodes.empty()) return 0;
  const ChildIndex children(*base);
  // A tree with a context twice under one parent (not written by minijvm)
  // merges into fewer: count what the merged tree holds.
  if (!contexts_unique(*base, children)) return profile.merged().nodes.size() - 1;
  const auto base_size = static_cast<int32_t>(base->nodes.size());
  // A context the base lacks: (parent's merged id, method, site) -> its
  // merged id, past the base's. Open-addressed and sized once for every
  // node of the other trees (id 0 marks a free slot): H2's threads make
  // half a million such contexts.
  struct Entry {
    int32_t parent = 0, method = 0, site = 0, id = 0;
  };
  size_t others = 0;
  for (const ThreadProfile& t : profile.threads)
    if (&t.tree != base) others += t.tree.nodes.size();
  size_t capacity = 16;
  while (capacity < 2 * others) capacity *= 2;
  std::vector<Entry> extra(capacity);
  int32_t next = base_size;
  auto find_or_add = [&](int32_t parent, int32_t method, int32_t site) {
    uint64_t key = uint64_t{static_cast<uint32_t>(parent)} << 32 | static_cast<uint32_t>(method);
    key ^= uint64_t{static_cast<uint32_t>(site)} << 17;
    for (size_t i = (key * 0x9e3779b97f4a7c15ull) >> 20 & (capacity - 1);; i = (i + 1) & (capacity - 1)) {
      Entry& e = extra[i];
      if (e.id == 0) {
        e = {parent, method, site, next++};
        return e.id;
      }
      if (e.parent == parent && e.method == method && e.site == site) return e.id;
    }
  };
  std::vector<int32_t> merged_id;  // a tree's node -> its merged id
  for (const ThreadProfile& t : profile.threads) {
    if (&t.tree == base || t.tree.nodes.empty()) continue;
    merged_id.assign(t.tree.nodes.size(), 0);
    for (size_t i = 1; i < t.tree.nodes.size(); ++i) {
      const ProfileNode& n = t.tree.nodes[i];
      int32_t parent = merged_id[static_cast<size_t>(n.parent)], found = -1;
      if (parent < base_size)
        for (int32_t c : children[static_cast<size_t>(parent)])
          if (base->nodes[static_cast<size_t>(c)].method == n.method &&
              base->nodes[static_cast<size_t>(c)].site == n.site)
            found = c;
      merged_id[i] = found >= 0 ? found : find_or_add(parent, n.method, n.site);
    }
  }
  return static_cast<size_t>(next) - 1;
}

namespace {

// Calls visit(tree, node) for every node whose values the merged tree
// holds: its own, or, while it is to be made, the threads' nodes below
// their roots (merging adds no root's values).
template <typename Visit>
void for_each_valued_node(const Profile& profile, Visit visit) {
  if (!profile.merge_pending()) {
    const ProfileTree& merged = profile.merged();
    for (size_t i = 0; i < merged.nodes.size(); ++i) visit(merged, i);
    return;
  }
  for (const ThreadProfile& t : profile.threads)
    for (size_t i = 1; i < t.tree.nodes.size(); ++i) visit(t.tree, i);
}

}  // namespace

std::vector<uint64_t> metric_totals(const Profile& profile) {
  std::vector<uint64_t> totals(profile.metrics.size(), 0);
  for_each_valued_node(profile, [&](const ProfileTree& tree, size_t i) {
    for (size_t m = 0; m < totals.size(); ++m) totals[m] += tree.value(i, static_cast<int>(m));
  });
  return totals;
}

std::vector<uint64_t> method_totals(const Profile& profile, int m, std::vector<bool>* seen) {
  std::vector<uint64_t> totals(profile.methods.size(), 0);
  if (seen != nullptr) seen->assign(totals.size(), false);
  for_each_valued_node(profile, [&](const ProfileTree& tree, size_t i) {
    auto method = static_cast<size_t>(tree.nodes[i].method);
    if (tree.nodes[i].method < 0 || method >= totals.size()) return;
    totals[method] += tree.value(i, m);
    if (seen != nullptr) (*seen)[method] = true;
  });
  return totals;
}

ChildIndex::ChildIndex(const ProfileTree& tree) : begin_(tree.nodes.size() + 1, 0) {
  const std::vector<ProfileNode>& nodes = tree.nodes;
  // Count each node's children and sum the counts up to each node: the end
  // of its place in ids_. Filled from the last node back, each place
  // moves to its start, and siblings keep the order they were made in.
  for (size_t i = 1; i < nodes.size(); ++i) ++begin_[static_cast<size_t>(nodes[i].parent)];
  for (size_t i = 1; i < begin_.size(); ++i) begin_[i] += begin_[i - 1];
  ids_.resize(nodes.empty() ? 0 : nodes.size() - 1);
  for (size_t i = nodes.size(); i-- > 1;)
    ids_[--begin_[static_cast<size_t>(nodes[i].parent)]] = static_cast<int32_t>(i);
}

namespace {

// Merges trees into `into` one after another. A node of `into` finds its
// children by links kept across the trees (its first child, each child's
// next sibling): 8 bytes a node while merging, made once however many
// trees come.
class TreeMerger {
 public:
  explicit TreeMerger(ProfileTree& into) : into_(into) {
    const size_t n = into.nodes.size();
    first_child_.assign(n, -1);
    next_sibling_.assign(n, -1);
    for (size_t i = n; i-- > 1;) {
      auto parent = static_cast<size_t>(into.nodes[i].parent);
      next_sibling_[i] = first_child_[parent];
      first_child_[parent] = static_cast<int32_t>(i);
    }
  }

  // Nodes come in `source` order, so a parent is always merged before its
  // children.
  void add(const ProfileTree& source) {
    if (into_.nodes.empty()) {
      into_.width = source.width;
      new_child(-1, ProfileNode{});
    }
    const size_t width = std::min(into_.width, source.width);
    target_.assign(source.nodes.size(), 0);  // source node -> into node
    for (size_t i = 1; i < source.nodes.size(); ++i) {
      const ProfileNode& c = source.nodes[i];
      int32_t parent = target_[static_cast<size_t>(c.parent)];
      int32_t match = first_child_[static_cast<size_t>(parent)];
      while (match >= 0 && (into_.nodes[static_cast<size_t>(match)].method != c.method ||
                            into_.nodes[static_cast<size_t>(match)].site != c.site))
        match = next_sibling_[static_cast<size_t>(match)];
      if (match < 0) match = new_child(parent, ProfileNode{parent, c.method, c.site, c.line});
      std::span<uint64_t> to = into_.metrics(static_cast<size_t>(match));
      std::span<const uint64_t> from = source.metrics(i);
      for (size_t k = 0; k < width; ++k) to[k] += from[k];
      target_[i] = match;
    }
  }

 private:
  // A new node goes first among its siblings: a context just made is the
  // likeliest to be met again soon in a depth-first source.
  int32_t new_child(int32_t parent, const ProfileNode& node) {
    int32_t id = into_.add(node);
    first_child_.push_back(-1);
    next_sibling_.push_back(parent >= 0 ? first_child_[static_cast<size_t>(parent)] : -1);
    if (parent >= 0) first_child_[static_cast<size_t>(parent)] = id;
    return id;
  }

  ProfileTree& into_;
  std::vector<int32_t> first_child_, next_sibling_, target_;
};

}  // namespace

ProfileTree merge_threads(const std::vector<ThreadProfile>& threads, size_t width) {
  ProfileTree merged(width);
  size_t most = 1;
  for (const ThreadProfile& t : threads) most += t.tree.nodes.size();
  merged.reserve(most);
  merged.add(ProfileNode{});
  TreeMerger merger(merged);
  for (const ThreadProfile& t : threads) merger.add(t.tree);
  return merged;
}

bool contexts_unique(const ProfileTree& tree) { return contexts_unique(tree, ChildIndex(tree)); }

std::vector<uint64_t> inclusive(const ProfileTree& tree, int m) {
  std::vector<uint64_t> total(tree.nodes.size(), 0);
  // Parents precede children: one backward pass adds each node to its parent.
  for (size_t i = tree.nodes.size(); i-- > 0;) {
    total[i] += tree.value(i, m);
    if (tree.nodes[i].parent >= 0) total[static_cast<size_t>(tree.nodes[i].parent)] += total[i];
  }
  return total;
}

std::string frame_label(const ProfileMethod& method) {
  std::string label = method.class_name;
  std::replace(label.begin(), label.end(), '/', '.');
  return label + "." + method.name;
}

}  // namespace minijvm::prof
