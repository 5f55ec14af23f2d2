// JNI spec chapter 2, Table 2-1 "Unicode Character Translation".
#include "classlib-bridge/native_calls/jni_mangle.h"

#include <cstdio>

#include "vm/mutf8.h"

namespace minijvm {

std::string jni_mangle(std::string_view mutf8) {
  std::string out;
  // Invalid input cannot name a loaded method; mangle its bytes one by one.
  std::u16string units;
  if (auto decoded = mutf8::to_utf16(mutf8)) {
    units = std::move(*decoded);
  } else {
    for (char c : mutf8) units.push_back(static_cast<unsigned char>(c));
  }
  for (char16_t c : units) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      out.push_back(static_cast<char>(c));
    } else if (c == '/') {
      out.push_back('_');
    } else if (c == '_') {
      out += "_1";
    } else if (c == ';') {
      out += "_2";
    } else if (c == '[') {
      out += "_3";
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "_0%04x", static_cast<unsigned>(c));
      out += buf;
    }
  }
  return out;
}

std::string jni_short_name(std::string_view class_name, std::string_view method_name) {
  return "Java_" + jni_mangle(class_name) + "_" + jni_mangle(method_name);
}

std::string jni_long_name(std::string_view class_name, std::string_view method_name,
                          std::string_view descriptor) {
  std::string_view params = descriptor;
  if (params.starts_with('(')) params.remove_prefix(1);
  if (size_t close = params.find(')'); close != std::string_view::npos) {
    params = params.substr(0, close);
  }
  return jni_short_name(class_name, method_name) + "__" + jni_mangle(params);
}

}  // namespace minijvm
