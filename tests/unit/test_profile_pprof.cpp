// The pprof exporter (profilers/export/pprof.h): the gzip member is unpacked
// and the profile.proto message decoded by the small readers below, written
// from RFC 1952 / RFC 1951 §3.2.4 and the protobuf wire format, independently
// of the writer; field numbers are those of google/pprof proto/profile.proto.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/export/pprof.h"

using namespace minijvm::prof;

namespace {

// ---- gzip (stored blocks only) ----

uint32_t le32(const std::string& s, size_t at) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
  return v;
}

uint32_t reference_crc32(const std::string& data) {
  // Bitwise, without a table, so it is not the writer's code.
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : data) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return ~c;
}

// Unpacks a gzip member of stored deflate blocks; fails the test otherwise.
std::string gunzip_stored(const std::string& gz) {
  REQUIRE(gz.size() >= 18);
  CHECK(static_cast<unsigned char>(gz[0]) == 0x1f);
  CHECK(static_cast<unsigned char>(gz[1]) == 0x8b);
  CHECK(gz[2] == 8);  // CM deflate
  CHECK(gz[3] == 0);  // FLG: no extra fields
  size_t pos = 10;
  std::string data;
  bool final_block = false;
  while (!final_block) {
    REQUIRE(pos + 5 <= gz.size());
    unsigned char header = static_cast<unsigned char>(gz[pos]);
    final_block = (header & 1) != 0;
    REQUIRE(((header >> 1) & 3) == 0);  // BTYPE 00: stored
    uint32_t len =
        static_cast<unsigned char>(gz[pos + 1]) | (static_cast<unsigned char>(gz[pos + 2]) << 8);
    uint32_t nlen =
        static_cast<unsigned char>(gz[pos + 3]) | (static_cast<unsigned char>(gz[pos + 4]) << 8);
    REQUIRE(nlen == (~len & 0xffffu));
    pos += 5;
    REQUIRE(pos + len <= gz.size());
    data.append(gz, pos, len);
    pos += len;
  }
  REQUIRE(pos + 8 == gz.size());
  CHECK(le32(gz, pos) == reference_crc32(data));
  CHECK(le32(gz, pos + 4) == static_cast<uint32_t>(data.size()));
  return data;
}

// ---- protobuf ----

struct Field {
  int number = 0;
  int wire = 0;
  uint64_t value = 0;  // varint
  std::string bytes;   // length-delimited
};

uint64_t read_varint(const std::string& s, size_t& pos) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    REQUIRE(pos < s.size());
    unsigned char b = static_cast<unsigned char>(s[pos++]);
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) return v;
  }
  FAIL("varint too long");
  return 0;
}

std::vector<Field> decode(const std::string& s) {
  std::vector<Field> fields;
  size_t pos = 0;
  while (pos < s.size()) {
    uint64_t key = read_varint(s, pos);
    Field f;
    f.number = static_cast<int>(key >> 3);
    f.wire = static_cast<int>(key & 7);
    if (f.wire == 0) {
      f.value = read_varint(s, pos);
    } else if (f.wire == 2) {
      uint64_t len = read_varint(s, pos);
      REQUIRE(pos + len <= s.size());
      f.bytes = s.substr(pos, len);
      pos += len;
    } else {
      FAIL("unexpected wire type " << f.wire);
    }
    fields.push_back(std::move(f));
  }
  return fields;
}

uint64_t get(const std::vector<Field>& fields, int number) {
  for (const Field& f : fields)
    if (f.number == number) {
      REQUIRE(f.wire == 0);
      return f.value;
    }
  return 0;  // proto3 default
}

// A repeated varint field, packed or not.
std::vector<uint64_t> get_repeated(const std::vector<Field>& fields, int number) {
  std::vector<uint64_t> out;
  for (const Field& f : fields) {
    if (f.number != number) continue;
    if (f.wire == 0) {
      out.push_back(f.value);
    } else {
      size_t pos = 0;
      while (pos < f.bytes.size()) out.push_back(read_varint(f.bytes, pos));
    }
  }
  return out;
}

std::vector<std::vector<Field>> get_messages(const std::vector<Field>& fields, int number) {
  std::vector<std::vector<Field>> out;
  for (const Field& f : fields)
    if (f.number == number) {
      REQUIRE(f.wire == 2);
      out.push_back(decode(f.bytes));
    }
  return out;
}

struct DecodedSample {
  std::vector<std::string> stack;  // "name:line", leaf first
  std::vector<uint64_t> values;
  std::string thread;
};

struct Decoded {
  std::vector<std::string> strings;
  std::vector<std::pair<std::string, std::string>> sample_types;
  std::vector<DecodedSample> samples;
  std::map<std::string, std::pair<std::string, std::string>> functions;  // name -> (system, file)
  std::string default_sample_type;
  std::string comment;
  size_t locations = 0;
};

Decoded decode_profile(const std::string& proto) {
  Decoded d;
  std::vector<Field> p = decode(proto);
  for (const Field& f : p)
    if (f.number == 6) {
      REQUIRE(f.wire == 2);
      d.strings.push_back(f.bytes);
    }
  REQUIRE(!d.strings.empty());
  auto str = [&](uint64_t i) -> std::string {
    REQUIRE(i < d.strings.size());
    return d.strings[i];
  };
  for (const auto& vt : get_messages(p, 1))
    d.sample_types.push_back({str(get(vt, 1)), str(get(vt, 2))});
  std::map<uint64_t, std::string> function_names;
  for (const auto& f : get_messages(p, 5)) {
    uint64_t id = get(f, 1);
    REQUIRE(id != 0);
    CHECK(function_names.count(id) == 0);
    function_names[id] = str(get(f, 2));
    d.functions[str(get(f, 2))] = {str(get(f, 3)), str(get(f, 4))};
  }
  // One mapping, marked as symbolized, that every location uses.
  auto mappings = get_messages(p, 3);
  REQUIRE(mappings.size() == 1);
  CHECK(get(mappings[0], 1) == 1);
  CHECK(get(mappings[0], 7) == 1);  // has_functions
  std::map<uint64_t, std::string> locations;
  for (const auto& l : get_messages(p, 4)) {
    uint64_t id = get(l, 1);
    REQUIRE(id != 0);
    CHECK(locations.count(id) == 0);
    CHECK(get(l, 2) == 1);  // mapping_id
    auto lines = get_messages(l, 4);
    REQUIRE(lines.size() == 1);
    uint64_t fid = get(lines[0], 1);
    REQUIRE(function_names.count(fid) == 1);
    locations[id] =
        function_names[fid] + ":" + std::to_string(static_cast<int64_t>(get(lines[0], 2)));
  }
  d.locations = locations.size();
  for (const auto& s : get_messages(p, 2)) {
    DecodedSample ds;
    for (uint64_t id : get_repeated(s, 1)) {
      REQUIRE(locations.count(id) == 1);
      ds.stack.push_back(locations[id]);
    }
    ds.values = get_repeated(s, 2);
    for (const auto& label : get_messages(s, 3))
      if (str(get(label, 1)) == "thread") ds.thread = str(get(label, 2));
    d.samples.push_back(std::move(ds));
  }
  d.default_sample_type = str(get(p, 14));
  for (uint64_t c : get_repeated(p, 13)) d.comment += str(c);
  return d;
}

// ---- profiles ----

int32_t add(ProfileTree& t, int32_t parent, int32_t method, int32_t site, int32_t line,
            std::vector<uint64_t> metrics) {
  ProfileNode n;
  n.parent = parent;
  n.method = method;
  n.site = site;
  n.line = line;
  if (t.nodes.empty()) t.width = metrics.size();
  return t.add(n, metrics);
}

// Methods: 0 Main.main, 1 Main.work, 2 java/lang/String.hashCode.
// Thread "main":  main(self 5,50) -> work @3 line 10 (0,0) -> hashCode @7 line 20 (2,30)
//                                 -> work @9 line 11 (1,0,...)
// Thread "worker": root(self 0,4) -> work (1,8)
Profile sample_profile() {
  Profile p;
  p.profiler = "cct";
  p.metrics = {"calls", "bytecodes", "alloc_bytes"};
  p.methods = {{"Main", "main", "([Ljava/lang/String;)V", false, "Main.java"},
               {"Main", "work", "(I)V", false, "Main.java"},
               {"java/lang/String", "hashCode", "()I", false, "String.java"}};
  ProfileTree a;
  add(a, -1, -1, -1, -1, {0, 0, 0});
  add(a, 0, 0, -1, -1, {5, 50, 0});
  add(a, 1, 1, 3, 10, {0, 0, 0});
  add(a, 2, 2, 7, 20, {2, 30, 16});
  add(a, 1, 1, 9, 11, {1, 0, 0});
  ProfileTree b;
  add(b, -1, -1, -1, -1, {0, 4, 0});
  add(b, 0, 1, -1, -1, {1, 8, 0});
  p.threads.push_back({"main", a});
  p.threads.push_back({"worker", b});
  p.merged() = a;  // not used by the pprof writer when threads exist
  return p;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

}  // namespace

TEST_SUITE("profile_pprof") {
  TEST_CASE("pprof: crc32 and gzip stored blocks") {
    CHECK(crc32("") == 0u);
    CHECK(crc32("123456789") == 0xCBF43926u);  // the CRC-32 check value
    CHECK(gunzip_stored(gzip_stored("")).empty());
    CHECK(gunzip_stored(gzip_stored("hello")) == "hello");
    // Larger than one stored block (65535 bytes): several blocks.
    std::string big;
    for (int i = 0; i < 150000; ++i) big.push_back(static_cast<char>(i * 31 + (i >> 8)));
    std::string gz = gzip_stored(big);
    CHECK(gz.size() == big.size() + 10 + 3 * 5 + 8);
    CHECK(gunzip_stored(gz) == big);
  }

  TEST_CASE("pprof: samples, locations, functions and labels") {
    std::ostringstream out;
    write_pprof(sample_profile(), out);
    Decoded d = decode_profile(gunzip_stored(out.str()));

    REQUIRE(!d.strings.empty());
    CHECK(d.strings[0] == "");
    REQUIRE(d.sample_types.size() == 3);
    CHECK(d.sample_types[0] == std::pair<std::string, std::string>{"calls", "count"});
    CHECK(d.sample_types[1] == std::pair<std::string, std::string>{"bytecodes", "count"});
    CHECK(d.sample_types[2] == std::pair<std::string, std::string>{"alloc_bytes", "bytes"});
    CHECK(d.default_sample_type == "bytecodes");
    CHECK(d.comment == "minijvm cct profile");

    // main: nodes 1, 3, 4 (node 2 has no self value); worker: root, node 1.
    REQUIRE(d.samples.size() == 5);
    const DecodedSample& s0 = d.samples[0];
    CHECK(s0.thread == "main");
    CHECK(s0.stack == std::vector<std::string>{"Main.main:0"});
    CHECK(s0.values == std::vector<uint64_t>{5, 50, 0});

    const DecodedSample& s1 = d.samples[1];
    CHECK(s1.thread == "main");
    // Leaf first; a caller's line is its call site's.
    CHECK(s1.stack ==
          std::vector<std::string>{"java.lang.String.hashCode:0", "Main.work:20", "Main.main:10"});
    CHECK(s1.values == std::vector<uint64_t>{2, 30, 16});

    const DecodedSample& s2 = d.samples[2];
    CHECK(s2.stack == std::vector<std::string>{"Main.work:0", "Main.main:11"});
    CHECK(s2.values == std::vector<uint64_t>{1, 0, 0});

    const DecodedSample& s3 = d.samples[3];
    CHECK(s3.thread == "worker");
    CHECK(s3.stack == std::vector<std::string>{"[root]:0"});
    CHECK(s3.values == std::vector<uint64_t>{0, 4, 0});

    const DecodedSample& s4 = d.samples[4];
    CHECK(s4.thread == "worker");
    CHECK(s4.stack == std::vector<std::string>{"Main.work:0"});
    CHECK(s4.values == std::vector<uint64_t>{1, 8, 0});

    // One location per (method, line): main:0 main:10 main:11 work:0 work:20
    // hashCode:0 [root]:0.
    CHECK(d.locations == 7);
    REQUIRE(d.functions.size() == 4);
    CHECK(d.functions["Main.main"] ==
          std::pair<std::string, std::string>{"Main.main([Ljava/lang/String;)V", "Main.java"});
    CHECK(d.functions["Main.work"] ==
          std::pair<std::string, std::string>{"Main.work(I)V", "Main.java"});
    CHECK(d.functions["java.lang.String.hashCode"] ==
          std::pair<std::string, std::string>{"java/lang/String.hashCode()I", "String.java"});
    CHECK(d.functions.count("[root]") == 1);
  }

  TEST_CASE("pprof: the merged tree when there are no threads; empty profile") {
    Profile p = sample_profile();
    p.merged() = p.threads[1].tree;
    p.threads.clear();
    Decoded d = decode_profile(gunzip_stored(gzip_stored(encode_pprof(p))));
    REQUIRE(d.samples.size() == 2);
    CHECK(d.samples[0].thread.empty());
    CHECK(d.samples[1].values == std::vector<uint64_t>{1, 8, 0});

    Profile empty;
    empty.profiler = "bcount";
    Decoded e = decode_profile(gunzip_stored(gzip_stored(encode_pprof(empty))));
    CHECK(e.strings[0] == "");
    CHECK(e.samples.empty());
    CHECK(e.sample_types.empty());
  }

  TEST_CASE("pprof: format selection and write_profile") {
    CHECK(format_from_name("pprof") == Format::kPprof);
    CHECK(format_from_path("out/app.pb.gz") == Format::kPprof);
    CHECK_FALSE(format_from_path("app.gz").has_value());

    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("minijvm-pprof-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::string path = (dir / "x.pb.gz").string();
    Profile p = sample_profile();
    REQUIRE(write_profile(p, Format::kPprof, path).ok());
    std::string bytes = read_file(path);
    REQUIRE(bytes.size() > 2);
    CHECK(static_cast<unsigned char>(bytes[0]) == 0x1f);
    CHECK(static_cast<unsigned char>(bytes[1]) == 0x8b);
    CHECK(decode_profile(gunzip_stored(bytes)).samples.size() == 5);

    // `go tool pprof` reads it, if Go is installed (it is not on CI).
    if (std::system("command -v go >/dev/null 2>&1") != 0) {
      MESSAGE("go not on the PATH: skipping the `go tool pprof -top` check");
    } else {
      std::string cmd =
          "go tool pprof -top '" + path + "' > '" + (dir / "top.txt").string() + "' 2>&1";
      int status = std::system(cmd.c_str());
      std::string top = read_file((dir / "top.txt").string());
      INFO(top);
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
      CHECK(top.find("java.lang.String.hashCode") != std::string::npos);
      CHECK(top.find("Type: bytecodes") != std::string::npos);
    }
    fs::remove_all(dir);
  }
}
