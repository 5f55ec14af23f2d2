// Choosing a format, writing a profile file, and the one-line summary printed
// when a profile is saved (issue 5, "Command line").
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "profilers/export/export.h"
#include "profilers/export/export_util.h"
#include "profilers/export/pprof.h"

namespace minijvm::prof {

std::optional<Format> format_from_name(std::string_view name) {
  if (name == "json") return Format::kJson;
  if (name == "text") return Format::kText;
  if (name == "collapsed") return Format::kCollapsed;
  if (name == "html") return Format::kHtml;
  if (name == "pprof") return Format::kPprof;
  return std::nullopt;
}

std::optional<Format> format_from_path(const std::string& path) {
  auto ends_with = [&](std::string_view ext) {
    return path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (ends_with(".json")) return Format::kJson;
  if (ends_with(".txt")) return Format::kText;
  if (ends_with(".collapsed")) return Format::kCollapsed;
  if (ends_with(".html")) return Format::kHtml;
  if (ends_with(".pb.gz")) return Format::kPprof;
  return std::nullopt;
}

std::string summary_line(const Profile& profile, const std::string& path) {
  size_t contexts = profile.merged.nodes.empty() ? 0 : profile.merged.nodes.size() - 1;
  size_t threads = profile.threads.size();
  std::string s = "minijvm: " + profile.profiler + " profile written to " + path + " (" +
                  std::to_string(contexts) + (contexts == 1 ? " context, " : " contexts, ") +
                  std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  // The top context by self value of the first metric that is not "calls".
  int metric = profile.metrics.empty() ? -1 : 0;
  for (size_t m = 0; m < profile.metrics.size(); ++m) {
    if (profile.metrics[m] != "calls") {
      metric = static_cast<int>(m);
      break;
    }
  }
  const std::vector<ProfileNode>& nodes = profile.merged.nodes;
  size_t top = 0;
  uint64_t top_value = 0, total = 0;
  for (size_t i = 0; i < nodes.size(); ++i) {
    uint64_t v = export_detail::self_value(nodes[i], metric);
    total += v;
    if (v > top_value) {
      top_value = v;
      top = i;
    }
  }
  if (metric < 0 || top_value == 0) return s + "; top: none)";
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f%%",
                100.0 * static_cast<double>(top_value) / static_cast<double>(total));
  return s + "; top: " + export_detail::node_label(profile, nodes[top]) + " " + pct + " of " +
         profile.metrics[metric] + ")";
}

Result<void> write_profile(const Profile& profile, Format format, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    return make_error("java/io/IOException",
                      "cannot write profile to " + path + ": " + std::strerror(errno));
  }
  switch (format) {
    case Format::kJson:
      write_json(profile, out);
      break;
    case Format::kText:
      write_text(profile, TextOptions{}, out);
      break;
    case Format::kCollapsed: {
      int m = profile.metric_index("bytecodes");
      write_collapsed(profile, m >= 0 ? m : 0, out);
      break;
    }
    case Format::kHtml:
      write_html(profile, out);
      break;
    case Format::kPprof:
      write_pprof(profile, out);
      break;
  }
  out.close();
  if (!out) {
    return make_error("java/io/IOException",
                      "error writing profile to " + path + ": " + std::strerror(errno));
  }
  return {};
}

}  // namespace minijvm::prof
