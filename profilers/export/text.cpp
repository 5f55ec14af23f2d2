// write_text: the merged tree as an indented listing, then a flat table of the
// hottest methods (issue 5, "Formats", text).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/export/export_util.h"

namespace minijvm::prof {
namespace {

using export_detail::node_label;

constexpr size_t kTopMethods = 20;

double percent(uint64_t part, uint64_t total) {
  return total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
}

class TextWriter {
 public:
  TextWriter(const Profile& p, const TextOptions& o, std::ostream& out)
      : p_(p), o_(o), out_(out), incl_(inclusive(p.merged(), o.metric)), children_(p.merged()) {}

  void write() {
    const std::string metric = o_.metric >= 0 && static_cast<size_t>(o_.metric) < p_.metrics.size()
                                   ? p_.metrics[o_.metric]
                                   : "?";
    total_ = incl_.empty() ? 0 : incl_[0];
    out_ << p_.profiler << " profile, metric " << metric << ", total " << total_ << " ("
         << (p_.merged().nodes.empty() ? 0 : p_.merged().nodes.size() - 1) << " contexts, "
         << p_.threads.size() << (p_.threads.size() == 1 ? " thread" : " threads") << ")\n";
    char head[128];
    std::snprintf(head, sizeof head, "%14s %7s %14s  %s\n", "inclusive", "%", "self", "context");
    out_ << head;
    if (!p_.merged().nodes.empty()) tree();
    top_methods(metric);
  }

 private:
  // One level of the listing: the children of a printed node, hottest first.
  struct Level {
    std::vector<int32_t> kids;
    size_t next = 0;  // kids[0..next) are printed
    int depth = 1;    // of the kids; the root's children are depth 1
    bool expand = true;
  };

  Level level(int32_t id, int depth) const {
    std::span<const int32_t> kids = children_[static_cast<size_t>(id)];
    Level l{{kids.begin(), kids.end()}, 0, depth, o_.max_depth < 0 || depth <= o_.max_depth};
    std::stable_sort(l.kids.begin(), l.kids.end(),
                     [&](int32_t a, int32_t b) { return incl_[a] > incl_[b]; });
    return l;
  }

  // Depth-first with an explicit stack (recursive programs make deep trees).
  void tree() {
    std::vector<Level> stack;
    stack.push_back(level(0, 1));
    while (!stack.empty()) {
      Level& top = stack.back();
      // Sorted descending: once one child is below min_percent, so are the rest.
      if (top.expand && top.next < top.kids.size() &&
          percent(incl_[top.kids[top.next]], total_) >= o_.min_percent) {
        int32_t k = top.kids[top.next++];
        int depth = top.depth;
        line(k, depth);
        stack.push_back(level(k, depth + 1));  // invalidates `top`
        continue;
      }
      if (top.next < top.kids.size()) {
        uint64_t rest = 0;
        for (size_t i = top.next; i < top.kids.size(); ++i) rest += incl_[top.kids[i]];
        char buf[64];
        std::snprintf(buf, sizeof buf, "%14" PRIu64 " %6.2f%% %14s  ", rest, percent(rest, total_),
                      "");
        out_ << buf << std::string(2 * (top.depth - 1), ' ') << "... "
             << (top.kids.size() - top.next) << " more\n";
      }
      stack.pop_back();
    }
  }

  void line(int32_t id, int depth) {
    const ProfileNode& n = p_.merged().nodes[id];
    char buf[64];
    std::snprintf(buf, sizeof buf, "%14" PRIu64 " %6.2f%% %14" PRIu64 "  ", incl_[id],
                  percent(incl_[id], total_),
                  p_.merged().value(static_cast<size_t>(id), o_.metric));
    out_ << buf << std::string(2 * (depth - 1), ' ') << node_label(p_, n);
    if (n.site >= 0) out_ << " @" << n.site;
    if (n.line >= 0) {
      // The call site is in the parent's method: its source file names it.
      const ProfileNode& parent = p_.merged().nodes[n.parent];
      std::string file;
      if (parent.method >= 0 && static_cast<size_t>(parent.method) < p_.methods.size())
        file = p_.methods[parent.method].source;
      out_ << " (" << (file.empty() ? "line " : file + ":") << n.line << ")";
    }
    out_ << "\n";
  }

  // Per method: self summed over contexts; total counts each activation chain
  // once (a recursive method's inner frames are not added again).
  void top_methods(const std::string& metric) {
    std::vector<uint64_t> self(p_.methods.size(), 0), total(p_.methods.size(), 0);
    std::vector<int> on_stack(p_.methods.size(), 0);
    // Iterative depth-first walk: (node, leaving?).
    std::vector<std::pair<int32_t, bool>> stack;
    if (!p_.merged().nodes.empty()) stack.push_back({0, false});
    while (!stack.empty()) {
      auto [id, leaving] = stack.back();
      stack.pop_back();
      const ProfileNode& n = p_.merged().nodes[id];
      bool known = n.method >= 0 && static_cast<size_t>(n.method) < p_.methods.size();
      if (leaving) {
        if (known) --on_stack[n.method];
        continue;
      }
      if (known) {
        self[n.method] += p_.merged().value(static_cast<size_t>(id), o_.metric);
        if (on_stack[n.method]++ == 0) total[n.method] += incl_[id];
      }
      stack.push_back({id, true});
      std::span<const int32_t> kids = children_[static_cast<size_t>(id)];
      for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back({*it, false});
    }
    std::vector<size_t> order(p_.methods.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return self[a] > self[b]; });
    out_ << "\ntop methods by self " << metric << "\n";
    char head[128];
    std::snprintf(head, sizeof head, "%14s %7s %14s %7s  %s\n", "self", "%", "total", "%",
                  "method");
    out_ << head;
    for (size_t i = 0; i < order.size() && i < kTopMethods; ++i) {
      size_t m = order[i];
      if (self[m] == 0) break;
      char buf[96];
      std::snprintf(buf, sizeof buf, "%14" PRIu64 " %6.2f%% %14" PRIu64 " %6.2f%%  ", self[m],
                    percent(self[m], total_), total[m], percent(total[m], total_));
      out_ << buf << frame_label(p_.methods[m]) << "\n";
    }
  }

  const Profile& p_;
  const TextOptions& o_;
  std::ostream& out_;
  std::vector<uint64_t> incl_;
  ChildIndex children_;
  uint64_t total_ = 0;
};

}  // namespace

void write_text(const Profile& profile, const TextOptions& options, std::ostream& out) {
  TextWriter(profile, options, out).write();
}

}  // namespace minijvm::prof
