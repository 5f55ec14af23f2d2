// Jars and jmods: zip archives read through libzip.
//
// The archive is opened once, at construction, and its central directory is
// turned into a name index then; lookups never scan the archive. A jmod is a
// zip behind a 4-byte header whose offsets count from the end of the header
// (jdk.internal.jmod.JmodFile writes the header, then a ZipOutputStream), so
// it is opened as a libzip file source that starts at byte 4.
#include <zip.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <functional>
#include <limits>
#include <mutex>
#include <string>
#include <system_error>
#include <unordered_map>

#include "vm/classpath/class_path_entry.h"

namespace minijvm {
namespace {

// Java arrays cannot hold more; a larger size in a zip is corrupt or hostile.
constexpr zip_uint64_t kMaxResourceSize = std::numeric_limits<int32_t>::max() - 8;

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};

std::string file_origin(const std::filesystem::path& file) {
  std::error_code ec;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(file, ec);
  if (ec) canonical = std::filesystem::absolute(file, ec).lexically_normal();
  return "file:" + canonical.string();
}

VmError zip_io_error(const std::filesystem::path& file, std::string_view what,
                     std::string_view reason) {
  return make_error("java/io/IOException",
                    std::string(what) + " " + file.string() + ": " + std::string(reason));
}

class ZipEntry final : public ClassPathEntry {
 public:
  // Takes ownership of `archive`. Only names under `prefix` are visible,
  // with the prefix removed.
  ZipEntry(Kind kind, const std::filesystem::path& file, std::string origin, zip_t* archive,
           std::string prefix)
      : ClassPathEntry(kind, file, std::move(origin)), archive_(archive) {
    zip_int64_t count = zip_get_num_entries(archive_, 0);
    for (zip_int64_t i = 0; i < count; i++) {
      const char* raw = zip_get_name(archive_, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
      if (raw == nullptr) continue;
      std::string_view name(raw);
      if (!name.starts_with(prefix)) continue;
      name.remove_prefix(prefix.size());
      if (!is_valid_resource_name(name)) continue;  // directories end in '/'
      // The first of duplicate names wins, as for a lookup by scanning.
      if (index_.emplace(std::string(name), static_cast<zip_uint64_t>(i)).second &&
          name.ends_with(".class")) {
        class_names_.emplace_back(name.substr(0, name.size() - 6));
      }
    }
    std::sort(class_names_.begin(), class_names_.end());
  }

  ~ZipEntry() override { zip_discard(archive_); }  // read-only: nothing to write back

  Result<std::optional<std::vector<uint8_t>>> read_resource(
      std::string_view resource_name) const override {
    auto it = index_.find(resource_name);
    if (it == index_.end()) return std::optional<std::vector<uint8_t>>();
    std::lock_guard<std::mutex> lock(mutex_);
    return read_locked(resource_name, it->second);
  }

  bool contains_resource(std::string_view resource_name) const override {
    return index_.find(resource_name) != index_.end();
  }

  std::vector<std::string> list_classes(std::string_view prefix) const override {
    auto first = std::lower_bound(class_names_.begin(), class_names_.end(), prefix);
    std::vector<std::string> names;
    for (auto it = first; it != class_names_.end() && it->starts_with(prefix); ++it) {
      names.push_back(*it);
    }
    return names;
  }

 private:
  // Requires mutex_ held: libzip archives are not thread-safe.
  Result<std::optional<std::vector<uint8_t>>> read_locked(std::string_view name,
                                                          zip_uint64_t index) const {
    auto fail = [&](std::string_view reason) {
      return zip_io_error(path(), "error reading " + std::string(name) + " in", reason);
    };
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(archive_, index, 0, &st) != 0) return fail(zip_strerror(archive_));
    if ((st.valid & ZIP_STAT_SIZE) && st.size > kMaxResourceSize) return fail("entry too large");
    zip_file_t* file = zip_fopen_index(archive_, index, 0);
    if (file == nullptr) return fail(zip_strerror(archive_));
    std::vector<uint8_t> bytes;
    // Trust the declared size only as a hint: grow in chunks as data arrives.
    bytes.reserve((st.valid & ZIP_STAT_SIZE) ? std::min<zip_uint64_t>(st.size, 1 << 24) : 0);
    uint8_t chunk[16384];
    while (true) {
      zip_int64_t n = zip_fread(file, chunk, sizeof chunk);
      if (n < 0) {
        std::string reason = zip_file_strerror(file);
        zip_fclose(file);
        return fail(reason);
      }
      if (n == 0) break;
      if (bytes.size() + static_cast<zip_uint64_t>(n) > kMaxResourceSize) {
        zip_fclose(file);
        return fail("entry too large");
      }
      bytes.insert(bytes.end(), chunk, chunk + n);
    }
    // zip_fclose reports a CRC mismatch detected at the end of the data.
    if (int err = zip_fclose(file); err != 0) {
      zip_error_t error;
      zip_error_init_with_code(&error, err);
      std::string reason = zip_error_strerror(&error);
      zip_error_fini(&error);
      return fail(reason);
    }
    return std::optional<std::vector<uint8_t>>(std::move(bytes));
  }

  zip_t* archive_;
  mutable std::mutex mutex_;  // guards every libzip call on archive_ after construction
  std::unordered_map<std::string, zip_uint64_t, StringHash, std::equal_to<>> index_;
  std::vector<std::string> class_names_;  // sorted, without ".class"
};

// Opens the zip archive that starts `start` bytes into `file`.
Result<zip_t*> open_archive(const std::filesystem::path& file, zip_uint64_t start) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_file_create(file.c_str(), start, -1, &error);
  if (source == nullptr) {
    VmError e = zip_io_error(file, "cannot open zip file", zip_error_strerror(&error));
    zip_error_fini(&error);
    return e;
  }
  zip_t* archive = zip_open_from_source(source, ZIP_RDONLY, &error);
  if (archive == nullptr) {
    zip_source_free(source);
    VmError e = zip_io_error(file, "cannot open zip file", zip_error_strerror(&error));
    zip_error_fini(&error);
    return e;
  }
  zip_error_fini(&error);
  return archive;
}

}  // namespace

Result<std::unique_ptr<ClassPathEntry>> open_jar_entry(const std::filesystem::path& jar) {
  std::error_code ec;
  if (std::filesystem::is_directory(jar, ec)) {
    return zip_io_error(jar, "cannot open zip file", "Is a directory");
  }
  zip_t* archive = TRY(open_archive(jar, 0));
  return std::unique_ptr<ClassPathEntry>(
      new ZipEntry(ClassPathEntry::Kind::kJar, jar, file_origin(jar), archive, ""));
}

Result<std::unique_ptr<ClassPathEntry>> open_jmod_entry(const std::filesystem::path& jmod,
                                                        std::string_view module) {
  // JmodFile.checkMagic: 'J' 'M', major version 1, minor version 0.
  unsigned char header[4] = {};
  std::FILE* f = std::fopen(jmod.c_str(), "rb");
  if (f == nullptr) {
    return zip_io_error(jmod, "cannot open jmod file",
                        std::error_code(errno, std::generic_category()).message());
  }
  size_t n = std::fread(header, 1, sizeof header, f);
  std::fclose(f);
  if (n != 4 || header[0] != 'J' || header[1] != 'M' || header[2] != 1 || header[3] != 0) {
    return zip_io_error(jmod, "cannot open jmod file", "bad header (expected JM 1.0)");
  }
  zip_t* archive = TRY(open_archive(jmod, 4));
  return std::unique_ptr<ClassPathEntry>(new ZipEntry(
      ClassPathEntry::Kind::kJmod, jmod, "jrt:/" + std::string(module), archive, "classes/"));
}

}  // namespace minijvm
