#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "vm/log.h"

namespace mlog = minijvm::log;
using minijvm::log::Level;
using minijvm::log::Set;

TEST_SUITE("log") {
  TEST_CASE("defaults: warnings only") {
    mlog::reset();
    CHECK(mlog::enabled(Set::gc, Level::warning));
    CHECK(mlog::enabled(Set::gc, Level::error));
    CHECK_FALSE(mlog::enabled(Set::gc, Level::info));
    CHECK_FALSE(mlog::enabled(Set::gc, Level::off));
  }

  TEST_CASE("selections match exact tag sets unless '*' is given") {
    mlog::reset();
    std::string error;
    REQUIRE(mlog::configure(":gc", &error));
    CHECK(mlog::enabled(Set::gc, Level::info));
    CHECK_FALSE(mlog::enabled(Set::gc_heap, Level::info));
    CHECK_FALSE(mlog::enabled(Set::gc, Level::debug));
    REQUIRE(mlog::configure(":gc*=debug", &error));
    CHECK(mlog::enabled(Set::gc_heap, Level::debug));
    CHECK_FALSE(mlog::enabled(Set::class_load, Level::info));
    REQUIRE(mlog::configure(":class+load,safepoint=trace", &error));
    CHECK(mlog::enabled(Set::class_load, Level::info));
    CHECK(mlog::enabled(Set::safepoint, Level::trace));
    REQUIRE(mlog::configure(":disable", &error));
    CHECK_FALSE(mlog::enabled(Set::gc, Level::error));
    REQUIRE(mlog::configure("", &error));  // plain -Xlog: all=info
    CHECK(mlog::enabled(Set::jni, Level::info));
    mlog::reset();
  }

  TEST_CASE("malformed options give one line naming the option") {
    mlog::reset();
    std::string error;
    CHECK_FALSE(mlog::configure(":foo", &error));
    CHECK(error == "Invalid -Xlog option '-Xlog:foo': Invalid tag 'foo' in log selection");
    CHECK_FALSE(mlog::configure(":gc=loud", &error));
    CHECK(error == "Invalid -Xlog option '-Xlog:gc=loud': Invalid level 'loud' in log selection");
    CHECK_FALSE(mlog::configure(":gc:stdout:colour", &error));
    CHECK(error == "Invalid -Xlog option '-Xlog:gc:stdout:colour': invalid decorator 'colour'");
    CHECK_FALSE(mlog::configure("gc", &error));
    // A failed option changes nothing.
    CHECK_FALSE(mlog::enabled(Set::gc, Level::info));
  }

  TEST_CASE("file output with decorators") {
    mlog::reset();
    auto path = std::filesystem::temp_directory_path() / "minijvm-test-log.txt";
    std::string error;
    REQUIRE(mlog::configure(":class+load:file=" + path.string() + ":tags,level", &error));
    mlog::write(Set::class_load, Level::info, "java.lang.Object source: jrt:/java.base");
    mlog::write(Set::class_load, Level::debug, "not shown");
    mlog::reset();  // closes the file
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str() == "[info][class,load] java.lang.Object source: jrt:/java.base\n");
    std::filesystem::remove(path);
  }
}
