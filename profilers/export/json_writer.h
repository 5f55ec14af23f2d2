// The profile JSON, written as it is produced (version 2, export.h): a
// profiler with millions of contexts streams its trees through this writer
// without building a Profile first, and write_json uses it for a Profile.
//
// Order of calls: begin, then per thread begin_thread / node... /
// end_thread, then end with the methods the nodes name. A node is one line,
// [parent,method,site,line,<metric values>...]; its id is its position.
#pragma once

#include <charconv>
#include <cstdint>
#include <span>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "profilers/model/profile.h"

namespace minijvm::prof {

class JsonProfileWriter {
 public:
  explicit JsonProfileWriter(std::streambuf* out);
  ~JsonProfileWriter() { flush(); }
  JsonProfileWriter(const JsonProfileWriter&) = delete;
  JsonProfileWriter& operator=(const JsonProfileWriter&) = delete;

  void begin(std::string_view profiler, const std::vector<std::string>& metrics,
             const Stats& stats);
  void begin_thread(std::string_view name, int64_t id, const Stats& stats);
  void node(int32_t parent, int32_t method, int32_t site, int32_t line,
            std::span<const uint64_t> values) {
    if (buffer_.size() > kFlushAt) flush();
    buffer_ += first_node_ ? "\n[" : ",\n[";
    first_node_ = false;
    number(parent);
    buffer_ += ',';
    number(method);
    buffer_ += ',';
    number(site);
    buffer_ += ',';
    number(line);
    for (uint64_t v : values) {
      buffer_ += ',';
      number(v);
    }
    buffer_ += ']';
  }
  void end_thread();
  void end(const std::vector<ProfileMethod>& methods);
  // Hands what is buffered to the stream buffer.
  void flush();

 private:
  static constexpr size_t kFlushAt = 1 << 20;

  template <typename Int>
  void number(Int v) {
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
    buffer_.append(digits, end);
  }
  void string(std::string_view s);
  void stats(const Stats& stats);

  std::streambuf* out_;
  std::string buffer_;
  bool first_thread_ = true;
  bool first_node_ = true;
};

}  // namespace minijvm::prof
