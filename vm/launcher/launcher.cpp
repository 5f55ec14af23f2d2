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
#include "vm/log.h"

namespace minijvm {

namespace {

void print_version(const Result<JdkInstall>& jdk, const JitOptions& jit, std::FILE* to) {
  // The execution mode, as HotSpot names it in its -version line.
  const char* mode = jit.mode == JitOptions::Mode::kInterpreted ? "interpreted mode"
                     : jit.mode == JitOptions::Mode::kCompiled  ? "compiled mode: template JIT"
                                                                : "mixed mode: interpreter, template JIT";
  std::fprintf(to, "minijvm version \"%s\"\n", MINIJVM_VERSION);
  std::fprintf(to, "minijvm: a research Java VM for profiling (%s)\n", mode);
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

// -jar: libjli opens the jar before the VM starts (its manifest may hold
// launcher options); LauncherHelper then reads the Main-Class.
int check_jar(const std::string& jar) {
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
      print_version(jdk, o.jit, o.to_stdout ? stdout : stderr);
      return jdk ? parse_exit_code : 1;
    }
    default:
      break;
  }

  auto jdk = locate_jdk(o.jdk_home);
  if (o.show_version) print_version(jdk, o.jit, stderr);
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
  LaunchTarget target;
  if (o.action == Action::run_jar) {
    if (int rc = check_jar(o.main_class)) return rc;
    target = {o.main_class, 2, o.main_class};
  } else {
    const char* env = std::getenv("CLASSPATH");
    std::string path = o.class_path ? *o.class_path : env && *env ? env : ".";
    std::string what = o.main_class;
    if (o.action == Action::run_class_file) {
      ClassPath root;
      if (int rc = prepare_class_file(o.main_class, root, &what)) return rc;
      std::replace(what.begin(), what.end(), '/', '.');
      // The class file's root comes first, then any -cp given with it.
      path = root.entries().front()->path().string() + (o.class_path ? ":" + *o.class_path : "");
    }
    target = {path, o.action == Action::run_module ? 3 : 1, what};
  }

  if (o.action == Action::javap) {
    ClassPath app;
    if (auto added = app.append_path(target.class_path); !added)
      log::write(log::Set::startup, log::Level::warning, added.error().to_string());
    return javap::run(o.javap, boot, app, std::cout, std::cerr);
  }
  // The main class is found, checked and loaded by the VM, as java's
  // launcher does: LauncherHelper.checkAndLoadMain in the target's mode
  // (class, jar or module), with its own error texts.
  return runner(o, *jdk, target);
}

}  // namespace minijvm
