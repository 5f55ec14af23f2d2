// One element of a class path: a directory, a jar (any zip file), a JDK
// jmod, or a module of the JDK's runtime image. An entry maps internal class names ("java/lang/String") and resource
// names ("META-INF/MANIFEST.MF") to bytes.
//
// Thread safety: an entry is immutable once opened; every const member may be
// called from any number of threads at once. Zip-backed entries serialize
// their libzip calls on a mutex of their own (a libzip archive is not
// thread-safe); their name index is built at open time and never changes, so
// contains() and list_classes() take no lock.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vm/result.h"

namespace minijvm {

class ClassPathEntry {
 public:
  enum class Kind { kDirectory, kJar, kJmod, kJimage };

  virtual ~ClassPathEntry() = default;
  ClassPathEntry(const ClassPathEntry&) = delete;
  ClassPathEntry& operator=(const ClassPathEntry&) = delete;

  Kind kind() const { return kind_; }
  // The path the entry was opened from, as given.
  const std::filesystem::path& path() const { return path_; }
  // Where its classes come from, spelled as HotSpot's -Xlog:class+load
  // "source:" does: "file:/abs/dir/", "file:/abs/app.jar", "jrt:/java.base".
  const std::string& origin() const { return origin_; }

  // The bytes of a resource ("a/b/C.class", "META-INF/MANIFEST.MF"), or
  // nullopt when the entry has no such resource. An error only when the
  // resource exists but cannot be read (IOException naming the path). Names
  // with empty, "." or ".." segments, a leading '/' or a NUL are never found.
  virtual Result<std::optional<std::vector<uint8_t>>> read_resource(
      std::string_view resource_name) const = 0;
  // Whether read_resource(resource_name) would find something.
  virtual bool contains_resource(std::string_view resource_name) const = 0;

  // read_resource(class_name + ".class"); class_name is internal
  // ("java/lang/String").
  Result<std::optional<std::vector<uint8_t>>> read_class(std::string_view class_name) const;
  bool contains_class(std::string_view class_name) const;

  // Internal names of every "*.class" resource whose name starts with
  // `prefix`, sorted. "java/util/" lists java.util and its subpackages;
  // "" lists everything (including "module-info" and "*/package-info" if
  // present). Filter on a further '/' to keep a single package.
  virtual std::vector<std::string> list_classes(std::string_view prefix = {}) const = 0;

 protected:
  ClassPathEntry(Kind kind, std::filesystem::path path, std::string origin)
      : kind_(kind), path_(std::move(path)), origin_(std::move(origin)) {}

 private:
  Kind kind_;
  std::filesystem::path path_;
  std::string origin_;
};

// A directory: class a/b/C is the file `dir/a/b/C.class`. Error
// (java/io/FileNotFoundException) if `dir` is not a directory.
Result<std::unique_ptr<ClassPathEntry>> open_directory_entry(const std::filesystem::path& dir);

// A jar or any zip file, opened once with libzip; its name index is built
// here. Error (java/io/IOException with the path and libzip's reason) if the
// file is missing, unreadable or not a zip archive.
Result<std::unique_ptr<ClassPathEntry>> open_jar_entry(const std::filesystem::path& jar);

// A JDK jmod: the 4-byte header "JM\x01\x00", then a zip archive whose
// offsets count from the end of the header. Only resources under "classes/"
// are visible, with that prefix removed. `module` names the origin
// ("jrt:/<module>"). Error (java/io/IOException) on a bad header or zip.
Result<std::unique_ptr<ClassPathEntry>> open_jmod_entry(const std::filesystem::path& jmod,
                                                        std::string_view module = "java.base");

// Module `module` of a JDK runtime image ($JAVA_HOME/lib/modules, mapped
// once per process and shared by all its entries); origin "jrt:/<module>".
// Error (java/io/IOException) if the file is not a runtime image or has no
// such module. Compressed resources (jlink --compress) are not found.
Result<std::unique_ptr<ClassPathEntry>> open_jimage_entry(const std::filesystem::path& image,
                                                          std::string_view module = "java.base");

// Picks the kind from what is on disk: a directory, a file starting with the
// jmod header (module name taken from the file name, "java.base.jmod" ->
// "java.base"), or else a jar.
Result<std::unique_ptr<ClassPathEntry>> open_class_path_entry(const std::filesystem::path& path);

// True if `name` is a resource name an entry may look up (see read_resource).
bool is_valid_resource_name(std::string_view name);

}  // namespace minijvm
