// write_json: the canonical profile format of issue 5 ("Formats", JSON).
#include <cmath>
#include <cstdio>
#include <variant>

#include "profilers/export/export.h"
#include "profilers/export/export_util.h"
#include "profilers/export/json_writer.h"

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

JsonProfileWriter::JsonProfileWriter(std::streambuf* out) : out_(out) {
  buffer_.reserve(kFlushAt + 4096);
}

void JsonProfileWriter::flush() {
  if (!buffer_.empty()) out_->sputn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  buffer_.clear();
}

void JsonProfileWriter::string(std::string_view s) {
  buffer_ += '"';
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      buffer_ += '\\';
      buffer_ += c;
    } else if (u < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", u);
      buffer_ += escaped;
    } else {
      buffer_ += c;
    }
  }
  buffer_ += '"';
}

// "stats":{"key":value,...}: integers as integers, words as strings.
void JsonProfileWriter::stats(const Stats& stats) {
  buffer_ += '{';
  for (size_t i = 0; i < stats.size(); ++i) {
    if (i > 0) buffer_ += ',';
    string(stats[i].first);
    buffer_ += ':';
    const StatValue& v = stats[i].second;
    if (const auto* n = std::get_if<int64_t>(&v)) {
      number(*n);
    } else if (const auto* d = std::get_if<double>(&v)) {
      char text[40];
      std::snprintf(text, sizeof text, "%.6g", std::isfinite(*d) ? *d : 0.0);
      buffer_ += text;
    } else {
      string(std::get<std::string>(v));
    }
  }
  buffer_ += '}';
}

void JsonProfileWriter::begin(std::string_view profiler, const std::vector<std::string>& metrics,
                              const Stats& profile_stats) {
  buffer_ += "{\"format\":\"minijvm-profile\",\"version\":2,\"profiler\":";
  string(profiler);
  buffer_ += ",\"metrics\":[";
  for (size_t m = 0; m < metrics.size(); ++m) {
    if (m > 0) buffer_ += ',';
    string(metrics[m]);
  }
  buffer_ += "],\n\"node_fields\":[\"parent\",\"method\",\"site\",\"line\"";
  for (const std::string& m : metrics) {
    buffer_ += ',';
    string(m);
  }
  buffer_ += ']';
  if (!profile_stats.empty()) {
    buffer_ += ",\n\"stats\":";
    stats(profile_stats);
  }
  buffer_ += ",\n\"threads\":[";
}

void JsonProfileWriter::begin_thread(std::string_view name, int64_t id, const Stats& thread_stats) {
  buffer_ += first_thread_ ? "\n{\"name\":" : ",\n{\"name\":";
  first_thread_ = false;
  string(name);
  buffer_ += ",\"id\":";
  number(id);
  if (!thread_stats.empty()) {
    buffer_ += ",\"stats\":";
    stats(thread_stats);
  }
  buffer_ += ",\"nodes\":[";
  first_node_ = true;
}

void JsonProfileWriter::end_thread() { buffer_ += "]}"; }

void JsonProfileWriter::end(const std::vector<ProfileMethod>& methods) {
  buffer_ += "],\n\"methods\":[";
  for (size_t i = 0; i < methods.size(); ++i) {
    if (buffer_.size() > kFlushAt) flush();
    const ProfileMethod& pm = methods[i];
    buffer_ += i == 0 ? "\n{\"id\":" : ",\n{\"id\":";
    number(i);
    buffer_ += ",\"class\":";
    string(pm.class_name);
    buffer_ += ",\"name\":";
    string(pm.name);
    buffer_ += ",\"descriptor\":";
    string(pm.descriptor);
    buffer_ += pm.is_native ? ",\"native\":true,\"source\":" : ",\"native\":false,\"source\":";
    string(pm.source);
    buffer_ += '}';
  }
  buffer_ += "]}\n";
  flush();
}

void write_json(const Profile& profile, std::ostream& out) {
  JsonProfileWriter writer(out.rdbuf());
  writer.begin(profile.profiler, profile.metrics, profile.stats);
  std::vector<uint64_t> values(profile.metrics.size());
  for (const ThreadProfile& t : profile.threads) {
    writer.begin_thread(t.name, t.id, t.stats);
    for (const ProfileNode& n : t.tree.nodes) {
      for (size_t m = 0; m < values.size(); ++m)
        values[m] = export_detail::self_value(n, static_cast<int>(m));
      writer.node(n.parent, n.method, n.site, n.line, values);
    }
    writer.end_thread();
  }
  writer.end(profile.methods);
}

}  // namespace minijvm::prof
