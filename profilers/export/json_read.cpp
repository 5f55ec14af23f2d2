// read_json: parses the canonical profile JSON (RFC 8259) back into a Profile.
// A small recursive-descent reader into a generic value tree, then a schema
// pass; every error names what was expected and the byte offset.
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "profilers/export/export.h"

namespace minijvm::prof {
namespace {

constexpr int kMaxNesting = 64;  // the schema nests 5 deep; bounds recursion

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  size_t offset = 0;
  bool boolean = false;
  std::string text;  // string contents (decoded) or a number's literal text
  std::vector<JsonValue> items;
  std::vector<std::pair<std::string, JsonValue>> members;

  const JsonValue* find(std::string_view key) const {
    for (const auto& [k, v] : members)
      if (k == key) return &v;
    return nullptr;
  }
};

VmError json_error(const std::string& what, size_t offset) {
  return make_error("java/io/IOException",
                    "profile JSON: " + what + " at offset " + std::to_string(offset));
}

class Reader {
 public:
  explicit Reader(std::string_view text) : s_(text) {}

  Result<JsonValue> document() {
    JsonValue v = TRY(value(0));
    skip_ws();
    if (pos_ != s_.size()) return json_error("unexpected text after the document", pos_);
    return v;
  }

 private:
  void skip_ws() {
    while (pos_ < s_.size() &&
           (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }

  Result<void> expect(char c) {
    skip_ws();
    if (pos_ >= s_.size() || s_[pos_] != c)
      return json_error(std::string("expected '") + c + "'", pos_);
    ++pos_;
    return {};
  }

  Result<JsonValue> value(int depth) {
    if (depth > kMaxNesting) return json_error("nesting too deep", pos_);
    skip_ws();
    JsonValue v;
    v.offset = pos_;
    if (pos_ >= s_.size()) return json_error("unexpected end of text", pos_);
    char c = s_[pos_];
    if (c == '{') {
      v.kind = JsonValue::Kind::kObject;
      ++pos_;
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        return v;
      }
      for (;;) {
        skip_ws();
        if (pos_ >= s_.size() || s_[pos_] != '"') return json_error("expected a key string", pos_);
        std::string key = TRY(string());
        CHECK_OK(expect(':'));
        JsonValue member = TRY(value(depth + 1));
        v.members.emplace_back(std::move(key), std::move(member));
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        CHECK_OK(expect('}'));
        return v;
      }
    }
    if (c == '[') {
      v.kind = JsonValue::Kind::kArray;
      ++pos_;
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        return v;
      }
      for (;;) {
        v.items.push_back(TRY(value(depth + 1)));
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        CHECK_OK(expect(']'));
        return v;
      }
    }
    if (c == '"') {
      v.kind = JsonValue::Kind::kString;
      v.text = TRY(string());
      return v;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = JsonValue::Kind::kNumber;
      v.text = TRY(number());
      return v;
    }
    for (std::string_view word : {"true", "false", "null"}) {
      if (s_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        v.kind = word == "null" ? JsonValue::Kind::kNull : JsonValue::Kind::kBool;
        v.boolean = word == "true";
        return v;
      }
    }
    return json_error("expected a value", pos_);
  }

  // RFC 8259 §6: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  Result<std::string> number() {
    size_t start = pos_;
    auto digits = [&] {
      size_t d = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      return pos_ - d;
    };
    if (s_[pos_] == '-') ++pos_;
    if (pos_ < s_.size() && s_[pos_] == '0') {
      ++pos_;
    } else if (digits() == 0) {
      return json_error("expected a digit", pos_);
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (digits() == 0) return json_error("expected a digit", pos_);
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (digits() == 0) return json_error("expected a digit", pos_);
    }
    return std::string(s_.substr(start, pos_ - start));
  }

  Result<uint32_t> hex4() {
    if (pos_ + 4 > s_.size()) return json_error("truncated \\u escape", pos_);
    uint32_t cp = 0;
    for (int i = 0; i < 4; ++i) {
      char h = s_[pos_++];
      cp <<= 4;
      if (h >= '0' && h <= '9')
        cp |= h - '0';
      else if (h >= 'a' && h <= 'f')
        cp |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F')
        cp |= h - 'A' + 10;
      else
        return json_error("bad hex digit in \\u escape", pos_ - 1);
    }
    return cp;
  }

  static void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // At the opening quote. RFC 8259 §7; \uD800-\uDBFF must pair with a low
  // surrogate; raw control characters are rejected.
  Result<std::string> string() {
    ++pos_;
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) return json_error("unterminated string", pos_);
      char c = s_[pos_];
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return json_error("control character in string", pos_);
      if (c != '\\') {
        out += c;
        ++pos_;
        continue;
      }
      if (++pos_ >= s_.size()) return json_error("unterminated string", pos_);
      char e = s_[pos_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          uint32_t cp = TRY(hex4());
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (s_.substr(pos_, 2) != "\\u") return json_error("unpaired surrogate", pos_);
            pos_ += 2;
            uint32_t low = TRY(hex4());
            if (low < 0xDC00 || low > 0xDFFF) return json_error("unpaired surrogate", pos_ - 4);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return json_error("unpaired surrogate", pos_ - 4);
          }
          append_utf8(out, cp);
          break;
        }
        default:
          return json_error(std::string("bad escape '\\") + e + "'", pos_ - 1);
      }
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
};

// --- schema -----------------------------------------------------------------

Result<const JsonValue*> member(const JsonValue& obj, std::string_view key, JsonValue::Kind kind,
                                const char* kind_name) {
  const JsonValue* v = obj.find(key);
  if (v == nullptr) return json_error("missing key \"" + std::string(key) + "\"", obj.offset);
  if (v->kind != kind)
    return json_error("\"" + std::string(key) + "\" must be " + kind_name, v->offset);
  return v;
}

template <class Int>
Result<Int> integer(const JsonValue& v, std::string_view what) {
  Int x{};
  auto [end, ec] = std::from_chars(v.text.data(), v.text.data() + v.text.size(), x);
  if (v.kind != JsonValue::Kind::kNumber || ec != std::errc() ||
      end != v.text.data() + v.text.size())
    return json_error("\"" + std::string(what) + "\" must be an integer in range", v.offset);
  return x;
}

Result<int32_t> int_member(const JsonValue& obj, std::string_view key) {
  const JsonValue* v = TRY(member(obj, key, JsonValue::Kind::kNumber, "a number"));
  return integer<int32_t>(*v, key);
}

Result<std::string> string_member(const JsonValue& obj, std::string_view key) {
  const JsonValue* v = TRY(member(obj, key, JsonValue::Kind::kString, "a string"));
  return v->text;
}

// "stats": an object of numbers and strings (integers stay integers).
Result<Stats> read_stats(const JsonValue& obj) {
  if (obj.kind != JsonValue::Kind::kObject) return json_error("\"stats\" must be an object", obj.offset);
  Stats stats;
  for (const auto& [key, v] : obj.members) {
    if (v.kind == JsonValue::Kind::kString) {
      stats.emplace_back(key, v.text);
    } else if (v.kind == JsonValue::Kind::kNumber) {
      int64_t i = 0;
      auto [end, ec] = std::from_chars(v.text.data(), v.text.data() + v.text.size(), i);
      if (ec == std::errc() && end == v.text.data() + v.text.size())
        stats.emplace_back(key, i);
      else
        stats.emplace_back(key, std::strtod(v.text.c_str(), nullptr));
    } else {
      return json_error("stat \"" + key + "\" must be a number or a string", v.offset);
    }
  }
  return stats;
}

Result<ProfileTree> read_tree(const JsonValue& array, const Profile& profile) {
  ProfileTree tree;
  tree.nodes.reserve(array.items.size());
  for (size_t i = 0; i < array.items.size(); ++i) {
    const JsonValue& obj = array.items[i];
    if (obj.kind != JsonValue::Kind::kObject)
      return json_error("a node must be an object", obj.offset);
    ProfileNode n;
    int32_t id = TRY(int_member(obj, "id"));
    if (id < 0 || static_cast<size_t>(id) != i)
      return json_error(
          "node id " + std::to_string(id) + " out of order (expected " + std::to_string(i) + ")",
          obj.offset);
    n.parent = TRY(int_member(obj, "parent"));
    n.method = TRY(int_member(obj, "method"));
    n.site = TRY(int_member(obj, "site"));
    if (const JsonValue* line = obj.find("line")) n.line = TRY(integer<int32_t>(*line, "line"));
    if (i == 0 ? n.parent != -1 : (n.parent < 0 || n.parent >= id))
      return json_error("node " + std::to_string(id) + ": bad parent " + std::to_string(n.parent),
                        obj.offset);
    if (n.method < -1 || (n.method >= 0 && static_cast<size_t>(n.method) >= profile.methods.size()))
      return json_error("node " + std::to_string(id) + ": bad method " + std::to_string(n.method),
                        obj.offset);
    n.metrics.assign(profile.metrics.size(), 0);
    for (size_t m = 0; m < profile.metrics.size(); ++m)
      if (const JsonValue* v = obj.find(profile.metrics[m]))
        n.metrics[m] = TRY(integer<uint64_t>(*v, profile.metrics[m]));
    if (i > 0) tree.nodes[n.parent].children.push_back(id);
    tree.nodes.push_back(std::move(n));
  }
  return tree;
}

Result<Profile> read_profile(const JsonValue& doc) {
  if (doc.kind != JsonValue::Kind::kObject) return json_error("expected an object", doc.offset);
  const JsonValue* format = doc.find("format");
  if (format == nullptr || format->kind != JsonValue::Kind::kString ||
      format->text != "minijvm-profile")
    return json_error("not a minijvm profile (\"format\" must be \"minijvm-profile\")",
                      format ? format->offset : doc.offset);
  const JsonValue* version = TRY(member(doc, "version", JsonValue::Kind::kNumber, "a number"));
  if (version->text != "1")
    return json_error("unsupported version " + version->text + " (this reader knows version 1)",
                      version->offset);
  Profile p;
  p.profiler = TRY(string_member(doc, "profiler"));
  const JsonValue* metrics = TRY(member(doc, "metrics", JsonValue::Kind::kArray, "an array"));
  for (const JsonValue& m : metrics->items) {
    if (m.kind != JsonValue::Kind::kString)
      return json_error("a metric must be a string", m.offset);
    p.metrics.push_back(m.text);
  }
  if (const JsonValue* stats = doc.find("stats")) p.stats = TRY(read_stats(*stats));
  const JsonValue* methods = TRY(member(doc, "methods", JsonValue::Kind::kArray, "an array"));
  for (size_t i = 0; i < methods->items.size(); ++i) {
    const JsonValue& obj = methods->items[i];
    if (obj.kind != JsonValue::Kind::kObject)
      return json_error("a method must be an object", obj.offset);
    int32_t id = TRY(int_member(obj, "id"));
    if (id < 0 || static_cast<size_t>(id) != i)
      return json_error("method id " + std::to_string(id) + " out of order", obj.offset);
    ProfileMethod pm;
    pm.class_name = TRY(string_member(obj, "class"));
    pm.name = TRY(string_member(obj, "name"));
    pm.descriptor = TRY(string_member(obj, "descriptor"));
    pm.is_native = TRY(member(obj, "native", JsonValue::Kind::kBool, "a boolean"))->boolean;
    if (obj.find("source") != nullptr) pm.source = TRY(string_member(obj, "source"));
    p.methods.push_back(std::move(pm));
  }
  const JsonValue* nodes = TRY(member(doc, "nodes", JsonValue::Kind::kArray, "an array"));
  p.merged = TRY(read_tree(*nodes, p));
  if (const JsonValue* threads = doc.find("threads")) {
    if (threads->kind != JsonValue::Kind::kArray)
      return json_error("\"threads\" must be an array", threads->offset);
    for (const JsonValue& obj : threads->items) {
      if (obj.kind != JsonValue::Kind::kObject)
        return json_error("a thread must be an object", obj.offset);
      ThreadProfile t;
      t.name = TRY(string_member(obj, "name"));
      if (const JsonValue* id = obj.find("id")) t.id = TRY(integer<int64_t>(*id, "id"));
      if (const JsonValue* stats = obj.find("stats")) t.stats = TRY(read_stats(*stats));
      const JsonValue* tn = TRY(member(obj, "nodes", JsonValue::Kind::kArray, "an array"));
      t.tree = TRY(read_tree(*tn, p));
      p.threads.push_back(std::move(t));
    }
  }
  return p;
}

}  // namespace

Result<Profile> read_json(std::string_view text) {
  Reader reader(text);
  JsonValue doc = TRY(reader.document());
  return read_profile(doc);
}

}  // namespace minijvm::prof
