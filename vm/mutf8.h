// Modified UTF-8, the string encoding of class files (JVMS §4.4.7).
//
// It differs from standard UTF-8 in two ways: U+0000 is the two bytes
// 0xC0 0x80 (a 0x00 byte never occurs), and a supplementary character is a
// surrogate pair, each half a 3-byte sequence (the 4-byte form never occurs).
// Every function here accepts arbitrary bytes: invalid input is reported (or
// replaced, when printing), never undefined behaviour.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace minijvm::mutf8 {

// The offset of the first byte that makes `bytes` invalid modified UTF-8, or
// nullopt if it is valid. Rejected: a 0x00 byte; a lone continuation byte
// (0x80..0xBF); the 4-byte lead bytes and above (0xF0..0xFF); a truncated
// sequence; an overlong form other than 0xC0 0x80. Unpaired surrogates are
// accepted (Java strings may hold them). With `legacy` (class files of
// version 47 and older, as HotSpot does) overlong forms are accepted too.
std::optional<size_t> find_invalid(std::string_view bytes, bool legacy = false);

inline bool is_valid(std::string_view bytes, bool legacy = false) {
  return !find_invalid(bytes, legacy).has_value();
}

// The UTF-16 code units (a java.lang.String's chars), or nullopt if `bytes`
// is not valid modified UTF-8. Decoding (here and below) accepts the overlong
// forms that `legacy` validation allows.
std::optional<std::u16string> to_utf16(std::string_view bytes);

// Number of UTF-16 code units, or nullopt if invalid.
std::optional<size_t> utf16_length(std::string_view bytes);

// Encodes UTF-16 code units (any, including unpaired surrogates and U+0000).
std::string from_utf16(std::u16string_view chars);

// Standard UTF-8 for printing: surrogate pairs are combined into 4-byte
// sequences, 0xC0 0x80 becomes 0x00, and anything undecodable (invalid bytes,
// unpaired surrogates) becomes U+FFFD. Total: never fails.
std::string to_utf8(std::string_view bytes);

// Modified UTF-8 for standard UTF-8 text (a name typed on the command line),
// or nullopt if `utf8` is not valid UTF-8.
std::optional<std::string> from_utf8(std::string_view utf8);

// Appends one Unicode code point (up to U+10FFFF) as standard UTF-8.
void append_utf8(std::string& out, uint32_t code_point);

}  // namespace minijvm::mutf8
