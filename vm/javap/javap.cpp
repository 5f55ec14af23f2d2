// javap's driver (JavapTask): finding each class, reading and parsing it,
// and reporting errors the way javap words them.
#include "vm/javap/javap.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <ostream>

#include "vm/classfile/parser.h"
#include "vm/classpath/class_path.h"
#include "vm/javap/class_printer.h"
#include "vm/javap/sha256.h"

namespace minijvm::javap {
namespace {

namespace fs = std::filesystem;

struct FoundClass {
  std::vector<uint8_t> bytes;
  std::string location;   // what -v prints after "Classfile "
  std::string file_name;  // how javap names the file in a warning
  std::optional<std::time_t> last_modified;
};

std::optional<std::time_t> modification_time(const fs::path& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return st.st_mtime;
}

// The location javap shows for a class read from a class path entry: a file
// path, a "jar:file:...!/..." URI or a "jrt:/module/..." URI.
FoundClass from_entry(ClassBytes found, const std::string& internal_name) {
  FoundClass result;
  result.bytes = std::move(found.bytes);
  const ClassPathEntry& entry = *found.entry;
  const std::string resource = internal_name + ".class";
  switch (entry.kind()) {
    case ClassPathEntry::Kind::kDirectory: {
      std::string origin = entry.origin();  // "file:/abs/dir/"
      std::string dir = origin.starts_with("file:") ? origin.substr(5) : origin;
      if (!dir.empty() && dir.back() != '/') dir += '/';
      result.location = dir + resource;
      result.file_name = (entry.path() / resource).string();
      result.last_modified = modification_time(dir + resource);
      break;
    }
    case ClassPathEntry::Kind::kJar: {
      // javap shows the jar URI as java.net.URI spells it: "jar:file:///abs/x.jar!/..."
      std::string jar = entry.origin();  // "file:/abs/x.jar"
      if (jar.starts_with("file:/") && !jar.starts_with("file://")) jar = "file://" + jar.substr(5);
      result.location = "jar:" + jar + "!/" + resource;
      result.file_name = entry.path().string() + "(" + resource + ")";
      result.last_modified = modification_time(entry.path());
      break;
    }
    case ClassPathEntry::Kind::kJmod:
    case ClassPathEntry::Kind::kJimage:
      result.location = entry.origin() + "/" + resource;
      result.file_name =
          "/modules/" + entry.origin().substr(entry.origin().find('/') + 2) + "/" + resource;
      // The jmod and the runtime image the real javap reads are written by
      // the same JDK build, so they carry the same date.
      result.last_modified = modification_time(entry.path());
      break;
  }
  return result;
}

std::string replace_all(std::string s, char from, char to) {
  for (char& c : s) {
    if (c == from) c = to;
  }
  return s;
}

// Looks a binary name up in `boot`, then `app` (JavapTask.getClassFileObject:
// the platform class path first). nullopt if neither has it.
Result<std::optional<FoundClass>> find_by_name(const std::string& name, const ClassPath& boot,
                                               const ClassPath& app) {
  const std::string internal = replace_all(name, '.', '/');
  for (const ClassPath* path : {&boot, &app}) {
    auto found = TRY(path->find_class(internal));
    if (found) return std::optional<FoundClass>(from_entry(std::move(*found), internal));
  }
  return std::optional<FoundClass>();
}

// JavapTask.open: the name as a class, then as a nested class (dots turned
// into '$' from the right), then as a file name ending in ".class".
Result<std::optional<FoundClass>> open_class(const std::string& name, const ClassPath& boot,
                                             const ClassPath& app) {
  auto found = TRY(find_by_name(name, boot, app));
  if (found) return found;
  std::string cn = name;
  for (size_t dot; (dot = cn.rfind('.')) != std::string::npos;) {
    cn[dot] = '$';
    found = TRY(find_by_name(cn, boot, app));
    if (found) return found;
  }
  if (!name.ends_with(".class")) return std::optional<FoundClass>();
  std::error_code ec;
  fs::path path(name);
  if (!fs::is_regular_file(path, ec)) return std::optional<FoundClass>();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return make_error("java/io/IOException", name + " (Permission denied)");
  }
  FoundClass result;
  result.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  result.location = fs::absolute(path, ec).lexically_normal().string();
  result.file_name = name;
  result.last_modified = modification_time(path);
  return std::optional<FoundClass>(std::move(result));
}

// JavapTask.writeClass for one command-line argument; returns its exit code.
int write_class(const JavapOptions& options, const std::string& name, const ClassPath& boot,
                const ClassPath& app, Printer& printer, std::ostream& err) {
  auto opened = open_class(name, boot, app);
  if (!opened.ok()) {
    err << "Error: IO error reading " << name << ": " << opened.error().message << '\n';
    return 1;
  }
  if (!*opened) {
    err << "Error: class not found: " << name << '\n';
    return 1;
  }
  const FoundClass& found = **opened;
  classfile::ParseOptions parse_options;
  parse_options.allow_module_info = true;
  auto parsed = classfile::parse_class_file(found.bytes, {}, parse_options);
  if (!parsed.ok()) {
    const VmError& e = parsed.error();
    if (e.message == "Truncated class file") {
      err << "Error: unexpected end of file while reading " << name << '\n';
    } else {
      err << "Error: error while reading " << name << ": " << e.to_string() << '\n';
    }
    return 1;
  }
  const classfile::ClassFile& cf = **parsed;

  if (!name.ends_with(".class") && cf.this_class) {
    auto normalize = [](std::string s) { return replace_all(replace_all(s, '/', '.'), '$', '.'); };
    if (normalize(text(cf.this_class)) != normalize(name)) {
      err << "Warning: File " << found.file_name << " does not contain class " << name << '\n';
    }
  }

  ClassSource source;
  if (options.verbose) {
    source.location = found.location;
    source.last_modified = found.last_modified;
    source.size = found.bytes.size();
    source.sha256 = sha256_hex(found.bytes);
  }
  ClassPrinter(options, cf, printer).write(options.verbose ? &source : nullptr);
  return 0;
}

}  // namespace

int run(const JavapOptions& options, const ClassPath& boot, const ClassPath& app, std::ostream& out,
        std::ostream& err) {
  if (options.classes.empty()) {
    err << "Error: no classes specified\n";
    return 2;
  }
  Printer printer(out);
  int result = 0;
  for (const std::string& name : options.classes) {
    // As in JavapTask.run, the last class decides the exit code.
    result = write_class(options, name, boot, app, printer, err);
  }
  out.flush();
  return result;
}

}  // namespace minijvm::javap
