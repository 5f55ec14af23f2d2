#include "vm/log.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <mutex>
#include <vector>

namespace minijvm::log {

namespace detail {
Level g_levels[static_cast<int>(Set::count)];
}

namespace {

constexpr int kSetCount = static_cast<int>(Set::count);

constexpr std::array<std::string_view, kSetCount> kSetNames = {
#define LOG_TAGSET(id, text) text,
#include "vm/log_tags.def"
#undef LOG_TAGSET
};

constexpr std::array<std::string_view, 6> kLevelNames = {"off",  "error", "warning",
                                                          "info", "debug", "trace"};

enum Decorator : unsigned {
  kUptime = 1u << 0,
  kTime = 1u << 1,
  kUtcTime = 1u << 2,
  kUptimeMillis = 1u << 3,
  kUptimeNanos = 1u << 4,
  kPid = 1u << 5,
  kTid = 1u << 6,
  kLevel = 1u << 7,
  kTags = 1u << 8,
};
constexpr unsigned kDefaultDecorators = kUptime | kLevel | kTags;

struct Output {
  std::string name;  // "stdout", "stderr" or "file=PATH"
  std::shared_ptr<spdlog::logger> logger;
  std::array<Level, kSetCount> levels{};
  unsigned decorators = kDefaultDecorators;
};

const auto g_start = std::chrono::steady_clock::now();
// Never destroyed: VM threads (the safepoint stress thread, a sampler's
// timer) may still log while the process runs its exit handlers.
std::mutex& g_mutex = *new std::mutex;  // guards g_outputs during configuration and writes
std::vector<Output>& g_outputs = *new std::vector<Output>;

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::vector<std::string_view> tags_of(Set set) {
  return split(kSetNames[static_cast<int>(set)], '+');
}

bool known_tag(std::string_view tag) {
  for (int s = 0; s < kSetCount; ++s)
    for (auto t : tags_of(static_cast<Set>(s)))
      if (t == tag) return true;
  return false;
}

std::shared_ptr<spdlog::logger> make_logger(const std::string& name) {
  std::shared_ptr<spdlog::sinks::sink> sink;
  if (name == "stdout")
    sink = std::make_shared<spdlog::sinks::stdout_sink_mt>();
  else if (name == "stderr")
    sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  else
    sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(name.substr(5), /*truncate=*/true);
  auto logger = std::make_shared<spdlog::logger>("minijvm-" + name, std::move(sink));
  logger->set_pattern("%v");
  logger->set_level(spdlog::level::trace);
  logger->flush_on(spdlog::level::trace);  // lines interleave correctly with program output
  return logger;
}

Output& output_named(const std::string& name) {
  for (auto& o : g_outputs)
    if (o.name == name) return o;
  Output o;
  o.name = name;
  o.levels.fill(Level::off);
  g_outputs.push_back(std::move(o));
  return g_outputs.back();
}

void recompute_levels() {
  for (int s = 0; s < kSetCount; ++s) {
    Level max = Level::off;
    for (auto& o : g_outputs) max = std::max(max, o.levels[s]);
    detail::g_levels[s] = max;
  }
}

bool parse_level(std::string_view text, Level* level) {
  for (size_t i = 0; i < kLevelNames.size(); ++i)
    if (kLevelNames[i] == text) {
      *level = static_cast<Level>(i);
      return true;
    }
  return false;
}

bool parse_decorators(std::string_view text, unsigned* out, std::string* error) {
  static const std::pair<std::string_view, unsigned> kNames[] = {
      {"uptime", kUptime}, {"u", kUptime},        {"time", kTime},          {"t", kTime},
      {"utctime", kUtcTime}, {"utc", kUtcTime},   {"uptimemillis", kUptimeMillis},
      {"um", kUptimeMillis}, {"uptimenanos", kUptimeNanos}, {"un", kUptimeNanos},
      {"pid", kPid},       {"p", kPid},           {"tid", kTid},            {"ti", kTid},
      {"level", kLevel},   {"l", kLevel},         {"tags", kTags},          {"tg", kTags}};
  unsigned decorators = 0;
  for (auto name : split(text, ',')) {
    if (name == "none") continue;
    auto it = std::find_if(std::begin(kNames), std::end(kNames),
                           [&](auto& p) { return p.first == name; });
    if (it == std::end(kNames)) {
      *error = "invalid decorator '" + std::string(name) + "'";
      return false;
    }
    decorators |= it->second;
  }
  *out = decorators;
  return true;
}

// One selection: tag+tag[*][=level], or all[=level].
bool apply_selection(std::string_view selection, Output& output, std::string* error) {
  Level level = Level::info;
  if (auto eq = selection.find('='); eq != std::string_view::npos) {
    if (!parse_level(selection.substr(eq + 1), &level)) {
      *error = "Invalid level '" + std::string(selection.substr(eq + 1)) + "' in log selection";
      return false;
    }
    selection = selection.substr(0, eq);
  }
  bool wildcard = !selection.empty() && selection.back() == '*';
  if (wildcard) selection.remove_suffix(1);
  if (selection == "all") {
    output.levels.fill(level);
    return true;
  }
  auto wanted = split(selection, '+');
  for (auto tag : wanted)
    if (!known_tag(tag)) {
      *error = "Invalid tag '" + std::string(tag) + "' in log selection";
      return false;
    }
  for (int s = 0; s < kSetCount; ++s) {
    auto have = tags_of(static_cast<Set>(s));
    bool subset = std::all_of(wanted.begin(), wanted.end(), [&](auto t) {
      return std::find(have.begin(), have.end(), t) != have.end();
    });
    if (subset && (wildcard || have.size() == wanted.size())) output.levels[s] = level;
  }
  return true;
}

void ensure_defaults() {
  if (!g_outputs.empty()) return;
  Output& out = output_named("stdout");
  out.levels.fill(Level::warning);
  recompute_levels();
}

struct Defaults {
  Defaults() { ensure_defaults(); }
} g_defaults;

std::string decorate(const Output& o, Set set, Level level) {
  std::string prefix;
  auto elapsed = std::chrono::steady_clock::now() - g_start;
  char buf[64];
  if (o.decorators & (kTime | kUtcTime)) {
    auto now = std::chrono::system_clock::now();
    std::time_t t = std::chrono::system_clock::to_time_t(now);
    int millis = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
        1000);
    std::tm tm{};
    if (o.decorators & kTime) {
      localtime_r(&t, &tm);
      size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
      char zone[8];
      std::strftime(zone, sizeof zone, "%z", &tm);
      std::snprintf(buf + n, sizeof buf - n, ".%03d%s", millis, zone);
      prefix += "[" + std::string(buf) + "]";
    }
    if (o.decorators & kUtcTime) {
      gmtime_r(&t, &tm);
      size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
      std::snprintf(buf + n, sizeof buf - n, ".%03d+0000", millis);
      prefix += "[" + std::string(buf) + "]";
    }
  }
  if (o.decorators & kUptime) {
    std::snprintf(buf, sizeof buf, "[%.3fs]", std::chrono::duration<double>(elapsed).count());
    prefix += buf;
  }
  if (o.decorators & kUptimeMillis) {
    std::snprintf(buf, sizeof buf, "[%lldms]",
                  static_cast<long long>(
                      std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count()));
    prefix += buf;
  }
  if (o.decorators & kUptimeNanos) {
    std::snprintf(buf, sizeof buf, "[%lldns]",
                  static_cast<long long>(
                      std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count()));
    prefix += buf;
  }
  if (o.decorators & kPid) prefix += "[" + std::to_string(getpid()) + "]";
  if (o.decorators & kTid) prefix += "[" + std::to_string(gettid()) + "]";
  if (o.decorators & kLevel) {
    // HotSpot pads the level to the width of "warning" only in aligned mode; plain here.
    prefix += "[" + std::string(kLevelNames[static_cast<int>(level)]) + "]";
  }
  if (o.decorators & kTags) {
    std::string tags(kSetNames[static_cast<int>(set)]);
    std::replace(tags.begin(), tags.end(), '+', ',');
    prefix += "[" + tags + "]";
  }
  if (!prefix.empty()) prefix += ' ';
  return prefix;
}

}  // namespace

bool configure(std::string_view option, std::string* error) {
  std::lock_guard lock(g_mutex);
  ensure_defaults();
  std::string whole = "-Xlog" + std::string(option);
  auto fail = [&](const std::string& why) {
    *error = "Invalid -Xlog option '" + whole + "': " + why;
    return false;
  };
  if (option.empty()) option = ":all=info";
  if (option.front() != ':') return fail("expected ':' after -Xlog");
  option.remove_prefix(1);
  if (option == "disable") {
    for (auto& o : g_outputs) o.levels.fill(Level::off);
    recompute_levels();
    return true;
  }
  // what[:output[:decorators[:output-options]]]; a file name may not contain ':'.
  auto parts = split(option, ':');
  if (parts.size() > 4) return fail("too many ':'-separated parts");
  std::string_view what = parts[0].empty() ? "all=info" : parts[0];
  std::string out_name = parts.size() > 1 && !parts[1].empty() ? std::string(parts[1]) : "stdout";
  if (out_name.starts_with("file=")) {
    if (out_name.size() == 5) return fail("empty file name");
  } else if (out_name != "stdout" && out_name != "stderr") {
    // HotSpot also accepts a bare file name as output.
    out_name = "file=" + out_name;
  }
  unsigned decorators = kDefaultDecorators;
  if (parts.size() > 2 && !parts[2].empty()) {
    std::string why;
    if (!parse_decorators(parts[2], &decorators, &why)) return fail(why);
  }
  Output candidate;
  bool existing = std::any_of(g_outputs.begin(), g_outputs.end(),
                              [&](auto& o) { return o.name == out_name; });
  if (existing) candidate = output_named(out_name);
  else candidate.levels.fill(Level::off);
  candidate.name = out_name;
  for (auto selection : split(what, ',')) {
    std::string why;
    if (!apply_selection(selection, candidate, &why)) return fail(why);
  }
  candidate.decorators = decorators;
  if (!candidate.logger) {
    try {
      candidate.logger = make_logger(out_name);
    } catch (const spdlog::spdlog_ex& e) {  // a file that cannot be opened
      return fail(std::string("cannot open ") + out_name.substr(5) + ": " + e.what());
    }
  }
  output_named(out_name) = std::move(candidate);
  recompute_levels();
  return true;
}

void write(Set set, Level level, std::string_view message) {
  if (!enabled(set, level)) return;
  std::lock_guard lock(g_mutex);
  for (auto& o : g_outputs) {
    if (level > o.levels[static_cast<int>(set)]) continue;
    if (!o.logger) o.logger = make_logger(o.name);
    o.logger->info("{}{}", decorate(o, set, level), message);
  }
}

std::string help_text() {
  std::string text =
      "-Xlog Usage: -Xlog[:[selections][:[output][:[decorators]]]]\n"
      "\t where 'selections' are combinations of tags and levels of the form tag1[+tag2...][*][=level][,...]\n"
      "\t NOTE: Unless wildcard (*) is specified, only log messages tagged with exactly the tags specified will be matched.\n\n"
      "Available log levels:\n off, trace, debug, info, warning, error\n\n"
      "Available log decorators:\n"
      " time (t), utctime (utc), uptime (u), uptimemillis (um), uptimenanos (un), pid (p), tid (ti), level (l), tags (tg)\n"
      " Decorators can also be specified as 'none' for no decoration.\n\n"
      "Available log tag sets in minijvm:\n";
  for (auto name : kSetNames) text += " " + std::string(name) + "\n";
  text +=
      "\nAvailable log outputs:\n stdout/stderr\n file=<filename>\n\n"
      "Examples:\n -Xlog:class+load\n -Xlog:gc*=debug:stderr:uptime,tags\n -Xlog:disable\n";
  return text;
}

void reset() {
  std::lock_guard lock(g_mutex);
  g_outputs.clear();
  ensure_defaults();
}

}  // namespace minijvm::log
