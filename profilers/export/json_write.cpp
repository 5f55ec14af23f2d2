// write_json: the canonical profile format of issue 5 ("Formats", JSON).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
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

JsonProfileWriter::JsonProfileWriter(std::streambuf* out)
    : out_(out), buffer_(new char[kBufferSize]), pos_(buffer_.get()), end_(pos_ + kBufferSize) {}

void JsonProfileWriter::flush() {
  if (pos_ != buffer_.get()) out_->sputn(buffer_.get(), pos_ - buffer_.get());
  pos_ = buffer_.get();
}

void JsonProfileWriter::append(std::string_view s) {
  if (s.size() > static_cast<size_t>(end_ - pos_)) {
    flush();
    if (s.size() > kBufferSize) {
      out_->sputn(s.data(), static_cast<std::streamsize>(s.size()));
      return;
    }
  }
  std::memcpy(pos_, s.data(), s.size());
  pos_ += s.size();
}

void JsonProfileWriter::string(std::string_view s) {
  append('"');
  size_t plain = 0;  // the run of characters that need no escape, not yet appended
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    auto u = static_cast<unsigned char>(c);
    if (c != '"' && c != '\\' && u >= 0x20) continue;
    append(s.substr(plain, i - plain));
    plain = i + 1;
    char escaped[8];
    if (u < 0x20) {
      std::snprintf(escaped, sizeof escaped, "\\u%04x", u);
    } else {
      escaped[0] = '\\';
      escaped[1] = c;
      escaped[2] = 0;
    }
    append(escaped);
  }
  append(s.substr(plain));
  append('"');
}

// "stats":{"key":value,...}: integers as integers, words as strings.
void JsonProfileWriter::stats(const Stats& stats) {
  append('{');
  for (size_t i = 0; i < stats.size(); ++i) {
    if (i > 0) append(',');
    string(stats[i].first);
    append(':');
    const StatValue& v = stats[i].second;
    if (const auto* n = std::get_if<int64_t>(&v)) {
      make_room(24);
      number(*n);
    } else if (const auto* d = std::get_if<double>(&v)) {
      char text[40];
      std::snprintf(text, sizeof text, "%.6g", std::isfinite(*d) ? *d : 0.0);
      append(text);
    } else {
      string(std::get<std::string>(v));
    }
  }
  append('}');
}

void JsonProfileWriter::begin(std::string_view profiler, const std::vector<std::string>& metrics,
                              const Stats& profile_stats, int version) {
  version_ = version;
  append(version == 2 ? "{\"format\":\"minijvm-profile\",\"version\":2,\"profiler\":"
                      : "{\"format\":\"minijvm-profile\",\"version\":3,\"profiler\":");
  string(profiler);
  append(",\"metrics\":[");
  for (size_t m = 0; m < metrics.size(); ++m) {
    if (m > 0) append(',');
    string(metrics[m]);
  }
  append(version == 2 ? "],\n\"node_fields\":[\"parent\",\"method\",\"site\",\"line\""
                      : "],\n\"node_fields\":[\"up\",\"method\",\"site\"");
  for (const std::string& m : metrics) {
    append(',');
    string(m);
  }
  append(']');
  if (!profile_stats.empty()) {
    append(",\n\"stats\":");
    stats(profile_stats);
  }
  append(",\n\"threads\":[");
}

void JsonProfileWriter::begin_thread(std::string_view name, int64_t id, const Stats& thread_stats,
                                     int64_t node_count) {
  append(first_thread_ ? "\n{\"name\":" : ",\n{\"name\":");
  first_thread_ = false;
  string(name);
  append(",\"id\":");
  make_room(24);
  number(id);
  if (!thread_stats.empty()) {
    append(",\"stats\":");
    stats(thread_stats);
  }
  if (node_count >= 0) {
    append(",\"node_count\":");
    make_room(24);
    number(node_count);
  }
  append(",\"nodes\":[");
  first_node_ = true;
}

void JsonProfileWriter::end_thread() { append("]}"); }

void JsonProfileWriter::end(const std::vector<ProfileMethod>& methods,
                            const std::vector<std::vector<int32_t>>* lines) {
  append("],\n\"methods\":[");
  for (size_t i = 0; i < methods.size(); ++i) {
    const ProfileMethod& pm = methods[i];
    append(i == 0 ? "\n{\"id\":" : ",\n{\"id\":");
    make_room(24);
    number(i);
    append(",\"class\":");
    string(pm.class_name);
    append(",\"name\":");
    string(pm.name);
    append(",\"descriptor\":");
    string(pm.descriptor);
    append(pm.is_native ? ",\"native\":true,\"source\":" : ",\"native\":false,\"source\":");
    string(pm.source);
    if (pm.origin != ProfileMethod::Origin::kUnknown)
      append(pm.origin == ProfileMethod::Origin::kJdk ? ",\"jdk\":true" : ",\"jdk\":false");
    if (lines != nullptr && i < lines->size() && !(*lines)[i].empty()) {
      append(",\"lines\":[");
      bool first = true;
      for (int32_t v : (*lines)[i]) {
        if (!first) append(',');
        first = false;
        make_room(24);
        number(v);
      }
      append(']');
    }
    append('}');
  }
  append("]}\n");
  flush();
}

namespace {

// The line tables that give every node of `profile`'s trees its line, as
// version 3 writes them (JsonProfileWriter::end): for each method, the
// call sites its children name, each with their line. Empty when no such
// tables exist: a site with two lines, or a line where version 3 reads -1
// (a node at site -1, or under the root).
std::optional<std::vector<std::vector<int32_t>>> lines_from_nodes(const Profile& profile) {
  std::vector<std::map<int32_t, int32_t>> by_method(profile.methods.size());
  auto take = [&](const ProfileTree& tree) {
    for (size_t i = 1; i < tree.nodes.size(); ++i) {
      const ProfileNode& n = tree.nodes[i];
      int32_t caller = n.parent >= 0 ? tree.nodes[static_cast<size_t>(n.parent)].method : -1;
      if (n.site < 0 || caller < 0 || static_cast<size_t>(caller) >= by_method.size()) {
        if (n.line != -1) return false;
        continue;
      }
      auto [at, added] = by_method[static_cast<size_t>(caller)].emplace(n.site, n.line);
      if (!added && at->second != n.line) return false;
    }
    return true;
  };
  for (const ThreadProfile& t : profile.threads)
    if (!take(t.tree)) return std::nullopt;
  std::vector<std::vector<int32_t>> lines(by_method.size());
  for (size_t m = 0; m < by_method.size(); ++m) {
    for (auto [site, line] : by_method[m]) {
      lines[m].push_back(site);
      lines[m].push_back(line);
    }
  }
  return lines;
}

}  // namespace

void write_json(const Profile& profile, std::ostream& out) {
  std::optional<std::vector<std::vector<int32_t>>> lines = lines_from_nodes(profile);
  JsonProfileWriter writer(out.rdbuf());
  writer.begin(profile.profiler, profile.metrics, profile.stats, lines ? 3 : 2);
  std::vector<uint64_t> values(profile.metrics.size());
  for (const ThreadProfile& t : profile.threads) {
    writer.begin_thread(t.name, t.id, t.stats, static_cast<int64_t>(t.tree.nodes.size()));
    for (size_t i = 0; i < t.tree.nodes.size(); ++i) {
      for (size_t m = 0; m < values.size(); ++m) values[m] = t.tree.value(i, static_cast<int>(m));
      const ProfileNode& n = t.tree.nodes[i];
      writer.node(static_cast<int32_t>(i), n.parent, n.method, n.site, n.line, values);
    }
    writer.end_thread();
  }
  writer.end(profile.methods, lines ? &*lines : nullptr);
}

}  // namespace minijvm::prof
