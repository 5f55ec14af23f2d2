// vm/classpath: directories, jars, the JDK's java.base.jmod, path lists, and
// the JDK locator.
#include <doctest/doctest.h>
#include <stdlib.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "vm/classpath/class_path.h"
#include "vm/classpath/jdk.h"

namespace fs = std::filesystem;
using namespace minijvm;

namespace {

// A fresh directory under the system temp dir, removed with its contents.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "minijvm-cp-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path_ = fs::canonical(pattern);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

void write_file(const fs::path& file, const std::vector<uint8_t>& bytes) {
  fs::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

void write_text(const fs::path& file, const std::string& text) {
  write_file(file, std::vector<uint8_t>(text.begin(), text.end()));
}

std::vector<uint8_t> read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// Class-file-looking bytes: CAFEBABE then a tag so tests can tell copies apart.
std::vector<uint8_t> fake_class(const std::string& tag) {
  std::vector<uint8_t> bytes = {0xCA, 0xFE, 0xBA, 0xBE};
  bytes.insert(bytes.end(), tag.begin(), tag.end());
  return bytes;
}

struct JarFile {
  std::string name;
  std::vector<uint8_t> bytes;
  bool compress = true;
};

// Writes a jar with libzip; "name/" entries become directory entries.
void write_jar(const fs::path& jar, const std::vector<JarFile>& files) {
  fs::create_directories(jar.parent_path());
  int err = 0;
  zip_t* z = zip_open(jar.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  REQUIRE(z != nullptr);
  for (const auto& f : files) {
    if (f.name.ends_with('/')) {
      REQUIRE(zip_dir_add(z, f.name.c_str(), ZIP_FL_ENC_UTF_8) >= 0);
      continue;
    }
    zip_source_t* src = zip_source_buffer(z, f.bytes.data(), f.bytes.size(), 0);
    REQUIRE(src != nullptr);
    zip_int64_t index = zip_file_add(z, f.name.c_str(), src, ZIP_FL_ENC_UTF_8);
    REQUIRE(index >= 0);
    REQUIRE(zip_set_file_compression(z, static_cast<zip_uint64_t>(index),
                                     f.compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0) == 0);
  }
  REQUIRE(zip_close(z) == 0);
}

// The real JDK's java.base.jmod, opened once for all jmod tests.
const ClassPathEntry& java_base() {
  static std::unique_ptr<ClassPathEntry> entry = [] {
    auto jdk = locate_jdk();
    REQUIRE_MESSAGE(jdk.ok(), (jdk.ok() ? "" : jdk.error().message));
    auto opened = open_jmod_entry(jdk->java_base_jmod);
    REQUIRE_MESSAGE(opened.ok(), (opened.ok() ? "" : opened.error().to_string()));
    return std::move(opened).value();
  }();
  return *entry;
}

bool starts_with_cafebabe(const std::vector<uint8_t>& bytes) {
  return bytes.size() >= 4 && bytes[0] == 0xCA && bytes[1] == 0xFE && bytes[2] == 0xBA &&
         bytes[3] == 0xBE;
}

// A fake JDK tree: `release` with the given JAVA_VERSION, optionally jmods
// and libjava.
void make_fake_jdk(const fs::path& home, const std::string& version, bool jmods = true,
                   bool libjava = true) {
  write_text(home / "release", "IMPLEMENTOR=\"Test Vendor\"\nJAVA_RUNTIME_VERSION=\"" + version +
                                   "+1\"\nJAVA_VERSION=\"" + version + "\"\nOS_NAME=\"Linux\"\n");
  if (jmods) write_text(home / "jmods" / "java.base.jmod", "JM\x01");
  if (libjava) write_text(home / "lib" / "libjava.so", "ELF");
}

}  // namespace

TEST_SUITE("classpath") {
  TEST_CASE("resource names that could leave an entry are rejected") {
    CHECK(is_valid_resource_name("java/lang/Object.class"));
    CHECK(is_valid_resource_name("META-INF/MANIFEST.MF"));
    CHECK_FALSE(is_valid_resource_name(""));
    CHECK_FALSE(is_valid_resource_name("/etc/passwd"));
    CHECK_FALSE(is_valid_resource_name("a/../../b.class"));
    CHECK_FALSE(is_valid_resource_name("a/./b.class"));
    CHECK_FALSE(is_valid_resource_name("a//b.class"));
    CHECK_FALSE(is_valid_resource_name("a/"));
  }

  TEST_CASE("directory entry: lookup, origin, listing") {
    TempDir tmp;
    fs::path dir = tmp / "classes";
    write_file(dir / "p" / "A.class", fake_class("A"));
    write_file(dir / "p" / "q" / "B.class", fake_class("B"));
    write_file(dir / "Top.class", fake_class("Top"));
    write_text(dir / "p" / "readme.txt", "not a class");
    fs::create_directories(dir / "p" / "Dir.class");  // a directory, not a class

    auto entry = open_directory_entry(dir);
    REQUIRE(entry.ok());
    CHECK((*entry)->kind() == ClassPathEntry::Kind::kDirectory);
    CHECK((*entry)->origin() == "file:" + dir.string() + "/");

    auto a = (*entry)->read_class("p/A");
    REQUIRE(a.ok());
    REQUIRE(a->has_value());
    CHECK(**a == fake_class("A"));
    CHECK((*entry)->contains_class("p/q/B"));
    CHECK_FALSE((*entry)->contains_class("p/Missing"));
    CHECK_FALSE((*entry)->contains_class("p/Dir"));
    auto dir_class = (*entry)->read_class("p/Dir");
    REQUIRE(dir_class.ok());
    CHECK_FALSE(dir_class->has_value());
    auto escape = (*entry)->read_class("p/../../classes/Top");
    REQUIRE(escape.ok());
    CHECK_FALSE(escape->has_value());
    auto text = (*entry)->read_resource("p/readme.txt");
    REQUIRE(text.ok());
    CHECK(text->has_value());

    CHECK((*entry)->list_classes() == std::vector<std::string>{"Top", "p/A", "p/q/B"});
    CHECK((*entry)->list_classes("p/") == std::vector<std::string>{"p/A", "p/q/B"});
    CHECK((*entry)->list_classes("p/q/") == std::vector<std::string>{"p/q/B"});
    CHECK((*entry)->list_classes("p/A") == std::vector<std::string>{"p/A"});
    CHECK((*entry)->list_classes("nothing/").empty());

    // A path given with "." and ".." segments reports its canonical origin,
    // as HotSpot does.
    auto dotted = open_directory_entry(tmp.path() / "." / "classes" / ".." / "classes");
    REQUIRE(dotted.ok());
    CHECK((*dotted)->origin() == "file:" + dir.string() + "/");

    auto missing = open_directory_entry(tmp / "nope");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().exception == "java/io/FileNotFoundException");
  }

  TEST_CASE("directory entry: the javac-compiled test classes") {
    fs::path dir = MINIJVM_TEST_CLASSES;
    std::string some_class;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->path().extension() == ".class") {
        std::string rel = it->path().lexically_relative(dir).generic_string();
        some_class = rel.substr(0, rel.size() - 6);
        break;
      }
    }
    if (some_class.empty()) {
      MESSAGE("no test classes in " << dir << " yet; skipped");
      return;
    }
    ClassPath cp;
    REQUIRE(cp.append(dir).ok());
    auto found = cp.find_class(some_class);
    REQUIRE(found.ok());
    REQUIRE(found->has_value());
    CHECK(starts_with_cafebabe((*found)->bytes));
    CHECK((*found)->origin() == "file:" + fs::canonical(dir).string() + "/");
    CHECK(cp.list_classes().size() >= 1);
  }

  TEST_CASE("jar entry: lookup, origin, listing, directories and stored entries") {
    TempDir tmp;
    fs::path jar = tmp / "app.jar";
    std::vector<uint8_t> big(100000);
    for (size_t i = 0; i < big.size(); i++) big[i] = static_cast<uint8_t>(i * 7 % 251);
    write_jar(jar, {{"META-INF/", {}},
                    {"META-INF/MANIFEST.MF", {'M', 'a', 'n', 'i', 'f', 'e', 's', 't'}},
                    {"p/", {}},
                    {"p/A.class", fake_class("A")},
                    {"p/q/B.class", fake_class("B"), false},
                    {"p/Big.class", big}});

    auto entry = open_jar_entry(jar);
    REQUIRE_MESSAGE(entry.ok(), (entry.ok() ? "" : entry.error().to_string()));
    CHECK((*entry)->kind() == ClassPathEntry::Kind::kJar);
    CHECK((*entry)->origin() == "file:" + jar.string());

    auto a = (*entry)->read_class("p/A");
    REQUIRE(a.ok());
    REQUIRE(a->has_value());
    CHECK(**a == fake_class("A"));
    auto b = (*entry)->read_class("p/q/B");
    REQUIRE(b.ok());
    REQUIRE(b->has_value());
    CHECK(**b == fake_class("B"));
    auto large = (*entry)->read_class("p/Big");
    REQUIRE(large.ok());
    REQUIRE(large->has_value());
    CHECK(**large == big);
    auto missing = (*entry)->read_class("p/C");
    REQUIRE(missing.ok());
    CHECK_FALSE(missing->has_value());
    CHECK((*entry)->contains_resource("META-INF/MANIFEST.MF"));
    CHECK_FALSE((*entry)->contains_resource("p/"));
    CHECK((*entry)->list_classes() == std::vector<std::string>{"p/A", "p/Big", "p/q/B"});
    CHECK((*entry)->list_classes("p/q/") == std::vector<std::string>{"p/q/B"});

    // open_class_path_entry tells a jar from a jmod by the header.
    auto auto_kind = open_class_path_entry(jar);
    REQUIRE(auto_kind.ok());
    CHECK((*auto_kind)->kind() == ClassPathEntry::Kind::kJar);
  }

  TEST_CASE("jar entry: corrupt jars are errors naming the path, not crashes") {
    TempDir tmp;
    fs::path garbage = tmp / "garbage.jar";
    write_text(garbage, "this is not a zip file at all, just text that is long enough");
    auto opened = open_jar_entry(garbage);
    REQUIRE_FALSE(opened.ok());
    CHECK(opened.error().exception == "java/io/IOException");
    CHECK(opened.error().message.find(garbage.string()) != std::string::npos);

    fs::path empty = tmp / "empty.jar";
    write_text(empty, "");
    CHECK_FALSE(open_jar_entry(empty).ok());

    CHECK_FALSE(open_jar_entry(tmp / "missing.jar").ok());
    fs::create_directories(tmp / "dir.jar");
    CHECK_FALSE(open_jar_entry(tmp / "dir.jar").ok());

    // Truncated: the central directory is gone.
    fs::path good = tmp / "good.jar";
    std::vector<uint8_t> big(200000);  // incompressible, so its data spans the damage
    uint32_t seed = 12345;
    for (auto& byte : big) byte = static_cast<uint8_t>((seed = seed * 1103515245 + 12345) >> 16);
    write_jar(good, {{"p/A.class", fake_class("A")}, {"p/Big.class", big}});
    std::vector<uint8_t> bytes = read_file(good);
    fs::path truncated = tmp / "truncated.jar";
    write_file(truncated, std::vector<uint8_t>(bytes.begin(), bytes.begin() + bytes.size() / 2));
    auto cut = open_jar_entry(truncated);
    REQUIRE_FALSE(cut.ok());
    CHECK(cut.error().message.find(truncated.string()) != std::string::npos);

    // Damaged data inside an intact archive: opening works, reading fails.
    fs::path damaged = tmp / "damaged.jar";
    std::vector<uint8_t> broken = bytes;
    const std::string big_name = "p/Big.class";
    auto at = std::search(broken.begin(), broken.end(), big_name.begin(), big_name.end());
    REQUIRE(at != broken.end());  // the first hit is the local header's name
    size_t data = static_cast<size_t>(at - broken.begin()) + big_name.size();
    for (size_t i = data + 1000; i < data + 1100; i++) broken[i] ^= 0x5A;
    write_file(damaged, broken);
    auto opened_damaged = open_jar_entry(damaged);
    REQUIRE(opened_damaged.ok());
    auto read = (*opened_damaged)->read_class("p/Big");
    REQUIRE_FALSE(read.ok());
    CHECK(read.error().exception == "java/io/IOException");
    CHECK(read.error().message.find("p/Big.class") != std::string::npos);
    CHECK(read.error().message.find(damaged.string()) != std::string::npos);
    auto intact = (*opened_damaged)->read_class("p/A");
    REQUIRE(intact.ok());
    CHECK(intact->has_value());
  }

  TEST_CASE("jmod entry: java.base of the real JDK") {
    const ClassPathEntry& base = java_base();
    CHECK(base.kind() == ClassPathEntry::Kind::kJmod);
    CHECK(base.origin() == "jrt:/java.base");

    for (const char* name : {"java/lang/Object", "java/util/HashMap", "java/lang/String"}) {
      CAPTURE(name);
      auto bytes = base.read_class(name);
      REQUIRE(bytes.ok());
      REQUIRE(bytes->has_value());
      CHECK(starts_with_cafebabe(**bytes));
    }
    auto missing = base.read_class("java/lang/NoSuchClassAnywhere");
    REQUIRE(missing.ok());
    CHECK_FALSE(missing->has_value());
    // Only classes/ is visible, without its prefix.
    CHECK_FALSE(base.contains_class("classes/java/lang/Object"));
    CHECK_FALSE(base.contains_resource("bin/java"));
    CHECK(base.contains_class("module-info"));

    std::vector<std::string> concurrent = base.list_classes("java/util/concurrent/");
    CHECK(concurrent.size() > 50);
    CHECK(std::is_sorted(concurrent.begin(), concurrent.end()));
    CHECK(std::find(concurrent.begin(), concurrent.end(),
                    "java/util/concurrent/ConcurrentHashMap") != concurrent.end());
    for (const auto& name : concurrent) CHECK(name.starts_with("java/util/concurrent/"));
    CHECK(base.list_classes().size() > 5000);

    // open_class_path_entry recognizes the header and names the module.
    auto auto_kind = open_class_path_entry(base.path());
    REQUIRE(auto_kind.ok());
    CHECK((*auto_kind)->kind() == ClassPathEntry::Kind::kJmod);
    CHECK((*auto_kind)->origin() == "jrt:/java.base");
  }

  TEST_CASE("runtime image entry: lib/modules of the real JDK") {
    auto jdk = locate_jdk();
    REQUIRE(jdk.ok());
    REQUIRE_FALSE(jdk->modules_image.empty());
    auto opened = open_jimage_entry(jdk->modules_image, "java.base");
    REQUIRE_MESSAGE(opened.ok(), (opened.ok() ? "" : opened.error().to_string()));
    const ClassPathEntry& image = **opened;
    CHECK(image.kind() == ClassPathEntry::Kind::kJimage);
    CHECK(image.origin() == "jrt:/java.base");
    // The classes jlink did not touch are the jmod's, byte for byte.
    for (const char* name : {"java/lang/Object", "java/util/HashMap", "java/lang/String"}) {
      CAPTURE(name);
      auto from_image = image.read_class(name);
      auto from_jmod = java_base().read_class(name);
      REQUIRE(from_image.ok());
      REQUIRE(from_image->has_value());
      REQUIRE(from_jmod.ok());
      CHECK(**from_image == **from_jmod);
    }
    // The ones it generated exist only in the image: the pre-generated
    // LambdaForms are far larger than the jmod's empty holder.
    auto holder = image.read_class("java/lang/invoke/DirectMethodHandle$Holder");
    auto stub = java_base().read_class("java/lang/invoke/DirectMethodHandle$Holder");
    REQUIRE(holder.ok());
    REQUIRE(holder->has_value());
    REQUIRE(stub.ok());
    REQUIRE(stub->has_value());
    CHECK((*holder)->size() > 4 * (*stub)->size());
    auto missing = image.read_class("java/lang/NoSuchClassAnywhere");
    REQUIRE(missing.ok());
    CHECK_FALSE(missing->has_value());
    CHECK_FALSE(image.contains_class("java/util/logging/Logger"));  // another module's
    CHECK_FALSE(image.contains_resource("../java.logging/java/util/logging/Logger.class"));
    std::vector<std::string> concurrent = image.list_classes("java/util/concurrent/");
    CHECK(std::is_sorted(concurrent.begin(), concurrent.end()));
    CHECK(std::find(concurrent.begin(), concurrent.end(),
                    "java/util/concurrent/ConcurrentHashMap") != concurrent.end());

    auto logging = open_jimage_entry(jdk->modules_image, "java.logging");
    REQUIRE(logging.ok());
    CHECK((*logging)->contains_class("java/util/logging/Logger"));
    CHECK((*logging)->origin() == "jrt:/java.logging");

    auto no_module = open_jimage_entry(jdk->modules_image, "no.such.module");
    REQUIRE_FALSE(no_module.ok());
    CHECK(no_module.error().exception == "java/io/IOException");
    auto not_an_image = open_jimage_entry(jdk->java_base_jmod, "java.base");
    REQUIRE_FALSE(not_an_image.ok());
    CHECK(not_an_image.error().message.find("not a JDK runtime image") != std::string::npos);
  }

  TEST_CASE("jmod entry: concurrent lookups") {
    const ClassPathEntry& base = java_base();
    std::vector<std::string> names = base.list_classes("java/util/");
    REQUIRE(names.size() > 100);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; t++) {
      threads.emplace_back([&, t] {
        for (size_t i = static_cast<size_t>(t); i < names.size(); i += 3) {
          auto bytes = base.read_class(names[i]);
          if (!bytes.ok() || !bytes->has_value() || !starts_with_cafebabe(**bytes)) failures++;
        }
      });
    }
    for (auto& t : threads) t.join();
    CHECK(failures == 0);
  }

  TEST_CASE("jmod entry: a file without the JM header is rejected") {
    TempDir tmp;
    fs::path jar = tmp / "plain.jmod";
    write_jar(jar, {{"classes/p/A.class", fake_class("A")}});
    auto opened = open_jmod_entry(jar);
    REQUIRE_FALSE(opened.ok());
    CHECK(opened.error().exception == "java/io/IOException");
    CHECK(opened.error().message.find("header") != std::string::npos);

    // A jar behind the jmod header is a (tiny) jmod.
    std::vector<uint8_t> bytes = {'J', 'M', 1, 0};
    std::vector<uint8_t> zip = read_file(jar);
    bytes.insert(bytes.end(), zip.begin(), zip.end());
    fs::path jmod = tmp / "tiny.jmod";
    write_file(jmod, bytes);
    auto tiny = open_class_path_entry(jmod);
    REQUIRE_MESSAGE(tiny.ok(), (tiny.ok() ? "" : tiny.error().to_string()));
    CHECK((*tiny)->origin() == "jrt:/tiny");
    CHECK((*tiny)->list_classes() == std::vector<std::string>{"p/A"});
  }

  TEST_CASE("class path: order, origins and the boot jmod") {
    TempDir tmp;
    write_jar(tmp / "first.jar", {{"p/A.class", fake_class("first")}});
    write_jar(tmp / "second.jar",
              {{"p/A.class", fake_class("second")}, {"p/B.class", fake_class("B")}});
    write_file(tmp / "dir" / "java" / "lang" / "Object.class", fake_class("shadow"));

    ClassPath cp;
    REQUIRE(cp.append_jmod(java_base().path()).ok());
    REQUIRE(cp.append((tmp / "first.jar")).ok());
    REQUIRE(cp.append((tmp / "second.jar")).ok());
    REQUIRE(cp.append((tmp / "dir")).ok());
    CHECK(cp.entries().size() == 4);

    auto a = cp.find_class("p/A");
    REQUIRE(a.ok());
    REQUIRE(a->has_value());
    CHECK((*a)->bytes == fake_class("first"));
    CHECK((*a)->origin() == "file:" + (tmp / "first.jar").string());
    auto b = cp.find_class("p/B");
    REQUIRE(b.ok());
    REQUIRE(b->has_value());
    CHECK((*b)->origin() == "file:" + (tmp / "second.jar").string());
    auto object = cp.find_class("java/lang/Object");
    REQUIRE(object.ok());
    REQUIRE(object->has_value());
    CHECK((*object)->origin() == "jrt:/java.base");  // the jmod comes first
    CHECK((*object)->bytes != fake_class("shadow"));
    CHECK(cp.entry_for_class("p/B") == cp.entries()[2].get());
    CHECK(cp.entry_for_class("p/Missing") == nullptr);
    auto none = cp.find_class("p/Missing");
    REQUIRE(none.ok());
    CHECK_FALSE(none->has_value());
    CHECK(cp.list_classes("p/") == std::vector<std::string>{"p/A", "p/B"});

    CHECK_FALSE(cp.append(tmp / "missing.jar").ok());
  }

  TEST_CASE("path lists: separators, empty entries, wildcards, missing entries") {
    TempDir tmp;
    fs::path lib = tmp / "lib";
    write_jar(lib / "b.jar", {{"p/B.class", fake_class("B")}});
    write_jar(lib / "a.jar", {{"p/A.class", fake_class("A")}});
    write_jar(lib / "C.JAR", {{"p/C.class", fake_class("C")}});
    write_text(lib / "notes.txt", "not a jar");
    fs::create_directories(lib / "sub.jar");  // a directory: not a wildcard match
    write_jar(lib / "nested" / "n.jar", {{"p/N.class", fake_class("N")}});
    write_file(tmp / "classes" / "p" / "D.class", fake_class("D"));

    std::string list = (tmp / "classes").string() + "::" + lib.string() +
                       "/*:" + (tmp / "missing").string() + ":" + (tmp / "missing").string() + "/*";
    std::vector<fs::path> expanded = expand_path_list(list);
    std::vector<fs::path> expected = {tmp / "classes", ".",           lib / "C.JAR",
                                      lib / "a.jar",   lib / "b.jar", tmp / "missing"};
    CHECK(expanded == expected);
    CHECK(expand_path_list("") == std::vector<fs::path>{"."});
    CHECK(expand_path_list("a:") == std::vector<fs::path>{"a", "."});
    CHECK(expand_path_list(lib.string() + "/x*") == std::vector<fs::path>{lib.string() + "/x*"});

    // A lone "*" means the jars of the current directory.
    fs::path saved = fs::current_path();
    fs::current_path(lib);
    std::vector<fs::path> star = expand_path_list("*");
    fs::current_path(saved);
    REQUIRE(star.size() == 3);
    CHECK(star[0].filename() == "C.JAR");
    CHECK(star[1].filename() == "a.jar");
    CHECK(star[2].filename() == "b.jar");

    ClassPath cp;
    auto appended =
        cp.append_path((tmp / "classes").string() + ":" + lib.string() +
                       "/*:" + (tmp / "missing").string() + ":" + (tmp / "missing.jar").string());
    REQUIRE(appended.ok());
    CHECK(cp.entries().size() == 4);
    for (const char* name : {"p/A", "p/B", "p/C", "p/D"}) {
      CAPTURE(name);
      auto found = cp.find_class(name);
      REQUIRE(found.ok());
      CHECK(found->has_value());
    }
    auto nested = cp.find_class("p/N");  // wildcards do not recurse
    REQUIRE(nested.ok());
    CHECK_FALSE(nested->has_value());
  }

  TEST_CASE("path lists: a corrupt jar is reported, the rest still appended") {
    TempDir tmp;
    write_text(tmp / "bad.jar", "garbage, not a zip");
    write_jar(tmp / "good.jar", {{"p/A.class", fake_class("A")}});
    ClassPath cp;
    auto appended = cp.append_path((tmp / "bad.jar").string() + ":" + (tmp / "good.jar").string());
    REQUIRE_FALSE(appended.ok());
    CHECK(appended.error().exception == "java/io/IOException");
    CHECK(appended.error().message.find((tmp / "bad.jar").string()) != std::string::npos);
    REQUIRE(cp.entries().size() == 1);
    auto a = cp.find_class("p/A");
    REQUIRE(a.ok());
    CHECK(a->has_value());
  }
}

TEST_SUITE("classpath.jdk") {
  TEST_CASE("release files and version strings") {
    auto values = parse_release_file(
        "IMPLEMENTOR=\"Debian\"\r\nJAVA_VERSION=\"17.0.15\"\n# comment\nMODULES=\"java.base "
        "java.xml\"\nPLAIN=value\nnot a pair\n");
    CHECK(values["IMPLEMENTOR"] == "Debian");
    CHECK(values["JAVA_VERSION"] == "17.0.15");
    CHECK(values["MODULES"] == "java.base java.xml");
    CHECK(values["PLAIN"] == "value");
    CHECK(values.size() == 4);

    CHECK(java_feature_version("17.0.15") == 17);
    CHECK(java_feature_version("17") == 17);
    CHECK(java_feature_version("25.0.3") == 25);
    CHECK(java_feature_version("1.8.0_392") == 8);
    CHECK(java_feature_version("") == 0);
    CHECK(java_feature_version("abc") == 0);
  }

  TEST_CASE("locator: Debian default, JAVA_HOME, explicit path, nothing found") {
    TempDir root;
    fs::path jdk17 = root / "java-17-openjdk-amd64";
    fs::path jdk25 = root / "temurin-25-jdk-amd64";
    make_fake_jdk(jdk17, "17.0.15");
    make_fake_jdk(jdk25, "25.0.3");

    JdkSearch search;
    search.jvm_root = root.path();

    SUBCASE("the Debian default is found; temurin-25 is never picked") {
      auto jdk = locate_jdk(search);
      REQUIRE_MESSAGE(jdk.ok(), (jdk.ok() ? "" : jdk.error().message));
      CHECK(jdk->home == jdk17);
      CHECK(jdk->version == "17.0.15");
      CHECK(jdk->feature_version == 17);
      CHECK(jdk->runtime_version == "17.0.15+1");
      CHECK(jdk->implementor == "Test Vendor");
      CHECK(jdk->java_base_jmod == jdk17 / "jmods" / "java.base.jmod");
      CHECK(jdk->libjava == jdk17 / "lib" / "libjava.so");
    }
    SUBCASE("an empty JAVA_HOME counts as unset") {
      search.java_home_env = "";
      auto jdk = locate_jdk(search);
      REQUIRE(jdk.ok());
      CHECK(jdk->home == jdk17);
    }
    SUBCASE("JAVA_HOME wins over the default") {
      fs::path other = root / "elsewhere";
      make_fake_jdk(other, "17.0.2");
      search.java_home_env = other.string();
      auto jdk = locate_jdk(search);
      REQUIRE(jdk.ok());
      CHECK(jdk->home == other);
      CHECK(jdk->version == "17.0.2");
    }
    SUBCASE("JAVA_HOME naming a JDK 25 is an error, not a fall-through") {
      search.java_home_env = jdk25.string();
      auto jdk = locate_jdk(search);
      REQUIRE_FALSE(jdk.ok());
      CHECK(jdk.error().message == "JAVA_HOME=" + jdk25.string() +
                                       " is JDK 25; minijvm needs JDK 17 (set JAVA_HOME or use "
                                       "-Xjdk:PATH)");
    }
    SUBCASE("JAVA_HOME naming no JDK at all") {
      search.java_home_env = (root / "nothing").string();
      auto jdk = locate_jdk(search);
      REQUIRE_FALSE(jdk.ok());
      CHECK(jdk.error().message.starts_with("JAVA_HOME=" + (root / "nothing").string() +
                                            " does not exist"));
    }
    SUBCASE("the explicit path wins over JAVA_HOME, and is checked too") {
      search.java_home_env = jdk25.string();
      search.explicit_home = jdk17;
      auto jdk = locate_jdk(search);
      REQUIRE(jdk.ok());
      CHECK(jdk->home == jdk17);
      search.explicit_home = jdk25;
      auto bad = locate_jdk(search);
      REQUIRE_FALSE(bad.ok());
      CHECK(bad.error().message == "-Xjdk:" + jdk25.string() + " is JDK 25; minijvm needs JDK 17");
    }
    SUBCASE("a JDK 17 without jmods is reported") {
      fs::path jre = root / "java-17-openjdk-aaa-jre";
      make_fake_jdk(jre, "17.0.15", /*jmods=*/false);
      search.java_home_env = jre.string();
      auto jdk = locate_jdk(search);
      REQUIRE_FALSE(jdk.ok());
      CHECK(jdk.error().message.find("jmods/java.base.jmod") != std::string::npos);
      // As a Debian candidate it is passed over for a usable one.
      search.java_home_env.reset();
      auto fallback = locate_jdk(search);
      REQUIRE(fallback.ok());
      CHECK(fallback->home == jdk17);
    }
    SUBCASE("a JDK 17 without libjava.so is reported") {
      fs::remove(jdk17 / "lib" / "libjava.so");
      auto jdk = locate_jdk(search);
      REQUIRE_FALSE(jdk.ok());
      CHECK(jdk.error().message.starts_with(jdk17.string()));
      CHECK(jdk.error().message.find("lib/libjava.so") != std::string::npos);
    }
    SUBCASE("candidates are taken in name order") {
      make_fake_jdk(root / "java-17-openjdk-arm64", "17.0.9");
      auto jdk = locate_jdk(search);
      REQUIRE(jdk.ok());
      CHECK(jdk->home == jdk17);  // amd64 < arm64
    }
    SUBCASE("nothing found: only a JDK 25 present") {
      fs::remove_all(jdk17);
      auto jdk = locate_jdk(search);
      REQUIRE_FALSE(jdk.ok());
      CHECK(jdk.error().exception == "java/lang/InternalError");
      CHECK(jdk.error().message == "no JDK 17 found (looked at JAVA_HOME and " +
                                       root.path().string() +
                                       "/java-17-openjdk-*); install openjdk-17-jdk-headless or "
                                       "set JAVA_HOME");
    }
    SUBCASE("nothing found: the search root does not exist") {
      search.jvm_root = root / "no-such-root";
      auto jdk = locate_jdk(search);
      REQUIRE_FALSE(jdk.ok());
      CHECK(jdk.error().message.starts_with("no JDK 17 found"));
    }
  }

  TEST_CASE("locator: the JDK 17 of this machine") {
    auto jdk = locate_jdk();
    REQUIRE_MESSAGE(jdk.ok(), (jdk.ok() ? "" : jdk.error().message));
    CHECK(jdk->feature_version == 17);
    CHECK(jdk->version.starts_with("17"));
    CHECK(fs::is_regular_file(jdk->java_base_jmod));
    CHECK(fs::is_regular_file(jdk->libjava));
  }
}
