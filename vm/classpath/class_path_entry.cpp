#include "vm/classpath/class_path_entry.h"

#include <cstdio>
#include <system_error>

namespace minijvm {

Result<std::optional<std::vector<uint8_t>>> ClassPathEntry::read_class(
    std::string_view class_name) const {
  std::string resource(class_name);
  resource += ".class";
  return read_resource(resource);
}

bool ClassPathEntry::contains_class(std::string_view class_name) const {
  std::string resource(class_name);
  resource += ".class";
  return contains_resource(resource);
}

bool is_valid_resource_name(std::string_view name) {
  if (name.empty() || name.front() == '/' || name.find('\0') != std::string_view::npos) {
    return false;
  }
  // Every '/'-separated segment must be a real name: this keeps a lookup
  // inside its entry (no "..") and gives each resource one spelling.
  size_t start = 0;
  while (true) {
    size_t end = name.find('/', start);
    std::string_view segment =
        name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (segment.empty() || segment == "." || segment == "..") return false;
    if (end == std::string_view::npos) return true;
    start = end + 1;
  }
}

Result<std::unique_ptr<ClassPathEntry>> open_class_path_entry(const std::filesystem::path& path) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) return open_directory_entry(path);
  if (!std::filesystem::exists(status)) {
    return make_error("java/io/FileNotFoundException",
                      path.string() + " (No such file or directory)");
  }
  // A jmod announces itself by its header; anything else is read as a jar.
  char header[4] = {};
  if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
    size_t n = std::fread(header, 1, sizeof header, f);
    std::fclose(f);
    if (n == 4 && header[0] == 'J' && header[1] == 'M' && header[2] == 1 && header[3] == 0) {
      std::string module = path.filename().string();
      if (module.ends_with(".jmod")) module.resize(module.size() - 5);
      return open_jmod_entry(path, module);
    }
  }
  return open_jar_entry(path);
}

}  // namespace minijvm
