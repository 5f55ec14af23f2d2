// A class path directory: resources are plain files below it.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "vm/classpath/class_path_entry.h"

namespace minijvm {
namespace {

// "file:/abs/dir/", the form HotSpot logs as the source of a class.
std::string directory_origin(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(dir, ec);
  if (ec) canonical = std::filesystem::absolute(dir, ec).lexically_normal();
  std::string text = "file:" + canonical.string();
  if (!text.ends_with('/')) text += '/';
  return text;
}

class DirectoryEntry final : public ClassPathEntry {
 public:
  explicit DirectoryEntry(const std::filesystem::path& dir)
      : ClassPathEntry(Kind::kDirectory, dir, directory_origin(dir)) {}

  Result<std::optional<std::vector<uint8_t>>> read_resource(
      std::string_view resource_name) const override {
    if (!is_valid_resource_name(resource_name)) return std::optional<std::vector<uint8_t>>();
    std::filesystem::path file = path() / resource_name;
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      if (errno == ENOENT || errno == ENOTDIR) return std::optional<std::vector<uint8_t>>();
      return io_error(file, errno);
    }
    struct stat st;
    if (::fstat(fd, &st) != 0) {
      int saved = errno;
      ::close(fd);
      return io_error(file, saved);
    }
    if (!S_ISREG(st.st_mode)) {  // a directory named "C.class" is not a class
      ::close(fd);
      return std::optional<std::vector<uint8_t>>();
    }
    std::vector<uint8_t> bytes(static_cast<size_t>(st.st_size));
    size_t done = 0;
    while (true) {
      if (done == bytes.size()) bytes.resize(bytes.size() + 4096);  // file grew
      ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0) {
        if (errno == EINTR) continue;
        int saved = errno;
        ::close(fd);
        return io_error(file, saved);
      }
      if (n == 0) break;
      done += static_cast<size_t>(n);
    }
    ::close(fd);
    bytes.resize(done);
    return std::optional<std::vector<uint8_t>>(std::move(bytes));
  }

  bool contains_resource(std::string_view resource_name) const override {
    if (!is_valid_resource_name(resource_name)) return false;
    std::error_code ec;
    return std::filesystem::is_regular_file(path() / resource_name, ec);
  }

  std::vector<std::string> list_classes(std::string_view prefix) const override {
    // Walk only the deepest directory the prefix names completely.
    std::string_view dir_part = prefix.substr(0, prefix.rfind('/') + 1);  // npos+1 == 0
    std::filesystem::path start = path() / dir_part;
    std::vector<std::string> names;
    std::error_code ec;
    auto it = std::filesystem::recursive_directory_iterator(
        start, std::filesystem::directory_options::skip_permission_denied, ec);
    if (ec) return names;
    for (auto end = std::filesystem::recursive_directory_iterator(); it != end; it.increment(ec)) {
      if (ec) break;
      if (!it->is_regular_file(ec)) continue;
      std::string name =
          std::string(dir_part) + it->path().lexically_relative(start).generic_string();
      if (!name.ends_with(".class") || !name.starts_with(prefix)) continue;
      name.resize(name.size() - 6);
      names.push_back(std::move(name));
    }
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  static VmError io_error(const std::filesystem::path& file, int err) {
    return make_error("java/io/IOException", file.string() + " (" + std::strerror(err) + ")");
  }
};

}  // namespace

Result<std::unique_ptr<ClassPathEntry>> open_directory_entry(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    bool exists = std::filesystem::exists(dir, ec);
    return make_error(
        "java/io/FileNotFoundException",
        dir.string() + (exists ? " (Not a directory)" : " (No such file or directory)"));
  }
  return std::unique_ptr<ClassPathEntry>(new DirectoryEntry(dir));
}

}  // namespace minijvm
