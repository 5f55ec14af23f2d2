// The line writer under every javap printer: a port of the JDK's
// com.sun.tools.javap.BasicWriter.LineWriter, whose quirks decide javap's
// exact layout:
//   * spaces are held back and only written before a following visible
//     character, so trailing spaces never reach the output;
//   * a line's indentation (indent level x 2 spaces) is added before its first
//     visible character;
//   * tab() pads to column indent x 2 + 40 (at least one space), counting the
//     line's characters in UTF-16 units as Java does;
//   * '\n' inside printed text ends the line;
//   * a "pending newline" prints one empty line before the next text.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

namespace minijvm::javap {

class Printer {
 public:
  explicit Printer(std::ostream& out) : out_(out) {}

  void print(std::string_view text);
  void print(long long value) { print(std::to_string(value)); }
  void println() { end_line(); }
  void println(std::string_view text) {
    print(text);
    end_line();
  }
  void indent(int delta) { indent_count_ += delta; }
  void tab();
  void set_pending_newline(bool pending) { pending_newline_ = pending; }

  static constexpr int kIndentWidth = 2;
  static constexpr int kTabColumn = 40;

 private:
  void end_line();

  std::ostream& out_;
  std::string buffer_;    // the current line (UTF-8), without held-back spaces
  int buffer_units_ = 0;  // its length in UTF-16 units
  int pending_spaces_ = 0;
  int indent_count_ = 0;
  bool pending_newline_ = false;
};

}  // namespace minijvm::javap
