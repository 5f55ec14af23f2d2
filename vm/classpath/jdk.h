// Locating the JDK 17 whose java.base the VM runs on, and checking that it
// has what the VM needs: jmods/java.base.jmod (the classes) and
// lib/libjava.so (their natives).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "vm/result.h"

namespace minijvm {

struct JdkInstall {
  std::filesystem::path home;            // as found, not canonicalized
  std::filesystem::path java_base_jmod;  // home/jmods/java.base.jmod
  // home/lib/modules, the runtime image the boot loader reads (as HotSpot's
  // does); empty if the JDK has none, then the jmods are read instead.
  std::filesystem::path modules_image;
  std::filesystem::path libjava;         // home/lib/libjava.so
  std::string version;                   // release JAVA_VERSION, e.g. "17.0.15"
  int feature_version = 0;               // 17
  std::string runtime_version;           // JAVA_RUNTIME_VERSION if present, else ""
  std::string implementor;               // IMPLEMENTOR if present, else ""
};

// Where locate_jdk looks, in this order; the first place that is given
// decides (a JAVA_HOME that is not a usable JDK 17 is an error, never a
// reason to look further).
struct JdkSearch {
  std::optional<std::filesystem::path> explicit_home;  // -Xjdk:PATH
  std::optional<std::string> java_home_env;            // JAVA_HOME; nullopt or "" = unset
  // Holds the Debian installs: the first `java-17-openjdk-*` below it (by
  // name) that is a usable JDK 17 is taken.
  std::filesystem::path jvm_root = "/usr/lib/jvm";
};

// The JDK 17 to use. On failure a java/lang/InternalError whose message is a
// single line meant to be printed as "minijvm: <message>", e.g.
//   "JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 is JDK 25; minijvm needs JDK 17
//    (set JAVA_HOME or use -Xjdk:PATH)"
//   "no JDK 17 found (looked at JAVA_HOME and /usr/lib/jvm/java-17-openjdk-*);
//    install openjdk-17-jdk-headless or set JAVA_HOME"
Result<JdkInstall> locate_jdk(const JdkSearch& search);
// The same with the process's JAVA_HOME and /usr/lib/jvm.
Result<JdkInstall> locate_jdk(std::optional<std::filesystem::path> explicit_home = std::nullopt);

// Checks one JDK tree. The error message starts with what is wrong, e.g.
// "is JDK 25", "is not a JDK (no release file)"; locate_jdk prefixes where the
// path came from.
Result<JdkInstall> inspect_jdk(const std::filesystem::path& home);

// The KEY=VALUE lines of a JDK `release` file, surrounding double quotes
// removed; other lines ignored.
std::map<std::string, std::string> parse_release_file(std::string_view text);

// The feature version of a JAVA_VERSION value: "17.0.15" -> 17, "25" -> 25,
// "1.8.0_392" -> 8; 0 if it is not a version.
int java_feature_version(std::string_view version);

}  // namespace minijvm
