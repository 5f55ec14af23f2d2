#include "vm/classpath/jdk.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

namespace minijvm {
namespace {

constexpr int kRequiredFeature = 17;
constexpr std::string_view kDebianPrefix = "java-17-openjdk-";

VmError jdk_error(std::string message) {
  return make_error("java/lang/InternalError", std::move(message));
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

std::map<std::string, std::string> parse_release_file(std::string_view text) {
  std::map<std::string, std::string> values;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    size_t eq = line.find('=');
    if (line.empty() || line.front() == '#' || eq == std::string_view::npos || eq == 0) continue;
    std::string_view value = trim(line.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
      value = value.substr(1, value.size() - 2);
    }
    values[std::string(trim(line.substr(0, eq)))] = std::string(value);
  }
  return values;
}

int java_feature_version(std::string_view version) {
  auto leading_number = [](std::string_view s, size_t* used) {
    int n = 0;
    size_t i = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9' && n < 100000; i++) n = n * 10 + (s[i] - '0');
    *used = i;
    return n;
  };
  size_t used = 0;
  int first = leading_number(version, &used);
  if (used == 0) return 0;
  if (first == 1 && used < version.size() && version[used] == '.') {  // "1.8.0_392"
    size_t more = 0;
    int second = leading_number(version.substr(used + 1), &more);
    return more == 0 ? 0 : second;
  }
  return first;
}

Result<JdkInstall> inspect_jdk(const std::filesystem::path& home) {
  std::error_code ec;
  if (!std::filesystem::is_directory(home, ec)) {
    return jdk_error(std::filesystem::exists(home, ec) ? "is not a directory" : "does not exist");
  }
  std::ifstream release(home / "release");
  if (!release) return jdk_error("is not a JDK (no release file)");
  std::stringstream text;
  text << release.rdbuf();
  std::map<std::string, std::string> values = parse_release_file(text.str());

  JdkInstall jdk;
  jdk.home = home;
  jdk.version = values["JAVA_VERSION"];
  jdk.runtime_version = values["JAVA_RUNTIME_VERSION"];
  jdk.implementor = values["IMPLEMENTOR"];
  jdk.feature_version = java_feature_version(jdk.version);
  if (jdk.feature_version == 0) {
    return jdk_error("is not a JDK (no JAVA_VERSION in its release file)");
  }
  if (jdk.feature_version != kRequiredFeature) {
    return jdk_error("is JDK " + std::to_string(jdk.feature_version));
  }
  jdk.java_base_jmod = home / "jmods" / "java.base.jmod";
  if (!std::filesystem::is_regular_file(jdk.java_base_jmod, ec)) {
    return jdk_error(
        "is a JDK 17 without jmods/java.base.jmod (a JRE? install openjdk-17-jdk-headless)");
  }
  if (std::filesystem::is_regular_file(home / "lib" / "modules", ec))
    jdk.modules_image = home / "lib" / "modules";
  jdk.libjava = home / "lib" / "libjava.so";
  if (!std::filesystem::is_regular_file(jdk.libjava, ec)) {
    return jdk_error("is a JDK 17 without lib/libjava.so");
  }
  return jdk;
}

Result<JdkInstall> locate_jdk(const JdkSearch& search) {
  constexpr std::string_view kHint = "; minijvm needs JDK 17 (set JAVA_HOME or use -Xjdk:PATH)";
  if (search.explicit_home) {
    auto jdk = inspect_jdk(*search.explicit_home);
    if (jdk.ok()) return jdk;
    return jdk_error("-Xjdk:" + search.explicit_home->string() + " " + jdk.error().message +
                     "; minijvm needs JDK 17");
  }
  if (search.java_home_env && !search.java_home_env->empty()) {
    auto jdk = inspect_jdk(*search.java_home_env);
    if (jdk.ok()) return jdk;
    return jdk_error("JAVA_HOME=" + *search.java_home_env + " " + jdk.error().message +
                     std::string(kHint));
  }

  std::vector<std::filesystem::path> candidates;
  std::error_code ec;
  std::filesystem::directory_iterator it(search.jvm_root, ec);
  if (!ec) {
    for (auto end = std::filesystem::directory_iterator(); it != end; it.increment(ec)) {
      if (ec) break;
      if (it->path().filename().string().starts_with(kDebianPrefix)) {
        candidates.push_back(it->path());
      }
    }
  }
  std::sort(candidates.begin(), candidates.end());
  std::optional<VmError> first_error;
  for (const auto& home : candidates) {
    auto jdk = inspect_jdk(home);
    if (jdk.ok()) return jdk;
    // A dangling entry is "not existing": only report real but unusable trees.
    if (!first_error && std::filesystem::exists(home, ec)) {
      first_error = jdk_error(home.string() + " " + jdk.error().message + std::string(kHint));
    }
  }
  if (first_error) return std::move(*first_error);
  return jdk_error("no JDK 17 found (looked at JAVA_HOME and " +
                   (search.jvm_root / kDebianPrefix).string() +
                   "*); install openjdk-17-jdk-headless or set JAVA_HOME");
}

Result<JdkInstall> locate_jdk(std::optional<std::filesystem::path> explicit_home) {
  JdkSearch search;
  search.explicit_home = std::move(explicit_home);
  if (const char* java_home = std::getenv("JAVA_HOME")) search.java_home_env = java_home;
  return locate_jdk(search);
}

}  // namespace minijvm
