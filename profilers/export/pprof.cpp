// write_pprof: profile.proto by hand, in a gzip member of stored deflate
// blocks (issue 5, "Formats: pprof"). Field numbers are those of
// github.com/google/pprof/proto/profile.proto.
#include "profilers/export/pprof.h"

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace minijvm::prof {
namespace {

// profile.proto field numbers.
namespace field {
// message Profile
constexpr int kSampleType = 1, kSample = 2, kMapping = 3, kLocation = 4, kFunction = 5,
              kStringTable = 6, kPeriodType = 11, kPeriod = 12, kComment = 13,
              kDefaultSampleType = 14;
// message ValueType
constexpr int kValueTypeType = 1, kValueTypeUnit = 2;
// message Sample
constexpr int kSampleLocationId = 1, kSampleValue = 2, kSampleLabel = 3;
// message Label
constexpr int kLabelKey = 1, kLabelStr = 2;
// message Mapping
constexpr int kMappingId = 1, kMappingFilename = 5, kMappingHasFunctions = 7,
              kMappingHasFilenames = 8, kMappingHasLineNumbers = 9;
// message Location
constexpr int kLocationId = 1, kLocationMappingId = 2, kLocationLine = 4;
// message Line
constexpr int kLineFunctionId = 1, kLineLine = 2;
// message Function
constexpr int kFunctionId = 1, kFunctionName = 2, kFunctionSystemName = 3, kFunctionFilename = 4;
}  // namespace field

// Protobuf wire types (protobuf encoding guide, "Message Structure").
constexpr uint32_t kVarint = 0, kLengthDelimited = 2;

// Appends protobuf wire-format fields to a byte string.
class ProtoWriter {
 public:
  void varint(uint64_t v) {
    while (v >= 0x80) {
      bytes_.push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    bytes_.push_back(static_cast<char>(v));
  }
  void tag(int field, uint32_t wire_type) {
    varint((static_cast<uint64_t>(field) << 3) | wire_type);
  }
  // An int64 / uint64 field; zero is the proto3 default and is left out.
  void int_field(int field, uint64_t v) {
    if (v == 0) return;
    tag(field, kVarint);
    varint(v);
  }
  void bytes_field(int field, std::string_view s) {
    tag(field, kLengthDelimited);
    varint(s.size());
    bytes_.append(s);
  }
  void message_field(int field, const ProtoWriter& m) { bytes_field(field, m.bytes_); }
  // A packed repeated varint field (written only if non-empty).
  void packed_field(int field, const std::vector<uint64_t>& values) {
    if (values.empty()) return;
    ProtoWriter inner;
    for (uint64_t v : values) inner.varint(v);
    bytes_field(field, inner.bytes_);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// The pprof unit of a metric: pprof scales "bytes" (KB, MB) in its output.
const char* unit_of(const std::string& metric) {
  return metric == "alloc_bytes" ? "bytes" : "count";
}

class PprofEncoder {
 public:
  explicit PprofEncoder(const Profile& p) : p_(p) {
    string_id("");  // string_table[0] must be ""
  }

  std::string encode() {
    for (const std::string& metric : p_.metrics) {
      ProtoWriter vt;
      vt.int_field(field::kValueTypeType, string_id(metric));
      vt.int_field(field::kValueTypeUnit, string_id(unit_of(metric)));
      out_.message_field(field::kSampleType, vt);
    }
    if (p_.threads.empty()) {
      add_samples(p_.merged(), nullptr);
    } else {
      for (const ThreadProfile& t : p_.threads) add_samples(t.tree, &t.name);
    }
    // One mapping for all locations, fully symbolized, so that pprof does
    // not look for a binary to symbolize against.
    ProtoWriter mapping;
    mapping.int_field(field::kMappingId, kMappingId);
    mapping.int_field(field::kMappingFilename, string_id("[minijvm]"));
    mapping.int_field(field::kMappingHasFunctions, 1);
    mapping.int_field(field::kMappingHasFilenames, 1);
    mapping.int_field(field::kMappingHasLineNumbers, 1);
    out_.message_field(field::kMapping, mapping);
    for (const ProtoWriter& l : locations_) out_.message_field(field::kLocation, l);
    for (const ProtoWriter& f : functions_) out_.message_field(field::kFunction, f);
    if (!p_.metrics.empty()) {
      int m = p_.metric_index("bytecodes");
      const std::string& metric = p_.metrics[m >= 0 ? m : 0];
      ProtoWriter period_type;
      period_type.int_field(field::kValueTypeType, string_id(metric));
      period_type.int_field(field::kValueTypeUnit, string_id(unit_of(metric)));
      out_.message_field(field::kPeriodType, period_type);
      out_.int_field(field::kPeriod, 1);
      out_.int_field(field::kDefaultSampleType, string_id(metric));
    }
    out_.int_field(field::kComment, string_id("minijvm " + p_.profiler + " profile"));
    // The string table last: every index above has been assigned.
    for (const std::string& s : strings_) out_.bytes_field(field::kStringTable, s);
    return out_.bytes();
  }

 private:
  // Keys of the synthetic functions.
  static constexpr int32_t kRootFunction = -1, kUnknownFunction = -2;
  static constexpr uint64_t kMappingId = 1;

  uint64_t string_id(const std::string& s) {
    auto [it, inserted] = string_ids_.try_emplace(s, strings_.size());
    if (inserted) strings_.push_back(s);
    return it->second;
  }

  // The Function id of method `method` (an index into p_.methods, or one of
  // the synthetic keys).
  uint64_t function_id(int32_t method) {
    auto [it, inserted] = function_ids_.try_emplace(method, functions_.size() + 1);
    if (!inserted) return it->second;
    ProtoWriter f;
    f.int_field(field::kFunctionId, it->second);
    if (method >= 0) {
      const ProfileMethod& pm = p_.methods[method];
      f.int_field(field::kFunctionName, string_id(frame_label(pm)));
      f.int_field(field::kFunctionSystemName,
                  string_id(pm.class_name + "." + pm.name + pm.descriptor));
      f.int_field(field::kFunctionFilename, string_id(pm.source));
    } else {
      f.int_field(field::kFunctionName,
                  string_id(method == kRootFunction ? "[root]" : "[unknown]"));
    }
    functions_.push_back(std::move(f));
    return it->second;
  }

  // The Location id of (method, line) of a frame; line <= 0 means unknown.
  uint64_t location_id(int32_t method, int64_t line) {
    if (line < 0) line = 0;
    auto [it, inserted] = location_ids_.try_emplace({method, line}, locations_.size() + 1);
    if (!inserted) return it->second;
    ProtoWriter line_msg;
    line_msg.int_field(field::kLineFunctionId, function_id(method));
    line_msg.int_field(field::kLineLine, static_cast<uint64_t>(line));
    ProtoWriter loc;
    loc.int_field(field::kLocationId, it->second);
    loc.int_field(field::kLocationMappingId, kMappingId);
    loc.message_field(field::kLocationLine, line_msg);
    locations_.push_back(std::move(loc));
    return it->second;
  }

  int32_t function_key(const ProfileNode& n) const {
    if (n.parent < 0) return kRootFunction;
    if (n.method < 0 || static_cast<size_t>(n.method) >= p_.methods.size()) return kUnknownFunction;
    return n.method;
  }

  void add_samples(const ProfileTree& tree, const std::string* thread) {
    const std::vector<ProfileNode>& nodes = tree.nodes;
    for (size_t id = 0; id < nodes.size(); ++id) {
      std::vector<uint64_t> values(p_.metrics.size(), 0);
      bool any = false;
      for (size_t m = 0; m < values.size(); ++m) {
        values[m] = tree.value(id, static_cast<int>(m));
        any = any || values[m] != 0;
      }
      if (!any) continue;
      // Leaf first; a caller frame's line is its call site's, i.e. the line
      // recorded in the callee (child) node. The root appears only when it is
      // itself the sample's node.
      std::vector<uint64_t> stack;
      int64_t line = 0;
      int32_t cur = static_cast<int32_t>(id);
      do {
        const ProfileNode& c = nodes[cur];
        stack.push_back(location_id(function_key(c), line));
        line = c.line;
        if (c.parent >= cur) break;  // a malformed tree: parents precede children
        cur = c.parent;
      } while (cur > 0);
      ProtoWriter sample;
      sample.packed_field(field::kSampleLocationId, stack);
      sample.packed_field(field::kSampleValue, values);
      if (thread != nullptr) {
        ProtoWriter label;
        label.int_field(field::kLabelKey, string_id("thread"));
        label.int_field(field::kLabelStr, string_id(*thread));
        sample.message_field(field::kSampleLabel, label);
      }
      out_.message_field(field::kSample, sample);
    }
  }

  const Profile& p_;
  ProtoWriter out_;  // Profile fields, in field order except the string table
  std::vector<std::string> strings_;
  std::unordered_map<std::string, uint64_t> string_ids_;
  std::vector<ProtoWriter> functions_;
  std::map<int32_t, uint64_t> function_ids_;
  std::vector<ProtoWriter> locations_;
  std::map<std::pair<int32_t, int64_t>, uint64_t> location_ids_;
};

void put_le32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

}  // namespace

std::string encode_pprof(const Profile& profile) { return PprofEncoder(profile).encode(); }

uint32_t crc32(std::string_view data) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : data) c = table[(c ^ b) & 0xff] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

std::string gzip_stored(std::string_view data) {
  // RFC 1952 §2.3: ID1 ID2 CM=8 (deflate) FLG=0 MTIME=0 XFL=0 OS=255 (unknown).
  std::string out = {'\x1f', '\x8b', '\x08', '\0', '\0', '\0', '\0', '\0', '\0', '\xff'};
  // RFC 1951 §3.2.4: stored blocks of at most 65535 bytes; the 3 header bits
  // (BFINAL, BTYPE=00) are padded to the byte boundary, then LEN and NLEN
  // (little-endian). An empty input is one empty final block.
  constexpr size_t kMaxBlock = 65535;
  size_t pos = 0;
  do {
    size_t len = std::min(kMaxBlock, data.size() - pos);
    bool final_block = pos + len == data.size();
    out.push_back(final_block ? '\x01' : '\x00');
    out.push_back(static_cast<char>(len & 0xff));
    out.push_back(static_cast<char>(len >> 8));
    out.push_back(static_cast<char>(~len & 0xff));
    out.push_back(static_cast<char>((~len >> 8) & 0xff));
    out.append(data.substr(pos, len));
    pos += len;
  } while (pos < data.size());
  put_le32(out, crc32(data));                         // CRC32
  put_le32(out, static_cast<uint32_t>(data.size()));  // ISIZE: size mod 2^32
  return out;
}

void write_pprof(const Profile& profile, std::ostream& out) {
  std::string gz = gzip_stored(encode_pprof(profile));
  out.write(gz.data(), static_cast<std::streamsize>(gz.size()));
}

}  // namespace minijvm::prof
