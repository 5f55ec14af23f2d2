// Text the way javap's Java code produces it: Java's number formatting,
// javap's string escapes and name quoting, and encoding of Java strings
// (UTF-16) as output text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace minijvm::javap {

// Double.toString / Float.toString as JDK 17 prints them: "1.0", "1.0E10",
// "1.2E-5", "NaN", "-Infinity", "3.7499998E10" (java_floating.cpp).
std::string java_double_string(double value);
std::string java_float_string(float value);

// The Java string (UTF-16) of modified-UTF-8 bytes; undecodable bytes become
// U+FFFD.
std::u16string java_chars(std::string_view mutf8);
// UTF-8 for output, as Java's PrintWriter encodes a String to UTF-8: an
// unpaired surrogate becomes '?'.
std::string output_text(std::u16string_view chars);

// A CONSTANT_Utf8 as javap's ConstantWriter prints it: \t \n \r \b \f \" \'
// and \\ escaped, other ISO control characters as \uXXXX.
std::string escaped_utf8(std::string_view mutf8);

// ConstantWriter.checkName: the name itself if it is a binary name made of
// Java identifiers ("java/lang/Object", "value"), else the name quoted with
// \\ " \n \t escaped ("\"<init>\"", "\"[I\"").
std::string checked_name(std::string_view mutf8);

// ClassWriter's -constants literals: a char ('a', '\n', '\u00e9') and a
// String ("..."), escaping anything outside printable ASCII.
std::string java_char_literal(char16_t c);
std::string java_string_literal(std::string_view mutf8);

// "java/lang/String" -> "java.lang.String" on standard UTF-8 text.
std::string java_name(std::string_view internal_name_utf8);

// Standard UTF-8 for a modified-UTF-8 symbol, as javap prints it.
inline std::string utf8(std::string_view mutf8) { return output_text(java_chars(mutf8)); }

}  // namespace minijvm::javap
