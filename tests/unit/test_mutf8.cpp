#include <doctest/doctest.h>

#include <string>

#include "vm/mutf8.h"

namespace mutf8 = minijvm::mutf8;
using namespace std::string_literals;

TEST_SUITE("modified utf-8") {
  TEST_CASE("ASCII, NUL as C0 80, and multi-byte forms are valid") {
    CHECK(mutf8::is_valid(""));
    CHECK(mutf8::is_valid("java/lang/Object"));
    CHECK(mutf8::is_valid("\xC0\x80"));                  // U+0000
    CHECK(mutf8::is_valid("\xC3\xA9"));                  // U+00E9
    CHECK(mutf8::is_valid("\xE4\xB8\xAD"));              // U+4E2D
    CHECK(mutf8::is_valid("\xED\xA0\xBD\xED\xB8\x80"));  // U+1F600 as a surrogate pair
    CHECK(mutf8::is_valid("\xED\xA0\x80"));              // an unpaired surrogate: legal in Java
  }

  TEST_CASE("invalid input is reported with its offset") {
    CHECK(mutf8::find_invalid("ab\0c"s) == 2u);             // a 0x00 byte
    CHECK(mutf8::find_invalid("a\xF0\x9F\x98\x80") == 1u);  // the 4-byte form
    CHECK(mutf8::find_invalid("\x80") == 0u);               // a lone continuation byte
    CHECK(mutf8::find_invalid("ab\xC3") == 2u);             // truncated 2-byte sequence
    CHECK(mutf8::find_invalid("\xE4\xB8") == 0u);           // truncated 3-byte sequence
    CHECK(mutf8::find_invalid("\xC3\x41") == 0u);           // bad continuation
    CHECK(mutf8::find_invalid("\xC1\x81") == 0u);           // overlong 'A'
    CHECK(mutf8::find_invalid("\xE0\x80\x80") == 0u);       // overlong NUL, 3 bytes
    CHECK(mutf8::find_invalid("\xE0\x9F\xBF") == 0u);       // overlong U+07FF
    CHECK(mutf8::find_invalid("\xFF") == 0u);
    CHECK_FALSE(mutf8::find_invalid("\xC0\x80").has_value());
    // Old class files (version <= 47) may hold overlong forms; HotSpot allows them.
    CHECK(mutf8::is_valid("\xC1\x81", /*legacy=*/true));
    CHECK_FALSE(mutf8::is_valid("\xF0\x9F\x98\x80", /*legacy=*/true));
  }

  TEST_CASE("decoding to UTF-16") {
    CHECK(mutf8::to_utf16("A\xC0\x80\xC3\xA9") == u"A\0\u00e9"s);
    CHECK(mutf8::to_utf16("\xED\xA0\xBD\xED\xB8\x80") == u"\U0001F600"s);
    CHECK_FALSE(mutf8::to_utf16("\x80").has_value());
    CHECK(mutf8::utf16_length("a\xE4\xB8\xAD\xED\xA0\xBD\xED\xB8\x80") == 4u);
    CHECK_FALSE(mutf8::utf16_length("\0"s).has_value());
  }

  TEST_CASE("encoding from UTF-16 round-trips") {
    const std::u16string s = u"x\0\u00e9\u4e2d\U0001F600"s + char16_t{0xDC00};
    const std::string m = mutf8::from_utf16(s);
    CHECK(m == "x\xC0\x80\xC3\xA9\xE4\xB8\xAD\xED\xA0\xBD\xED\xB8\x80\xED\xB0\x80");
    CHECK(mutf8::is_valid(m));
    CHECK(mutf8::to_utf16(m) == s);
  }

  TEST_CASE("conversion to standard UTF-8 for printing never fails") {
    CHECK(mutf8::to_utf8("plain") == "plain");
    CHECK(mutf8::to_utf8("\xED\xA0\xBD\xED\xB8\x80") == "\xF0\x9F\x98\x80");
    CHECK(mutf8::to_utf8("a\xC0\x80") == "a\0"s);
    CHECK(mutf8::to_utf8("\xED\xA0\x80") == "\xEF\xBF\xBD");  // unpaired surrogate
    CHECK(mutf8::to_utf8("a\x80z") == "a\xEF\xBF\xBDz");      // invalid byte
    CHECK(mutf8::to_utf8("\xF0\x9F") == "\xEF\xBF\xBD\xEF\xBF\xBD");
  }

  TEST_CASE("standard UTF-8 input becomes modified UTF-8") {
    CHECK(mutf8::from_utf8("\xF0\x9F\x98\x80") == "\xED\xA0\xBD\xED\xB8\x80");
    CHECK(mutf8::from_utf8("a\0b"s) ==
          "a\xC0\x80"
          "b");
    CHECK_FALSE(mutf8::from_utf8("\xC0\x80").has_value());          // overlong in UTF-8
    CHECK_FALSE(mutf8::from_utf8("\xED\xA0\xBD").has_value());      // surrogate in UTF-8
    CHECK_FALSE(mutf8::from_utf8("\xF4\x90\x80\x80").has_value());  // > U+10FFFF
    CHECK_FALSE(mutf8::from_utf8("\xE4\xB8").has_value());
  }
}
