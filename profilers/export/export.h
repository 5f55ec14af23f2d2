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
// By extension: .json .txt .collapsed .html .pb.gz (pprof), each also with
// .gz appended (compressed; pprof is compressed already); anything else
// nullopt.
std::optional<Format> format_from_path(const std::string& path);

// The profile JSON, version 3 (issue 14: written as it is produced,
// profilers/export/json_writer.h):
//   {"format":"minijvm-profile","version":3,"profiler":..,"metrics":[..],
//    "node_fields":["up","method","site",<metrics>..],
//    "stats":{..} (samplers only),
//    "threads":[{"name":..,"id":..,"stats":{..},"node_count":..,"nodes":[
//        [up,method,site,<self value of each metric>..], ..]}, ..],
//    "methods":[{"id","class","name","descriptor","native","source"[,"jdk"]
//                [,"lines":[start_pc,line,..]]}..]}
// A node's id is its position in its thread's array (the root is 0, a
// parent precedes its children); "up" is its id less its parent's (0 for
// the root only); a row leaves its trailing zero values out. A node's
// line is found in its parent's method's "lines" (start_pc ascending): the
// line of the last start_pc at or below the node's site; -1 when there is
// none, the site is -1 or the parent is the root. "node_count", the
// array's length, is a hint readers may use to allocate (optional). The
// merged tree is not written: readers merge the threads' trees (read_json:
// when the merged tree is first asked for, Profile::merge_later). "jdk"
// (written when known) says whether the method's class is the JDK's or the
// application's (ProfileMethod::origin). Deterministic: one method / node
// per line. Strings are escaped per RFC 8259 (control characters as
// \u00XX; non-ASCII passes through as UTF-8).
// write_json gives "lines" the call sites of the profile's nodes; when no
// such tables give every node its line (two lines for one site, a line
// at a site of -1 or under the root), it writes version 2 instead: rows
// [parent,method,site,line,<every metric's value>..], the root's parent -1,
// "node_fields" ["parent","method","site","line",<metrics>..], no "lines".
void write_json(const Profile& profile, std::ostream& out);

// Reads what write_json writes (versions 3 and 2), and version 1 (node objects
// {"id","parent","method","site","line",<metric>:<value>}, with the merged
// tree as "nodes"): any JSON whitespace / key order accepted ("version"
// before the nodes, whose rows it decides); unknown keys
// ignored; a missing metric reads as 0. Rejects other formats and versions,
// malformed JSON and inconsistent trees with a java/io/IOException-style
// error saying what and where, e.g. "profile JSON: expected ':' at offset
// 123". Node children are rebuilt from the parent links in node order, so
// write_json -> read_json is exact. A SAX parse (RapidJSON): memory is the
// Profile's, not the text's.
Result<Profile> read_json(std::string_view text);
// The same from a file, plain or gzip-compressed, read in blocks.
Result<Profile> read_json_file(const std::string& path);

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

// What the stderr line about a written profile says: the merged tree's
// contexts, the threads, and the hottest method by self value of the first
// metric that is not "calls" (summary_metric), summed over its contexts.
struct ProfileSummary {
  std::string profiler;
  size_t contexts = 0;
  size_t threads = 0;
  std::vector<std::string> metrics;
  std::vector<uint64_t> totals;  // per metric, over the whole tree
  int metric = -1;               // the one the hottest method is chosen by
  std::string top_method;        // frame label
  uint64_t top_value = 0;
  Stats stats;                   // a sampler's (Profile::stats)
};
int summary_metric(const std::vector<std::string>& metrics);
ProfileSummary summarize(const Profile& profile);
// Sets the summary's hottest method from each method's self value of the
// summary's metric (per_method[i] for methods[i]).
void choose_hottest_method(ProfileSummary& summary, const std::vector<uint64_t>& per_method,
                           const std::vector<ProfileMethod>& methods);

// The stderr line written when a profile is saved, e.g.
// "minijvm: cct profile written to minijvm-cct.json (1234 contexts,
// 3 threads; hottest method: java.lang.String.hashCode 12.3% of bytecodes, self)".
std::string summary_line(const ProfileSummary& summary, const std::string& path);
std::string summary_line(const Profile& profile, const std::string& path);

// Writes `profile` to `path` in `format` (text with default options;
// collapsed with "bytecodes" if present, else metric 0; pprof as gzipped
// profile.proto, see profilers/export/pprof.h), gzip-compressed when the
// path ends in ".gz" (profilers/export/profile_file.h). Fails with a
// java/io/IOException error naming the path and the errno text.
Result<void> write_profile(const Profile& profile, Format format, const std::string& path);

}  // namespace minijvm::prof
