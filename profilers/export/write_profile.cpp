// Choosing a format, writing a profile file, and the one-line summary printed
// when a profile is saved (issue 5, "Command line").
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "profilers/export/export.h"
#include "profilers/export/pprof.h"
#include "profilers/export/profile_file.h"

namespace minijvm::prof {

std::optional<Format> format_from_name(std::string_view name) {
  if (name == "json") return Format::kJson;
  if (name == "text") return Format::kText;
  if (name == "collapsed") return Format::kCollapsed;
  if (name == "html") return Format::kHtml;
  if (name == "pprof") return Format::kPprof;
  return std::nullopt;
}

std::optional<Format> format_from_path(const std::string& full_path) {
  std::string path = without_gzip_suffix(full_path);
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

ProfileSummary summarize(const Profile& profile) {
  ProfileSummary summary;
  summary.profiler = profile.profiler;
  summary.contexts = profile.merged().nodes.empty() ? 0 : profile.merged().nodes.size() - 1;
  summary.threads = profile.threads.size();
  summary.stats = profile.stats;
  summary.metrics = profile.metrics;
  summary.totals.assign(profile.metrics.size(), 0);
  std::vector<uint64_t> per_method(profile.methods.size());
  summary.metric = summary_metric(profile.metrics);
  const ProfileTree& tree = profile.merged();
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    for (size_t m = 0; m < profile.metrics.size(); ++m)
      summary.totals[m] += tree.value(i, static_cast<int>(m));
    const ProfileNode& n = tree.nodes[i];
    if (summary.metric >= 0 && n.method >= 0 && static_cast<size_t>(n.method) < per_method.size())
      per_method[static_cast<size_t>(n.method)] += tree.value(i, summary.metric);
  }
  choose_hottest_method(summary, per_method, profile.methods);
  return summary;
}

void choose_hottest_method(ProfileSummary& summary, const std::vector<uint64_t>& per_method,
                           const std::vector<ProfileMethod>& methods) {
  for (size_t i = 0; i < per_method.size(); ++i) {
    if (per_method[i] > summary.top_value) {
      summary.top_value = per_method[i];
      summary.top_method = frame_label(methods[i]);
    }
  }
}

int summary_metric(const std::vector<std::string>& metrics) {
  for (size_t m = 0; m < metrics.size(); ++m)
    if (metrics[m] != "calls") return static_cast<int>(m);
  return metrics.empty() ? -1 : 0;
}

std::string summary_line(const ProfileSummary& summary, const std::string& path) {
  std::string s = "minijvm: " + summary.profiler + " profile written to " + path + " (" +
                  std::to_string(summary.contexts) +
                  (summary.contexts == 1 ? " context, " : " contexts, ") +
                  std::to_string(summary.threads) + (summary.threads == 1 ? " thread" : " threads");
  if (summary.metric < 0 || summary.top_value == 0) return s + "; hottest method: none)";
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f%%",
                100.0 * static_cast<double>(summary.top_value) /
                    static_cast<double>(summary.totals[static_cast<size_t>(summary.metric)]));
  return s + "; hottest method: " + summary.top_method + " " + pct + " of " +
         summary.metrics[static_cast<size_t>(summary.metric)] + ", self)";
}

std::string summary_line(const Profile& profile, const std::string& path) {
  return summary_line(summarize(profile), path);
}

Result<void> write_profile(const Profile& profile, Format format, const std::string& path) {
  auto file = TRY(ProfileFileOut::open(path));
  std::ostream out(file.get());
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
  out.flush();
  return file->close();
}

}  // namespace minijvm::prof
