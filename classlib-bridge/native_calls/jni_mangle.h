// JNI symbol names for native methods (JNI spec chapter 2 "Resolving Native
// Method Names"; HotSpot prims/nativeLookup.cpp).
//
//   short name  Java_<mangled class>_<mangled method>
//   long name   <short name>__<mangled argument descriptor>
//
// Mangling maps each UTF-16 unit of the (modified UTF-8) name: ASCII letters
// and digits stay, '/' -> '_', '_' -> "_1", ';' -> "_2", '[' -> "_3", any
// other unit -> "_0xxxx" (four lowercase hex digits).
#pragma once

#include <string>
#include <string_view>

namespace minijvm {

// Mangles one name; `mutf8` is modified UTF-8 (a Symbol's bytes).
std::string jni_mangle(std::string_view mutf8);
// Java_pkg_Class_method for the internal class name "pkg/Class".
std::string jni_short_name(std::string_view class_name, std::string_view method_name);
// The short name + "__" + the mangled parameter part of `descriptor`.
std::string jni_long_name(std::string_view class_name, std::string_view method_name,
                          std::string_view descriptor);

}  // namespace minijvm
