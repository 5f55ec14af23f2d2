// Deterministic mutation testing of the class-file parser: thousands of
// corrupted copies of the javac-compiled test classes must each either parse
// or return a VmError -- never crash, hang or trip ASan/UBSan. A parsed
// result is walked end to end, as a disassembler would.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "vm/bytecode/decoder.h"
#include "vm/classfile/parser.h"

namespace fs = std::filesystem;
using namespace minijvm;
using namespace minijvm::classfile;

namespace {

struct Sample {
  std::string name;  // internal name, e.g. "parser/ParserLambda"
  std::vector<uint8_t> bytes;
};

// The classes of tests/java/parser/ (a fixed set, so the run time does not
// grow as other tests add Java programs).
std::vector<Sample> load_samples() {
  std::vector<Sample> samples;
  const fs::path root = fs::path(MINIJVM_TEST_CLASSES) / "parser";
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".class") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    Sample s;
    s.name = fs::relative(entry.path(), root.parent_path()).replace_extension().string();
    s.bytes.assign(std::istreambuf_iterator<char>(in), {});
    samples.push_back(std::move(s));
  }
  // Directory order is not deterministic; the mutations must be.
  std::sort(samples.begin(), samples.end(),
            [](const Sample& a, const Sample& b) { return a.name < b.name; });
  return samples;
}

// A cheap REQUIRE for the hot loops (doctest assertions are not free).
#define ENSURE(...)       \
  do {                    \
    if (!(__VA_ARGS__)) { \
      FAIL(#__VA_ARGS__); \
    }                     \
  } while (0)

// splitmix64: the same sequence on every platform and standard library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(next() % n); }

 private:
  uint64_t state_;
};

// Touches everything a consumer would: typed constant-pool accessors, member
// names and descriptors, and (if `decode`) every instruction of every method.
size_t walk(const ClassFile& cf, bool decode) {
  size_t n = 0;
  const ConstantPool& cp = cf.constant_pool;
  for (uint32_t i = 0; i < cp.count() + 2u; ++i) {
    const auto index = static_cast<uint16_t>(i);
    switch (cp.tag(index)) {
      case CpTag::kUtf8:
        n += cp.utf8(index)->length();
        break;
      case CpTag::kClass:
        n += cp.class_name(index)->length();
        break;
      case CpTag::kString:
        n += cp.string(index)->to_utf8().size();
        break;
      case CpTag::kInteger:
        n += static_cast<size_t>(cp.integer(index)) & 1;
        break;
      case CpTag::kFloat:
        n += cp.float_value(index) > 0;
        break;
      case CpTag::kLong:
        n += static_cast<size_t>(cp.long_value(index)) & 1;
        break;
      case CpTag::kDouble:
        n += cp.double_value(index) > 0;
        break;
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref: {
        const MemberRef m = cp.member_ref(index);
        ENSURE(m.class_name);
        ENSURE(m.name);
        ENSURE(m.descriptor);
        n += m.name->length();
        break;
      }
      case CpTag::kNameAndType:
        n += cp.name_and_type(index).name->length();
        break;
      case CpTag::kMethodHandle: {
        const MethodHandleRef mh = cp.method_handle(index);
        ENSURE(cp.member_ref(mh.reference_index).name);
        n += ref_kind_name(mh.kind).size();
        break;
      }
      case CpTag::kMethodType:
        n += cp.method_type(index)->length();
        break;
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic: {
        const DynamicRef d = cp.dynamic(index);
        ENSURE(d.name);
        ENSURE(cf.bootstrap_methods);
        ENSURE(d.bootstrap_method_index < cf.bootstrap_methods->size());
        break;
      }
      default:
        break;
    }
  }
  ENSURE(cf.this_class);
  for (const FieldInfo& f : cf.fields) {
    ENSURE(f.name);
    n += java_type_name(f.type).size();
  }
  for (const MethodInfo& m : cf.methods) {
    ENSURE(m.name);
    n += java_parameter_list(m.signature).size();
    if (!m.code || !decode) continue;
    auto range = bytecode::instructions(m.code->code);
    for (const bytecode::Instruction& insn : range) n += insn.length;
    ENSURE(!range.error().has_value());
  }
  return n;
}

// Parses one mutant; returns true if it parsed.
bool check_one(const std::vector<uint8_t>& bytes, std::string_view expected_name, bool decode) {
  auto result = parse_class_file(bytes, expected_name);
  if (!result.ok()) {
    const VmError& e = result.error();
    const bool known = e.exception == "java/lang/ClassFormatError" ||
                       e.exception == "java/lang/UnsupportedClassVersionError" ||
                       e.exception == "java/lang/NoClassDefFoundError";
    if (!known || e.message.empty()) FAIL("unexpected error " << e.to_string());
    return false;
  }
  walk(*result.value(), decode);
  return true;
}

// Offsets of the u4 attribute_length fields of a well-formed class file:
// every place where a u2 naming an attribute-name Utf8 is followed by a
// length that fits the file.
std::vector<size_t> attribute_length_offsets(const std::vector<uint8_t>& bytes) {
  auto parsed = parse_class_file(bytes);
  std::vector<size_t> offsets;
  if (!parsed.ok()) return offsets;
  const ConstantPool& cp = parsed.value()->constant_pool;
  const auto& vm = vm_symbols();
  const Symbol* names[] = {vm.tag_code,
                           vm.tag_line_number_table,
                           vm.tag_local_variable_table,
                           vm.tag_local_variable_type_table,
                           vm.tag_stack_map_table,
                           vm.tag_source_file,
                           vm.tag_inner_classes,
                           vm.tag_bootstrap_methods,
                           vm.tag_signature,
                           vm.tag_exceptions,
                           vm.tag_constant_value,
                           vm.tag_record,
                           vm.tag_nest_members,
                           vm.tag_nest_host,
                           vm.tag_permitted_subclasses,
                           vm.tag_runtime_visible_annotations,
                           vm.tag_method_parameters,
                           vm.tag_enclosing_method};
  std::vector<uint16_t> indices;
  for (uint32_t i = 1; i < cp.count(); ++i) {
    const Symbol* s = cp.utf8(static_cast<uint16_t>(i));
    if (s && std::find(std::begin(names), std::end(names), s) != std::end(names)) {
      indices.push_back(static_cast<uint16_t>(i));
    }
  }
  for (size_t at = 0; at + 6 <= bytes.size(); ++at) {
    const uint16_t u2 = static_cast<uint16_t>((bytes[at] << 8) | bytes[at + 1]);
    if (std::find(indices.begin(), indices.end(), u2) == indices.end()) continue;
    const uint32_t length = (uint32_t{bytes[at + 2]} << 24) | (uint32_t{bytes[at + 3]} << 16) |
                            (uint32_t{bytes[at + 4]} << 8) | bytes[at + 5];
    if (length <= bytes.size() - at - 6) offsets.push_back(at + 2);
  }
  return offsets;
}

void put_u2(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  if (at + 2 > b.size()) return;
  b[at] = static_cast<uint8_t>(v >> 8);
  b[at + 1] = static_cast<uint8_t>(v);
}

void put_u4(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  if (at + 4 > b.size()) return;
  put_u2(b, at, v >> 16);
  put_u2(b, at + 2, v);
}

uint32_t get_u4(const std::vector<uint8_t>& b, size_t at) {
  return (uint32_t{b[at]} << 24) | (uint32_t{b[at + 1]} << 16) | (uint32_t{b[at + 2]} << 8) |
         b[at + 3];
}

// A value near an interesting boundary, or random.
uint32_t interesting(Rng& rng, uint32_t original, uint32_t max) {
  switch (rng.below(8)) {
    case 0:
      return 0;
    case 1:
      return max;
    case 2:
      return original + 1;
    case 3:
      return original - 1;
    case 4:
      return original * 2;
    case 5:
      return original / 2;
    case 6:
      return 1u << rng.below(32);
    default:
      return static_cast<uint32_t>(rng.next()) & max;
  }
}

}  // namespace

TEST_SUITE("class-file parser: mutations") {
  TEST_CASE("every truncation of a small class is 'Truncated class file'") {
    const std::vector<Sample> samples = load_samples();
    REQUIRE(!samples.empty());
    const auto smallest = std::min_element(
        samples.begin(), samples.end(),
        [](const Sample& a, const Sample& b) { return a.bytes.size() < b.bytes.size(); });
    REQUIRE(parse_class_file(smallest->bytes, smallest->name).ok());
    for (size_t length = 0; length < smallest->bytes.size(); ++length) {
      const std::vector<uint8_t> prefix(smallest->bytes.begin(),
                                        smallest->bytes.begin() + static_cast<long>(length));
      auto result = parse_class_file(prefix, smallest->name);
      REQUIRE_FALSE(result.ok());
      CHECK_MESSAGE(result.error().message == "Truncated class file",
                    "length " << length << ": " << result.error().message);
    }
  }

  TEST_CASE("random mutations parse or fail cleanly") {
    const std::vector<Sample> samples = load_samples();
    REQUIRE(samples.size() >= 10u);
    std::vector<std::vector<size_t>> length_fields;
    for (const Sample& s : samples) length_fields.push_back(attribute_length_offsets(s.bytes));

    Rng rng(0x6d696e696a766dull);  // "minijvm"
    // Sized for ~8 s in a Debug+ASan build, where bytecode::check_code
    // dominates the cost of a parse.
    constexpr int kMutations = 20000;
    int parsed = 0;
    int by_kind[8] = {};
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kMutations; ++i) {
      const size_t which = rng.below(samples.size());
      const Sample& sample = samples[which];
      std::vector<uint8_t> b = sample.bytes;
      const size_t kind = rng.below(8);
      ++by_kind[kind];
      switch (kind) {
        case 0:  // flip 1..4 bits
          for (size_t k = 0, n = 1 + rng.below(4); k < n; ++k) {
            b[rng.below(b.size())] ^= static_cast<uint8_t>(1u << rng.below(8));
          }
          break;
        case 1: {  // overwrite bytes with 0x00, 0xFF or random
          const uint8_t fill[] = {0x00, 0xFF, static_cast<uint8_t>(rng.next())};
          for (size_t k = 0, n = 1 + rng.below(3); k < n; ++k) {
            b[rng.below(b.size())] = fill[rng.below(3)];
          }
          break;
        }
        case 2: {  // insert 1..8 random bytes
          const size_t at = rng.below(b.size() + 1);
          std::vector<uint8_t> extra(1 + rng.below(8));
          for (auto& x : extra) x = static_cast<uint8_t>(rng.next());
          b.insert(b.begin() + static_cast<long>(at), extra.begin(), extra.end());
          break;
        }
        case 3: {  // delete 1..16 bytes
          const size_t at = rng.below(b.size());
          const size_t n = std::min(b.size() - at, 1 + rng.below(16));
          b.erase(b.begin() + static_cast<long>(at), b.begin() + static_cast<long>(at + n));
          break;
        }
        case 4: {  // corrupt a u2 (counts, indices) anywhere
          const size_t at = rng.below(b.size() - 1);
          put_u2(b, at, interesting(rng, (b[at] << 8) | b[at + 1], 0xFFFF));
          break;
        }
        case 5: {  // corrupt an attribute_length field
          const std::vector<size_t>& fields = length_fields[which];
          if (fields.empty()) break;
          const size_t at = fields[rng.below(fields.size())];
          put_u4(b, at, interesting(rng, get_u4(b, at), 0xFFFFFFFF));
          break;
        }
        case 6: {  // corrupt a u2 near the front (constant pool indices and tags)
          const size_t at = 8 + rng.below(std::min<size_t>(b.size() - 9, 400));
          put_u2(b, at, interesting(rng, (b[at] << 8) | b[at + 1], 0xFFFF));
          break;
        }
        default: {  // truncate at a random length
          b.resize(rng.below(b.size()));
          break;
        }
      }
      // Half the time under the expected name, half with none; decoding every
      // instruction of a parsed mutant is costly, so only every 8th is decoded.
      if (check_one(b, (i & 1) ? std::string_view(sample.name) : std::string_view(),
                    (parsed & 7) == 0)) {
        ++parsed;
      }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    MESSAGE(kMutations << " mutations, " << parsed << " still parsed, " << seconds << " s");
    for (int count : by_kind) CHECK(count > 0);
    CHECK(parsed > 0);           // some mutations are harmless (e.g. in string contents)
    CHECK(parsed < kMutations);  // and most are not
  }
}
