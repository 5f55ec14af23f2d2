// vm/javap: `minijvm -javap` against the JDK's own javap (MINIJVM_JAVAP).
//
// The real javap runs through popen; our printer runs in-process over a class
// path made of the located JDK's java.base.jmod and directory entries. Three
// groups of classes are compared: a set of large JDK classes, every class
// file under MINIJVM_TEST_CLASSES, and tests/javap/features/Features.java
// (compiled here with `javac -g -parameters`, for attributes the test
// programs lack: records, sealed types, annotations, type annotations, ...).
//
// The required check parses both `-c` outputs into classes, the methods each
// shows, and per method the (offset, mnemonic) sequence, and wants them
// equal. The strict checks want the whole `-c` / `-v` output byte-identical
// (for -v, apart from "Last modified" lines: the date javap shows for a JDK
// class is that of the runtime image, ours that of the jmod). Failures name
// the first differing line.
#include <doctest/doctest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "vm/classpath/class_path.h"
#include "vm/classpath/jdk.h"
#include "vm/javap/java_text.h"
#include "vm/javap/javap.h"
#include "vm/javap/printer.h"
#include "vm/javap/sha256.h"

namespace fs = std::filesystem;
using namespace minijvm;

namespace {

// Large or varied JDK classes: many opcodes, switches, lambdas, generics,
// nested classes, enums, constants.
const std::vector<std::string> kJdkClasses = {
    "java.lang.String",
    "java.util.HashMap",
    "java.util.concurrent.ConcurrentHashMap",
    "java.lang.invoke.MethodHandles$Lookup",
    "java.lang.Character",
    "java.util.regex.Pattern",
    "java.math.BigInteger",
    "java.lang.Math",
    "java.lang.Thread$State",
    "java.util.stream.Collectors",
    "java.util.Map$Entry",
    "java.lang.Object",
};

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

struct Output {
  std::string text;
  int exit_code = -1;
};

// Runs a shell command; stdout is captured, stderr discarded.
Output capture(const std::string& command) {
  Output result;
  FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
  REQUIRE_MESSAGE(pipe != nullptr, command);
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) result.text.append(buf, n);
  int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::vector<std::string> split_flags(const std::string& flags) {
  std::vector<std::string> out;
  std::istringstream in(flags);
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

// The JDK's javap; LC_ALL makes it write UTF-8 as we do.
Output real_javap(const std::string& flags, const std::vector<std::string>& classes) {
  std::string command = "LC_ALL=C.UTF-8 " + shell_quote(MINIJVM_JAVAP);
  for (const std::string& f : split_flags(flags)) command += " " + f;
  for (const std::string& c : classes) command += " " + shell_quote(c);
  return capture(command);
}

// The java.base jmod of the JDK the tests run on.
const ClassPath& boot_path() {
  static ClassPath path = [] {
    ClassPath p;
    auto jdk = locate_jdk();
    REQUIRE_MESSAGE(jdk.ok(), (jdk.ok() ? "" : jdk.error().message));
    auto added = p.append_jmod(jdk->java_base_jmod);
    REQUIRE_MESSAGE(added.ok(), (added.ok() ? "" : added.error().to_string()));
    return p;
  }();
  return path;
}

Output our_javap(const std::string& flags, const std::vector<std::string>& classes,
                 const ClassPath& app) {
  JavapOptions options;
  for (const std::string& f : split_flags(flags)) {
    if (f == "-c")
      options.code = true;
    else if (f == "-v")
      options.verbose = true;
    else if (f == "-p")
      options.private_ = true;
    else if (f == "-l")
      options.lines = true;
    else if (f == "-s")
      options.signatures = true;
    else if (f == "-constants")
      options.constants = true;
    else
      FAIL("unknown flag " << f);
  }
  options.classes = classes;
  std::ostringstream out, err;
  Output result;
  result.exit_code = javap::run(options, boot_path(), app, out, err);
  result.text = out.str();
  return result;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// --- the structure of -c output ------------------------------------------------

struct MethodCode {
  std::string declaration;
  std::vector<std::pair<long, std::string>> instructions;  // (offset, mnemonic)
};

struct ClassCode {
  std::string declaration;
  std::vector<MethodCode> methods;
};

// Splits -c output into classes (each ends with a "}" line), the methods each
// shows (member lines, indented by two, that have a parameter list or are
// "static {};") and per method the "offset: mnemonic" lines (switch-table
// rows, whose "mnemonic" is a number, are skipped).
std::vector<ClassCode> parse_code_listing(const std::string& text) {
  static const std::regex kInstruction(R"(^ +(\d+): ([a-z_0-9]+)\b.*$)");
  std::vector<ClassCode> classes;
  ClassCode current;
  bool in_class = false;
  for (const std::string& line : lines_of(text)) {
    if (!in_class) {
      if (line.ends_with("{") && !line.starts_with(" ")) {
        current = ClassCode{line, {}};
        in_class = true;
      }
      continue;
    }
    if (line == "}") {
      classes.push_back(std::move(current));
      in_class = false;
      continue;
    }
    bool member = line.starts_with("  ") && !line.starts_with("   ");
    if (member) {
      if (line.find('(') != std::string::npos || line == "  static {};") {
        current.methods.push_back(MethodCode{line.substr(2), {}});
      }
      continue;
    }
    std::smatch m;
    if (!current.methods.empty() && std::regex_match(line, m, kInstruction)) {
      std::string mnemonic = m[2];
      if (std::all_of(mnemonic.begin(), mnemonic.end(),
                      [](char c) { return c >= '0' && c <= '9'; })) {
        continue;  // a tableswitch / lookupswitch row
      }
      current.methods.back().instructions.emplace_back(std::stol(m[1]), mnemonic);
    }
  }
  return classes;
}

// The first difference in class/method lists or in a method's (offset,
// mnemonic) sequence, or "" if the structures agree.
std::string compare_structure(const std::vector<ClassCode>& expected,
                              const std::vector<ClassCode>& actual) {
  std::ostringstream why;
  if (expected.size() != actual.size()) {
    why << "javap shows " << expected.size() << " classes, we show " << actual.size();
    return why.str();
  }
  for (size_t c = 0; c < expected.size(); ++c) {
    const ClassCode& e = expected[c];
    const ClassCode& a = actual[c];
    if (e.declaration != a.declaration) {
      return "class " + std::to_string(c) + ": javap `" + e.declaration + "`, we `" +
             a.declaration + "`";
    }
    for (size_t m = 0; m < std::max(e.methods.size(), a.methods.size()); ++m) {
      if (m >= e.methods.size() || m >= a.methods.size()) {
        why << e.declaration << ": method lists differ in length (javap " << e.methods.size()
            << ", we " << a.methods.size() << ")";
        return why.str();
      }
      const MethodCode& em = e.methods[m];
      const MethodCode& am = a.methods[m];
      if (em.declaration != am.declaration) {
        return e.declaration + ": method " + std::to_string(m) + ": javap `" + em.declaration +
               "`, we `" + am.declaration + "`";
      }
      for (size_t i = 0; i < std::max(em.instructions.size(), am.instructions.size()); ++i) {
        if (i >= em.instructions.size() || i >= am.instructions.size() ||
            em.instructions[i] != am.instructions[i]) {
          why << e.declaration << " " << em.declaration << ": instruction " << i << ": javap ";
          if (i < em.instructions.size()) {
            why << em.instructions[i].first << ": " << em.instructions[i].second;
          } else {
            why << "(none)";
          }
          why << ", we ";
          if (i < am.instructions.size()) {
            why << am.instructions[i].first << ": " << am.instructions[i].second;
          } else {
            why << "(none)";
          }
          return why.str();
        }
      }
    }
  }
  return "";
}

// The first differing line (1-based) of two texts, or "" if equal. Lines
// starting with one of `ignored_prefixes` (after indentation) are skipped
// on both sides.
std::string first_difference(const std::string& expected, const std::string& actual,
                             const std::vector<std::string>& ignored_prefixes = {}) {
  auto keep = [&](const std::string& line) {
    size_t start = line.find_first_not_of(' ');
    std::string_view body = start == std::string::npos ? "" : std::string_view(line).substr(start);
    for (const std::string& p : ignored_prefixes) {
      if (body.starts_with(p)) return false;
    }
    return true;
  };
  std::vector<std::string> e, a;
  for (const std::string& l : lines_of(expected)) {
    if (keep(l)) e.push_back(l);
  }
  for (const std::string& l : lines_of(actual)) {
    if (keep(l)) a.push_back(l);
  }
  for (size_t i = 0; i < std::max(e.size(), a.size()); ++i) {
    std::string el = i < e.size() ? e[i] : "<end of output>";
    std::string al = i < a.size() ? a[i] : "<end of output>";
    if (el != al) {
      return "line " + std::to_string(i + 1) + ":\n  javap: " + el + "\n  ours:  " + al;
    }
  }
  return "";
}

// Every .class file under `dir`, sorted.
std::vector<std::string> class_files_under(const fs::path& dir) {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ".class") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Runs both javaps with `flags` and checks the -c structure (when -c is
// given) and, if `strict`, the whole output.
void compare(const std::string& what, const std::string& flags,
             const std::vector<std::string>& classes, const ClassPath& app, bool strict) {
  CAPTURE(what);
  CAPTURE(flags);
  Output expected = real_javap(flags, classes);
  Output actual = our_javap(flags, classes, app);
  REQUIRE_MESSAGE(expected.exit_code == 0, "javap failed on " << what);
  CHECK(actual.exit_code == expected.exit_code);
  std::vector<std::string> flag_list = split_flags(flags);
  if (std::find(flag_list.begin(), flag_list.end(), "-c") != flag_list.end()) {
    auto e = parse_code_listing(expected.text);
    auto a = parse_code_listing(actual.text);
    CHECK(e.size() == classes.size());
    size_t instructions = 0;
    for (const ClassCode& c : e) {
      for (const MethodCode& m : c.methods) instructions += m.instructions.size();
    }
    CHECK(instructions > 0);
    std::string difference = compare_structure(e, a);
    CHECK_MESSAGE(difference.empty(), "methods or (offset, mnemonic) differ: " << difference);
  }
  if (strict) {
    std::string difference = first_difference(expected.text, actual.text, {"Last modified"});
    CHECK_MESSAGE(difference.empty(), "output differs from javap at " << difference);
  }
}

// A fresh directory, removed with its contents.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "minijvm-javap-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

TEST_SUITE("javap") {
  TEST_CASE("JDK classes: -c structure and text match javap") {
    ClassPath app;
    compare("JDK classes", "-c", kJdkClasses, app, /*strict=*/true);
    compare("JDK classes", "-p -c", kJdkClasses, app, /*strict=*/true);
  }

  TEST_CASE("JDK classes: declarations, -v, -l -s -constants match javap") {
    ClassPath app;
    compare("JDK classes", "", kJdkClasses, app, /*strict=*/true);
    compare("JDK classes", "-v", kJdkClasses, app, /*strict=*/true);
    compare("JDK classes", "-p -l -s -constants", kJdkClasses, app, /*strict=*/true);
  }

  TEST_CASE("every compiled test class matches javap") {
    std::vector<std::string> files = class_files_under(MINIJVM_TEST_CLASSES);
    REQUIRE(files.size() >= 5);
    ClassPath app;
#if defined(__SANITIZE_ADDRESS__)
    // Under the sanitizers the two widest listings only (every part of the
    // disassembler runs in them); the Release run compares all five.
    for (const char* flags : {"-p -v -constants", "-p -l -s"}) {
#else
    for (const char* flags : {"-c", "-p -c", "-v", "-p -v -constants", "-p -l -s"}) {
#endif
      compare("test classes", flags, files, app, /*strict=*/true);
    }
  }

  TEST_CASE("class-file features (records, annotations, generics, ...) match javap") {
    TempDir dir;
    std::string javac = (fs::path(MINIJVM_JAVAP).parent_path() / "javac").string();
    std::string source =
        (fs::path(MINIJVM_SOURCE_DIR) / "tests" / "javap" / "features" / "Features.java").string();
    Output compiled = capture(shell_quote(javac) + " -g -parameters -encoding UTF-8 -d " +
                              shell_quote(dir.path().string()) + " " + shell_quote(source));
    REQUIRE_MESSAGE(compiled.exit_code == 0, "javac failed on " << source);
    std::vector<std::string> files = class_files_under(dir.path());
    REQUIRE(files.size() >= 10);
    ClassPath app;
    for (const char* flags : {"", "-c", "-p -c", "-v", "-p -v -constants", "-p -l -s"}) {
      compare("Features.java", flags, files, app, /*strict=*/true);
    }
    // By binary name through the application class path, as `javap -cp`.
    REQUIRE(app.append(dir.path()).ok());
    Output expected = capture("LC_ALL=C.UTF-8 " + shell_quote(MINIJVM_JAVAP) + " -cp " +
                              shell_quote(dir.path().string()) + " -v -p features.Features");
    Output actual = our_javap("-v -p", {"features.Features"}, app);
    CHECK(actual.exit_code == expected.exit_code);
    std::string difference = first_difference(expected.text, actual.text);
    CHECK_MESSAGE(difference.empty(), "output differs from javap at " << difference);
  }

  TEST_CASE("the structural check catches a wrong offset or mnemonic") {
    std::string listing =
        "Compiled from \"A.java\"\n"
        "class A {\n"
        "  static int f(int);\n"
        "    Code:\n"
        "       0: iload_0\n"
        "       1: tableswitch   { // 1 to 2\n"
        "                     1: 28\n"
        "                     2: 30\n"
        "               default: 32\n"
        "          }\n"
        "      28: iconst_1\n"
        "      29: ireturn\n"
        "      30: iconst_2\n"
        "      31: ireturn\n"
        "      32: iconst_0\n"
        "      33: ireturn\n"
        "}\n";
    auto parsed = parse_code_listing(listing);
    REQUIRE(parsed.size() == 1);
    REQUIRE(parsed[0].methods.size() == 1);
    CHECK(parsed[0].methods[0].instructions.size() == 8);  // switch rows skipped
    CHECK(compare_structure(parsed, parse_code_listing(listing)).empty());

    std::string wrong_offset = listing;
    wrong_offset.replace(wrong_offset.find("      30: iconst_2"), 18, "      31: iconst_2");
    CHECK(!compare_structure(parsed, parse_code_listing(wrong_offset)).empty());
    std::string wrong_mnemonic = listing;
    wrong_mnemonic.replace(wrong_mnemonic.find("iconst_2"), 8, "iconst_3");
    CHECK(!compare_structure(parsed, parse_code_listing(wrong_mnemonic)).empty());
    std::string missing_method = "Compiled from \"A.java\"\nclass A {\n}\n";
    CHECK(!compare_structure(parsed, parse_code_listing(missing_method)).empty());
    CHECK(!first_difference(listing, wrong_offset).empty());
  }

  TEST_CASE("names that are not found, and bad class files") {
    TempDir dir;
    fs::path bad = dir.path() / "Bad.class";
    {
      FILE* f = fopen(bad.c_str(), "wb");
      REQUIRE(f != nullptr);
      fputs("\xCA\xFE\xBA\xBE\x00", f);
      fclose(f);
    }
    ClassPath app;
    JavapOptions options;
    options.classes = {"no.such.Clazz", "java.lang.Runnable"};
    std::ostringstream out, err;
    // As javap: every class is attempted; the last one decides the exit code.
    CHECK(javap::run(options, boot_path(), app, out, err) == 0);
    CHECK(err.str() == "Error: class not found: no.such.Clazz\n");
    CHECK(out.str().find("public interface java.lang.Runnable {") != std::string::npos);

    options.classes = {"java.lang.Runnable", bad.string()};
    std::ostringstream out2, err2;
    CHECK(javap::run(options, boot_path(), app, out2, err2) == 1);
    CHECK(err2.str() == "Error: unexpected end of file while reading " + bad.string() + "\n");

    // Nested classes may be named with a dot, as javap allows.
    options.classes = {"java.util.Map.Entry"};
    std::ostringstream out3, err3;
    CHECK(javap::run(options, boot_path(), app, out3, err3) == 0);
    CHECK(out3.str().find("public interface java.util.Map$Entry<K, V> {") != std::string::npos);
  }

  TEST_CASE("pieces: SHA-256, Java number formatting, the line writer") {
    const std::string abc = "abc";
    CHECK(javap::sha256_hex(std::span(reinterpret_cast<const uint8_t*>(abc.data()), abc.size())) ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(javap::sha256_hex({}) ==
          "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    std::string million(1000000, 'a');
    CHECK(javap::sha256_hex(
              std::span(reinterpret_cast<const uint8_t*>(million.data()), million.size())) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

    CHECK(javap::java_float_string(3.75e10f) == "3.7499998E10");  // JDK 17, not shortest
    CHECK(javap::java_float_string(1.0f) == "1.0");
    CHECK(javap::java_float_string(0.1f) == "0.1");
    CHECK(javap::java_double_string(1e-7) == "1.0E-7");
    CHECK(javap::java_double_string(0.001) == "0.001");
    CHECK(javap::java_double_string(1e7) == "1.0E7");
    CHECK(javap::java_double_string(123456.789) == "123456.789");
    CHECK(javap::java_double_string(-0.0) == "-0.0");
    CHECK(javap::java_double_string(2e-323) == "2.0E-323");
    CHECK(javap::java_double_string(1.7976931348623157e308) == "1.7976931348623157E308");

    CHECK(javap::checked_name("java/lang/Object") == "java/lang/Object");
    CHECK(javap::checked_name("<init>") == "\"<init>\"");
    CHECK(javap::checked_name("[I") == "\"[I\"");
    CHECK(javap::escaped_utf8("a\tb\x01") == "a\\tb\\u0001");

    std::ostringstream text;
    javap::Printer p(text);
    p.indent(1);
    p.print("#1 ");
    p.tab();
    p.println("// x  ");
    p.print("   ");
    p.println();
    CHECK(text.str() == "  #1" + std::string(39, ' ') + "// x\n\n");
  }
}
