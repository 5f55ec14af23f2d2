// The profile JSON, written as it is produced (version 3, export.h): a
// profiler with millions of contexts streams its trees through this writer
// without building a Profile first, and write_json uses it for a Profile.
//
// Order of calls: begin, then per thread begin_thread / node... /
// end_thread, then end with the methods the nodes name. A node is one line,
// [up,method,site,<metric values>...] with the values' trailing zeros left
// out; its id is its position. A writer begun with version 2 writes
// [parent,method,site,line,<metric values>...] (write_json's way out when
// the methods' line tables cannot give the nodes' lines).
#pragma once

#include <charconv>
#include <cstdint>
#include <memory>
#include <span>
#include <streambuf>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "profilers/model/profile.h"

namespace minijvm::prof {

class JsonProfileWriter {
 public:
  explicit JsonProfileWriter(std::streambuf* out);
  ~JsonProfileWriter() { flush(); }
  JsonProfileWriter(const JsonProfileWriter&) = delete;
  JsonProfileWriter& operator=(const JsonProfileWriter&) = delete;

  // `version` is 3, or 2 for rows with their lines (node()).
  void begin(std::string_view profiler, const std::vector<std::string>& metrics,
             const Stats& stats, int version = 3);
  // `node_count` (the nodes to come, root included) is written as a hint
  // that lets a reader allocate the tree once; -1 writes none.
  void begin_thread(std::string_view name, int64_t id, const Stats& stats, int64_t node_count = -1);
  // Node `id` of the thread's tree (ids count from 0, the root, in order;
  // its parent is -1); `line` is written by version 2 only.
  void node(int32_t id, int32_t parent, int32_t method, int32_t site, int32_t line,
            std::span<const uint64_t> values) {
    // Room for the widest row, so the numbers go straight into the buffer.
    if (static_cast<size_t>(end_ - pos_) < max_row(values.size()))
      make_room(max_row(values.size()));
    pos_ = version_ == 2 ? format_row_v2(pos_, first_node_, parent, method, site, line, values)
                         : format_row(pos_, first_node_, parent < 0 ? 0 : id - parent, method, site, values);
    first_node_ = false;
  }
  // The most a row of `width` values takes.
  static constexpr size_t max_row(size_t width) { return 48 + 21 * width; }
  // Writes a node's version-3 row at `out`, which has max_row of room
  // (`first`: the thread's first node, no comma before it; `up`: its id
  // less its parent's, 0 for the root); returns its end. Rows formatted
  // apart (on other threads) go in with rows().
  static char* format_row(char* out, bool first, int32_t up, int32_t method, int32_t site,
                          std::span<const uint64_t> values) {
    if (!first) *out++ = ',';
    *out++ = '\n';
    *out++ = '[';
    out = number(out, up);
    *out++ = ',';
    out = number(out, method);
    *out++ = ',';
    out = number(out, site);
    size_t width = values.size();
    while (width > 0 && values[width - 1] == 0) --width;
    for (size_t m = 0; m < width; ++m) {
      *out++ = ',';
      out = number(out, values[m]);
    }
    *out++ = ']';
    return out;
  }
  static char* format_row_v2(char* out, bool first, int32_t parent, int32_t method, int32_t site,
                             int32_t line, std::span<const uint64_t> values) {
    if (!first) *out++ = ',';
    *out++ = '\n';
    *out++ = '[';
    out = number(out, parent);
    *out++ = ',';
    out = number(out, method);
    *out++ = ',';
    out = number(out, site);
    *out++ = ',';
    out = number(out, line);
    for (uint64_t v : values) {
      *out++ = ',';
      out = number(out, v);
    }
    *out++ = ']';
    return out;
  }
  // Appends rows format_row wrote, the current thread's next nodes.
  // They go to the stream buffer as they are (what is buffered first),
  // not copied through this writer's buffer.
  void rows(std::string_view text) {
    if (text.empty()) return;
    flush();
    out_->sputn(text.data(), static_cast<std::streamsize>(text.size()));
    first_node_ = false;
  }
  void end_thread();
  // `lines[i]`, when given (version 3), is methods[i]'s line table as
  // "lines": start_pc, line, ... by start_pc, no start_pc twice.
  void end(const std::vector<ProfileMethod>& methods,
           const std::vector<std::vector<int32_t>>* lines = nullptr);
  // Hands what is buffered to the stream buffer.
  void flush();

 private:
  static constexpr size_t kBufferSize = 1 << 20;

  // Writes `Int` at pos_ (or `out`), which has room for it.
  template <typename Int>
  void number(Int v) {
    pos_ = number(pos_, v);
  }
  // Most of a profile's numbers are a digit or two (calls, counts of a
  // leaf, -1 for none): those skip to_chars' length computation.
  template <typename Int>
  static char* number(char* out, Int v) {
    if constexpr (std::is_signed_v<Int>) {
      if (v < 0) {
        if (v == -1) {
          out[0] = '-';
          out[1] = '1';
          return out + 2;
        }
        return std::to_chars(out, out + 24, v).ptr;
      }
    }
    const auto u = static_cast<uint64_t>(v);
    if (u < 10) {
      *out = static_cast<char>('0' + u);
      return out + 1;
    }
    if (u < 100) {
      out[0] = static_cast<char>('0' + u / 10);
      out[1] = static_cast<char>('0' + u % 10);
      return out + 2;
    }
    return std::to_chars(out, out + 24, u).ptr;
  }
  // Hands the buffer over when fewer than `size` bytes are free (a caller
  // never asks for more than the buffer holds).
  void make_room(size_t size) {
    if (static_cast<size_t>(end_ - pos_) < size) flush();
  }
  void append(std::string_view s);
  void append(char c) {
    make_room(1);
    *pos_++ = c;
  }
  void string(std::string_view s);
  void stats(const Stats& stats);

  std::streambuf* out_;
  std::unique_ptr<char[]> buffer_;
  char* pos_;
  char* end_;
  int version_ = 3;
  bool first_thread_ = true;
  bool first_node_ = true;
};

}  // namespace minijvm::prof
