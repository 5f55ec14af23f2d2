#include "vm/mutf8.h"

#include <cstdint>

namespace minijvm::mutf8 {
namespace {

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Decodes the sequence at `i`: sets `unit` and returns its length in bytes,
// or 0 if the bytes at `i` are not a valid sequence.
size_t decode_one(std::string_view s, size_t i, bool legacy, char16_t* unit) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 == 0) return 0;
  if (b0 < 0x80) {
    *unit = b0;
    return 1;
  }
  switch (b0 >> 4) {
    case 0xC:
    case 0xD: {  // 110xxxxx 10xxxxxx
      if (i + 1 >= s.size()) return 0;
      const auto b1 = static_cast<unsigned char>(s[i + 1]);
      if (!is_continuation(b1)) return 0;
      const char16_t c = static_cast<char16_t>(((b0 & 0x1F) << 6) | (b1 & 0x3F));
      if (!legacy && c != 0 && c < 0x80) return 0;  // overlong, except U+0000
      *unit = c;
      return 2;
    }
    case 0xE: {  // 1110xxxx 10xxxxxx 10xxxxxx
      if (i + 2 >= s.size()) return 0;
      const auto b1 = static_cast<unsigned char>(s[i + 1]);
      const auto b2 = static_cast<unsigned char>(s[i + 2]);
      if (!is_continuation(b1) || !is_continuation(b2)) return 0;
      const char16_t c =
          static_cast<char16_t>(((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
      if (!legacy && c < 0x800) return 0;  // overlong
      *unit = c;
      return 3;
    }
    default:  // 10xxxxxx (continuation) or 1111xxxx (4-byte form and beyond)
      return 0;
  }
}

bool is_high_surrogate(char16_t c) { return c >= 0xD800 && c <= 0xDBFF; }
bool is_low_surrogate(char16_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

constexpr uint32_t kReplacement = 0xFFFD;

}  // namespace

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::optional<size_t> find_invalid(std::string_view bytes, bool legacy) {
  size_t i = 0;
  while (i < bytes.size()) {
    char16_t unit;
    const size_t n = decode_one(bytes, i, legacy, &unit);
    if (n == 0) return i;
    i += n;
  }
  return std::nullopt;
}

std::optional<std::u16string> to_utf16(std::string_view bytes) {
  std::u16string out;
  out.reserve(bytes.size());
  size_t i = 0;
  while (i < bytes.size()) {
    char16_t unit;
    const size_t n = decode_one(bytes, i, /*legacy=*/true, &unit);
    if (n == 0) return std::nullopt;
    out.push_back(unit);
    i += n;
  }
  return out;
}

std::optional<size_t> utf16_length(std::string_view bytes) {
  size_t count = 0;
  size_t i = 0;
  while (i < bytes.size()) {
    char16_t unit;
    const size_t n = decode_one(bytes, i, /*legacy=*/true, &unit);
    if (n == 0) return std::nullopt;
    ++count;
    i += n;
  }
  return count;
}

std::string from_utf16(std::u16string_view chars) {
  std::string out;
  out.reserve(chars.size());
  for (char16_t c : chars) {
    if (c != 0 && c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {  // includes U+0000 as 0xC0 0x80
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xE0 | (c >> 12)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

std::string to_utf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  size_t i = 0;
  while (i < bytes.size()) {
    char16_t unit;
    const size_t n = decode_one(bytes, i, /*legacy=*/true, &unit);
    if (n == 0) {
      append_utf8(out, kReplacement);
      ++i;
      continue;
    }
    i += n;
    if (is_high_surrogate(unit) && i < bytes.size()) {
      char16_t low;
      const size_t m = decode_one(bytes, i, /*legacy=*/true, &low);
      if (m != 0 && is_low_surrogate(low)) {
        append_utf8(out, 0x10000 + ((uint32_t{unit} - 0xD800) << 10) + (low - 0xDC00));
        i += m;
        continue;
      }
    }
    if (is_high_surrogate(unit) || is_low_surrogate(unit)) {
      append_utf8(out, kReplacement);
    } else {
      append_utf8(out, unit);
    }
  }
  return out;
}

std::optional<std::string> from_utf8(std::string_view utf8) {
  std::u16string units;
  units.reserve(utf8.size());
  size_t i = 0;
  while (i < utf8.size()) {
    const auto b0 = static_cast<unsigned char>(utf8[i]);
    uint32_t cp;
    size_t n;
    if (b0 < 0x80) {
      cp = b0;
      n = 1;
    } else if (b0 >= 0xC2 && b0 <= 0xDF) {
      cp = b0 & 0x1F;
      n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      cp = b0 & 0x0F;
      n = 3;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      cp = b0 & 0x07;
      n = 4;
    } else {
      return std::nullopt;
    }
    if (i + n > utf8.size()) return std::nullopt;
    for (size_t k = 1; k < n; ++k) {
      const auto b = static_cast<unsigned char>(utf8[i + k]);
      if (!is_continuation(b)) return std::nullopt;
      cp = (cp << 6) | (b & 0x3F);
    }
    // Reject overlong forms, surrogates and values past U+10FFFF.
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
      return std::nullopt;
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      units.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
    } else {
      units.push_back(static_cast<char16_t>(cp));
    }
    i += n;
  }
  return from_utf16(units);
}

}  // namespace minijvm::mutf8
