// ClassPath: an ordered list of class path entries; a lookup returns the
// bytes from the first entry that has the class, and that entry.
//
// Thread safety: build the path (the append_* calls) before any concurrent
// use; the append_* calls are not synchronized. After that every const member
// may be called from any number of threads (see class_path_entry.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vm/classpath/class_path_entry.h"
#include "vm/result.h"

namespace minijvm {

// The bytes of a class file or resource and the entry they came from. The
// entry belongs to the ClassPath and lives as long as it.
struct ClassBytes {
  std::vector<uint8_t> bytes;
  const ClassPathEntry* entry = nullptr;

  // "jrt:/java.base", "file:/abs/dir/", "file:/abs/app.jar" (see
  // ClassPathEntry::origin).
  const std::string& origin() const { return entry->origin(); }
};

class ClassPath {
 public:
  ClassPath() = default;
  ClassPath(ClassPath&&) = default;
  ClassPath& operator=(ClassPath&&) = default;

  // Parses a java-style path list and appends its entries in order, the way
  // `java -cp` reads one:
  //   * entries are separated by ':';
  //   * an empty entry means the current directory;
  //   * an entry that is "*" or ends in "/*" expands to every regular file
  //     ending in ".jar" or ".JAR" directly inside that directory, sorted by
  //     name (java leaves the order unspecified; we make it deterministic);
  //   * entries that do not exist are skipped silently.
  // A jar that exists but cannot be opened (corrupt, unreadable) is not
  // appended; every other entry still is, and the first such failure is
  // returned (java/io/IOException naming the path). `java` itself skips such
  // jars silently; the caller chooses whether to warn or stop.
  Result<void> append_path(std::string_view path_list);

  // Appends one entry; the kind is chosen by open_class_path_entry. Unlike
  // append_path, a missing path is an error.
  Result<void> append(const std::filesystem::path& path);
  // Appends a JDK jmod, e.g. $JAVA_HOME/jmods/java.base.jmod.
  Result<void> append_jmod(const std::filesystem::path& jmod,
                           std::string_view module = "java.base");
  // Appends module `module` of a JDK runtime image ($JAVA_HOME/lib/modules).
  Result<void> append_jimage(const std::filesystem::path& image,
                             std::string_view module = "java.base");
  // The JDK's java.base: from its runtime image, or from its jmod when the
  // JDK has no runtime image.
  Result<void> append_java_base(const struct JdkInstall& jdk);
  void append_entry(std::unique_ptr<ClassPathEntry> entry);

  // The class with internal name `class_name` ("java/lang/String") from the
  // first entry that has it; nullopt if no entry has it; an error only if the
  // entry that has it cannot read it.
  Result<std::optional<ClassBytes>> find_class(std::string_view class_name) const;
  // The same for any resource name ("META-INF/services/x").
  Result<std::optional<ClassBytes>> find_resource(std::string_view resource_name) const;

  // The first entry holding `class_name`, or nullptr. Reads nothing.
  const ClassPathEntry* entry_for_class(std::string_view class_name) const;

  // Class names starting with `prefix` over all entries, each once, sorted.
  std::vector<std::string> list_classes(std::string_view prefix = {}) const;

  const std::vector<std::unique_ptr<ClassPathEntry>>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }

 private:
  std::vector<std::unique_ptr<ClassPathEntry>> entries_;
};

// The entries of a java-style path list after wildcard expansion, in order,
// before any existence check: "a::lib/*" -> {"a", ".", "lib/x.jar", ...}.
// (Wildcards over a missing directory expand to nothing.)
std::vector<std::filesystem::path> expand_path_list(std::string_view path_list);

}  // namespace minijvm
