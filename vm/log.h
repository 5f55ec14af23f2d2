// Unified logging in the style of HotSpot's -Xlog, written through spdlog.
//
//   -Xlog                          all=info on stdout
//   -Xlog:class+load               one tag set at info
//   -Xlog:gc*=debug,safepoint      '*' also selects tag sets that contain more tags
//   -Xlog:gc:stderr:uptime,tags    output (stdout, stderr, file=PATH) and decorators
//   -Xlog:disable                  turn everything off, warnings included
//
// The enabled check is one array load, so callers test it before building a
// message: `if (log::enabled(log::Set::gc, log::Level::info)) log::write(...)`.
#pragma once

#include <string>
#include <string_view>

namespace minijvm::log {

enum class Level : unsigned char { off, error, warning, info, debug, trace };

enum class Set : unsigned char {
#define LOG_TAGSET(id, text) id,
#include "vm/log_tags.def"
#undef LOG_TAGSET
  count
};

namespace detail {
extern Level g_levels[static_cast<int>(Set::count)];
}

inline bool enabled(Set set, Level level) {
  return level != Level::off && level <= detail::g_levels[static_cast<int>(set)];
}

// Applies one -Xlog option (the text after "-Xlog", e.g. ":gc=debug" or "").
// On a malformed option returns false and sets *error to one line.
bool configure(std::string_view option, std::string* error);

// Writes a decorated line if the set is enabled at that level.
void write(Set set, Level level, std::string_view message);

// The text `-Xlog:help` prints.
std::string help_text();

// Restores the defaults (all=warning on stdout); used by tests.
void reset();

}  // namespace minijvm::log
