#include <doctest/doctest.h>

#include "vm/launcher/options.h"

using minijvm::LauncherOptions;
using minijvm::parse_memory_size;
using minijvm::parse_options;
using Action = LauncherOptions::Action;

TEST_SUITE("launcher options") {
  TEST_CASE("memory sizes use HotSpot's suffixes") {
    CHECK(parse_memory_size("0") == 0u);
    CHECK(parse_memory_size("4096") == 4096u);
    CHECK(parse_memory_size("64k") == 64u << 10);
    CHECK(parse_memory_size("64K") == 64u << 10);
    CHECK(parse_memory_size("512m") == 512ull << 20);
    CHECK(parse_memory_size("2G") == 2ull << 30);
    CHECK(parse_memory_size("1t") == 1ull << 40);
    CHECK_FALSE(parse_memory_size(""));
    CHECK_FALSE(parse_memory_size("m"));
    CHECK_FALSE(parse_memory_size("12q"));
    CHECK_FALSE(parse_memory_size("12mb"));
    CHECK_FALSE(parse_memory_size("-1"));
    CHECK_FALSE(parse_memory_size("99999999999999999999"));
    CHECK_FALSE(parse_memory_size("20000000000g"));  // overflows 64 bits
  }

  TEST_CASE("options before the main class, arguments after it") {
    auto p = parse_options({"-cp", "a:b.jar", "-Dx=1", "-Dflag", "-Xmx64m", "-Xss512k",
                            "-verbose:class", "-Xlog:gc", "Main", "-cp", "arg2"});
    REQUIRE(p.ok());
    auto& o = p.options;
    CHECK(o.action == Action::run_class);
    CHECK(o.class_path == "a:b.jar");
    CHECK(o.main_class == "Main");
    CHECK(o.program_args == std::vector<std::string>{"-cp", "arg2"});
    REQUIRE(o.properties.size() == 2);
    CHECK(o.properties[0] == std::pair<std::string, std::string>{"x", "1"});
    CHECK(o.properties[1] == std::pair<std::string, std::string>{"flag", ""});
    CHECK(o.max_heap == 64ull << 20);
    CHECK(o.thread_stack == 512u << 10);
    CHECK(o.verbose_class);
    CHECK(o.xlog == std::vector<std::string>{":gc"});
  }

  TEST_CASE("class files and jars") {
    CHECK(parse_options({"build/App.class", "x"}).options.action == Action::run_class_file);
    auto jar = parse_options({"-jar", "app.jar", "a"});
    CHECK(jar.options.action == Action::run_jar);
    CHECK(jar.options.main_class == "app.jar");
    CHECK(jar.options.program_args == std::vector<std::string>{"a"});
    CHECK(parse_options({"--class-path=x", "M"}).options.class_path == "x");
  }

  TEST_CASE("errors are java's one-liners with exit code 1") {
    auto check = [](std::vector<std::string> args, std::string message) {
      auto p = parse_options(args);
      CHECK(p.error == message);
      CHECK(p.exit_code == 1);
    };
    check({"-foo", "Main"}, "Unrecognized option: -foo");
    check({"-Xmx12q", "Main"}, "Invalid maximum heap size: -Xmx12q");
    check({"-Xss1q", "Main"}, "Invalid thread stack size: -Xss1q");
    check({"-Xms1q", "Main"}, "Invalid initial heap size: -Xms1q");
    check({"-XX:+Foo", "Main"}, "Unrecognized VM option 'Foo'");
    check({"-XX:Bar=3", "Main"}, "Unrecognized VM option 'Bar'");
    check({"-cp"}, "Error: -cp requires class path specification");
    check({"-jar"}, "Error: -jar requires jar file specification");
    check({"-javap", "-q", "X"}, "javap: unrecognized option: -q");
    check({"-XX:MinHeapFreeRatio=101", "Main"},
          "uintx MinHeapFreeRatio=101 is outside the allowed range [ 0 ... 100 ]");
    check({"-XX:MaxHeapFreeRatio=", "Main"}, "Improperly specified VM option 'MaxHeapFreeRatio='");
    check({"-XX:MaxHeapFreeRatio=-5", "Main"}, "Improperly specified VM option 'MaxHeapFreeRatio=-5'");
  }

  TEST_CASE("heap free ratios are percentages") {
    auto p = parse_options({"-XX:MinHeapFreeRatio=40", "-XX:MaxHeapFreeRatio=70", "Main"});
    REQUIRE(p.ok());
    CHECK(p.options.min_heap_free_ratio == 40);
    CHECK(p.options.max_heap_free_ratio == 70);
    CHECK_FALSE(parse_options({"Main"}).options.min_heap_free_ratio.has_value());
  }

  TEST_CASE("RAM percentages are HotSpot's doubles") {
    auto p = parse_options({"-XX:MaxRAMPercentage=12.5", "-XX:InitialRAMPercentage=3", "Main"});
    REQUIRE(p.ok());
    CHECK(p.options.max_ram_percentage == 12.5);
    CHECK(p.options.initial_ram_percentage == 3.0);
    CHECK(parse_options({"-XX:MaxRAMPercentage=100.5", "Main"}).error ==
          "double MaxRAMPercentage=100.500000 is outside the allowed range [ 0.000000 ... 100.000000 ]");
    CHECK(parse_options({"-XX:InitialRAMPercentage=1x", "Main"}).error ==
          "Improperly specified VM option 'InitialRAMPercentage=1x'");
    CHECK(parse_options({"-XX:MaxRAMPercentage=", "Main"}).error ==
          "Improperly specified VM option 'MaxRAMPercentage='");
  }

  TEST_CASE("default heap sizes follow HotSpot's ergonomics") {
    constexpr uint64_t M = uint64_t{1} << 20, G = uint64_t{1} << 30;
    // 16 GiB: a quarter of it at most, 1/64 of it at first (whole 64 KiB blocks).
    HeapDefaults d = heap_defaults(16 * G, 25.0, 100.0 / 64);
    CHECK(d.max == 4 * G);
    CHECK(d.initial == 256 * M);
    // This machine's 25 325 268 992 bytes: what HotSpot's -XX:+PrintFlagsFinal
    // shows (6 331 317 248 and 395 707 328 bytes) up to a block.
    d = heap_defaults(25'325'268'992, 25.0, 100.0 / 64);
    CHECK(d.max == 6'331'367'424);
    CHECK(d.initial == 395'771'904);
    // 512 MiB: a quarter (128 MiB) is above the 124.8 MB floor.
    d = heap_defaults(512 * M, 25.0, 100.0 / 64);
    CHECK(d.max == 128 * M);
    CHECK(d.initial == 8 * M);  // 1/64 is 8 MiB, MinHeapSize
    // 300 MiB: a quarter is below the floor, half (150 MiB) is not: the floor.
    d = heap_defaults(300 * M, 25.0, 100.0 / 64);
    CHECK(d.max == 130'875'392);  // 96 MiB × 1.3 (ScaleForWordSize), rounded up to a block
    // 200 MiB: half of it is below the floor, so half of it.
    d = heap_defaults(200 * M, 25.0, 100.0 / 64);
    CHECK(d.max == 100 * M);
    // The percentages, and an initial size never above the maximum.
    d = heap_defaults(16 * G, 10.0, 50.0);
    CHECK(d.max == 1'718'026'240);  // 10 % of 16 GiB, rounded up to a block
    CHECK(d.initial == d.max);
    CHECK(heap_defaults(16 * G, 0.0, 100.0 / 64).max == 130'875'392);
    CHECK(machine_memory() > 0);
    CHECK(machine_memory() <= uint64_t{128} << 30);
  }

  TEST_CASE("version and help go where java sends them") {
    CHECK(parse_options({"-version"}).options.action == Action::version);
    CHECK_FALSE(parse_options({"-version"}).options.to_stdout);
    CHECK(parse_options({"--version"}).options.to_stdout);
    CHECK(parse_options({"-h"}).options.action == Action::help);
    CHECK(parse_options({"--help"}).options.to_stdout);
    auto none = parse_options({});
    CHECK(none.options.action == Action::help);
    CHECK(none.exit_code == 1);
    CHECK(parse_options({"-Xlog:help"}).options.action == Action::xlog_help);
  }

  TEST_CASE("javap flags") {
    auto p = parse_options({"-cp", "x", "-javap", "-c", "-v", "-p", "java.lang.String", "A.class"});
    REQUIRE(p.ok());
    CHECK(p.options.action == Action::javap);
    CHECK(p.options.class_path == "x");
    CHECK(p.options.javap.code);
    CHECK(p.options.javap.verbose);
    CHECK(p.options.javap.private_);
    CHECK(p.options.javap.classes == std::vector<std::string>{"java.lang.String", "A.class"});
    CHECK_FALSE(parse_options({"-javap", "-c"}).ok());
  }
}
