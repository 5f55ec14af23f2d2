// The JDK's runtime image, $JAVA_HOME/lib/modules (the "jimage" jlink
// writes), as a class path entry for one module. This is where HotSpot's
// boot loader reads from: the classes there are the ones jlink finished
// (pre-generated LambdaForm holders, the SystemModules tables), unlike the
// jmods, which hold the classes as compiled.
//
// Format (jdk.internal.jimage.BasicImageReader, ImageLocation,
// ImageStringsReader), all integers in the file's byte order (native):
//   header   u4 magic 0xCAFEDADA, u4 version (major << 16 | minor), u4 flags,
//            u4 resource_count, u4 table_length, u4 locations_size,
//            u4 strings_size
//   redirect s4[table_length]   perfect-hash redirection
//   offsets  u4[table_length]   into locations
//   locations                    attribute streams: a byte (kind << 3 |
//                                length - 1), then `length` big-endian bytes;
//                                kind 0 ends the stream
//   strings                      NUL-terminated modified UTF-8
//   resources                    from the end of the index, at OFFSET
// A resource is found by the hash of its full name "/module/parent/base.ext".
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <system_error>

#include "vm/classpath/class_path_entry.h"

namespace minijvm {

namespace {

constexpr uint32_t kMagic = 0xCAFEDADA;
constexpr uint32_t kHashMultiplier = 0x01000193;
constexpr size_t kHeaderSize = 7 * 4;

enum Attribute { kEnd = 0, kModule = 1, kParent = 2, kBase = 3, kExtension = 4, kOffset = 5,
                 kCompressed = 6, kUncompressed = 7, kCount = 8 };

// ImageStringsReader.unmaskedHash over the name's bytes (ASCII or UTF-8).
int32_t image_hash(std::string_view name, int32_t seed) {
  uint32_t h = static_cast<uint32_t>(seed);
  for (unsigned char c : name) h = (h * kHashMultiplier) ^ c;
  return static_cast<int32_t>(h & 0x7FFFFFFF);
}

VmError image_error(const std::filesystem::path& file, const std::string& why) {
  return VmError{"java/io/IOException", "cannot open runtime image " + file.string() + ": " + why};
}

// The mapped file, shared by the entries of every module.
class RuntimeImage {
 public:
  static Result<std::shared_ptr<RuntimeImage>> open(const std::filesystem::path& file) {
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return image_error(file, std::error_code(errno, std::generic_category()).message());
    struct stat st {};
    if (::fstat(fd, &st) != 0 || st.st_size < static_cast<off_t>(kHeaderSize)) {
      ::close(fd);
      return image_error(file, "too short");
    }
    void* base = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (base == MAP_FAILED) return image_error(file, "cannot map it");
    auto image = std::shared_ptr<RuntimeImage>(
        new RuntimeImage(static_cast<const uint8_t*>(base), static_cast<size_t>(st.st_size)));
    if (!image->parse_header()) return image_error(file, "not a JDK runtime image");
    return image;
  }
  ~RuntimeImage() { ::munmap(const_cast<uint8_t*>(data_), size_); }

  // The bytes of "/module/name", or nullopt.
  std::optional<std::span<const uint8_t>> find(std::string_view module, std::string_view name) const {
    std::string full = "/" + std::string(module) + "/" + std::string(name);
    int32_t index = image_hash(full, static_cast<int32_t>(kHashMultiplier)) %
                    static_cast<int32_t>(table_length_);
    int32_t redirect = s4(redirect_ + 4 * static_cast<size_t>(index));
    if (redirect < 0) {
      index = -1 - redirect;
    } else if (redirect > 0) {
      index = image_hash(full, redirect) % static_cast<int32_t>(table_length_);
    } else {
      return std::nullopt;
    }
    if (index < 0 || static_cast<uint32_t>(index) >= table_length_) return std::nullopt;
    uint64_t attributes[kCount] = {};
    if (!decode_location(u4(offsets_ + 4 * static_cast<size_t>(index)), attributes)) return std::nullopt;
    if (full_name(attributes) != full) return std::nullopt;  // a hash collision
    if (attributes[kCompressed] != 0) return std::nullopt;   // jlink --compress: not supported
    uint64_t start = index_size_ + attributes[kOffset];
    uint64_t length = attributes[kUncompressed];
    if (start > size_ || length > size_ - start) return std::nullopt;
    return std::span<const uint8_t>(data_ + start, length);
  }

  // Every resource name of `module` ("java/lang/Object.class").
  std::vector<std::string> names_in(std::string_view module) const {
    std::vector<std::string> names;
    for (uint32_t i = 0; i < table_length_; ++i) {
      uint64_t a[kCount] = {};
      if (!decode_location(u4(offsets_ + 4 * static_cast<size_t>(i)), a)) continue;
      if (string_at(a[kModule]) != module) continue;
      std::string name(string_at(a[kParent]));
      if (!name.empty()) name += '/';
      name += string_at(a[kBase]);
      std::string_view extension = string_at(a[kExtension]);
      if (!extension.empty()) name += "." + std::string(extension);
      names.push_back(std::move(name));
    }
    return names;
  }

 private:
  RuntimeImage(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  uint32_t u4(size_t at) const {
    uint32_t v;
    std::memcpy(&v, data_ + at, 4);
    return v;
  }
  int32_t s4(size_t at) const { return static_cast<int32_t>(u4(at)); }

  bool parse_header() {
    if (u4(0) != kMagic || (u4(4) >> 16) != 1) return false;
    table_length_ = u4(16);
    uint64_t locations_size = u4(20), strings_size = u4(24);
    redirect_ = kHeaderSize;
    offsets_ = redirect_ + 4 * uint64_t{table_length_};
    locations_ = offsets_ + 4 * uint64_t{table_length_};
    strings_ = locations_ + locations_size;
    strings_size_ = strings_size;
    index_size_ = strings_ + strings_size;
    return table_length_ > 0 && index_size_ <= size_;
  }

  bool decode_location(uint32_t offset, uint64_t* attributes) const {
    size_t at = locations_ + offset;
    while (at < strings_) {
      uint8_t header = data_[at++];
      int kind = header >> 3;
      if (kind == kEnd) return true;
      int length = (header & 7) + 1;
      if (kind >= kCount || at + static_cast<size_t>(length) > strings_) return false;
      uint64_t value = 0;
      for (int i = 0; i < length; ++i) value = (value << 8) | data_[at++];
      attributes[kind] = value;
    }
    return false;
  }

  std::string_view string_at(uint64_t offset) const {
    if (offset >= strings_size_) return {};
    const char* s = reinterpret_cast<const char*>(data_ + strings_ + offset);
    return {s, strnlen(s, strings_size_ - offset)};
  }

  std::string full_name(const uint64_t* a) const {
    std::string name;
    std::string_view module = string_at(a[kModule]);
    if (!module.empty()) name += "/" + std::string(module) + "/";
    std::string_view parent = string_at(a[kParent]);
    if (!parent.empty()) name += std::string(parent) + "/";
    name += string_at(a[kBase]);
    std::string_view extension = string_at(a[kExtension]);
    if (!extension.empty()) name += "." + std::string(extension);
    return name;
  }

  const uint8_t* data_;
  size_t size_;
  uint32_t table_length_ = 0;
  size_t redirect_ = 0, offsets_ = 0, locations_ = 0, strings_ = 0, index_size_ = 0;
  uint64_t strings_size_ = 0;
};

class JimageEntry final : public ClassPathEntry {
 public:
  JimageEntry(const std::filesystem::path& file, std::shared_ptr<RuntimeImage> image,
              std::string module)
      : ClassPathEntry(Kind::kJimage, file, "jrt:/" + module),
        image_(std::move(image)),
        module_(std::move(module)) {}

  Result<std::optional<std::vector<uint8_t>>> read_resource(
      std::string_view resource_name) const override {
    if (!is_valid_resource_name(resource_name)) return std::optional<std::vector<uint8_t>>{};
    auto bytes = image_->find(module_, resource_name);
    if (!bytes) return std::optional<std::vector<uint8_t>>{};
    return std::optional<std::vector<uint8_t>>(std::vector<uint8_t>(bytes->begin(), bytes->end()));
  }

  bool contains_resource(std::string_view resource_name) const override {
    return is_valid_resource_name(resource_name) && image_->find(module_, resource_name).has_value();
  }

  std::vector<std::string> list_classes(std::string_view prefix) const override {
    std::vector<std::string> classes;
    for (std::string& name : image_->names_in(module_)) {
      if (!name.ends_with(".class") || !std::string_view(name).starts_with(prefix)) continue;
      name.resize(name.size() - 6);
      classes.push_back(std::move(name));
    }
    std::sort(classes.begin(), classes.end());
    return classes;
  }

 private:
  std::shared_ptr<RuntimeImage> image_;
  std::string module_;
};

}  // namespace

Result<std::unique_ptr<ClassPathEntry>> open_jimage_entry(const std::filesystem::path& image,
                                                          std::string_view module) {
  // One mapping per file for the whole process: every module shares it.
  static std::mutex mutex;
  static auto* opened = new std::map<std::string, std::shared_ptr<RuntimeImage>>();
  std::shared_ptr<RuntimeImage> shared;
  {
    std::lock_guard lock(mutex);
    auto it = opened->find(image.string());
    if (it == opened->end()) {
      auto made = RuntimeImage::open(image);
      if (!made.ok()) return std::move(made).error();
      it = opened->emplace(image.string(), std::move(made).value()).first;
    }
    shared = it->second;
  }
  if (!shared->find(module, "module-info.class")) {
    return VmError{"java/io/IOException",
                   "runtime image " + image.string() + " has no module " + std::string(module)};
  }
  return std::unique_ptr<ClassPathEntry>(new JimageEntry(image, shared, std::string(module)));
}

}  // namespace minijvm
