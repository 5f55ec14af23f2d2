#include "vm/classpath/class_path.h"

#include "vm/classpath/jdk.h"

#include <algorithm>
#include <system_error>

namespace minijvm {
namespace {

bool is_jar_name(const std::string& name) {
  return name.ends_with(".jar") || name.ends_with(".JAR");
}

// The jars directly inside `dir`, sorted by file name.
std::vector<std::filesystem::path> jars_in(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> jars;
  std::error_code ec;
  std::filesystem::directory_iterator it(dir, ec);
  if (ec) return jars;
  for (auto end = std::filesystem::directory_iterator(); it != end; it.increment(ec)) {
    if (ec) break;
    if (is_jar_name(it->path().filename().string()) && it->is_regular_file(ec)) {
      jars.push_back(it->path());
    }
  }
  std::sort(jars.begin(), jars.end(), [](const auto& a, const auto& b) {
    return a.filename().string() < b.filename().string();
  });
  return jars;
}

}  // namespace

std::vector<std::filesystem::path> expand_path_list(std::string_view path_list) {
  std::vector<std::filesystem::path> paths;
  size_t start = 0;
  while (start <= path_list.size()) {
    size_t end = path_list.find(':', start);
    if (end == std::string_view::npos) end = path_list.size();
    std::string_view element = path_list.substr(start, end - start);
    start = end + 1;
    if (element.empty()) {
      paths.emplace_back(".");  // java: an empty element is the current directory
    } else if (element == "*") {
      for (auto& jar : jars_in(".")) paths.push_back(std::move(jar));
    } else if (element.ends_with("/*")) {
      std::string_view dir = element.substr(0, element.size() - 1);  // keep the '/'
      for (auto& jar : jars_in(std::filesystem::path(dir))) paths.push_back(std::move(jar));
    } else {
      paths.emplace_back(element);
    }
  }
  return paths;
}

Result<void> ClassPath::append_path(std::string_view path_list) {
  std::optional<VmError> first_error;
  for (const auto& path : expand_path_list(path_list)) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) continue;  // as java: skipped silently
    auto entry = open_class_path_entry(path);
    if (!entry.ok()) {
      if (!first_error) first_error = std::move(entry).error();
      continue;
    }
    append_entry(std::move(entry).value());
  }
  if (first_error) return std::move(*first_error);
  return {};
}

Result<void> ClassPath::append(const std::filesystem::path& path) {
  append_entry(TRY(open_class_path_entry(path)));
  return {};
}

Result<void> ClassPath::append_jmod(const std::filesystem::path& jmod, std::string_view module) {
  append_entry(TRY(open_jmod_entry(jmod, module)));
  return {};
}

Result<void> ClassPath::append_jimage(const std::filesystem::path& image, std::string_view module) {
  append_entry(TRY(open_jimage_entry(image, module)));
  return {};
}

Result<void> ClassPath::append_java_base(const JdkInstall& jdk) {
  if (!jdk.modules_image.empty()) return append_jimage(jdk.modules_image, "java.base");
  return append_jmod(jdk.java_base_jmod, "java.base");
}

void ClassPath::append_entry(std::unique_ptr<ClassPathEntry> entry) {
  entries_.push_back(std::move(entry));
}

Result<std::optional<ClassBytes>> ClassPath::find_resource(std::string_view resource_name) const {
  for (const auto& entry : entries_) {
    std::optional<std::vector<uint8_t>> bytes = TRY(entry->read_resource(resource_name));
    if (bytes) return std::optional<ClassBytes>(ClassBytes{std::move(*bytes), entry.get()});
  }
  return std::optional<ClassBytes>();
}

Result<std::optional<ClassBytes>> ClassPath::find_class(std::string_view class_name) const {
  std::string resource(class_name);
  resource += ".class";
  return find_resource(resource);
}

const ClassPathEntry* ClassPath::entry_for_class(std::string_view class_name) const {
  for (const auto& entry : entries_) {
    if (entry->contains_class(class_name)) return entry.get();
  }
  return nullptr;
}

std::vector<std::string> ClassPath::list_classes(std::string_view prefix) const {
  std::vector<std::string> names;
  for (const auto& entry : entries_) {
    std::vector<std::string> more = entry->list_classes(prefix);
    names.insert(names.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace minijvm
