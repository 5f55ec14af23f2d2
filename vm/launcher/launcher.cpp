#include "vm/launcher/launcher.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>

#include "vm/classfile/parser.h"
#include "vm/classpath/class_path.h"
#include "vm/classpath/jdk.h"
#include "vm/javap/javap.h"
#include "vm/launcher/main_class.h"
#include "vm/log.h"

namespace minijvm {

namespace {

void print_version(const Result<JdkInstall>& jdk, std::FILE* to) {
  std::fprintf(to, "minijvm version \"%s\"\n", MINIJVM_VERSION);
  std::fprintf(to, "minijvm: a research Java VM for profiling (bytecode interpreter)\n");
  if (jdk) {
    std::string build = jdk->runtime_version.empty() ? jdk->version : jdk->runtime_version;
    std::fprintf(to, "class library: OpenJDK %s%s%s at %s\n", build.c_str(),
                 jdk->implementor.empty() ? "" : ", ", jdk->implementor.c_str(),
                 jdk->home.c_str());
  } else {
    std::fprintf(to, "class library: %s\n", jdk.error().message.c_str());
  }
}

bool configure_logging(const LauncherOptions& o) {
  std::string error;
  if (o.verbose_class && !log::configure(":class+load,class+unload", &error)) return false;
  if (o.verbose_gc && !log::configure(":gc", &error)) return false;  // as java: -Xlog:gc
  for (const std::string& x : o.xlog) {
    if (!log::configure(x, &error)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return false;
    }
  }
  return true;
}

// The value of `key` in a jar manifest (JAR File Specification: "Name: value"
// lines, continued by lines that start with one space).
std::optional<std::string> manifest_attribute(std::string_view manifest, std::string_view key) {
  std::string joined;
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < manifest.size()) {
    size_t end = manifest.find_first_of("\r\n", pos);
    std::string_view line = manifest.substr(pos, end == std::string_view::npos ? end : end - pos);
    if (!line.empty() && line.front() == ' ' && !lines.empty()) lines.back() += line.substr(1);
    else lines.emplace_back(line);
    if (end == std::string_view::npos) break;
    pos = end + (manifest.compare(end, 2, "\r\n") == 0 ? 2 : 1);
  }
  for (const std::string& line : lines) {
    auto colon = line.find(": ");
    if (colon == std::string::npos || line.size() < key.size()) continue;
    std::string name = line.substr(0, colon);
    if (name.size() == key.size() &&
        std::equal(name.begin(), name.end(), key.begin(),
                   [](char a, char b) { return std::tolower(a) == std::tolower(b); }))
      return line.substr(colon + 2);
  }
  return std::nullopt;
}

// -jar: the jar is the class path and its manifest names the main class.
int prepare_jar(const std::string& jar, ClassPath& app, std::string* main_class) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(jar, ec)) {
    std::fprintf(stderr, "Error: Unable to access jarfile %s\n", jar.c_str());
    return 1;
  }
  auto entry = open_jar_entry(jar);
  if (!entry) {
    std::fprintf(stderr, "Error: Invalid or corrupt jarfile %s\n", jar.c_str());
    return 1;
  }
  auto manifest = (*entry)->read_resource("META-INF/MANIFEST.MF");
  std::optional<std::string> main;
  if (manifest && *manifest) {
    std::string text((*manifest)->begin(), (*manifest)->end());
    main = manifest_attribute(text, "Main-Class");
  }
  if (!main || main->empty()) {
    std::fprintf(stderr, "no main manifest attribute, in %s\n", jar.c_str());
    return 1;
  }
  app.append_entry(std::move(entry).value());
  *main_class = *main;
  return 0;
}

// FILE.class: the class's package decides the class path root.
int prepare_class_file(const std::string& file, ClassPath& app, std::string* main_class) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "minijvm: cannot read class file %s\n", file.c_str());
    return 1;
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto parsed = classfile::parse_class_file(bytes);
  if (!parsed) {
    std::fprintf(stderr, "Error: LinkageError occurred while loading main class %s\n\t%s\n",
                 file.c_str(), parsed.error().to_string().c_str());
    return 1;
  }
  std::string name = (*parsed)->this_class->str();  // internal: pkg/sub/App
  std::filesystem::path root = std::filesystem::absolute(file).parent_path();
  std::string_view package(name);
  package = package.substr(0, package.rfind('/') == std::string_view::npos ? 0 : package.rfind('/'));
  while (!package.empty()) {
    size_t slash = package.rfind('/');
    std::string_view last = slash == std::string_view::npos ? package : package.substr(slash + 1);
    if (root.filename() != last) {
      std::string binary = name;
      std::replace(binary.begin(), binary.end(), '/', '.');
      std::fprintf(stderr,
                   "minijvm: %s declares class %s but is not in a directory named after its "
                   "package; run it with -cp ROOT %s\n",
                   file.c_str(), binary.c_str(), binary.c_str());
      return 1;
    }
    root = root.parent_path();
    package = slash == std::string_view::npos ? std::string_view() : package.substr(0, slash);
  }
  auto appended = app.append(root);
  if (!appended) {
    std::fprintf(stderr, "minijvm: %s\n", appended.error().message.c_str());
    return 1;
  }
  *main_class = name;
  return 0;
}

}  // namespace

int run_launcher(const LauncherOptions& o, int parse_exit_code, ProgramRunner runner) {
  using Action = LauncherOptions::Action;
  if (!configure_logging(o)) return 1;

  switch (o.action) {
    case Action::help:
      std::fputs(usage_text().c_str(), o.to_stdout ? stdout : stderr);
      return parse_exit_code;
    case Action::xlog_help:
      std::fputs(log::help_text().c_str(), stdout);
      return 0;
    case Action::version: {
      auto jdk = locate_jdk(o.jdk_home);
      print_version(jdk, o.to_stdout ? stdout : stderr);
      return jdk ? parse_exit_code : 1;
    }
    default:
      break;
  }

  auto jdk = locate_jdk(o.jdk_home);
  if (o.show_version) print_version(jdk, stderr);
  if (!jdk) {
    std::fprintf(stderr, "minijvm: %s\n", jdk.error().message.c_str());
    return 1;
  }
  ClassPath boot;
  if (auto added = boot.append_java_base(*jdk); !added) {
    std::fprintf(stderr, "minijvm: %s\n", added.error().message.c_str());
    return 1;
  }

  // The application class path: -cp, else $CLASSPATH, else the current
  // directory; -jar replaces it with the jar.
  ClassPath app;
  std::string main_class = o.main_class;
  LaunchTarget target;
  if (o.action == Action::run_jar) {
    if (int rc = prepare_jar(o.main_class, app, &main_class)) return rc;
    target = {o.main_class, 2, o.main_class};
  } else {
    const char* env = std::getenv("CLASSPATH");
    std::string path = o.class_path ? *o.class_path : env && *env ? env : ".";
    if (o.action == Action::run_class_file) {
      if (int rc = prepare_class_file(o.main_class, app, &main_class)) return rc;
      // The class file's root comes first, then any -cp given with it.
      path = app.entries().front()->path().string() + (o.class_path ? ":" + *o.class_path : "");
      app = ClassPath();
    }
    if (auto added = app.append_path(path); !added)  // java skips a corrupt jar silently
      log::write(log::Set::startup, log::Level::warning, added.error().to_string());
    target = {path, 1, main_class};
  }

  if (o.action == Action::javap) return javap::run(o.javap, boot, app, std::cout, std::cerr);

  // The main class is checked here, with LauncherHelper's error texts, before
  // the VM starts: LauncherHelper's own error path formats its messages with
  // ResourceBundle, which needs invokedynamic (issue 4). A valid program is
  // then run as a plain class, also for -jar (the manifest was read above).
  SupertypeLoader loader(boot, app, /*log_loads=*/runner == nullptr);
  const classfile::ClassFile* main = nullptr;
  if (int rc = load_main_class(main_class, loader, std::cerr, &main)) return rc;
  std::string binary = main->this_class->to_utf8();
  std::replace(binary.begin(), binary.end(), '/', '.');
  if (runner) {
    target.mode = 1;
    target.what = binary;
    return runner(o, *jdk, target);
  }
  std::fprintf(stderr,
               "minijvm: %s is loaded and has a main method, but executing Java code is not "
               "implemented yet in this version (see README.md)\n",
               binary.c_str());
  return 1;
}

}  // namespace minijvm
