// Profile exporters (issue 5, "Formats"): turn a finished Profile
// (profilers/model/profile.h) into files -- canonical JSON (and back), an
// indented text tree, collapsed stacks for flamegraph.pl / speedscope, and a
// self-contained HTML flame graph. Everything here works on plain data; no VM
// is needed, so the profile tool uses the same code.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "profilers/model/profile.h"
#include "vm/result.h"

namespace minijvm::prof {

enum class Format { kJson, kText, kCollapsed, kHtml, kPprof };

// "json", "text", "collapsed", "html", "pprof"; anything else nullopt.
std::optional<Format> format_from_name(std::string_view name);
// By extension: .json .txt .collapsed .html .pb.gz (pprof); anything else
// nullopt.
std::optional<Format> format_from_path(const std::string& path);

// The canonical JSON of issue 5:
//   {"format":"minijvm-profile","version":1,"profiler":..,"metrics":[..],
//    "methods":[{"id","class","name","descriptor","native","source"}..],
//    "nodes":[{"id","parent","method","site","line",<metric>:<self value>..}..],
//    "threads":[{"name":..,"nodes":[..same schema..]}..]}
// Deterministic: nodes in tree order, one method / node per line. Strings are
// escaped per RFC 8259 (control characters as \u00XX; non-ASCII passes
// through as UTF-8).
void write_json(const Profile& profile, std::ostream& out);

// Reads what write_json writes (any JSON whitespace / key order accepted;
// unknown keys ignored; a missing metric key reads as 0). Rejects other
// formats and versions, malformed JSON and inconsistent trees with a
// java/io/IOException-style error saying what and where, e.g.
// "profile JSON: expected ':' at offset 123". Node children are rebuilt from
// the parent links in node order, so write_json -> read_json is exact.
Result<Profile> read_json(std::string_view text);

struct TextOptions {
  int metric = 0;            // index into Profile::metrics
  double min_percent = 0.0;  // cut nodes whose inclusive share is below this
  int max_depth = -1;        // root's children are depth 1; -1: unlimited
};

// An indented tree of the merged profile (children by inclusive value,
// descending, ties in creation order): inclusive, % of total, self, frame
// label, "@bci (File.java:line)"; cut children are summarised as
// "... N more". Then the top 20 methods by self value.
void write_text(const Profile& profile, const TextOptions& options, std::ostream& out);

// Collapsed stacks: "frame;frame;frame value" per node with a non-zero self
// value of `metric`, from the root's child down, depth-first in creation
// order. With `with_sites`, "@bci" is appended to frames entered at a known
// call site.
void write_collapsed(const Profile& profile, int metric, std::ostream& out,
                     bool with_sites = false);

// One self-contained HTML page (inline CSS and JS, no network access): an
// interactive flame graph of the merged tree with zoom, search, a metric
// select and a status line. The data is embedded as JSON.
void write_html(const Profile& profile, std::ostream& out);

// The stderr line written when a profile is saved, e.g.
// "minijvm: cct profile written to minijvm-cct.json (1234 contexts,
// 3 threads; top: java.lang.String.hashCode 12.3% of bytecodes)".
std::string summary_line(const Profile& profile, const std::string& path);

// Writes `profile` to `path` in `format` (text with default options;
// collapsed with "bytecodes" if present, else metric 0; pprof as gzipped
// profile.proto, see profilers/export/pprof.h). Fails with a
// java/io/IOException error naming the path and the errno text.
Result<void> write_profile(const Profile& profile, Format format, const std::string& path);

}  // namespace minijvm::prof
