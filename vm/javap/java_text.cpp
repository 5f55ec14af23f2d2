#include "vm/javap/java_text.h"

#include <cstdio>
#include <optional>

#include "vm/mutf8.h"

namespace minijvm::javap {
namespace {

bool is_high(char16_t c) { return c >= 0xD800 && c <= 0xDBFF; }
bool is_low(char16_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

// Character.isISOControl.
bool is_iso_control(char16_t c) { return c <= 0x1F || (c >= 0x7F && c <= 0x9F); }

// Character.isIdentifierIgnorable.
bool is_ignorable(uint32_t cp) {
  return cp <= 0x08 || (cp >= 0x0E && cp <= 0x1B) || (cp >= 0x7F && cp <= 0x9F);
}

// Character.isJavaIdentifierStart / Part: exact for ASCII and Latin-1; any
// other code point is taken as a letter (names outside Latin-1 are rare in
// class files; see javap.h).
bool is_identifier_start(uint32_t cp) {
  if (cp < 0x80) {
    return (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') || cp == '$' || cp == '_';
  }
  if (cp < 0x100) {
    return (cp >= 0xA2 && cp <= 0xA5) || cp == 0xAA || cp == 0xB5 || cp == 0xBA ||
           (cp >= 0xC0 && cp != 0xD7 && cp != 0xF7);
  }
  return true;
}

bool is_identifier_part(uint32_t cp) {
  return is_identifier_start(cp) || (cp >= '0' && cp <= '9') || is_ignorable(cp);
}

}  // namespace

std::u16string java_chars(std::string_view mutf8) {
  if (auto chars = mutf8::to_utf16(mutf8)) return std::move(*chars);
  auto repaired = mutf8::from_utf8(mutf8::to_utf8(mutf8));
  if (repaired) {
    if (auto chars = mutf8::to_utf16(*repaired)) return std::move(*chars);
  }
  return u"\uFFFD";
}

std::string output_text(std::u16string_view chars) {
  std::string out;
  out.reserve(chars.size());
  for (size_t i = 0; i < chars.size(); ++i) {
    char16_t c = chars[i];
    if (is_high(c) && i + 1 < chars.size() && is_low(chars[i + 1])) {
      mutf8::append_utf8(out, 0x10000 + ((uint32_t{c} - 0xD800) << 10) + (chars[i + 1] - 0xDC00));
      ++i;
    } else if (is_high(c) || is_low(c)) {
      out.push_back('?');
    } else {
      mutf8::append_utf8(out, c);
    }
  }
  return out;
}

std::string escaped_utf8(std::string_view mutf8) {
  std::u16string in = java_chars(mutf8);
  std::u16string out;
  out.reserve(in.size());
  for (char16_t c : in) {
    switch (c) {
      case u'\t':
        out += u"\\t";
        break;
      case u'\n':
        out += u"\\n";
        break;
      case u'\r':
        out += u"\\r";
        break;
      case u'\b':
        out += u"\\b";
        break;
      case u'\f':
        out += u"\\f";
        break;
      case u'"':
        out += u"\\\"";
        break;
      case u'\'':
        out += u"\\'";
        break;
      case u'\\':
        out += u"\\\\";
        break;
      default:
        if (is_iso_control(c)) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          for (const char* p = buf; *p; ++p) out.push_back(static_cast<char16_t>(*p));
        } else {
          out.push_back(c);
        }
    }
  }
  return output_text(out);
}

std::string checked_name(std::string_view mutf8) {
  std::u16string name = java_chars(mutf8);
  if (name.empty()) return "\"\"";
  uint32_t previous = '/';
  for (size_t k = 0; k < name.size();) {
    uint32_t cp = name[k];
    size_t width = 1;
    if (is_high(name[k]) && k + 1 < name.size() && is_low(name[k + 1])) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (name[k + 1] - 0xDC00);
      width = 2;
    }
    if ((previous == '/' && !is_identifier_start(cp)) || (cp != '/' && !is_identifier_part(cp))) {
      std::u16string quoted = u"\"";
      for (char16_t c : name) {
        switch (c) {
          case u'\\':
            quoted += u"\\\\";
            break;
          case u'"':
            quoted += u"\\\"";
            break;
          case u'\n':
            quoted += u"\\n";
            break;
          case u'\t':
            quoted += u"\\t";
            break;
          default:
            quoted.push_back(c);
        }
      }
      quoted += u"\"";
      return output_text(quoted);
    }
    previous = cp;
    k += width;
  }
  return output_text(name);
}

namespace {
// ClassWriter.esc.
void append_escaped(std::u16string& out, char16_t c, char16_t quote) {
  if (c >= 32 && c <= 126 && c != quote && c != u'\\') {
    out.push_back(c);
    return;
  }
  switch (c) {
    case u'\b':
      out += u"\\b";
      return;
    case u'\n':
      out += u"\\n";
      return;
    case u'\t':
      out += u"\\t";
      return;
    case u'\f':
      out += u"\\f";
      return;
    case u'\r':
      out += u"\\r";
      return;
    case u'\\':
      out += u"\\\\";
      return;
    case u'\'':
      out += u"\\'";
      return;
    case u'"':
      out += u"\\\"";
      return;
    default: {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      for (const char* p = buf; *p; ++p) out.push_back(static_cast<char16_t>(*p));
    }
  }
}
}  // namespace

std::string java_char_literal(char16_t c) {
  std::u16string out = u"'";
  append_escaped(out, c, u'\'');
  out += u"'";
  return output_text(out);
}

std::string java_string_literal(std::string_view mutf8) {
  std::u16string out = u"\"";
  for (char16_t c : java_chars(mutf8)) append_escaped(out, c, u'"');
  out += u"\"";
  return output_text(out);
}

std::string java_name(std::string_view internal_name_utf8) {
  std::string out(internal_name_utf8);
  for (char& c : out) {
    if (c == '/') c = '.';
  }
  return out;
}

}  // namespace minijvm::javap
