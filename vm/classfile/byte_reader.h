// Bounds-checked big-endian reads over a class file (private to the parser).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

namespace minijvm::classfile::detail {

// Thrown by ByteReader when a read would run past its end; carries the
// ClassFormatError message the reader was made with ("Truncated class file",
// or for an attribute body "Code segment has wrong length in class file X").
// This is the parser's only C++ exception: Parser::run catches it at the API
// boundary (parse_class_file) and returns it as a VmError. It never escapes.
struct TruncatedInput {
  std::string message;
};

class ByteReader {
 public:
  ByteReader(std::span<const uint8_t> bytes, std::string truncation_message)
      : data_(bytes), message_(std::move(truncation_message)) {}

  size_t position() const { return pos_; }
  size_t remaining() const { return data_.size() - pos_; }
  bool at_end() const { return pos_ == data_.size(); }

  // Throws TruncatedInput unless `n` more bytes are there.
  void need(size_t n) const {
    if (n > remaining()) throw TruncatedInput{message_};
  }

  uint8_t u1() {
    need(1);
    return data_[pos_++];
  }
  uint16_t u2() {
    need(2);
    const uint16_t v = static_cast<uint16_t>((data_[pos_] << 8) | data_[pos_ + 1]);
    pos_ += 2;
    return v;
  }
  uint32_t u4() {
    need(4);
    const uint32_t v = (uint32_t{data_[pos_]} << 24) | (uint32_t{data_[pos_ + 1]} << 16) |
                       (uint32_t{data_[pos_ + 2]} << 8) | uint32_t{data_[pos_ + 3]};
    pos_ += 4;
    return v;
  }
  uint64_t u8() {
    const uint64_t high = u4();
    return (high << 32) | u4();
  }
  std::span<const uint8_t> bytes(size_t n) {
    need(n);
    std::span<const uint8_t> s = data_.subspan(pos_, n);
    pos_ += n;
    return s;
  }

 private:
  std::span<const uint8_t> data_;
  size_t pos_ = 0;
  std::string message_;
};

}  // namespace minijvm::classfile::detail
