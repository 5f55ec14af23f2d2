// write_json: the canonical profile format of issue 5 ("Formats", JSON).
#include <cmath>
#include <cstdio>
#include <variant>

#include "profilers/export/export.h"
#include "profilers/export/export_util.h"

namespace minijvm::prof {
namespace export_detail {

void write_json_string(std::ostream& out, std::string_view s, bool html_safe) {
  out << '"';
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out << '\\' << c;
    } else if (u < 0x20 || (html_safe && (c == '<' || c == '>' || c == '&'))) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out << buf;
    } else {
      out << c;
    }
  }
  out << '"';
}

std::string node_label(const Profile& profile, const ProfileNode& node) {
  if (node.method < 0) return "[root]";
  if (static_cast<size_t>(node.method) >= profile.methods.size()) return "[unknown]";
  return frame_label(profile.methods[node.method]);
}

}  // namespace export_detail

namespace {

using export_detail::write_json_string;

// One node per line: {"id":..,"parent":..,"method":..,"site":..,"line":..,<metric>:..}.
void write_nodes(const Profile& profile, const ProfileTree& tree, std::ostream& out) {
  out << "[";
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const ProfileNode& n = tree.nodes[i];
    out << (i == 0 ? "\n" : ",\n");
    out << "{\"id\":" << i << ",\"parent\":" << n.parent << ",\"method\":" << n.method
        << ",\"site\":" << n.site << ",\"line\":" << n.line;
    for (size_t m = 0; m < profile.metrics.size(); ++m) {
      out << ",";
      write_json_string(out, profile.metrics[m]);
      out << ":" << export_detail::self_value(n, static_cast<int>(m));
    }
    out << "}";
  }
  out << "]";
}

// "stats":{"key":value,...}: integers as integers, words as strings.
void write_stats(const Stats& stats, std::ostream& out) {
  out << "{";
  for (size_t i = 0; i < stats.size(); ++i) {
    if (i > 0) out << ",";
    write_json_string(out, stats[i].first);
    out << ":";
    const StatValue& v = stats[i].second;
    if (const auto* n = std::get_if<int64_t>(&v)) {
      out << *n;
    } else if (const auto* d = std::get_if<double>(&v)) {
      char buffer[40];
      std::snprintf(buffer, sizeof buffer, "%.6g", std::isfinite(*d) ? *d : 0.0);
      out << buffer;
    } else {
      write_json_string(out, std::get<std::string>(v));
    }
  }
  out << "}";
}

}  // namespace

void write_json(const Profile& profile, std::ostream& out) {
  out << "{\"format\":\"minijvm-profile\",\"version\":1,\"profiler\":";
  write_json_string(out, profile.profiler);
  out << ",\"metrics\":[";
  for (size_t m = 0; m < profile.metrics.size(); ++m) {
    if (m > 0) out << ",";
    write_json_string(out, profile.metrics[m]);
  }
  out << "]";
  if (!profile.stats.empty()) {
    out << ",\n\"stats\":";
    write_stats(profile.stats, out);
  }
  out << ",\n\"methods\":[";
  for (size_t i = 0; i < profile.methods.size(); ++i) {
    const ProfileMethod& pm = profile.methods[i];
    out << (i == 0 ? "\n" : ",\n") << "{\"id\":" << i << ",\"class\":";
    write_json_string(out, pm.class_name);
    out << ",\"name\":";
    write_json_string(out, pm.name);
    out << ",\"descriptor\":";
    write_json_string(out, pm.descriptor);
    out << ",\"native\":" << (pm.is_native ? "true" : "false") << ",\"source\":";
    write_json_string(out, pm.source);
    out << "}";
  }
  out << "],\n\"nodes\":";
  write_nodes(profile, profile.merged, out);
  out << ",\n\"threads\":[";
  for (size_t t = 0; t < profile.threads.size(); ++t) {
    out << (t == 0 ? "\n" : ",\n") << "{\"name\":";
    write_json_string(out, profile.threads[t].name);
    out << ",\"id\":" << profile.threads[t].id;
    if (!profile.threads[t].stats.empty()) {
      out << ",\"stats\":";
      write_stats(profile.threads[t].stats, out);
    }
    out << ",\"nodes\":";
    write_nodes(profile, profile.threads[t].tree, out);
    out << "}";
  }
  out << "]}\n";
}

}  // namespace minijvm::prof
