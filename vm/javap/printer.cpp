#include "vm/javap/printer.h"

namespace minijvm::javap {

void Printer::print(std::string_view text) {
  if (pending_newline_) {
    end_line();
    pending_newline_ = false;
  }
  for (char c : text) {
    if (c == ' ') {
      ++pending_spaces_;
    } else if (c == '\n') {
      end_line();
    } else {
      if (buffer_.empty()) pending_spaces_ += indent_count_ * kIndentWidth;
      if (pending_spaces_ > 0) {
        buffer_.append(static_cast<size_t>(pending_spaces_), ' ');
        buffer_units_ += pending_spaces_;
        pending_spaces_ = 0;
      }
      buffer_.push_back(c);
      // Count UTF-16 units: one per UTF-8 lead byte, two for a 4-byte
      // sequence (a surrogate pair), none for continuation bytes.
      auto byte = static_cast<unsigned char>(c);
      if (byte < 0x80 || (byte >= 0xC0 && byte < 0xF0)) {
        buffer_units_ += 1;
      } else if (byte >= 0xF0) {
        buffer_units_ += 2;
      }
    }
  }
}

void Printer::tab() {
  int column = indent_count_ * kIndentWidth + kTabColumn;
  pending_spaces_ += column <= buffer_units_ ? 1 : column - buffer_units_;
}

void Printer::end_line() {
  pending_spaces_ = 0;
  out_ << buffer_ << '\n';
  buffer_.clear();
  buffer_units_ = 0;
}

}  // namespace minijvm::javap
